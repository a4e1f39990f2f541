// The account forms' messages (product.md §5), mutations and a valid payload, for the accounts and profiles API tests.
// product.md §5 messages, as the forms show them.
export const REQUIRED = 'Champ requis';
export const MIN3 = 'Doit contenir au moins 3 caractères';
export const PHONE = 'Numéro de téléphone invalide.';
export const EMAIL = 'Identifiant de messagerie invalide.';
export const ZIP = 'Doit contenir au moins 5 caractères';
export const CHARS = 'Caractères invalides.';
export const PASSWORD_RULE = 'Le mot de passe doit comporter des majuscules, des minuscules, des chiffres et un symbole.';
export const CONFIRMATION = 'Mot de passe incorrect.';
export const GROUP = 'Sélectionnez un groupe';
export const BLOCKED = 'Tous les champs obligatoires ne sont pas remplis.';

export const CREATE =
  'mutation($input: CreateAccountInput!) { createAccount(input: $input) { message user { id databaseId role email identity } } }';
export const UPDATE =
  'mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { message user { id email identity telephone } } }';
export const PROFILE =
  'mutation($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { message user { id firstName telephone } } }';

export type AccountRole = 'BAILIFF' | 'ADMIN' | 'SECRETARY';

let counter = 0;

/** A valid creation payload for each account type, with a fresh e-mail and identifier; bailiffs join `groupId`. */
export function validAccountInput(role: AccountRole, groupId: string): Record<string, unknown> {
  counter += 1;
  const common = {
    role,
    civility: 'MADAME',
    firstName: 'Camille',
    lastName: 'Perrin',
    email: `compte${counter}@etude.fr`,
    identity: `compte${counter}`,
    password: 'Constat#2026',
    passwordConfirmation: 'Constat#2026',
  };
  if (role === 'BAILIFF') return { ...common, telephone: '0612345678', groupId, instructions: '<p>Merci</p>' };
  if (role === 'ADMIN') return { ...common, telephone: '612345678', description: 'Responsable qualité' };
  return {
    ...common,
    telephone: '0612345678',
    siret: '12345678900011',
    address: '4 rue Victor-Hugo',
    zip: '69003',
    city: 'Lyon',
    rib: 'FR76 3000 4008 1900 0123 4567 879',
    secretaryPricePage: '1.20',
    secretaryPricePhoto: '0.35',
  };
}

/** The public registration form (legacy `auth/register`, product.md §1), valid, with fields overridden. */
export const registration = (overrides: Record<string, string> = {}): Record<string, string> => ({
  civility: 'Madame',
  first_name: 'Bérénice',
  last_name: 'Lefèvre',
  telephone: '0612345678',
  address: '3 place du Marché',
  zip: '69002',
  city: 'Lyon',
  role_id: '1',
  profile: '',
  identity: 'b.lefevre',
  email: 'berenice.lefevre@etude-lyon.fr',
  password: 'Constat#2026',
  ...overrides,
});
