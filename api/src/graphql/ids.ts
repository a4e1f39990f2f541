import { AppError } from '../errors.js';

/**
 * The database id behind a Relay global id argument (`t.arg.globalID()` / `t.globalID()` inputs),
 * checked against the expected type: an id of another type reads as "not found", like a missing row.
 */
export function databaseId(globalId: { typename: string; id: string }, typename: string, notFound = 'Élément introuvable.'): number {
  const id = Number(globalId.id);
  if (globalId.typename !== typename || !Number.isSafeInteger(id) || id <= 0) throw new AppError('NOT_FOUND', notFound);
  return id;
}
