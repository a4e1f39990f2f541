import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { appErrorOf } from './errors.js';
import { cutRange, MAX_ECHOED_CHARACTERS } from '../lib/cut-text.js';
import { frenchDocumentError } from './document-errors.js';
import { frenchIdTypeError } from './ids.js';
import { frenchLimitError } from './limit-errors.js';
import { frenchVariableError } from './variable-errors.js';

/**
 * graphql-js and Pothos echo the client's values in their messages (`Variable "$n" got invalid value
 * "…"`, `Invalid global ID: …`), at any length the body allows. Every message is read in one pass
 * here, with no backtracking regex: a « Did you mean » stripper written as a regex took seconds of
 * event loop on 40 KB of spaces, and minutes on 1.5 MB.
 */

/** Longest message of GraphQL's own errors, however many short values it echoes. */
export const MAX_MESSAGE_CHARACTERS = 400;

const SUGGESTION = 'Did you mean ';

/**
 * The message without graphql-js's trailing « Did you mean …? » (and the blank before it), as
 * `/\s*Did you mean [^?]*\?$/` would remove it, in linear time: the suggestion is the first
 * « Did you mean » after the last « ? » that is not the final one.
 */
export function withoutSuggestion(message: string): string {
  if (!message.endsWith('?')) return message;
  const start = message.indexOf(SUGGESTION, message.lastIndexOf('?', message.length - 2) + 1);
  return start === -1 ? message : message.slice(0, start).trimEnd();
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isBlank = (code: number) => code === 0x20 || (code >= 0x09 && code <= 0x0d);

/** Where the quoted text opened at `open` ends (after its closing « " », escapes skipped), or -1. */
function quotedEnd(message: string, open: number): number {
  for (let index = open + 1; index < message.length; index++) {
    const code = message.charCodeAt(index);
    if (code === BACKSLASH) index++;
    else if (code === QUOTE) return index + 1;
  }
  return -1;
}

/** Where the run of blanks, or of other characters, starting at `start` ends (a quote ends both). */
function runEnd(message: string, start: number): number {
  const blank = isBlank(message.charCodeAt(start));
  let index = start + 1;
  while (index < message.length) {
    const code = message.charCodeAt(index);
    if (code === QUOTE || isBlank(code) !== blank) break;
    index++;
  }
  return index;
}

/**
 * The message with every quoted text, every word and every run of blanks cut to
 * MAX_ECHOED_CHARACTERS (graphql-js quotes strings and names, but prints numbers, enum names, object
 * keys and Pothos the ids it refuses bare), then the whole to MAX_MESSAGE_CHARACTERS. One pass,
 * which stops as soon as the message is long enough.
 */
export function boundedMessage(message: string): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; index < message.length && length <= MAX_MESSAGE_CHARACTERS;) {
    const closed = message.charCodeAt(index) === QUOTE ? quotedEnd(message, index) : -1;
    const end = closed === -1 ? (message.charCodeAt(index) === QUOTE ? index + 1 : runEnd(message, index)) : closed;
    const part =
      closed === -1
        ? cutRange(message, index, end, MAX_ECHOED_CHARACTERS)
        : `"${cutRange(message, index + 1, end - 1, MAX_ECHOED_CHARACTERS)}"`;
    parts.push(part);
    length += part.length;
    index = end;
  }
  const bounded = parts.join('');
  return cutRange(bounded, 0, bounded.length, MAX_MESSAGE_CHARACTERS);
}

/** Where an error arose: the document's syntax, its validation, or its execution. */
export type ErrorStage = 'parse' | 'validate' | 'execute';

/**
 * The error as a client may read it: GraphQL's own messages bounded and, unless `suggestions`,
 * without field suggestions; graphql-armor's limits, a refused variable and the document's syntax
 * and validation errors in French (limit-errors.ts, variable-errors.ts, document-errors.ts). An
 * AppError's message is the application's own, in French: kept.
 */
export function publicError<T extends Error>(error: T, suggestions: boolean, stage: ErrorStage = 'execute'): T | GraphQLError {
  if (!(error instanceof GraphQLError)) return error;
  const message = boundedMessage(suggestions ? error.message : withoutSuggestion(error.message));
  const french =
    frenchLimitError(error) ?? (stage === 'execute' ? (frenchVariableError(error, message) ?? frenchIdTypeError(error)) : null);
  if (french) return french;
  if (appErrorOf(error)) return error;
  if (stage !== 'execute') return frenchDocumentError(error, message, stage);
  if (message === error.message) return error;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

type WithErrors = { errors?: readonly GraphQLError[] };

function publicResult<T>(result: T, suggestions: boolean): T {
  const errors = (result as WithErrors | null)?.errors;
  if (!Array.isArray(errors)) return result;
  return { ...result, errors: errors.map((error: GraphQLError) => publicError(error, suggestions)) };
}

/**
 * Applies publicError to every error a client can receive: syntax errors (parse), validation
 * errors, variable coercion and resolver errors (execution, subscriptions, each live event).
 * `suggestions()` says whether « Did you mean » may stay (development tools open).
 */
export function publicErrorMessages(suggestions: () => boolean): Plugin {
  const map = <T>(result: T) => publicResult(result, suggestions());
  return {
    onParse() {
      return ({ result, replaceParseResult }) => {
        if (result instanceof GraphQLError) replaceParseResult(publicError(result, suggestions(), 'parse'));
      };
    },
    onValidate() {
      return ({ result, setResult }) => {
        const errors: readonly Error[] = result;
        if (errors.length > 0) setResult(errors.map((error) => publicError(error, suggestions(), 'validate')) as GraphQLError[]);
      };
    },
    onExecute() {
      return { onExecuteDone: ({ result, setResult }) => setResult(map(result)) };
    },
    onSubscribe() {
      return {
        onSubscribeResult: ({ result, setResult }) => {
          if (Symbol.asyncIterator in result) return { onNext: ({ result: event, setResult: setEvent }) => setEvent(map(event)) };
          setResult(map(result));
          return undefined;
        },
      };
    },
  };
}
