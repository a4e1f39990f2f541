// The `actual` cost of an answer (Shopify's actualQueryCost beside its requestedQueryCost): the
// operation priced by cost.ts' rules, but each list and each page at the rows it really answered
// rather than those asked for (a page of 100 that held 7 rows costs 7 rows). Walked over the answer
// itself, so a field skipped, null, or of a fragment on another type costs what it answered.
import {
  GraphQLError,
  Kind,
  getArgumentValues,
  getNamedType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { fieldDefinition, listItems, operationWalk, type Walk } from './cost.js';
import { isConnectionField } from './page-sizes.js';

type Answer = Record<string, unknown>;

const isAnswer = (value: unknown): value is Answer => !!value && typeof value === 'object' && !Array.isArray(value);

/** The fields present in `answer` by response key, their nodes merged as graphql-js merged them. */
function answeredFields(walk: Walk, parent: GraphQLNamedType, selectionSets: readonly SelectionSetNode[], answer: Answer) {
  const fields = new Map<string, { parent: GraphQLNamedType; nodes: FieldNode[] }>();
  const collect = (type: GraphQLNamedType, selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        if (!(key in answer)) continue;
        const entry = fields.get(key);
        if (entry) entry.nodes.push(selection);
        else fields.set(key, { parent: type, nodes: [selection] });
        continue;
      }
      const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? walk.fragments.get(selection.name.value) : selection;
      if (!fragment) continue;
      const condition = fragment.typeCondition ? walk.schema.getType(fragment.typeCondition.name.value) : type;
      collect(condition ?? type, fragment.selectionSet);
    }
  };
  for (const selectionSet of selectionSets) collect(parent, selectionSet);
  return fields;
}

function objectCost(walk: Walk, parent: GraphQLNamedType, selectionSets: readonly SelectionSetNode[], answer: Answer): number {
  let cost = 0;
  for (const [key, field] of answeredFields(walk, parent, selectionSets, answer))
    cost += fieldCost(walk, field.parent, field.nodes, answer[key]);
  return cost;
}

function fieldCost(walk: Walk, parent: GraphQLNamedType, nodes: FieldNode[], value: unknown): number {
  const field = fieldDefinition(walk, parent, nodes[0].name.value);
  if (!field) return 1;
  let items = 0;
  try {
    if (field.args.length > 0) items = listItems(getArgumentValues(field, nodes[0], walk.variables));
  } catch (error) {
    if (error instanceof GraphQLError) return 1;
    throw error;
  }
  const rows: unknown[] = Array.isArray(value) ? value.flat(Number.POSITIVE_INFINITY) : [value];
  const selectionSets = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  if (selectionSets.length === 0) return items + Math.max(rows.length, 1);
  const type = getNamedType(field.type);
  const each = rows.map((row) => 1 + (isAnswer(row) ? objectCost(walk, type, selectionSets, row) : 0));
  if (isConnectionField(field) && isAnswer(value)) {
    // As requested: the connection and its selection times its page, here the edges it really held.
    return items + each[0] * Math.max(Array.isArray(value.edges) ? value.edges.length : 0, 1);
  }
  // The connection above multiplies by its rows: its edges count as one, the costliest; introspection's
  // lists, which the request prices at one row, too.
  if (parent.name.startsWith('__') || (field.name === 'edges' && isObjectType(parent) && 'pageInfo' in parent.getFields())) {
    return items + each.reduce((most, cost) => Math.max(most, cost), 1);
  }
  return (
    items +
    Math.max(
      1,
      each.reduce((total, cost) => total + cost, 0),
    )
  );
}

/**
 * The cost of what `data` answers to the operation `operationName` of `document` (0 when nothing
 * was answered), never more than `requested`: what ran was at most what was asked.
 */
export function answeredCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  data: unknown,
  requested: number,
): number {
  if (!isAnswer(data)) return 0;
  const operation = operationWalk(schema, document, operationName, variables);
  if (!operation) return 0;
  return Math.min(requested, objectCost(operation.walk, operation.root, [operation.selectionSet], data));
}
