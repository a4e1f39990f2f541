// Yoga's own refusals of an HTTP request (no query, a body that is not JSON, parameters of the
// wrong type, no operation to run, a mutation sent by GET) answer in French, keeping Yoga's code
// (BAD_REQUEST, OPERATION_RESOLUTION_FAILURE) and its status; Yoga's English stays in
// `extensions.detail`. They happen before parsing, so publicErrorMessages never sees them.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const PARAM = /^Expected "(\w{1,40})" param to be (.{1,60}), but given (\w{1,20})\.$/;

const EXACT: Record<string, string> = {
  'Must provide query string.': 'Requête GraphQL absente : envoyez-la dans le paramètre « query ».',
  'POST body sent invalid JSON.': 'Le corps de la requête n’est pas du JSON valide.',
  'Could not determine what operation to execute.':
    'Opération à exécuter introuvable : donnez dans « operationName » le nom d’une des opérations envoyées.',
  'Can only perform a mutation operation from a POST request.': 'Une mutation s’envoie en POST.',
};

const EXPECTED: Record<string, string> = {
  'a string': 'du texte',
  'an object': 'un objet',
  'empty or an object': 'un objet ou rien',
};

/** Yoga's message in French; null when it is none of Yoga's request errors. */
export function frenchRequestMessage(message: string): string | null {
  if (message in EXACT) return EXACT[message];
  const param = PARAM.exec(message);
  if (param) return `Paramètre « ${param[1]} » invalide : ${EXPECTED[param[2]] ?? param[2]} attendu, ${param[3]} reçu.`;
  return null;
}

const REQUEST_CODES = new Set(['BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE']);

/**
 * Yoga's request error, reworded in place: Yoga reads the answer's status from the very error it
 * made, its extensions included (a copy answered 200 where Yoga answers 400).
 */
function translateRequestError(error: unknown): void {
  if (!(error instanceof GraphQLError) || !REQUEST_CODES.has(String(error.extensions.code))) return;
  const extensions = error.extensions as Record<string, unknown>;
  extensions.detail = error.message;
  error.message = frenchRequestMessage(error.message) ?? 'Requête HTTP invalide (voir extensions.detail).';
}

export function frenchRequestErrors(): Plugin {
  return {
    onResultProcess({ result }) {
      if (!Array.isArray(result) && result && typeof result === 'object' && 'errors' in result && Array.isArray(result.errors)) {
        result.errors.forEach(translateRequestError);
      }
    },
  };
}
