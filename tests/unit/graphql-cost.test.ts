// The query cost limit counts the rows a query asks for, literal, through variables or their
// defaults, wherever a connection's edges are selected, and the rows of lists without pages; and
// every query of the web app, at the server's largest page (100), stays under the limit (the REST
// shims' operations are the server's, held to their routes' pages: tests/api/query-cost.test.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  Kind,
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  type DocumentNode,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
} from 'graphql';
import { Upload } from 'graphql-upload-minimal';
import { MAX_QUERY_COST, operationCost } from '../../api/src/graphql/cost.js';
import { REPORT_PAGES } from '../../api/src/modules/reports/queries.js';
import { AppError } from '../../api/src/errors.js';
import { LIST_BOUNDS } from '../../api/src/server/list-bounds.js';
import { schema } from '../../api/src/server/schema.js';
import { MAX_CHOICES } from '../../api/src/lib/choices.js';
import { MAX_LIST_ITEMS } from '../../api/src/lib/list-limits.js';
import { AGGREGATE_ROWS_DEFAULT } from '../../api/src/modules/reporting/rules.js';
import { COMMENTS_PER_REPORT, FILES_PER_SIDE } from '../../api/src/modules/reports/rules.js';

const cost = (query: string, variables: Record<string, unknown> = {}) => operationCost(schema, parse(query), undefined, variables);

describe('operationCost', () => {
  it.each([
    ['scalars cost 1 each', '{ me { id email } }', {}, 3],
    [
      'a literal first multiplies the field and its selections',
      '{ reports(first: 10) { edges { node { id name } } } }',
      {},
      10 * (1 + (1 + (1 + 2))),
    ],
    [
      'a variable first counts exactly like a literal',
      'query($n: Int!) { reports(first: $n) { edges { node { id name } } } }',
      { n: 10 },
      50,
    ],
    ['last counts like first', 'query($n: Int) { reports(last: $n) { edges { node { id } } } }', { n: 3 }, 3 * (1 + (1 + (1 + 1)))],
    ['a connection without first gets its own default page', '{ reports { edges { node { id } } } }', {}, REPORT_PAGES.defaultSize * 4],
    [
      'a missing variable falls back to the default page of a connection',
      'query($n: Int) { reports(first: $n) { edges { node { id } } } }',
      {},
      REPORT_PAGES.defaultSize * 4,
    ],
    [
      'nested pages multiply',
      'query($a: Int, $b: Int) { groups(first: $a) { edges { node { members(first: $b) { edges { node { id } } } } } } }',
      { a: 10, b: 10 },
      10 * (1 + (1 + (1 + 10 * 4))),
    ],
    [
      'fragments count where they are spread, inline fragments too',
      'query($n: Int) { reports(first: $n) { ...Rows } } fragment Rows on QueryReportsConnection { edges { node { ... on Report { id } name } } }',
      { n: 2 },
      2 * (1 + (1 + (1 + 2))),
    ],
    [
      "a field's own list multiplies its selection and costs its items",
      'query($ids: [ID!]!) { nodes(ids: $ids) { id } }',
      { ids: ['a', 'b', 'c'] },
      3 + 3 * (1 + 1),
    ],
    ['a literal list counts like a variable one', '{ nodes(ids: ["a", "b", "c"]) { id } }', {}, 3 + 3 * (1 + 1)],
    [
      'items of lists inside an input cost 1 each',
      'mutation($input: RemoveReportFilesInput!) { removeReportFiles(input: $input) { message } }',
      { input: { reportId: 'r', fileIds: ['1', '2'] } },
      2 + 1 + 1,
    ],
    [
      'variables inside a literal object count',
      'mutation($ids: [ID!]!) { removeReportFiles(input: { reportId: "r", fileIds: $ids }) { message } }',
      { ids: ['1', '2', '3'] },
      3 + 1 + 1,
    ],
  ])('%s', (_title, query, variables, expected) => {
    expect(cost(query, variables)).toBe(expected);
  });

  it.each([
    ['a variable list', 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array.from({ length: MAX_LIST_ITEMS + 1 }, String) }],
    [
      'a list nested in an input variable',
      'mutation($input: RemoveReportFilesInput!) { removeReportFiles(input: $input) { message } }',
      { input: { fileIds: Array.from({ length: MAX_LIST_ITEMS + 1 }, String) } },
    ],
  ])('refuses %s longer than MAX_LIST_ITEMS', (_title, query, variables) => {
    expect(() => cost(query, variables)).toThrow('Liste trop longue');
  });

  it('picks the named operation of a document', () => {
    const document = parse('query Small { me { id } } query Big { reports(first: 100) { edges { node { id } } } }');
    expect(operationCost(schema, document, 'Small')).toBe(2);
    expect(operationCost(schema, document, 'Big')).toBe(400);
  });

  it('refuses nested pages an attacker would pass as variables', () => {
    const nested =
      'query($a: Int, $b: Int) { groups(first: $a) { edges { node { members(first: $b) { edges { node { id firstName lastName } } } } } } }';
    expect(cost(nested, { a: 100, b: 100 })).toBeGreaterThan(MAX_QUERY_COST);
  });
});

