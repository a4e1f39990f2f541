// Issue 37 item 6: the actual cost of an answer, priced like the request but at the rows really answered.
import { parse } from 'graphql';
import { answeredCost } from '../../api/src/graphql/answered-cost.js';
import { operationCost } from '../../api/src/graphql/cost.js';
import { schema } from '../../api/src/server/schema.js';

const requested = (query: string, variables: Record<string, unknown> = {}) => operationCost(schema, parse(query), undefined, variables);
const actual = (query: string, data: unknown, variables: Record<string, unknown> = {}) =>
  answeredCost(schema, parse(query), undefined, variables, data, requested(query, variables));

const edges = (count: number, node: Record<string, unknown> = { id: 'x', name: 'n' }) => Array.from({ length: count }, () => ({ node }));
const PAGE = '{ reports(first: 100) { totalCount edges { node { id name } } } }';

describe('answeredCost', () => {
  it('a full page costs what was requested', () => {
    expect(actual(PAGE, { reports: { totalCount: 250, edges: edges(100) } })).toBe(requested(PAGE));
  });

  it('a page that held 7 rows of the 100 asked costs 7 rows', () => {
    expect(requested(PAGE)).toBe(100 * (1 + 1 + (1 + (1 + 2))));
    expect(actual(PAGE, { reports: { totalCount: 7, edges: edges(7) } })).toBe(7 * (1 + 1 + (1 + (1 + 2))));
  });

  it('an empty page, a null field and no data at all', () => {
    expect(actual(PAGE, { reports: { totalCount: 0, edges: [] } })).toBe(1 + 1 + 1);
    expect(actual(PAGE, { reports: null })).toBe(1);
    expect(actual(PAGE, null)).toBe(0);
    expect(actual(PAGE, undefined)).toBe(0);
  });

  it('each alias by its own answer, a variable page like a literal one', () => {
    const query = 'query($n: Int) { a: reports(first: $n) { edges { node { id } } } b: reports(first: 3) { edges { node { id } } } }';
    const data = { a: { edges: edges(2, { id: '1' }) }, b: { edges: edges(3, { id: '1' }) } };
    expect(actual(query, data, { n: 50 })).toBe(2 * 4 + 3 * 4);
  });

  it('edges asked under an alias, or twice, count their rows all the same', () => {
    const aliased = '{ reports(first: 100) { e: edges { node { id } } f: edges { node { id } } } }';
    const data = { reports: { e: edges(40, { id: '1' }), f: edges(40, { id: '1' }) } };
    expect(actual(aliased, data)).toBe(40 * (1 + 2 * (1 + (1 + 1))));
    expect(actual(aliased, data)).toBe((requested(aliased) / 100) * 40);
  });

  it('nested pages multiply by what each really held', () => {
    const query = '{ groups(first: 10) { edges { node { members(first: 10) { edges { node { id } } } } } } }';
    const group = (members: number) => ({ node: { members: { edges: edges(members, { id: 'u' }) } } });
    // The costliest group's edge is paid for each group, as the request pays its page for each.
    expect(actual(query, { groups: { edges: [group(2), group(5)] } })).toBe(2 * (1 + (1 + (1 + 5 * 4))));
    expect(requested(query)).toBe(10 * (1 + (1 + (1 + 10 * 4))));
  });

  it('fields of a fragment merge with the same fields asked elsewhere; a fragment on another type costs nothing', () => {
    const query =
      'query($id: ID!) { node(id: $id) { id ... on Report { id name } ... on User { email firstName lastName } ...R } } fragment R on Report { status }';
    expect(actual(query, { node: { id: 'r', name: 'n', status: 'EC' } }, { id: 'UmVwb3J0OjE=' })).toBe(1 + 3);
  });

  it('lists without pages cost the rows answered', () => {
    const query = '{ peopleChoices(role: BAILIFF) { id fullName } }';
    expect(
      actual(query, {
        peopleChoices: [
          { id: '1', fullName: 'A' },
          { id: '2', fullName: 'B' },
        ],
      }),
    ).toBe(2 * 3);
    expect(actual(query, { peopleChoices: [] })).toBe(1);
    // An item of a list argument costs 1, answered or not.
    const byId = '{ nodes(ids: ["VXNlcjox", "VXNlcjoy"]) { id } }';
    expect(actual(byId, { nodes: [{ id: 'VXNlcjox' }, null] })).toBe(2 + (1 + 1) + 1);
    expect(requested(byId)).toBe(2 + 2 * (1 + 1));
  });

  it('is never more than requested', () => {
    // 101 rows answered where 100 were asked: still the requested figure.
    expect(actual(PAGE, { reports: { totalCount: 101, edges: edges(101) } })).toBe(requested(PAGE));
  });
});
