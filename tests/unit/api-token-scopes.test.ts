import { getNamedType, getOperationAST, isInterfaceType, isObjectType, parse, type GraphQLNamedType } from 'graphql';
import type { TokenGrant } from '../../api/src/context.js';
import {
  FIELD_SCOPES,
  grantReads,
  listRefusal,
  scopeRefusal,
  scopeRefusalMessage,
  TYPE_SCOPES,
} from '../../api/src/modules/apiTokens/scopes.js';
import { schema } from '../../api/src/server/schema.js';

// Issue 37 item 1: a token's scopes are checked on every field; the table must cover the schema.

const isFrame = (name: string) => /(Connection|ConnectionEdge|Edge)$/.test(name);

/** Every object type a query or a subscription can reach from its root, through fields and the Node interface. */
function reachableFromQuery(): Set<string> {
  const seen = new Set<string>();
  const queue: GraphQLNamedType[] = [schema.getQueryType()!, schema.getSubscriptionType()!];
  while (queue.length > 0) {
    const type = queue.pop()!;
    if (seen.has(type.name)) continue;
    seen.add(type.name);
    if (isInterfaceType(type)) queue.push(...schema.getPossibleTypes(type));
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) queue.push(getNamedType(field.type));
    }
  }
  return new Set([...seen].filter((name) => isObjectType(schema.getType(name)) && !name.startsWith('__')));
}

const refusal = (query: string, grant: TokenGrant) => {
  const document = parse(query);
  return scopeRefusal(schema, document, getOperationAST(document)!, grant);
};

describe('the scope table covers the schema', () => {
  it('every object type a query reaches has a scope, or is a page frame', () => {
    const undeclared = [...reachableFromQuery()].filter((name) => !(name in TYPE_SCOPES) && !isFrame(name));
    expect(undeclared).toEqual([]);
  });

  it('every root field is declared, live events included', () => {
    const roots = [schema.getQueryType()!, schema.getSubscriptionType()!];
    const undeclared = roots.flatMap((root) =>
      Object.keys(root.getFields())
        .map((name) => `${root.name}.${name}`)
        .filter((field) => !(field in FIELD_SCOPES)),
    );
    expect(undeclared).toEqual([]);
  });

  it('every node type has a scope: node(id:) reaches it from a free field', () => {
    const free = schema
      .getPossibleTypes(schema.getType('Node') as never)
      .map((type) => type.name)
      .filter((name) => !TYPE_SCOPES[name]);
    expect(free).toEqual([]);
  });

  it('the table names only real types and fields', () => {
    for (const key of Object.keys(FIELD_SCOPES)) {
      const [typeName, fieldName] = key.split('.');
      const type = schema.getType(typeName);
      expect({ key, exists: isObjectType(type) && fieldName in type.getFields() }).toEqual({ key, exists: true });
    }
    for (const typeName of Object.keys(TYPE_SCOPES))
      expect({ typeName, exists: !!schema.getType(typeName) }).toEqual({ typeName, exists: true });
  });
});

