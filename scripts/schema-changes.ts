// The API's change policy, checked: every breaking change between the published schema
// (docs/api-schema-published.graphql) and schema.graphql is named in docs/api-changelog.md, and a
// field or enum value is removed only after it was published as @deprecated. graphql-js finds the
// changes; this module names each by its schema coordinate (`Type.field`, `Type.field(arg:)`,
// `Enum.VALUE`) so that the changelog can cite it.
import {
  buildSchema,
  findBreakingChanges,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type BreakingChange,
  type GraphQLSchema,
} from 'graphql';

export const PUBLISHED_SCHEMA = 'docs/api-schema-published.graphql';
export const CHANGELOG = 'docs/api-changelog.md';

// graphql-js's wording of each change (graphql/utilities/findBreakingChanges), most specific first.
const COORDINATES: [RegExp, (...parts: string[]) => string][] = [
  [/^(\w+)\.(\w+) arg (\w+) /, (type, field, arg) => `${type}.${field}(${arg}:)`],
  [/^A required arg (\w+) on (\w+)\.(\w+) was added/, (arg, type, field) => `${type}.${field}(${arg}:)`],
  [/^A required arg (\w+) on directive (\w+) was added/, (arg, directive) => `@${directive}(${arg}:)`],
  [/^A required field (\w+) on input type (\w+) was added/, (field, type) => `${type}.${field}`],
  [/^(\w+) was removed from enum type (\w+)/, (value, type) => `${type}.${value}`],
  [/^(\w+) was removed from union type (\w+)/, (_member, type) => type],
  [/^(\w+) no longer implements interface/, (type) => type],
  [/^(\w+) was removed from (\w+)\.$/, (arg, directive) => `@${directive}(${arg}:)`],
  [/^(\w+)\.(\w+)\b/, (type, field) => `${type}.${field}`],
  [/^(\w+)\b/, (type) => type],
];

/** The schema coordinate a breaking change is about, from graphql-js's description of it. */
export function changeCoordinate(description: string): string {
  for (const [pattern, coordinate] of COORDINATES) {
    const match = pattern.exec(description);
    if (match) return coordinate(...match.slice(1));
  }
  return description;
}

/** Whether `Type.member` (a field, an input field or an enum value) was published as deprecated. */
function wasDeprecated(schema: GraphQLSchema, coordinate: string): boolean {
  const [typeName, member] = coordinate.split('.');
  const type = schema.getType(typeName);
  if (!member || !type) return false;
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) return type.getFields()[member]?.deprecationReason != null;
  if (isEnumType(type)) return type.getValue(member)?.deprecationReason != null;
  return false;
}

const REMOVALS = new Set<string>(['FIELD_REMOVED', 'VALUE_REMOVED_FROM_ENUM']);

/**
 * What breaks the policy, in French, one line per problem: a breaking change the changelog does
 * not cite (`` `Type.field` `` in backticks), or a field or enum value removed without having been
 * published as @deprecated first.
 */
export function changePolicyProblems(publishedSdl: string, currentSdl: string, changelog: string): string[] {
  const published = buildSchema(publishedSdl);
  const changes: BreakingChange[] = findBreakingChanges(published, buildSchema(currentSdl));
  return changes.flatMap((change) => {
    const coordinate = changeCoordinate(change.description);
    const problems: string[] = [];
    if (!changelog.includes(`\`${coordinate}\``)) {
      problems.push(`\`${coordinate}\` : changement cassant absent de ${CHANGELOG} (${change.description})`);
    }
    if (REMOVALS.has(change.type) && !wasDeprecated(published, coordinate)) {
      problems.push(`\`${coordinate}\` : retiré sans avoir été publié d'abord avec @deprecated`);
    }
    return problems;
  });
}
