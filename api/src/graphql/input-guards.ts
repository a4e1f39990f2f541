import {
  getArgumentValues,
  getNamedType,
  getOperationAST,
  GraphQLString,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  TypeInfo,
  valueFromASTUntyped,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionArgs,
  type FieldNode,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../errors.js';
import { jsonTooDeepMessage, nestsDeeperThan } from '../lib/json-depth.js';
import { MAX_SEARCH_LENGTH, searchTooLongMessage } from '../lib/search-text.js';
import { toGraphQLError } from './errors.js';

/**
 * PostgreSQL refuses the NUL character in text, so a string holding one would end in a 500 at the
 * first query. Every operation (HTTP, REST shims, graphql-ws) is checked here, once, before any
 * resolver runs: its variables and the strings written in the document itself.
 */
export function refuseNulCharacters(): Plugin {
  const refused = () => ({
    errors: [
      toGraphQLError(
        new AppError('BAD_USER_INPUT', 'Le texte envoyé contient un caractère nul, qui n’est pas accepté.', { reason: 'NUL_CHARACTER' }),
      ),
    ],
  });
  const holdsNulCharacter = (args: ExecutionArgs) => holdsNul(args.variableValues) || documentHoldsNul(args.document);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (holdsNulCharacter(args)) setResultAndStopExecution(refused());
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (holdsNulCharacter(args)) setResultAndStopExecution(refused());
    },
  };
}

/** True when a string anywhere in a JSON-like value (uploads are skipped) holds U+0000. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).some(holdsNul);
  return false;
}

/** Yoga caches parsed documents, so each distinct query text is walked once, not on every request. */
const documentsHoldingNul = new WeakMap<DocumentNode, boolean>();

function documentHoldsNul(document: DocumentNode): boolean {
  const known = documentsHoldingNul.get(document);
  if (known !== undefined) return known;
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (node.value.includes('\u0000')) found = true;
    },
  });
  documentsHoldingNul.set(document, found);
  return found;
}

/**
 * Variables nesting deeper than MAX_JSON_DEPTH: a French 400 before anything walks them (the cost
 * walk, the NUL check and graphql-js's coercion recurse, and overflowed the stack into a 500).
 * Placed before every other plugin that reads variables.
 */
export function refuseDeepVariables(): Plugin {
  const refused = () => ({
    errors: [toGraphQLError(new AppError('BAD_USER_INPUT', jsonTooDeepMessage, { reason: 'TOO_DEEP' }))],
  });
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (nestsDeeperThan(args.variableValues)) setResultAndStopExecution(refused());
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (nestsDeeperThan(args.variableValues)) setResultAndStopExecution(refused());
    },
  };
}

/** The names of the lists' text filters (search box, keyword, typed date): bounded wherever they are. */
const SEARCH_TEXT_NAMES = new Set(['search', 'keyword', 'date']);

const isSearchText = (name: string, type: GraphQLInputType) => SEARCH_TEXT_NAMES.has(name) && getNamedType(type) === GraphQLString;

/** Whether an argument of this type holds a search text somewhere (input objects walked once each). */
function holdsSearchText(name: string, type: GraphQLInputType, seen = new Set<GraphQLInputObjectType>()): boolean {
  if (isSearchText(name, type)) return true;
  const named = getNamedType(type);
  if (!isInputObjectType(named) || seen.has(named)) return false;
  seen.add(named);
  return Object.values(named.getFields()).some((field) => holdsSearchText(field.name, field.type, seen));
}

/** The name of the search text in an argument's value that is too long, if any. */
function longSearchText(name: string, type: GraphQLInputType, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (isSearchText(name, type)) return typeof value === 'string' && value.length > MAX_SEARCH_LENGTH ? name : undefined;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const found = longSearchText(name, inner.ofType, item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isInputObjectType(inner) || typeof value !== 'object') return undefined;
  for (const field of Object.values(inner.getFields())) {
    const found = longSearchText(field.name, field.type, (value as Record<string, unknown>)[field.name]);
    if (found) return found;
  }
  return undefined;
}

type SearchField = readonly [FieldNode, GraphQLField<unknown, unknown>];

/** Yoga caches parsed documents: the fields taking a search text are listed once per query text. */
const searchFieldsOf = new WeakMap<DocumentNode, readonly SearchField[]>();

function searchFields(schema: GraphQLSchema, document: DocumentNode): readonly SearchField[] {
  const known = searchFieldsOf.get(document);
  if (known) return known;
  const fields: SearchField[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      [Kind.FIELD]: (node) => {
        const definition = typeInfo.getFieldDef();
        if (definition?.args.some((arg) => holdsSearchText(arg.name, arg.type))) fields.push([node, definition]);
      },
    }),
  );
  searchFieldsOf.set(document, fields);
  return fields;
}

/** The name of a search text longer than MAX_SEARCH_LENGTH in the operation (literal or variable). */
function tooLongSearch(args: ExecutionArgs): string | undefined {
  const fields = searchFields(args.schema, args.document);
  if (fields.length === 0) return undefined;
  // The values as sent, with the operation's defaults: not coerced, which graphql-js does when it
  // executes (and refuses invalid values then); a second coercion would double its cost.
  const variables: Record<string, unknown> = { ...args.variableValues };
  for (const { variable, defaultValue } of getOperationAST(args.document, args.operationName)?.variableDefinitions ?? []) {
    if (variables[variable.name.value] === undefined && defaultValue) variables[variable.name.value] = valueFromASTUntyped(defaultValue);
  }
  for (const [node, definition] of fields) {
    let values: Record<string, unknown>;
    try {
      values = getArgumentValues(definition, node, variables);
    } catch {
      continue; // an invalid value: graphql-js refuses it when it executes
    }
    for (const arg of definition.args) {
      const found = longSearchText(arg.name, arg.type, values[arg.name]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Search boxes, keywords and typed dates of every list are bounded (MAX_SEARCH_LENGTH, as the CSV
 * export): a French BAD_USER_INPUT before any resolver, hence before any SQL.
 */
export function refuseLongSearches(): Plugin {
  const refused = (name: string) => ({
    errors: [
      toGraphQLError(
        new AppError('BAD_USER_INPUT', searchTooLongMessage, { reason: 'SEARCH_TOO_LONG', fields: { [name]: searchTooLongMessage } }),
      ),
    ],
  });
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const name = tooLongSearch(args);
      if (name) setResultAndStopExecution(refused(name));
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const name = tooLongSearch(args);
      if (name) setResultAndStopExecution(refused(name));
    },
  };
}
