// A cost limit that knows page sizes: graphql-armor's cost rule runs at validation, before the
// variables are known, so `reports(first: $count)` cost it as much as one row. This one runs at
// execution with the variables: an object field costs 1 plus its selections, times the rows it
// asks for (`first`/`last`, literal or variable; a connection without them gets the server's
// default page). Fragments count where they are spread; scalars cost 1. List arguments count too,
// literal or variable (issue 16: `nodes(ids: $ids)` with 100,000 ids): every item of every list in
// a field's arguments costs 1, a field's own list argument multiplies its selection like a page
// (`nodes(ids:)` answers one object per id), and no list may exceed MAX_LIST_ITEMS.
import { Kind, getOperationAST, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../errors.js';
import { MAX_LIST_ITEMS, listTooLong } from '../lib/list-limits.js';
import { toGraphQLError } from './errors.js';

/** Pothos' page size when a connection is asked without `first` or `last`. */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * Every screen of the web app fits with its pages at the server's largest (100 rows): the costliest,
 * a reports list, is about 8,300. Nested pages (100 études × 100 members × fields) do not.
 */
export const MAX_QUERY_COST = 10_000;

export const queryTooExpensive = () =>
  new AppError('BAD_USER_INPUT', 'Requête trop volumineuse : demandez moins de lignes à la fois.', { reason: 'QUERY_COST' });

function intArgument(value: ValueNode, variables: Record<string, unknown>): number | null {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const resolved = variables[value.name.value];
    return typeof resolved === 'number' ? resolved : null;
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Items of the lists in a variable's value (plain JSON only: uploads are not walked). */
function variableItems(value: unknown): number {
  if (Array.isArray(value)) {
    if (value.length > MAX_LIST_ITEMS) throw listTooLong();
    return value.reduce<number>((total, item) => total + variableItems(item), value.length);
  }
  return isPlainObject(value) ? Object.values(value).reduce<number>((total, item) => total + variableItems(item), 0) : 0;
}

/** Items of the lists in an argument's value, literal or from variables. */
function valueItems(value: ValueNode, variables: Record<string, unknown>): number {
  switch (value.kind) {
    case Kind.LIST:
      if (value.values.length > MAX_LIST_ITEMS) throw listTooLong();
      return value.values.reduce((total, item) => total + valueItems(item, variables), value.values.length);
    case Kind.OBJECT:
      return value.fields.reduce((total, field) => total + valueItems(field.value, variables), 0);
    case Kind.VARIABLE:
      return variableItems(variables[value.name.value]);
    default:
      return 0;
  }
}

/** Length of a list argument given directly to a field (`nodes(ids: …)`), null when it is not a list. */
function listLength(value: ValueNode, variables: Record<string, unknown>): number | null {
  if (value.kind === Kind.LIST) return value.values.length;
  const resolved = value.kind === Kind.VARIABLE ? variables[value.name.value] : undefined;
  return Array.isArray(resolved) ? resolved.length : null;
}

function selectionSetCost(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += selectionSetCost(selection.selectionSet, fragments, variables);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      // Validation (which ran before) rejects unknown and cyclic fragments.
      const fragment = fragments.get(selection.name.value);
      if (fragment) cost += selectionSetCost(fragment.selectionSet, fragments, variables);
    } else {
      const args = selection.arguments ?? [];
      cost += args.reduce((total, argument) => total + valueItems(argument.value, variables), 0);
      if (!selection.selectionSet) {
        cost += 1;
        continue;
      }
      const sizes = args
        .filter((argument) => argument.name.value === 'first' || argument.name.value === 'last')
        .map((argument) => intArgument(argument.value, variables));
      const lists = args.map((argument) => listLength(argument.value, variables)).filter((length): length is number => length !== null);
      const isConnection = selection.selectionSet.selections.some((child) => child.kind === Kind.FIELD && child.name.value === 'edges');
      const rows = sizes.find((size) => size !== null) ?? (lists.length > 0 ? Math.max(...lists) : isConnection ? DEFAULT_PAGE_SIZE : 1);
      cost += (1 + selectionSetCost(selection.selectionSet, fragments, variables)) * Math.max(rows, 1);
    }
  }
  return cost;
}

/** The cost of the operation `operationName` of `document` with these variables (0 when there is no such operation). */
export function operationCost(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return selectionSetCost(operation.selectionSet, fragments, variables);
}

type CostArgs = { document: DocumentNode; operationName?: string | null; variableValues?: Record<string, unknown> | null };

/** Envelop gives every plugin's onExecute the same arguments: costLimit and apiTokenGuard share one walk. */
const costs = new WeakMap<CostArgs, number>();

/** The cost of the operation an execution runs (throws the AppError of a list too long). */
export function executionCost(args: CostArgs): number {
  let cost = costs.get(args);
  if (cost === undefined) costs.set(args, (cost = operationCost(args.document, args.operationName, args.variableValues ?? {})));
  return cost;
}

/**
 * Refuses operations (queries, mutations, subscriptions) whose cost with their variables exceeds
 * `maxCost`, or with a list longer than MAX_LIST_ITEMS.
 */
export function costLimit(maxCost: number = MAX_QUERY_COST): Plugin {
  const refusal = (args: CostArgs) => {
    try {
      return executionCost(args) > maxCost ? toGraphQLError(queryTooExpensive()) : null;
    } catch (error) {
      if (error instanceof AppError) return toGraphQLError(error);
      throw error;
    }
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = refusal(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = refusal(args);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