describe('a query against a token’s grant', () => {
  const reports: TokenGrant = { scopes: ['REPORTS'], groupIds: null };

  it('a field within the scopes passes, pages and ids included', () => {
    expect(
      refusal('{ reports(first: 5) { totalCount pageInfo { hasNextPage } edges { cursor node { id name status } } } }', reports),
    ).toBeNull();
  });

  it('a root field of another scope is refused, naming the scope', () => {
    const refused = refusal('{ reports(first: 1) { totalCount } groupBills(first: 1) { totalCount } }', reports)!;
    expect(refused).toEqual({ reason: 'MISSING_SCOPE', field: 'Query.groupBills', missing: ['BILLING'] });
    expect(scopeRefusalMessage(refused)).toBe(
      'Ce jeton d’API n’a pas la portée « Facturation des études » (BILLING) qu’exige le champ Query.groupBills.',
    );
  });

  it('amounts on a constat need their own scope besides the constat’s', () => {
    expect(refusal('{ reports(first: 1) { edges { node { billingAmounts { total } } } } }', reports)).toMatchObject({
      field: 'Report.billingAmounts',
      missing: ['BILLING'],
    });
    expect(
      refusal('{ reports(first: 1) { edges { node { billingAmounts { total } } } } }', { scopes: ['BILLING'], groupIds: null }),
    ).toMatchObject({
      field: 'Query.reports',
      missing: ['REPORTS'],
    });
  });

  it('fields reached through node(id:) and named fragments are checked too', () => {
    expect(refusal('{ node(id: "x") { id ... on GroupBill { number } } }', reports)).toMatchObject({ field: 'GroupBill.number' });
    expect(refusal('query { node(id: "x") { ...bill } } fragment bill on GroupBill { number }', reports)).toMatchObject({
      field: 'GroupBill.number',
    });
    expect(refusal('{ node(id: "x") { id __typename ... on Report { name } } }', reports)).toBeNull();
  });

  it('a person’s name is free, the rest of his account needs ACCOUNTS', () => {
    expect(refusal('{ reports(first: 1) { edges { node { bailiff { id firstName lastName } } } } }', reports)).toBeNull();
    expect(refusal('{ reports(first: 1) { edges { node { bailiff { email } } } } }', reports)).toMatchObject({
      field: 'User.email',
      missing: ['ACCOUNTS'],
    });
  });

  it('an étude-limited token calls only the root fields its limit narrows', () => {
    const limited: TokenGrant = { scopes: ['REPORTS', 'BILLING'], groupIds: [1] };
    expect(refusal('{ reports(first: 1) { totalCount } groupBills(first: 1) { totalCount } }', limited)).toBeNull();
    const refused = refusal('{ billingPeriod(year: 2026, month: 1) { year } }', limited)!;
    expect(refused).toEqual({ reason: 'GROUP_LIMITED', field: 'Query.billingPeriod' });
    expect(scopeRefusalMessage(refused)).toBe(
      'Ce jeton d’API est limité à certaines études : le champ Query.billingPeriod ne lui est pas ouvert.',
    );
  });

  it('a subscription is held to the scopes as a query is', () => {
    expect(refusal('subscription { reportChanged { reportId report { name } } }', reports)).toBeNull();
    expect(refusal('subscription { notificationAdded { kind } }', reports)).toEqual({
      reason: 'MISSING_SCOPE',
      field: 'Subscription.notificationAdded',
      missing: ['NOTIFICATIONS'],
    });
    expect(refusal('subscription { reportChanged { report { billingAmounts { total } } } }', reports)).toMatchObject({
      field: 'Report.billingAmounts',
      missing: ['BILLING'],
    });
  });

  it('an étude-limited token follows constats’ changes only: billing events tell of every étude', () => {
    const limited: TokenGrant = { scopes: ['REPORTS', 'BILLING'], groupIds: [1] };
    expect(refusal('subscription { reportChanged { reportId } }', limited)).toBeNull();
    expect(refusal('subscription { billingChanged { year } }', limited)).toEqual({
      reason: 'GROUP_LIMITED',
      field: 'Subscription.billingChanged',
    });
  });
});

describe('a list read outside GraphQL (the CSV exports) against a token’s grant', () => {
  it('needs its root field’s scope and its rows’ type’s', () => {
    const reports: TokenGrant = { scopes: ['REPORTS'], groupIds: null };
    expect(listRefusal(reports, 'reports', 'Report')).toBeNull();
    expect(listRefusal(reports, 'retrocession', 'Report')).toEqual({
      reason: 'MISSING_SCOPE',
      field: 'Query.retrocession',
      missing: ['RETROCESSION'],
    });
    expect(listRefusal({ scopes: ['BILLING'], groupIds: null }, 'billingPeriod', 'Report')).toEqual({
      reason: 'MISSING_SCOPE',
      field: 'Query.billingPeriod',
      missing: ['REPORTS'],
    });
    expect(listRefusal({ scopes: ['STATISTICS'], groupIds: null }, 'retrocession', 'Report')!).toMatchObject({
      missing: ['RETROCESSION', 'REPORTS'],
    });
  });

  it('an étude-limited token reads only the root fields its limit narrows', () => {
    const limited: TokenGrant = { scopes: ['REPORTS', 'BILLING'], groupIds: [1] };
    expect(listRefusal(limited, 'reports', 'Report')).toBeNull();
    expect(listRefusal(limited, 'billingPeriod', 'Report')).toEqual({ reason: 'GROUP_LIMITED', field: 'Query.billingPeriod' });
  });

  it('names what is refused: the field by default, or the subject given', () => {
    const refused = listRefusal({ scopes: ['NEWS'], groupIds: null }, 'reports', 'Report')!;
    expect(scopeRefusalMessage(refused)).toBe('Ce jeton d’API n’a pas la portée « Constats » (REPORTS) qu’exige le champ Query.reports.');
    expect(scopeRefusalMessage(refused, 'l’export CSV des constats')).toBe(
      'Ce jeton d’API n’a pas la portée « Constats » (REPORTS) qu’exige l’export CSV des constats.',
    );
  });

  it('a grant reads a constat’s amounts with their own scope; a session (no grant) always', () => {
    const reports: TokenGrant = { scopes: ['REPORTS'], groupIds: null };
    expect(grantReads(reports, 'Report', 'billingAmounts')).toBe(false);
    expect(grantReads({ scopes: ['REPORTS', 'BILLING'], groupIds: null }, 'Report', 'billingAmounts')).toBe(true);
    expect(grantReads({ scopes: ['REPORTS', 'BILLING'], groupIds: null }, 'Report', 'retrocessionAmounts')).toBe(false);
    expect(grantReads(undefined, 'Report', 'retrocessionAmounts')).toBe(true);
  });
});
