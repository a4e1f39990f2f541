// A cost limit that knows what will run: graphql-armor's cost rule runs at validation, before the
// variables are known, so `reports(first: $count)` cost it as much as one row. This one runs at
// execution, on the executing schema, with the variables coerced as graphql-js will (a variable's
// default included), and every field's arguments as its resolver receives them (argument defaults
// included). An object field costs 1 plus its selections, times its rows: a connection (a field
// with `first`/`last`) the page asked for or its own default page (page-sizes.ts), wherever its
// `edges` are selected (fragments included), a page past its maximum being refused; a list field
// without pages the rows its schema's `listBounds` give; one object otherwise. Scalars cost 1 (a
// list of scalars, its rows). Every item of every list in a field's arguments costs 1 too, a
// field's own list argument multiplies its selection like a page (`nodes(ids:)` answers one object
// per id), and no list, literal, variable or default, may exceed MAX_LIST_ITEMS. This is the
// `requested` cost; answered-cost.ts prices what was really answered the same way (`actual`).
import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getOperationAST,
  getVariableValues,
  isInterfaceType,
  isListType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../errors.js';
import { MAX_LIST_ITEMS, listTooLong } from '../lib/list-limits.js';
import { toGraphQLError } from './errors.js';
import { isConnectionField, pageSizeOf, pageTooLarge } from './page-sizes.js';

/** Rows a list field answers, from its arguments (coerced, defaults applied). */
export type ListRows = number | ((args: Record<string, unknown>) => number);

declare module 'graphql' {
  interface GraphQLSchemaExtensions {
    /**
     * The rows of each list field without pages, by coordinate (`Report.comments`); a list left
     * out is priced at MAX_LIST_ITEMS. The schema's composition (server/schema.ts) gives them,
     * since they are the modules' ceilings.
     */
    listBounds?: Readonly<Record<string, ListRows>>;
  }
}

/**
 * Every operation the app sends fits, its pages at the largest the server serves (100 rows): the
 * web's costliest, a reports list with its three selectors of up to 1,000 people (MAX_CHOICES),
 * about 15,000; the legacy REST list of 100 constats with their files and comments, about 19,300.
 * 1,000 constats by id with their files, nested pages (100 études × 100 members) and aliased pages
 * (15 × 100 constats) do not.
 */
export const MAX_QUERY_COST = 20_000;

/** The refusal of an operation over the limit, with both figures so that a script knows by how much. */
export const queryTooExpensive = (requested: number, limit: number) =>
  new AppError('BAD_USER_INPUT', 'Requête trop volumineuse : demandez moins de lignes à la fois.', {
    reason: 'QUERY_COST',
    extensions: { cost: { requested, limit } },
  });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Items of the lists in a value (plain JSON only: uploads are not walked); a list too long throws. */
export function listItems(value: unknown): number {
  if (Array.isArray(value)) {
    if (value.length > MAX_LIST_ITEMS) throw listTooLong();
    return value.reduce<number>((total, item) => total + listItems(item), value.length);
  }
  return isPlainObject(value) ? Object.values(value).reduce<number>((total, item) => total + listItems(item), 0) : 0;
}

