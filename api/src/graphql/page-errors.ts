// Pothos refuses a connection's arguments (a negative `first`, `after` with `last`, a cursor that
// is not one) with its own English PothosValidationError, which is a GraphQLError and so reaches
// clients unmasked. Those few are the client's mistake: they answer in French, as BAD_USER_INPUT.
import { PothosValidationError } from '@pothos/core';
import { GraphQLError } from 'graphql';
import { AppError } from '../errors.js';

const PAGE_MESSAGES: [RegExp, string][] = [
  [
    /^Argument "(first|last)" must be a non-negative integer$/,
    'Taille de page invalide : first et last sont des entiers positifs ou nuls.',
  ],
  [/^Arguments "\w+" and "\w+" are not supported at the same time$/, 'Pagination invalide : first va avec after, last avec before.'],
  [/^(Invalid cursor|Cursor must be a string|Expected compound cursor)/, 'Curseur invalide.'],
];

/** The French error for a connection's arguments Pothos refused, or null for any other error. */
export function pageArgumentsError(error: GraphQLError): GraphQLError | null {
  const original = error.originalError ?? error;
  if (!(original instanceof PothosValidationError)) return null;
  const french = PAGE_MESSAGES.find(([pattern]) => pattern.test(original.message))?.[1];
  if (!french) return null;
  return new GraphQLError(french, {
    nodes: error.nodes,
    path: error.path,
    originalError: new AppError('BAD_USER_INPUT', french, { reason: 'PAGE_ARGUMENTS' }),
  });
}
