// graphql-js's refusals of a request's document (a syntax error; a validation rule: an unknown
// field, a missing argument, a literal of the wrong type…) are the client's mistake: they answer in
// French, keep their codes (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED) and carry graphql-js's
// own wording, bounded, in `extensions.detail` for programmers. Each message is recognised by an
// anchored pattern over the GraphQL names it quotes (`\w`, at most 100 characters): the values a
// client typed are never read here, only copied into `detail`.
import { GraphQLError } from 'graphql';

const NAME = '(\\w{1,100})';
const TYPE = '([\\w!\\[\\]]{1,100})';

type Rule = [RegExp, (...parts: string[]) => string];

const rule = (pattern: string, french: (...parts: string[]) => string): Rule => [new RegExp(`^${pattern}`), french];

const VALIDATION: Rule[] = [
  rule(`Cannot query field "${NAME}" on type "${NAME}"\\.`, (field, type) => `Champ « ${field} » inconnu sur le type « ${type} ».`),
  rule(`Field "${NAME}" is not defined by type "${NAME}"\\.`, (field, type) => `Champ « ${field} » inconnu dans le type « ${type} ».`),
  rule(
    `Field "${NAME}\\.${NAME}" of required type "${TYPE}" was not provided\\.`,
    (type, field, fieldType) => `Champ obligatoire « ${field} » (${fieldType}) manquant dans « ${type} ».`,
  ),
  rule(
    `Unknown argument "${NAME}" on field "${NAME}\\.${NAME}"\\.`,
    (arg, type, field) => `Argument « ${arg} » inconnu pour « ${type}.${field} ».`,
  ),
  rule(`Unknown argument "${NAME}" on directive "@${NAME}"\\.`, (arg, directive) => `Argument « ${arg} » inconnu pour « @${directive} ».`),
  rule(
    `Field "${NAME}" argument "${NAME}" of type "${TYPE}" is required, but it was not provided\\.`,
    (field, arg, type) => `Argument obligatoire « ${arg} » (${type}) manquant pour le champ « ${field} ».`,
  ),
  rule(`Unknown type "${NAME}"\\.`, (type) => `Type « ${type} » inconnu.`),
  rule(`Unknown directive "@${NAME}"\\.`, (directive) => `Directive « @${directive} » inconnue.`),
  rule(`Unknown fragment "${NAME}"\\.`, (fragment) => `Fragment « ${fragment} » inconnu.`),
  rule(`Fragment "${NAME}" is never used\\.`, (fragment) => `Fragment « ${fragment} » déclaré mais jamais utilisé.`),
  rule(`Variable "\\$${NAME}" is not defined`, (name) => `Variable « $${name} » utilisée sans être déclarée.`),
  rule(`Variable "\\$${NAME}" is never used`, (name) => `Variable « $${name} » déclarée mais jamais utilisée.`),
  rule(
    `Variable "\\$${NAME}" of type "${TYPE}" used in position expecting type "${TYPE}"\\.`,
    (name, type, expected) => `Variable « $${name} » de type ${type} utilisée là où ${expected} est attendu.`,
  ),
  rule(
    `Field "${NAME}" must not have a selection since type "${TYPE}" has no subfields\\.`,
    (field, type) => `Le champ « ${field} » (${type}) n’a pas de sous-champs : retirez sa sélection.`,
  ),
  rule(
    `Field "${NAME}" of type "${TYPE}" must have a selection of subfields\\.`,
    (field, type) => `Le champ « ${field} » (${type}) demande une sélection de sous-champs.`,
  ),
  rule(`Expected value of type "${TYPE}", found `, (type) => `Valeur invalide : le type ${type} est attendu.`),
  rule(`(Int|Float|String|Boolean|ID) cannot represent `, (type) => `Valeur invalide pour le type ${type}.`),
  rule(`Enum "${NAME}" cannot represent `, (type) => `Valeur invalide pour l’énumération « ${type} ».`),
  rule(
    `Value "${NAME}" does not exist in "${NAME}" enum\\.`,
    (value, type) => `Valeur « ${value} » inconnue dans l’énumération « ${type} ».`,
  ),
  rule(`Fields "${NAME}" conflict because `, (field) => `Le nom de réponse « ${field} » désigne deux sélections différentes.`),
  rule(`There can be only one `, () => 'Nom en double dans la requête.'),
  rule(`This anonymous operation must be the only defined operation\\.`, () => 'Une opération sans nom doit être la seule de la requête.'),
];

/** graphql-js's message in French, or a general French message when no rule knows it. */
export function frenchDocumentMessage(detail: string, stage: 'parse' | 'validate'): string {
  if (stage === 'parse') return 'Erreur de syntaxe dans la requête GraphQL (voir extensions.detail).';
  for (const [pattern, french] of VALIDATION) {
    const match = pattern.exec(detail);
    if (match) return french(...match.slice(1));
  }
  return 'Requête GraphQL invalide (voir extensions.detail).';
}

/**
 * The French answer for a syntax or validation error of graphql-js: `detail` is its message as the
 * client may read it (bounded, without suggestions unless the development tools are open).
 */
export function frenchDocumentError(error: GraphQLError, detail: string, stage: 'parse' | 'validate'): GraphQLError {
  return new GraphQLError(frenchDocumentMessage(detail, stage), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: {
      ...error.extensions,
      code: stage === 'parse' ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED',
      detail,
    },
  });
}