export interface Walk {
  schema: GraphQLSchema;
  listBounds: Readonly<Record<string, ListRows>>;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** The definition of a selected field, introspection's own included (validation ran before). */
export function fieldDefinition(walk: Walk, parent: GraphQLNamedType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (parent === walk.schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  }
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

/** A connection's page: `first`/`last` as asked (refused past its maximum), else its default page. */
function pageRows(parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): number {
  const { defaultSize, maxSize } = pageSizeOf(field);
  for (const argument of ['first', 'last'] as const) {
    const asked = args[argument];
    if (typeof asked === 'number' && asked > maxSize) {
      throw pageTooLarge(parent.name === 'Query' ? field.name : `${parent.name}.${field.name}`, argument, maxSize);
    }
  }
  const asked = [args.first, args.last].filter((size): size is number => typeof size === 'number');
  return asked.length > 0 ? Math.max(...asked) : defaultSize;
}

/** The rows a field answers, hence the times its selection is paid. */
function fieldRows(walk: Walk, parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): number {
  if (isConnectionField(field)) return pageRows(parent, field, args);
  if (isListType(getNullableType(field.type))) {
    // Introspection answers the schema itself, whatever its lists; a connection's edges are its page.
    if (parent.name.startsWith('__') || (field.name === 'edges' && isObjectType(parent) && 'pageInfo' in parent.getFields())) return 1;
    const rows = walk.listBounds[`${parent.name}.${field.name}`] ?? MAX_LIST_ITEMS;
    return typeof rows === 'number' ? rows : rows(args);
  }
  // A list given to a field answers for each of its items (`nodes(ids:)` style).
  const lists = Object.values(args).filter(Array.isArray);
  return lists.length > 0 ? Math.max(...lists.map((list) => list.length)) : 1;
}

function fieldCost(walk: Walk, parent: GraphQLNamedType, selection: FieldNode): number {
  const field = fieldDefinition(walk, parent, selection.name.value);
  // `__typename`, the only field validation lets through without a definition here.
  if (!field) return 1;
  let args: Record<string, unknown> = {};
  try {
    // Most fields take no argument: no coercion to run for them.
    if (field.args.length > 0) args = getArgumentValues(field, selection, walk.variables);
  } catch (error) {
    // An argument its variable cannot fill (an explicit null): the field answers that error, its selection never runs.
    if (error instanceof GraphQLError) return 1;
    throw error;
  }
  const items = listItems(args);
  const rows = Math.max(fieldRows(walk, parent, field, args), 1);
  if (!selection.selectionSet) return items + rows;
  return items + (1 + selectionSetCost(walk, getNamedType(field.type), selection.selectionSet)) * rows;
}

function selectionSetCost(walk: Walk, parent: GraphQLNamedType, selectionSet: SelectionSetNode): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      cost += fieldCost(walk, parent, selection);
      continue;
    }
    // Validation (which ran before) rejects unknown and cyclic fragments.
    const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? walk.fragments.get(selection.name.value) : selection;
    if (!fragment) continue;
    const condition = fragment.typeCondition ? walk.schema.getType(fragment.typeCondition.name.value) : parent;
    cost += selectionSetCost(walk, condition ?? parent, fragment.selectionSet);
  }
  return cost;
}

/**
 * The cost of the operation `operationName` of `document` with these variables, on `schema` (0 when
 * there is no such operation or its variables are invalid: execution refuses it before any
 * resolver).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): number {
  // Every list sent, even in a variable the operation does not use or with a wrong type.
  listItems(variables);
  const operation = operationWalk(schema, document, operationName, variables);
  return operation ? selectionSetCost(operation.walk, operation.root, operation.selectionSet) : 0;
}

/** What a walk over the operation needs, or null when execution would refuse it before any resolver. */
export function operationWalk(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
): { walk: Walk; root: GraphQLObjectType; selectionSet: SelectionSetNode } | null {
  const operation = getOperationAST(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return null;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 1 });
  if (coerced.errors) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk = { schema, listBounds: schema.extensions.listBounds ?? {}, fragments, variables: coerced.coerced };
  return { walk, root, selectionSet: operation.selectionSet };
}

type CostArgs = {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variableValues?: Record<string, unknown> | null;
  contextValue?: unknown;
};

/** Envelop gives every plugin's onExecute the same arguments: costLimit and apiTokenGuard share one walk. */
const costs = new WeakMap<CostArgs, number>();

/** The cost of the operation an execution runs (throws the AppError of a list too long). */
export function executionCost(args: CostArgs): number {
  let cost = costs.get(args);
  if (cost === undefined)
    costs.set(args, (cost = operationCost(args.schema, args.document, args.operationName, args.variableValues ?? {})));
  return cost;
}

/**
 * Refuses operations (queries, mutations, subscriptions) whose cost with their variables exceeds
 * `maxCost`, or with a list longer than MAX_LIST_ITEMS. A REST shim's operation (serverAuthored)
 * is held to the list length only: its shape is fixed by the server and its pages by the route
 * (the legacy list of constats carries every file and comment of each, which, priced at their
 * ceilings, exceeds what a client may ask at once).
 */
export function costLimit(maxCost: number = MAX_QUERY_COST): Plugin {
  const refusal = (args: CostArgs) => {
    try {
      const cost = executionCost(args);
      if ((args.contextValue as { serverAuthored?: boolean } | undefined)?.serverAuthored) return null;
      return cost > maxCost ? toGraphQLError(queryTooExpensive(cost, maxCost)) : null;
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
