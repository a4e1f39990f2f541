// Where AppError meets GraphQL. graphql-js copies an original error's `extensions` (code, HTTP
// status, fields) into the GraphQLError that wraps it, so resolvers just throw AppError; only plugins
// that answer without executing (setResultAndStopExecution) wrap it themselves.
import { GraphQLError } from 'graphql';
import { AppError } from '../errors.js';

/** `error` as GraphQL answers it; `at`: the error it replaces, whose place in the operation it keeps. */
export const toGraphQLError = (error: AppError, at?: GraphQLError): GraphQLError =>
  new GraphQLError(error.message, { nodes: at?.nodes, path: at?.path, originalError: error });

/** The AppError behind an error GraphQL raised, if it is one. */
export function appErrorOf(error: unknown): AppError | undefined {
  const original = error instanceof GraphQLError ? error.originalError : error;
  return original instanceof AppError ? original : undefined;
}
