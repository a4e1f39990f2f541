import { GraphQLError } from 'graphql';

/** Stable error codes shared by GraphQL (extensions.code) and the REST shims (HTTP status). */
export const errorStatus = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  /** A service we depend on (mail relay, …) failed: the user may try again later. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Per-field French messages, so a form can show each one under its input. */
export type FieldErrors = Record<string, string>;

/**
 * The one error type of the API: a French message for the user and a stable code for programs.
 * Being a GraphQLError, Yoga never masks it; anything else is masked as an internal error.
 */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extra: { fields?: FieldErrors; reason?: string } = {}) {
    super(message, {
      extensions: { code, http: { status: errorStatus[code] }, ...(extra.fields && { fields: extra.fields }), ...(extra.reason && { reason: extra.reason }) },
    });
  }

  get code(): ErrorCode {
    return this.extensions.code as ErrorCode;
  }
}

export const validationError = (fields: FieldErrors, message = 'Tous les champs obligatoires ne sont pas remplis.') =>
  new AppError('BAD_USER_INPUT', message, { fields });

export const notAuthenticated = () => new AppError('UNAUTHENTICATED', 'Veuillez vous connecter.');
export const forbidden = () => new AppError('FORBIDDEN', "Vous n'avez pas les droits pour effectuer cette action.");
