import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';

// Issue 37 item 1: tokens for every role, with read scopes checked on every field, and an admin's
// tokens limited to some études.

const CREATE = `mutation($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { token apiToken { id scopes groups { name } creator { email } } }
}`;
const REVOKE = 'mutation($id: ID!) { revokeApiToken(input: { id: $id }) { apiToken { id status } } }';
const LIST = '{ apiTokens(first: 100) { totalCount edges { node { id name creator { email } } } } }';
const REPORTS = '{ reports(first: 100) { totalCount edges { node { id bailiff { databaseId } } } } }';
const BILLS = '{ groupBills(first: 200) { totalCount edges { node { id databaseId } } } }';

let app: TestApp;
let admin: string;
let bailiff: string;
let secretary: string;
let bailiffId: number;
let bailiffGroupId: number;

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff, secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
  const row = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  bailiffId = row.id;
  bailiffGroupId = row.groupId!;
});

afterAll(async () => {
  await app?.stop();
});

/** POSTs a query to /graphql with a bearer token: status and parsed body. */
async function read(token: string, query: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: await response.json() };
}

async function createToken(session: string, input: Record<string, unknown>): Promise<{ token: string; id: string }> {
  const result = await gql(app.url, CREATE, { input }, session);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return { token: result.data.createApiToken.token, id: result.data.createApiToken.apiToken.id };
}

describe('a bailiff’s token', () => {
  it('sees only his constats and his étude’s bills, as his session does', async () => {
    const { token } = await createToken(bailiff, { name: 'Mon tableur', scopes: ['REPORTS', 'BILLING'] });
    const reports = await read(token, REPORTS);
    expect(reports.status).toBe(200);
    expect(reports.body.errors).toBeUndefined();
    expect(reports.body.data).toEqual((await gql(app.url, REPORTS, {}, bailiff)).data);
    const own = await app.services.db.report.count({ where: { bailiffId } });
    expect(reports.body.data.reports.totalCount).toBe(own);
    expect(own).toBeGreaterThan(0);
    expect(own).toBeLessThan(await app.services.db.report.count());
    for (const edge of reports.body.data.reports.edges) expect(edge.node.bailiff.databaseId).toBe(bailiffId);

    const bills = await read(token, BILLS);
    expect(bills.body.errors).toBeUndefined();
    const ofHisGroup = await app.services.db.groupBill.findMany({ where: { groupId: bailiffGroupId }, select: { id: true } });
    expect(ofHisGroup.length).toBeGreaterThan(0);
    expect(ofHisGroup.length).toBeLessThan(await app.services.db.groupBill.count());
    expect(bills.body.data.groupBills.edges.map((edge: any) => edge.node.databaseId).sort()).toEqual(
      ofHisGroup.map((bill) => bill.id).sort(),
    );
  });

  it('a field outside its scopes is refused whole, in French, naming the scope, before spending its budget', async () => {
    const { token } = await createToken(bailiff, { name: 'Constats seulement', scopes: ['REPORTS'] });
    const refused = await read(token, `{ reports(first: 1) { totalCount } groupBills(first: 1) { totalCount } }`);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.extensions?.cost).toBeUndefined();
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        message: 'Ce jeton d’API n’a pas la portée « Facturation des études » (BILLING) qu’exige le champ Query.groupBills.',
        extensions: expect.objectContaining({
          code: 'FORBIDDEN',
          reason: 'API_TOKEN_SCOPE',
          field: 'Query.groupBills',
          missingScopes: ['BILLING'],
        }),
      }),
    ]);
    // The same bill reached by its id, and the amounts on a constat, need BILLING too.
    const bill = await app.services.db.groupBill.findFirstOrThrow({ where: { groupId: bailiffGroupId } });
    const byNode = await read(token, `{ node(id: "${encodeGlobalID('GroupBill', bill.id)}") { ... on GroupBill { number } } }`);
    expect(byNode.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', missingScopes: ['BILLING'] });
    const amounts = await read(token, '{ reports(first: 1) { edges { node { billingAmounts { total } } } } }');
    expect(amounts.body.errors[0].extensions).toMatchObject({ field: 'Report.billingAmounts', missingScopes: ['BILLING'] });
    // What it holds still reads.
    expect((await read(token, '{ reports(first: 1) { totalCount } }')).body.errors).toBeUndefined();
  });

  it('may not hold a scope his role does not read, nor be limited to études', async () => {
    const beyond = await gql(app.url, CREATE, { input: { name: 'Trop', scopes: ['REPORTS', 'RETROCESSION'] } }, bailiff);
    expect(beyond.errors?.[0]).toMatchObject({
      message: 'Votre rôle ne permet pas de lire : Rétrocession des secrétaires.',
      extensions: { code: 'BAD_USER_INPUT', fields: { scopes: 'Votre rôle ne permet pas de lire : Rétrocession des secrétaires.' } },
    });
    const groupId = encodeGlobalID('Group', bailiffGroupId);
    const limited = await gql(app.url, CREATE, { input: { name: 'Étude', scopes: ['REPORTS'], groupIds: [groupId] } }, bailiff);
    expect(limited.errors?.[0]).toMatchObject({
      message: 'Seul un administrateur peut limiter un jeton d’API à certaines études.',
      extensions: { code: 'FORBIDDEN', reason: 'GROUP_LIMIT_ADMIN_ONLY' },
    });
    const secretaryBilling = await gql(app.url, CREATE, { input: { name: 'Factures', scopes: ['BILLING'] } }, secretary);
    expect(secretaryBilling.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { scopes: expect.any(String) } });
    expect(await app.services.db.apiToken.count({ where: { name: { in: ['Trop', 'Étude', 'Factures'] } } })).toBe(0);
  });

  it('dies when its creator’s role changes', async () => {
    const email = 'huissier.jeton@demo.fr';
    const user = await app.services.db.user.create({
      data: {
        role: 'BAILIFF',
        firstName: 'Jeton',
        lastName: 'Huissier',
        email,
        identity: 'huissier.jeton',
        passwordHash: (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).passwordHash,
        groupId: bailiffGroupId,
      },
    });
    const session = await loginToken(app.url, email, demo.bailiff.password);
    const { token } = await createToken(session, { name: 'Rôle', scopes: ['REPORTS'] });
    expect((await read(token, '{ reports(first: 1) { totalCount } }')).status).toBe(200);
    await app.services.db.user.update({ where: { id: user.id }, data: { role: 'SECRETARY' } });
    expect((await read(token, '{ reports(first: 1) { totalCount } }')).status).toBe(401);
  });
});

