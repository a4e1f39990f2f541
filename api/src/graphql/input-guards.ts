import { Kind, visit, type DocumentNode, type ExecutionArgs } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../errors.js';
import { toGraphQLError } from './errors.js';

/**
 * PostgreSQL refuses the NUL character in text, so a string holding one would end in a 500 at the
 * first query. Every operation (HTTP, REST shims, graphql-ws) is checked here, once, before any
 * resolver runs: its variables and the strings written in the document itself.
 */
export function refuseNulCharacters(): Plugin {
  const refused = () => ({
    errors: [
      toGraphQLError(
        new AppError('BAD_USER_INPUT', 'Le texte envoyé contient un caractère nul, qui n’est pas accepté.', { reason: 'NUL_CHARACTER' }),
      ),
    ],
  });
  const holdsNulCharacter = (args: ExecutionArgs) => holdsNul(args.variableValues) || documentHoldsNul(args.document);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (holdsNulCharacter(args)) setResultAndStopExecution(refused());
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (holdsNulCharacter(args)) setResultAndStopExecution(refused());
    },
  };
}

/** True when a string anywhere in a JSON-like value (uploads are skipped) holds U+0000. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).some(holdsNul);
  return false;
}

/** Yoga caches parsed documents, so each distinct query text is walked once, not on every request. */
const documentsHoldingNul = new WeakMap<DocumentNode, boolean>();

function documentHoldsNul(document: DocumentNode): boolean {
  const known = documentsHoldingNul.get(document);
  if (known !== undefined) return known;
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (node.value.includes('\u0000')) found = true;
    },
  });
  documentsHoldingNul.set(document, found);
  return found;
}
