// A cost limit that knows page sizes: graphql-armor's cost rule runs at validation, before the
// variables are known, so `reports(first: $count)` cost it as much as one row. This one runs at
// execution with the variables: an object field costs 1 plus its selections, times the rows it
// asks for (`first`/`last`, literal or variable; a connection without them gets the server's
// default page). Fragments count where they are spread; scalars cost 1.
import {
  Kind,
  getOperationAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from './errors.js';

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
    } else if (!selection.selectionSet) {
      cost += 1;
    } else {
      const sizes = (selection.arguments ?? [])
        .filter((argument) => argument.name.value === 'first' || argument.name.value === 'last')
        .map((argument) => intArgument(argument.value, variables));
      const isConnection = selection.selectionSet.selections.some((child) => child.kind === Kind.FIELD && child.name.value === 'edges');
      const rows = sizes.find((size) => size !== null) ?? (isConnection ? DEFAULT_PAGE_SIZE : 1);
      cost += (1 + selectionSetCost(selection.selectionSet, fragments, variables)) * Math.max(rows, 1);
    }
  }
  return cost;
}

/** The cost of the operation `operationName` of `document` with these variables (0 when there is no such operation). */
export function operationCost(document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> = {}): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return selectionSetCost(operation.selectionSet, fragments, variables);
}

/** Refuses operations (queries, mutations, subscriptions) whose cost with their variables exceeds `maxCost`. */
export function costLimit(maxCost: number = MAX_QUERY_COST): Plugin {
  const check = (args: { document: DocumentNode; operationName?: string | null; variableValues?: Record<string, unknown> | null }) =>
    operationCost(args.document, args.operationName, args.variableValues ?? {}) > maxCost;
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (check(args)) setResultAndStopExecution({ errors: [queryTooExpensive()] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (check(args)) setResultAndStopExecution({ errors: [queryTooExpensive()] });
    },
  };
}