describe('an admin’s token limited to an étude', () => {
  it('sees the constats and bills of that étude only, and none of the office-wide fields', async () => {
    const { token, id } = await createToken(admin, {
      name: 'Étude Dubois',
      scopes: ['REPORTS', 'BILLING'],
      groupIds: [encodeGlobalID('Group', bailiffGroupId)],
    });
    const listed = await gql(app.url, `{ node(id: "${id}") { ... on ApiToken { scopes groups { databaseId } } } }`, {}, admin);
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.node).toEqual({ scopes: ['REPORTS', 'BILLING'], groups: [{ databaseId: bailiffGroupId }] });

    const reports = await read(token, '{ reports(first: 1) { totalCount } }');
    expect(reports.body.errors).toBeUndefined();
    const ofGroup = await app.services.db.report.count({ where: { bailiff: { groupId: bailiffGroupId } } });
    expect(reports.body.data.reports.totalCount).toBe(ofGroup);
    expect(ofGroup).toBeLessThan(await app.services.db.report.count());

    const aggregates = await read(token, '{ reportAggregates(groupBy: [GROUP]) { groupId reports } }');
    expect(aggregates.body.errors).toBeUndefined();
    expect(aggregates.body.data.reportAggregates).toEqual([{ groupId: encodeGlobalID('Group', bailiffGroupId), reports: ofGroup }]);

    const bills = await read(token, BILLS);
    const ofGroupBills = await app.services.db.groupBill.count({ where: { groupId: bailiffGroupId } });
    expect(bills.body.data.groupBills.totalCount).toBe(ofGroupBills);

    // A constat and a bill of another étude read as missing by their ids.
    const otherReport = await app.services.db.report.findFirstOrThrow({ where: { bailiff: { groupId: { not: bailiffGroupId } } } });
    const otherBill = await app.services.db.groupBill.findFirstOrThrow({ where: { groupId: { not: bailiffGroupId } } });
    const nodes = await read(
      token,
      `{ nodes(ids: ["${encodeGlobalID('Report', otherReport.id)}", "${encodeGlobalID('GroupBill', otherBill.id)}"]) { id } }`,
    );
    expect(nodes.body.data.nodes).toEqual([null, null]);

    const periodWide = await read(token, '{ billingPeriod(year: 2026, month: 1) { year } }');
    expect(periodWide.status).toBe(403);
    expect(periodWide.body.errors[0]).toMatchObject({
      message: 'Ce jeton d’API est limité à certaines études : le champ Query.billingPeriod ne lui est pas ouvert.',
      extensions: { code: 'FORBIDDEN', reason: 'API_TOKEN_FIELD' },
    });
  });

  it('holds only constats and billing', async () => {
    const refused = await gql(
      app.url,
      CREATE,
      { input: { name: 'Stats', scopes: ['STATISTICS'], groupIds: [encodeGlobalID('Group', bailiffGroupId)] } },
      admin,
    );
    expect(refused.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { scopes: expect.stringContaining('Statistiques') },
    });
  });
});

