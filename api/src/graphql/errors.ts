// Where AppError meets GraphQL. graphql-js copies an original error's `extensions` (code, HTTP
// status, fields) into the GraphQLError that wraps it, so resolvers just throw AppError; only plugins
// that answer without executing (setResultAndStopExecution) wrap it themselves.
import { GraphQLError } from 'graphql';
import { AppError } from '../errors.js';

export const toGraphQLError = (error: AppError): GraphQLError => new GraphQLError(error.message, { originalError: error });

/** The AppError behind an error GraphQL raised, if it is one. */
export function appErrorOf(error: unknown): AppError | undefined {
  const original = error instanceof GraphQLError ? error.originalError : error;
  return original instanceof AppError ? original : undefined;
}
