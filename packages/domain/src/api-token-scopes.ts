// The read scopes of personal API tokens and their French names: the « Jetons d'API » screen lists
// them, and the server names them in its refusals and in the schema's documentation.

/** Every read scope, in the order the « Jetons d’API » screen lists them. */
export const API_TOKEN_SCOPES = [
  'REPORTS',
  'BILLING',
  'RETROCESSION',
  'STATISTICS',
  'NEWS',
  'NOTIFICATIONS',
  'ABSENCES',
  'ACCOUNTS',
] as const;

export type ApiTokenScopeName = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScopeName, string> = {
  REPORTS: 'Constats',
  BILLING: 'Facturation des études',
  RETROCESSION: 'Rétrocession des secrétaires',
  STATISTICS: 'Statistiques',
  NEWS: 'Actualités',
  NOTIFICATIONS: 'Notifications',
  ABSENCES: 'Absences',
  ACCOUNTS: 'Comptes et études',
};