describe('what will run is what is priced', () => {
  const ROWS = 'fragment Rows on QueryReportsConnection { edges { node { id name } } }';

  it('a variable default counts like the literal and like the variable sent', () => {
    const literal = cost('{ reports(first: 100) { edges { node { id name } } } }');
    expect(literal).toBe(100 * (1 + (1 + (1 + 2))));
    expect(cost('query($n: Int = 100) { reports(first: $n) { edges { node { id name } } } }')).toBe(literal);
    expect(cost('query($n: Int = 100) { reports(first: $n) { edges { node { id name } } } }', { n: 100 })).toBe(literal);
    // A variable sent overrides its default, as in execution.
    expect(cost('query($n: Int = 100) { reports(first: $n) { edges { node { id name } } } }', { n: 10 })).toBe(literal / 10);
  });

  it("edges inside a fragment or an inline fragment get the connection's page", () => {
    const plain = cost('{ reports { edges { node { id name } } } }');
    expect(plain).toBe(REPORT_PAGES.defaultSize * 5);
    expect(cost(`{ reports { ...Rows } } ${ROWS}`)).toBe(plain);
    expect(cost('{ reports { ... on QueryReportsConnection { edges { node { id name } } } } }')).toBe(plain);
    expect(cost(`query($n: Int = 100) { reports(first: $n) { ...Rows } } ${ROWS}`)).toBe(100 * 5);
  });

  it('prices 15 aliases of 100 constats through a default and a fragment a hundred times what it was (450)', () => {
    // 27 of a constat's fields: each alias cost 1 + 1 + 1 + 27 = 30 when its page was taken for one row.
    const fields = Array.from({ length: 27 }, (_, n) => `f${n}: name`).join(' ');
    const aliases = Array.from({ length: 15 }, (_, n) => `a${n}: reports(first: $n) { ...Rows }`).join(' ');
    const query = `query($n: Int = 100) { ${aliases} } fragment Rows on QueryReportsConnection { edges { node { ${fields} } } }`;
    expect(cost(query)).toBe(100 * 450);
    expect(cost(query)).toBeGreaterThan(MAX_QUERY_COST);
  });

  it('applies MAX_LIST_ITEMS to list defaults, and a default list multiplies like one sent', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, n) => JSON.stringify(`id${n}`)).join(', ');
    expect(() => cost(`query($ids: [ID!]! = [${ids(MAX_LIST_ITEMS + 1)}]) { nodes(ids: $ids) { id } }`)).toThrow('Liste trop longue');
    expect(() => cost(`{ nodes(ids: [${ids(MAX_LIST_ITEMS + 1)}]) { id } }`)).toThrow('Liste trop longue');
    expect(cost(`query($ids: [ID!]! = [${ids(3)}]) { nodes(ids: $ids) { id } }`)).toBe(3 + 3 * (1 + 1));
    expect(cost(`query($ids: [ID!]! = [${ids(1000)}]) { nodes(ids: $ids) { id ... on Report { name status } } }`)).toBe(
      1000 + 1000 * (1 + 3),
    );
  });

  it('a field whose argument its variable cannot fill costs 1 (it answers an error), the others their price', () => {
    const query = 'query($ids: [ID!] = ["a"]) { nodes(ids: $ids) { id } reports(first: 10) { edges { node { id } } } }';
    expect(cost(query, { ids: null })).toBe(1 + 10 * 4);
    expect(cost(query)).toBe(1 + 1 * 2 + 10 * 4);
  });

  it('prices a list without pages at its rows: the selectors at MAX_CHOICES', () => {
    expect(cost('{ groupChoices { id name } }')).toBe(MAX_CHOICES * 3);
    expect(cost('{ peopleChoices(role: BAILIFF) { id fullName } }')).toBe(MAX_CHOICES * 3);
    const aliases = Array.from({ length: 15 }, (_, n) => `g${n}: groupChoices { id name city }`).join(' ');
    expect(cost(`{ ${aliases} }`)).toBeGreaterThan(MAX_QUERY_COST);
  });

  it('prices lists of scalars, nested lists and aggregates by their rows', () => {
    expect(cost('query($id: ID!) { node(id: $id) { ... on Report { unreadCommentIds } } }', { id: 'x' })).toBe(1 + COMMENTS_PER_REPORT);
    expect(cost('query($id: ID!) { node(id: $id) { ... on Report { deposited { files { id } } } } }', { id: 'x' })).toBe(
      1 + (1 + FILES_PER_SIDE * 2),
    );
    expect(cost('{ statistics(year: 2026) { series { data { x y } } } }')).toBe(1 + 2 * (1 + 31 * 3));
    // An item of groupBy costs 1, a row 1 plus its selection.
    expect(cost('{ reportAggregates { reports } }')).toBe(2);
    expect(cost('{ reportAggregates(groupBy: [STATUS]) { reports } }')).toBe(1 + 5 * 2);
    expect(cost('{ reportAggregates(groupBy: [STATUS, MONTH]) { reports } }')).toBe(2 + AGGREGATE_ROWS_DEFAULT * 2);
    expect(cost('{ reportAggregates(groupBy: [BAILIFF], maxRows: 50) { reports } }')).toBe(1 + 50 * 2);
  });

  it("does not multiply introspection's lists (the schema's own size)", () => {
    expect(cost('{ __schema { types { name fields { name } } } }')).toBe(1 + (1 + 1 + (1 + 1)));
    expect(cost('{ __typename }')).toBe(1);
  });
});

