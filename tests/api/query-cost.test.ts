// The query cost limit on the real server: page sizes passed as variables count (graphql-armor's
// rule ran before variables were known and let them through), and so do what the query text leaves
// to the server: variable defaults, edges selected through fragments, lists without pages.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { MAX_QUERY_COST, operationCost } from '../../api/src/graphql/cost.js';
import { schema } from '../../api/src/server/schema.js';
import { sourceOf } from '../../api/src/http/graphql-documents.js';
import { REPORTS_PAGE } from '../../api/src/modules/reports/rest-documents.js';
import { parse } from 'graphql';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest, type GraphQLResponse } from '../support/http.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

const NESTED = `query($groups: Int, $members: Int) {
  groups(first: $groups) { edges { node { name members(first: $members) { edges { node { firstName lastName } } } } } }
}`;

describe('query cost limit', () => {
  it('refuses nested pages asked through variables, with a French message and no data', async () => {
    const result = await gql(app.url, NESTED, { groups: 100, members: 100 }, admin);
    expect(result.data ?? null).toBeNull();
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: 'Requête trop volumineuse : demandez moins de lignes à la fois.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
  });

  it('serves the same query with reasonable page sizes', async () => {
    const result = await gql(app.url, NESTED, { groups: 10, members: 10 }, admin);
    expect(result.errors).toBeUndefined();
    expect(result.data?.groups.edges.length).toBeGreaterThan(0);
  });
});

const refusedForItsCost = (result: GraphQLResponse) => {
  expect(result.data ?? null).toBeNull();
  expect(result.errors).toEqual([
    expect.objectContaining({
      message: 'Requête trop volumineuse : demandez moins de lignes à la fois.',
      extensions: expect.objectContaining({
        code: 'BAD_USER_INPUT',
        reason: 'QUERY_COST',
        cost: { requested: expect.any(Number), limit: MAX_QUERY_COST },
      }),
    }),
  ]);
  // By how much: what the query would cost, over the limit.
  expect((result.errors![0].extensions as { cost: { requested: number } }).cost.requested).toBeGreaterThan(MAX_QUERY_COST);
};

// 27 fields of a constat: one alias cost 30 when its page was taken for one row.
const CONSTAT = `id databaseId name status createdAt updatedAt alert delayHours isArchived invoiced awaitingSecretary
  countPagesProvisional countPhotosProvisional countPagesRetrocession countPhotosRetrocession countPagesBilling countPhotosBilling
  retrocessionComment unreadCommentCount lastStatusChange returnedAt bailiff { id } secretary { id } viewerCan { archive }`;
const aliases = (field: string) => Array.from({ length: 15 }, (_, n) => `a${n}: ${field}`).join(' ');

