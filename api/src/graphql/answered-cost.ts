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
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { fieldDefinition, listItems, operationWalk, type Walk } from './cost.js';
import { isConnectionField } from './page-sizes.js';

type Answer = Record<string, unknown>;

/** The walk over the answer: a field's argument items, the same for each of its rows, are counted once. */
interface AnswerWalk extends Walk {
  items: Map<FieldNode, number | null>;
}

const isAnswer = (value: unknown): value is Answer => !!value && typeof value === 'object' && !Array.isArray(value);

/** The fields present in `answer` by response key, their nodes merged as graphql-js merged them. */
function answeredFields(walk: AnswerWalk, parent: GraphQLNamedType, selectionSets: readonly SelectionSetNode[], answer: Answer) {
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

function objectCost(walk: AnswerWalk, parent: GraphQLNamedType, selectionSets: readonly SelectionSetNode[], answer: Answer): number {
  let cost = 0;
  for (const [key, field] of answeredFields(walk, parent, selectionSets, answer))
    cost += fieldCost(walk, field.parent, field.nodes, answer[key]);
  return cost;
}

function argumentItems(walk: AnswerWalk, field: GraphQLField<unknown, unknown>, node: FieldNode): number | null {
  let items = walk.items.get(node);
  if (items !== undefined) return items;
  try {
    items = field.args.length > 0 ? listItems(getArgumentValues(field, node, walk.variables)) : 0;
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    items = null;
  }
  walk.items.set(node, items);
  return items;
}

function fieldCost(walk: AnswerWalk, parent: GraphQLNamedType, nodes: FieldNode[], value: unknown): number {
  const field = fieldDefinition(walk, parent, nodes[0].name.value);
  if (!field) return 1;
  const items = argumentItems(walk, field, nodes[0]);
  // An argument its variable cannot fill (an explicit null): the field answered that error.
  if (items === null) return 1;
  const rows: unknown[] = Array.isArray(value) ? value.flat(Number.POSITIVE_INFINITY) : [value];
  const selectionSets = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  if (selectionSets.length === 0) return items + Math.max(rows.length, 1);
  const type = getNamedType(field.type);
  const each = rows.map((row) => 1 + (isAnswer(row) ? objectCost(walk, type, selectionSets, row) : 0));
  if (isConnectionField(field) && isAnswer(value)) {
    // As requested: the connection and its selection times its page, here the edges it really held
    // (under whatever alias they were asked).
    let page = 1;
    for (const [key, selected] of answeredFields(walk, type, selectionSets, value)) {
      const answered = value[key];
      if (selected.nodes[0].name.value === 'edges' && Array.isArray(answered)) page = Math.max(page, answered.length);
    }
    return items + each[0] * page;
  }
  // The connection above multiplies by its rows: its edges count as one, the costliest; introspection's
  // lists, which the request prices at one row, too.
  if (parent.name.startsWith('__') || (field.name === 'edges' && isObjectType(parent) && 'pageInfo' in parent.getFields())) {
    return items + each.reduce((most, cost) => Math.max(most, cost), 1);
  }
  const total = each.reduce((sum, cost) => sum + cost, 0);
  return items + Math.max(1, total);
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
  const walk = { ...operation.walk, items: new Map<FieldNode, number | null>() };
  return Math.min(requested, objectCost(walk, operation.root, [operation.selectionSet], data));
}
