// The API's one error type, shared by services, infrastructure, the REST shims and GraphQL. It
// knows no GraphQL: graphql/errors.ts turns it into a GraphQLError at the edge of the schema.

/** Stable error codes shared by GraphQL (extensions.code) and the REST shims (HTTP status). */
export const errorStatus = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** What was sent would pass a storage quota. */
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  /** A service we depend on (mail relay, …) failed: the user may try again later. */
  SERVICE_UNAVAILABLE: 503,
  /** The server's disk (or its disk quota) is full: nothing was kept, an operator must make room. */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Per-field French messages, so a form can show each one under its input. */
export type FieldErrors = Record<string, string>;

export interface AppErrorDetails {
  fields?: FieldErrors;
  /** A finer machine-readable cause than the code (e.g. COST_BUDGET). */
  reason?: string;
  /** Further facts for programs, published beside the code (e.g. a token's cost budget). */
  extensions?: Record<string, unknown>;
  /** Headers of the HTTP answer that carries this error (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/**
 * An error meant for the user: a French message and a stable code for programs. Anything else
 * thrown is an internal error, logged and replaced by a generic French message.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;
  /**
   * What API clients read beside the message: the code, the HTTP status and headers, the per-field
   * messages. Named so because graphql-js copies an original error's `extensions` into the
   * GraphQLError it wraps the error in: a GraphQL answer carries them with no conversion, and Yoga
   * turns `http` into the answer's status and headers.
   */
  readonly extensions: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, { fields, reason, extensions, headers }: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.extensions = {
      ...extensions,
      code,
      http: { status: errorStatus[code], ...(headers && { headers }) },
      ...(fields && { fields }),
      ...(reason && { reason }),
    };
  }

  get httpStatus(): number {
    return errorStatus[this.code];
  }
}

export const validationError = (fields: FieldErrors, message = 'Tous les champs obligatoires ne sont pas remplis.') =>
  new AppError('BAD_USER_INPUT', message, { fields });

export const notAuthenticated = () => new AppError('UNAUTHENTICATED', 'Veuillez vous connecter.');
export const forbidden = () => new AppError('FORBIDDEN', "Vous n'avez pas les droits pour effectuer cette action.");
/** The refusal of something the caller may not see or do: « connectez-vous » when anonymous, else « interdit ». */
export const refusalFor = (viewer: unknown) => (viewer ? forbidden() : notAuthenticated());

const DISK_FULL_MESSAGE = 'Espace disque insuffisant.';

/** The system's words for a write the disk had no room for: no space left, disk quota exceeded. */
const DISK_FULL_CODES: ReadonlySet<unknown> = new Set(['ENOSPC', 'EDQUOT']);
/** Node words a system error `CODE: description, syscall`; some layers copy the message without the code. */
const DISK_FULL_WORDING = /^(ENOSPC|EDQUOT):/;

/** An error and its `cause`s, five deep at most (libraries wrap the system's error), read by shape. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let cause = error;
  for (let depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth++) {
    yield cause;
    cause = (cause as { cause?: unknown }).cause;
  }
}

/**
 * The French 507 for an error caused by a full disk (a stored file, a staged chunk, a spooled
 * part), looked for along its `cause`s; null for any other error. Every edge that turns an
 * unexpected error into « erreur interne » asks this first: the writer may be anywhere below.
 * Errors are read by shape, not `instanceof`: Node's own come from another realm under jest.
 */
export function diskFullError(error: unknown): AppError | null {
  for (const { code, message } of causes(error)) {
    if (DISK_FULL_CODES.has(code) || (typeof message === 'string' && DISK_FULL_WORDING.test(message))) {
      return new AppError('INSUFFICIENT_STORAGE', DISK_FULL_MESSAGE, { reason: 'DISK_FULL' });
    }
  }
  return null;
}

/**
 * Whether an error says a file was not there (ENOENT along its `cause`s): a resumable upload's
 * staged file removed, by a cancelled deposit or an expiry, while a chunk was being written to it.
 */
export function fileGoneError(error: unknown): boolean {
  for (const { code } of causes(error)) if (code === 'ENOENT') return true;
  return false;
}