describe('what the query text leaves to the server is priced too', () => {
  it('a page size in a variable default: 15 aliases × 100 constats through a fragment are refused, 15 × 2 served', async () => {
    const query = `query($n: Int = 100) { ${aliases('reports(first: $n) { ...Rows }')} }
      fragment Rows on QueryReportsConnection { edges { node { ${CONSTAT} } } }`;
    refusedForItsCost(await gql(app.url, query, {}, admin));
    const small = await gql(app.url, query, { n: 2 }, admin);
    expect(small.errors).toBeUndefined();
    expect(small.data?.a14.edges.length).toBeGreaterThan(0);
  });

  it("edges in an inline fragment get the connection's page, as edges selected directly do", async () => {
    const direct = (page: string) => `{ ${aliases(`reports${page} { edges { node { ${CONSTAT} } } }`)} }`;
    const inline = (page: string) => `{ ${aliases(`reports${page} { ... on QueryReportsConnection { edges { node { ${CONSTAT} } } } }`)} }`;
    refusedForItsCost(await gql(app.url, direct('(first: 100)'), {}, admin));
    refusedForItsCost(await gql(app.url, inline('(first: 100)'), {}, admin));
    // Without first, the default page the list serves (10 constats), priced the same both ways.
    const [plain, fragment] = await Promise.all([gql(app.url, direct(''), {}, admin), gql(app.url, inline(''), {}, admin)]);
    expect(plain.errors).toBeUndefined();
    expect((plain.data as any).a0.edges).toHaveLength(10);
    expect((fragment as any).extensions.cost.requested).toBe((plain as any).extensions.cost.requested);
  });

  it('list defaults: more than 1,000 ids refused as a list too long, 1,000 constats by id refused for their cost', async () => {
    const ids = (count: number) => Array.from({ length: count }, (_, n) => JSON.stringify(encodeGlobalID('Report', n + 1))).join(',');
    const tooLong = await gql(app.url, `query($ids: [ID!]! = [${ids(1001)}]) { nodes(ids: $ids) { id } }`, {}, admin);
    expect(tooLong.data ?? null).toBeNull();
    expect(tooLong.errors).toEqual([
      expect.objectContaining({
        message: 'Liste trop longue : 1000 éléments au plus.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', reason: 'LIST_TOO_LONG' }),
      }),
    ]);
    const selection = '{ id ... on Report { name status bailiff { firstName lastName } deposited { files { name url } } } }';
    refusedForItsCost(await gql(app.url, `query($ids: [ID!]! = [${ids(1000)}]) { nodes(ids: $ids) ${selection} }`, {}, admin));
    const few = await gql(app.url, `query($ids: [ID!]! = [${ids(3)}]) { nodes(ids: $ids) ${selection} }`, {}, admin);
    expect(few.errors).toBeUndefined();
    expect(few.data?.nodes).toHaveLength(3);
  });

  it('lists without pages cost their rows: 15 selectors of up to 1,000 études are refused, one is served', async () => {
    refusedForItsCost(await gql(app.url, `{ ${aliases('groupChoices { id name city email }')} }`, {}, admin));
    refusedForItsCost(await gql(app.url, `{ ${aliases('peopleChoices(role: SECRETARY) { id firstName lastName email }')} }`, {}, admin));
    const one = await gql(app.url, '{ groupChoices { id name city email } }', {}, admin);
    expect(one.errors).toBeUndefined();
    expect(one.data?.groupChoices.length).toBeGreaterThan(0);
  });

  it("a constat's files and comments cost their ceilings (1,000 a side, 200): 15 constats by id with them are refused", async () => {
    const [report] = await app.services.db.report.findMany({ take: 1, select: { id: true } });
    const id = JSON.stringify(encodeGlobalID('Report', report.id));
    const selection = `node(id: ${id}) { ... on Report { deposited { files { id name url } } comments { id body } } }`;
    refusedForItsCost(await gql(app.url, `{ ${aliases(selection)} }`, {}, admin));
    const one = await gql(app.url, `{ ${selection} }`, {}, admin);
    expect(one.errors).toBeUndefined();
    expect(one.data?.node.deposited.files.length).toBeGreaterThan(0);
  });

  it('reportAggregates costs the rows it may answer (maxRows, 1,000 by default): 15 by bailiff refused, 15 of 50 rows served', async () => {
    refusedForItsCost(await gql(app.url, `{ ${aliases('reportAggregates(groupBy: [BAILIFF]) { reports pagesBilling }')} }`, {}, admin));
    const bounded = await gql(
      app.url,
      `{ ${aliases('reportAggregates(groupBy: [BAILIFF], maxRows: 50) { reports pagesBilling }')} }`,
      {},
      admin,
    );
    expect(bounded.errors).toBeUndefined();
    expect(bounded.data?.a14.length).toBeGreaterThan(0);
  });
});

describe('operations the server writes (REST shims)', () => {
  it('the legacy list of 100 constats, every file and comment of each, is served; the same query from a client is refused', async () => {
    // The page get_all?page=&limit= reads (its filter left out).
    const query = sourceOf(REPORTS_PAGE);
    // Priced at the ceilings of files and comments, the legacy shape is far beyond what a client may ask at once.
    expect(operationCost(schema, parse(query), undefined, { first: 100 })).toBeGreaterThan(10 * MAX_QUERY_COST);
    refusedForItsCost(await gql(app.url, query, { first: 100 }, admin));
    const legacy = await rest(app.url, 'GET', '/api/v1/report/get_all?page=1&limit=100', { token: admin });
    expect(legacy.status).toBe(200);
    expect(legacy.body.reports.length).toBeGreaterThan(0);
    expect(legacy.body.reports[0]).toHaveProperty('deposited_items');
  });
});

// graphql-armor's depth limit (12) counts fields, whether they are written inline or through
// fragments: a fragment neither adds levels (Relay's screens and the REST shims share fragments)
// nor hides them.
describe('query depth limit', () => {
  /** Four levels: a user's étude, its first member. */
  const throughGroup = (inner: string) => `group { members(first: 1) { edges { node { ${inner} } } } }`;
  const inline = (leaf: string) => `query { users(first: 1) { edges { node { ${throughGroup(throughGroup(leaf))} } } } }`;
  const throughFragments = (leaf: string) => `query { users(first: 1) { edges { node { ...Outer } } } }
    fragment Outer on User { ${throughGroup('...Middle')} }
    fragment Middle on User { ${throughGroup('... on User { ...Leaf }')} }
    fragment Leaf on User { ${leaf} }`;
  const depthRefusal = expect.objectContaining({
    message: 'Requête trop profonde : 12 niveaux de champs au plus, 13 demandés.',
    extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', reason: 'QUERY_DEPTH' }),
  });

  it.each([
    ['inline', inline],
    ['through fragments', throughFragments],
  ])('accepts 12 levels and refuses 13, %s', async (_how, operation) => {
    const twelve = await gql(app.url, operation('fullName'), {}, admin);
    expect(twelve.errors).toBeUndefined();
    expect(twelve.data!.users.edges).toHaveLength(1);
    const thirteen = await gql(app.url, operation('group { name }'), {}, admin);
    expect(thirteen.data ?? null).toBeNull();
    expect(thirteen.errors).toEqual([depthRefusal]);
  });
});
