// A variable the client sent that its declared type refuses (graphql-js's variable coercion, before
// anything runs) is the client's mistake: it answers in French, names the variable, and carries the
// code BAD_USER_INPUT with HTTP 400 like every refusal of the application (AppError). graphql-js's
// own wording, which quotes the value, stays for programmers in `extensions.detail`, bounded.
import { GraphQLError, Kind } from 'graphql';
import { AppError, errorStatus } from '../errors.js';

const CODE = 'BAD_USER_INPUT';

const JIT_COERCION = /^Variable "\$(\w{1,100})" (?:got invalid value |of required type |of non-null type )/;

/**
 * The variable a coercion error is about: graphql-js points such errors at its definition;
 * graphql-jit's compiled coercion (an operation run often, compiled-execution.ts) points at
 * nothing, and only its message, worded as graphql-js's, names the variable.
 */
export function refusedVariable(error: GraphQLError): string | null {
  const node = error.nodes?.[0];
  if (node) return node.kind === Kind.VARIABLE_DEFINITION ? node.variable.name.value : null;
  return error.path ? null : (JIT_COERCION.exec(error.message)?.[1] ?? null);
}

/**
 * The application's refusal behind a coercion error: a scalar's `parseValue` threw it, graphql-js
 * wrapped it twice (the value's type, then the variable).
 */
function appRefusal(error: GraphQLError): AppError | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 3 && cause instanceof Error; depth++) {
    if (cause instanceof AppError) return cause;
    cause = (cause as { originalError?: unknown }).originalError;
  }
  return cause instanceof AppError ? cause : undefined;
}

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase('fr-FR') + text.slice(1);

/** Why the variable was refused, in French: the application's own reason, else what graphql-js's says. */
function reason(error: GraphQLError, name: string, detail: string): string {
  const app = appRefusal(error);
  if (app) return lowerFirst(app.message);
  const start = `Variable "$${name}" of `;
  if (error.message.startsWith(start) && error.message.endsWith(' was not provided.')) return 'valeur obligatoire manquante.';
  if (error.message.startsWith(start) && error.message.endsWith(' must not be null.')) return 'valeur obligatoire, null refusé.';
  return graphqlReason(detail) ?? 'valeur invalide pour le type déclaré (voir extensions.detail).';
}

/** graphql-js's two field refusals, read at the end of its (bounded) message; else null. */
function graphqlReason(detail: string): string | null {
  const unknown = /; Field "(\w{1,100})" is not defined by type "\w{1,100}"\.$/.exec(detail);
  if (unknown) return `champ « ${unknown[1]} » inconnu.`;
  const missing = /; Field "(\w{1,100})" of required type "[\w![\]]{1,100}" was not provided\.$/.exec(detail);
  if (missing) return `champ « ${missing[1]} » obligatoire manquant.`;
  return null;
}

/**
 * The French answer for a variable coercion error, or null when `error` is not one. `detail` is
 * graphql-js's message as the client may read it (bounded, and without suggestions unless the
 * development tools are open: done by the caller).
 */
export function frenchVariableError(error: GraphQLError, detail: string): GraphQLError | null {
  const name = refusedVariable(error);
  if (!name) return null;
  const app = appRefusal(error);
  return new GraphQLError(`Variable « $${name} » : ${reason(error, name, detail)}`, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: app,
    extensions: {
      ...(app?.extensions ?? { code: CODE, http: { status: errorStatus[CODE] } }),
      variable: name,
      ...(app ? {} : { detail }),
    },
  });
}