describe('the rows of lists without pages', () => {
  const types = Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith('__'))
    .filter((type): type is GraphQLObjectType | GraphQLInterfaceType => isObjectType(type) || isInterfaceType(type));
  const lists = types.flatMap((type) =>
    Object.values(type.getFields())
      .filter((field) => isListType(getNullableType(field.type)) && !field.args.some((arg) => arg.name === 'first'))
      // A connection's edges are its page.
      .filter((field) => !(field.name === 'edges' && 'pageInfo' in type.getFields()))
      .map((field) => `${type.name}.${field.name}`),
  );

  it('every list field of the schema has its rows, and every entry is a list field', () => {
    expect(lists.length).toBeGreaterThan(10);
    expect(lists.filter((coordinate) => !(coordinate in LIST_BOUNDS))).toEqual([]);
    expect(Object.keys(LIST_BOUNDS).filter((coordinate) => !lists.includes(coordinate))).toEqual([]);
  });
});

/** A value of the variable's type: Int at the largest page (100), the rest any valid value. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  if (isInputObjectType(type)) {
    const required = Object.values(type.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    return Object.fromEntries(required.map((field) => [field.name, sample(field.type)]));
  }
  if ('getValues' in type) return type.getValues()[0].value;
  const scalars: Record<string, unknown> = { Int: 100, Float: 1, Boolean: false, DateTime: '2026-01-01T00:00:00Z', Decimal: '1' };
  return type.name === 'Upload' ? new Upload() : (scalars[type.name] ?? 'VXNlcjox');
}

/**
 * The cost of an operation whose Int variables are 100, or, where a connection serves less (the
 * notifications, 60), at that connection's largest page: what the web may ask without a refusal.
 */
function pricedAtLargestPages(document: DocumentNode, name: string, variables: Record<string, unknown>): number {
  try {
    return operationCost(schema, document, name, variables);
  } catch (error) {
    if (!(error instanceof AppError) || error.extensions.reason !== 'PAGE_TOO_LARGE') throw error;
    const maxSize = error.extensions.maxSize as number;
    const lowered = Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, value === 100 ? maxSize : value]));
    return operationCost(schema, document, name, lowered);
  }
}

describe("the web app's queries fit under the limit", () => {
  const generated = path.resolve('web/src/__generated__');
  const artifacts = readdirSync(generated).filter((file) => file.endsWith('.graphql.ts'));

  it('every operation, with each Int variable at the largest page the server serves (100)', async () => {
    const costs: Record<string, number> = {};
    for (const file of artifacts) {
      const { default: node } = (await import(path.join(generated, file))) as {
        default: { params?: { name: string; text: string | null } };
      };
      if (!node.params?.text) continue;
      const document = parse(node.params.text);
      const variables: Record<string, unknown> = {};
      for (const definition of document.definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        for (const variable of definition.variableDefinitions ?? []) {
          const type = typeFromAST(schema, variable.type as never) as GraphQLInputType;
          // Required variables get a valid value, so that the operation is priced (invalid ones cost 0).
          if (isNonNullType(type) || JSON.stringify(variable.type).includes('"Int"'))
            variables[variable.variable.name.value] = sample(type);
        }
      }
      costs[node.params.name] = pricedAtLargestPages(document, node.params.name, variables);
    }
    // Guards against an empty or missing artifacts folder making this test vacuous.
    expect(Object.keys(costs).length).toBeGreaterThan(20);
    expect(Object.entries(costs).filter(([, value]) => value === 0)).toEqual([]);
    expect(Object.entries(costs).filter(([, value]) => value > MAX_QUERY_COST)).toEqual([]);
  });
});
