import { fr } from '../i18n/fr';

// The one error type of the web app: every failed GraphQL request becomes an ApiError whose
// `code` comes from the server's `extensions.code`, so screens branch on codes, never on texts.
export type ApiErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_USER_INPUT'
  // A request body over the server's size limit (an upload too large as a whole).
  | 'PAYLOAD_TOO_LARGE'
  // No usable answer from the server (offline, proxy error, non-JSON body).
  | 'NETWORK_ERROR'
  // The user cancelled the request (an upload's 'Annuler').
  | 'CANCELLED'
  // An error without one of the codes above (masked server error).
  | 'INTERNAL_SERVER_ERROR';

const knownCodes: ReadonlySet<string> = new Set<ApiErrorCode>([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'BAD_USER_INPUT',
  'PAYLOAD_TOO_LARGE',
]);

export interface GraphQLErrorPayload {
  message: string;
  extensions?: { code?: unknown; fields?: unknown };
}

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** Per-field French messages of a BAD_USER_INPUT error, keyed by input field name. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(code: ApiErrorCode, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.fields = fields;
  }

  static fromGraphQLErrors(errors: readonly GraphQLErrorPayload[]): ApiError {
    const [first] = errors;
    const code = first?.extensions?.code;
    const fields: Record<string, string> = {};
    for (const error of errors) {
      const errorFields = error.extensions?.fields;
      if (errorFields && typeof errorFields === 'object') {
        for (const [field, message] of Object.entries(errorFields)) fields[field] = String(message);
      }
    }
    return new ApiError(
      typeof code === 'string' && knownCodes.has(code) ? (code as ApiErrorCode) : 'INTERNAL_SERVER_ERROR',
      first?.message ?? '',
      fields,
    );
  }
}

/**
 * The French sentence to show for a failed request. The server already words its errors in
 * French (stable codes, French messages); only failures that never reached it, or carry no
 * message, need a text of ours.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return fr.errors.generic;
  switch (error.code) {
    case 'NETWORK_ERROR':
      return fr.errors.network;
    case 'CANCELLED':
      return fr.errors.cancelled;
    case 'UNAUTHENTICATED':
      return error.message || fr.errors.sessionExpired;
    default:
      return error.message || fr.errors.generic;
  }
}

/**
 * The French sentence for a failed upload (product.md §8): a refusal the server explains (file type,
 * size, number of files, rights) shows its reason; anything unexpected (server fault, network
 * cut) says « Réessayez plus tard. » (product.md §8).
 */
export function describeUploadError(error: unknown): string {
  const explained = error instanceof ApiError && knownCodes.has(error.code) && error.message;
  return explained ? error.message : fr.errors.tryLater;
}

export function isCancelled(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CANCELLED';
}
