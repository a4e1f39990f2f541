import { measureExecution } from '../../scripts/bench/execution.js';

// The bench's "GraphQL layer alone" figure: the executor walks a response held in memory with
// default resolvers. It must walk exactly the response it is given, or it measures something else.
const SDL = `
  type Query { reports(first: Int!): ReportConnection! }
  type ReportConnection { totalCount: Int! edges: [ReportEdge!]! }
  type ReportEdge { node: Report! }
  type Report { id: ID! name: String! amount: Decimal! }
  scalar Decimal
`;
const QUERY = 'query($first: Int!) { reports(first: $first) { totalCount edges { node { id name amount } } } }';
const data = {
  reports: {
    totalCount: 2,
    edges: [
      { node: { id: 'UmVwb3J0OjE=', name: 'Constat 1', amount: '12.30' } },
      { node: { id: 'UmVwb3J0OjI=', name: 'Constat 2', amount: '4.00' } },
    ],
  },
};

describe('measureExecution', () => {
  it('walks the given response and counts its fields', () => {
    const figure = measureExecution(SDL, { query: QUERY, variables: { first: 2 }, data }, { iterations: 5, rounds: 3 });
    // reports, totalCount, edges, 2 × (node + id, name, amount)
    expect(figure.fields).toBe(3 + 2 * 4);
    expect(figure.rounds).toHaveLength(3);
    expect(figure.medianMs).toBeGreaterThan(0);
  });

  it('refuses a response the query does not give back (a field the query does not ask for)', () => {
    const extra = { reports: { ...data.reports, pageInfo: { hasNextPage: false } } };
    expect(() => measureExecution(SDL, { query: QUERY, variables: { first: 2 }, data: extra }, { iterations: 1, rounds: 1 })).toThrow(
      'the in-memory execution does not give the response back',
    );
  });
});
