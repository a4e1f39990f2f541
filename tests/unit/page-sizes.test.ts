// Issue 37 item 6: a connection without `first` is priced at the page it serves, and a page past a
// connection's maximum is refused in French, naming the argument and the maximum, before anything runs.
import { GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from 'graphql';
import { operationCost } from '../../api/src/graphql/cost.js';
import { checkPageSizes, isConnectionField } from '../../api/src/graphql/page-sizes.js';
import { AppError } from '../../api/src/errors.js';
import { schema } from '../../api/src/server/schema.js';

const cost = (query: string, variables: Record<string, unknown> = {}) => operationCost(schema, parse(query), undefined, variables);

function refusal(query: string, variables: Record<string, unknown> = {}): AppError {
  try {
    cost(query, variables);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('page sizes', () => {
  it('every connection of the schema declares its default and its largest page', () => {
    const connections = Object.values(schema.getTypeMap())
      .filter((type): type is GraphQLObjectType => type instanceof GraphQLObjectType && !type.name.startsWith('__'))
      .flatMap((type) => Object.values(type.getFields()).filter(isConnectionField));
    expect(connections.length).toBeGreaterThan(15);
    for (const field of connections) {
      const size = field.extensions.pageSize;
      expect(size).toEqual({ defaultSize: expect.any(Number), maxSize: expect.any(Number) });
      expect(size!.defaultSize).toBeLessThanOrEqual(size!.maxSize);
    }
  });

  it('a schema with a connection declared without its sizes does not start', () => {
    const Query = new GraphQLObjectType({
      name: 'Query',
      fields: { things: { type: GraphQLString, args: { first: { type: GraphQLInt } } } },
    });
    expect(() => checkPageSizes(new GraphQLSchema({ query: Query }))).toThrow('Query.things');
  });

  it.each([
    ['reports: 10 by default', '{ reports { edges { node { id } } } }', 10],
    ['notifications: 10', '{ notifications { edges { node { id } } } }', 10],
    ['groupBills: 50', '{ groupBills { edges { node { id } } } }', 50],
    ['absences: 100', '{ absences(from: "2026-01-01", to: "2026-01-31") { edges { node { id } } } }', 100],
    ['users: 20 (Pothos’ default, stated)', '{ users { edges { node { id } } } }', 20],
  ])('a connection without first is priced at its own default page: %s', (_name, query, rows) => {
    expect(cost(query)).toBe(rows * (1 + (1 + (1 + 1))));
  });

  it.each([
    ['first literal', '{ reports(first: 101) { edges { node { id } } } }', {}, 'first', 100, 'reports'],
    ['first variable', 'query($n: Int) { reports(first: $n) { edges { node { id } } } }', { n: 1000 }, 'first', 100, 'reports'],
    ['last', '{ reports(last: 101) { edges { node { id } } } }', {}, 'last', 100, 'reports'],
    [
      'the largest Int',
      'query($n: Int) { notifications(first: $n) { edges { node { id } } } }',
      { n: 2 ** 31 - 1 },
      'first',
      60,
      'notifications',
    ],
    ['a variable default', 'query($n: Int = 201) { groupBills(first: $n) { edges { node { id } } } }', {}, 'first', 200, 'groupBills'],
    [
      'a nested connection',
      '{ groups(first: 1) { edges { node { members(first: 101) { edges { node { id } } } } } } }',
      {},
      'first',
      100,
      'Group.members',
    ],
  ])('a page past the maximum is refused, naming the argument and the maximum: %s', (_name, query, variables, argument, maxSize, list) => {
    const error = refusal(query, variables);
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.message).toBe(`Page trop grande : ${argument} vaut au plus ${maxSize} pour ${list}.`);
    expect(error.extensions).toMatchObject({ reason: 'PAGE_TOO_LARGE', argument, maxSize });
  });

  it('the maximum itself, 0 and null are served (null is the default page)', () => {
    expect(cost('{ reports(first: 100) { edges { node { id } } } }')).toBe(100 * 4);
    expect(cost('{ absences(from: "2026-01-01", to: "2026-01-31", first: 500) { edges { node { id } } } }')).toBe(500 * 4);
    expect(cost('{ reports(first: 0) { edges { node { id } } } }')).toBe(4);
    expect(cost('query($n: Int) { reports(first: $n) { edges { node { id } } } }', { n: null })).toBe(10 * 4);
  });
});
