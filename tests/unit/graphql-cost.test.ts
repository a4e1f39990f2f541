// The query cost limit counts the rows a query asks for, literal or through variables, so a page
// size passed as a variable can no longer slip past it; and every query of the web app, at the
// server's largest page (100), stays under the limit.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { DEFAULT_PAGE_SIZE, MAX_QUERY_COST, operationCost } from '../../api/src/graphql/cost.js';
import { MAX_LIST_ITEMS } from '../../api/src/lib/list-limits.js';

const cost = (query: string, variables: Record<string, unknown> = {}) => operationCost(parse(query), undefined, variables);

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
    ['a connection without first gets the default page', '{ reports { edges { node { id } } } }', {}, DEFAULT_PAGE_SIZE * 4],
    [
      'a missing variable falls back to the default page of a connection',
      'query($n: Int) { reports(first: $n) { edges { node { id } } } }',
      {},
      DEFAULT_PAGE_SIZE * 4,
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
    expect(operationCost(document, 'Small')).toBe(2);
    expect(operationCost(document, 'Big')).toBe(400);
  });

  it('refuses nested pages an attacker would pass as variables', () => {
    const nested =
      'query($a: Int, $b: Int) { groups(first: $a) { edges { node { members(first: $b) { edges { node { id firstName lastName } } } } } } }';
    expect(cost(nested, { a: 100, b: 100 })).toBeGreaterThan(MAX_QUERY_COST);
  });
});

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
          if (JSON.stringify(variable.type).includes('"Int"')) variables[variable.variable.name.value] = 100;
        }
      }
      costs[node.params.name] = operationCost(document, node.params.name, variables);
    }
    // Guards against an empty or missing artifacts folder making this test vacuous.
    expect(Object.keys(costs).length).toBeGreaterThan(20);
    expect(Object.entries(costs).filter(([, value]) => value > MAX_QUERY_COST)).toEqual([]);
  });
});
