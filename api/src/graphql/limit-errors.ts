// graphql-armor's refusals (too deep, too many aliases, directives or tokens) are the client's
// mistake: they answer in French with BAD_USER_INPUT, HTTP 400 and a reason, instead of armor's
// English « Syntax Error: … » without a code. Armor writes these messages itself, with numbers
// only, so each is recognised whole by an anchored pattern (no client text is read here).
import { GraphQLError } from 'graphql';
import { errorStatus } from '../errors.js';

interface Limit {
  pattern: RegExp;
  reason: string;
  french: (limit: string, found?: string) => string;
}

const LIMITS: Limit[] = [
  {
    pattern: /^Syntax Error: Query depth limit of (\d{1,9}) exceeded, found (\d{1,9})\.$/,
    reason: 'QUERY_DEPTH',
    french: (limit, found) => `Requête trop profonde : ${limit} niveaux de champs au plus, ${found} demandés.`,
  },
  {
    pattern: /^Syntax Error: Aliases limit of (\d{1,9}) exceeded, found (\d{1,9})\.$/,
    reason: 'ALIASES',
    french: (limit, found) => `Trop d’alias dans la requête : ${limit} au plus, ${found} demandés.`,
  },
  {
    pattern: /^Syntax Error: Directives limit of (\d{1,9}) exceeded, found (\d{1,9})\.$/,
    reason: 'DIRECTIVES',
    french: (limit, found) => `Trop de directives dans la requête : ${limit} au plus, ${found} demandées.`,
  },
  {
    pattern: /^Syntax Error: Token limit of (\d{1,9}) exceeded\.$/,
    reason: 'TOKENS',
    french: (limit) => `Requête trop longue : ${limit} éléments (noms, valeurs, ponctuation) au plus.`,
  },
];

/** Armor's refusal in French, with its code and reason; null for any other error. */
export function frenchLimitError(error: GraphQLError): GraphQLError | null {
  // Armor's messages are short: a long one is something else, and is not matched at all.
  if (error.message.length > 120) return null;
  for (const { pattern, reason, french } of LIMITS) {
    const match = pattern.exec(error.message);
    if (!match) continue;
    return new GraphQLError(french(match[1], match[2]), {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      extensions: { code: 'BAD_USER_INPUT', http: { status: errorStatus.BAD_USER_INPUT }, reason },
    });
  }
  return null;
}