describe('hostile creation input', () => {
  it('an unknown scope, no scope, or no scopes field is refused in French and creates nothing', async () => {
    const before = await app.services.db.apiToken.count();
    const unknown = await gql(app.url, CREATE, { input: { name: 'x', scopes: ['EVERYTHING'] } }, admin);
    expect(unknown.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(unknown.errors?.[0].message).toMatch(/^Variable « \$input »/);
    const empty = await gql(app.url, CREATE, { input: { name: 'x', scopes: [] } }, admin);
    expect(empty.errors?.[0]).toMatchObject({ message: 'Veuillez choisir au moins une portée.', extensions: { code: 'BAD_USER_INPUT' } });
    const absent = await gql(app.url, CREATE, { input: { name: 'x' } }, admin);
    expect(absent.errors?.[0].message).toBe('Variable « $input » : champ « scopes » obligatoire manquant.');
    expect(await app.services.db.apiToken.count()).toBe(before);
  });

  it('groupIds of another kind of id, or of no étude, are refused', async () => {
    const report = await app.services.db.report.findFirstOrThrow();
    const otherKind = await gql(
      app.url,
      CREATE,
      { input: { name: 'x', scopes: ['REPORTS'], groupIds: [encodeGlobalID('Report', report.id)] } },
      admin,
    );
    expect(otherKind.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', reason: 'INVALID_ID' } });
    expect(otherKind.errors?.[0].message).toMatch(/^Identifiant d’un autre type d’objet/);
    const missing = await gql(
      app.url,
      CREATE,
      { input: { name: 'x', scopes: ['REPORTS'], groupIds: [encodeGlobalID('Group', 999_999)] } },
      admin,
    );
    expect(missing.errors?.[0]).toMatchObject({ message: 'Étude introuvable.', extensions: { code: 'BAD_USER_INPUT' } });
    const garbage = await gql(app.url, CREATE, { input: { name: 'x', scopes: ['REPORTS'], groupIds: ['%%%'] } }, admin);
    expect(garbage.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await app.services.db.apiToken.count({ where: { name: 'x' } })).toBe(0);
  });

  it('10 concurrent creations by a bailiff: 10 distinct working tokens, each audited', async () => {
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, index) => createToken(bailiff, { name: `Parallèle ${index}`, scopes: ['REPORTS'] })),
    );
    expect(new Set(created.map((token) => token.token)).size).toBe(10);
    const rows = await app.services.db.apiToken.findMany({ where: { name: { startsWith: 'Parallèle ' } } });
    expect(rows).toHaveLength(10);
    for (const row of rows)
      expect({ userId: row.userId, role: row.role, scopes: row.scopes }).toEqual({
        userId: bailiffId,
        role: 'BAILIFF',
        scopes: ['REPORTS'],
      });
    expect(
      await app.services.db.auditLog.count({ where: { action: 'api_token.create', entityId: { in: rows.map((row) => String(row.id)) } } }),
    ).toBe(10);
    for (const { token } of created) expect((await read(token, '{ reports(first: 1) { totalCount } }')).status).toBe(200);
  });
});

describe('managing one’s tokens', () => {
  it('a non-admin lists and revokes his own tokens only; an admin every token', async () => {
    const mine = await createToken(secretary, { name: 'Secrétaire', scopes: ['REPORTS', 'RETROCESSION'] });
    const adminToken = await createToken(admin, { name: 'Administrateur', scopes: ['STATISTICS'] });

    const secretaryList = (await gql(app.url, LIST, {}, secretary)).data!.apiTokens;
    expect(secretaryList.edges.map((edge: any) => edge.node.creator.email)).toEqual(
      Array(secretaryList.totalCount).fill(demo.secretary.email),
    );
    expect(secretaryList.edges.some((edge: any) => edge.node.id === mine.id)).toBe(true);
    const adminList = (await gql(app.url, LIST, {}, admin)).data!.apiTokens;
    expect(adminList.edges.some((edge: any) => edge.node.id === mine.id)).toBe(true);
    // Someone else's token reads as missing, by the list, by its id and to revocation.
    expect((await gql(app.url, `{ node(id: "${adminToken.id}") { id } }`, {}, secretary)).data!.node).toBeNull();
    const foreign = await gql(app.url, REVOKE, { id: adminToken.id }, secretary);
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Jeton d’API introuvable.', extensions: { code: 'NOT_FOUND' } });
    expect((await read(adminToken.token, '{ statistics(year: 2026) { reportCount } }')).status).toBe(200);

    expect((await gql(app.url, REVOKE, { id: mine.id }, secretary)).data!.revokeApiToken.apiToken.status).toBe('REVOKED');
    expect((await read(mine.token, '{ reports(first: 1) { totalCount } }')).status).toBe(401);
  });

  it('the scopes offered are those of the role', async () => {
    const choices = async (session: string) => (await gql(app.url, '{ apiTokenScopeChoices }', {}, session)).data!.apiTokenScopeChoices;
    expect(await choices(bailiff)).toEqual(['REPORTS', 'BILLING', 'NOTIFICATIONS', 'ABSENCES', 'ACCOUNTS']);
    expect(await choices(secretary)).toEqual(['REPORTS', 'RETROCESSION', 'NEWS', 'NOTIFICATIONS', 'ABSENCES', 'ACCOUNTS']);
    expect(await choices(admin)).toHaveLength(8);
  });
});
