import { PothosValidationError } from '@pothos/core';
import { decodeGlobalID } from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import { AppError, errorStatus } from '../errors.js';
import { cutRange } from '../lib/cut-text.js';

/** An id is a few dozen characters: more of what was sent is not quoted back. */
const ECHOED_ID_CHARACTERS = 40;

/** A global id that is not one (not base64 of « Type:id »): the client's mistake, said in French. */
export const invalidGlobalId = (globalId: string) =>
  new AppError('BAD_USER_INPUT', `Identifiant invalide : « ${cutRange(globalId, 0, globalId.length, ECHOED_ID_CHARACTERS)} ».`, {
    reason: 'INVALID_ID',
  });

/** Pothos' decoding of a global id argument, its refusal in French (builder.ts: relay.decodeGlobalID). */
export function decodeGlobalId(globalId: string): { typename: string; id: string } {
  try {
    return decodeGlobalID(globalId);
  } catch (error) {
    if (error instanceof PothosValidationError) throw invalidGlobalId(globalId);
    throw error;
  }
}

/**
 * The database id behind a Relay global id argument (`t.arg.globalID()` / `t.globalID()` inputs),
 * checked against the expected type: an id of another type reads as "not found", like a missing row.
 */
export function databaseId(globalId: { typename: string; id: string }, typename: string, notFound = 'Élément introuvable.'): number {
  const id = Number(globalId.id);
  if (globalId.typename !== typename || !Number.isSafeInteger(id) || id <= 0) throw new AppError('NOT_FOUND', notFound);
  return id;
}

const OTHER_TYPE = /^ID: .{1,1000} is not of type: (\w{1,100}(?:, \w{1,100}){0,20})$/s;

/**
 * A global id of another type than its argument takes (`t.globalID({ for: UserNode })` given a
 * constat's id): Pothos' English refusal, answered in French as the client's mistake.
 */
export function frenchIdTypeError(error: GraphQLError): GraphQLError | null {
  if (!(error.originalError instanceof PothosValidationError)) return null;
  const expected = OTHER_TYPE.exec(error.originalError.message)?.[1];
  if (!expected) return null;
  return new GraphQLError(`Identifiant d’un autre type d’objet : un identifiant de ${expected.split(', ').join(' ou ')} est attendu.`, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: 'BAD_USER_INPUT', http: { status: errorStatus.BAD_USER_INPUT }, reason: 'INVALID_ID' },
  });
}
