// Every billing, rétrocession and statistics operation × every kind of caller, from one table, through
// the real server (GraphQL and the legacy REST shims); then the lists' SQL statement counts (no N+1).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest, type GraphQLResponse } from '../support/http.js';
import { requestStatements } from '../support/statements.js';
import { gqlUpload, samplePdf } from '../support/upload.js';

type Actor = 'anonymous' | 'admin' | 'bailiff' | 'secretary';
const ACTORS: Actor[] = ['anonymous', 'admin', 'bailiff', 'secretary'];

interface Operation {
  name: string;
  allowed: Actor[];
  run: (token: string | undefined) => Promise<GraphQLResponse>;
}

let app: TestApp;
const tokens: Partial<Record<Actor, string>> = {};
const ids = { bailiffGroup: 0, otherGroup: 0, secretary: 0, otherSecretary: 0, ownBill: 0, otherBill: 0, secretaryBill: 0 };
let sequence = 0;

const gid = (type: string, id: number) => encodeGlobalID(type, id);
const op =
  (query: string, variables: Record<string, unknown> = {}) =>
  (token?: string) =>
    gql(app.url, query, variables, token);
const mutation =
  (name: string, inputType: string, input: () => Promise<Record<string, unknown>> | Record<string, unknown>) => async (token?: string) =>
    gql(app.url, `mutation($input: ${inputType}!) { ${name}(input: $input) { message } }`, { input: await input() }, token);

/** A node read: refused reads come back as a null node (or an error), never as data. */
const read =
  (id: () => string) =>
  async (token?: string): Promise<GraphQLResponse> => {
    const result = await gql(app.url, 'query($id: ID!) { node(id: $id) { id } }', { id: id() }, token);
    return result.data?.node ? result : { errors: result.errors ?? [{ message: 'absent', extensions: { code: 'NOT_FOUND' } }] };
  };

const CODES: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };
/** A legacy call as an outcome: 2xx allowed, otherwise the status's code. */
const legacy =
  (method: 'GET' | 'POST', route: () => string, body?: () => Record<string, unknown>) =>
  async (token?: string): Promise<GraphQLResponse> => {
    const response = await rest(app.url, method, route(), { ...(body && { json: body() }), token });
    if (response.status < 300) return { data: response.body };
    return {
      errors: [{ message: String(response.body?.message), extensions: { code: CODES[response.status] ?? `HTTP_${response.status}` } }],
    };
  };

/** A fresh étude with one counted constat of this month: something to bill. */
async function billableGroup() {
  const db = app.services.db;
  sequence += 1;
  const group = await db.group.create({
    data: {
      name: `Étude matrice ${sequence}`,
      siret: '41234567800012',
      telephone: '0478000000',
      email: `matrice-${sequence}@etude.test`,
      address: '1 place Bellecour',
      zip: '69002',
      city: 'Lyon',
      pricePage: '2',
      pricePhoto: '1',
    },
  });
  const bailiff = await db.user.create({
    data: {
      role: 'BAILIFF',
      firstName: 'Maître',
      lastName: `Matrice ${sequence}`,
      email: `matrice-${sequence}@huissier.test`,
      identity: `matrice.${sequence}`,
      passwordHash: 'x',
      groupId: group.id,
    },
  });
  const report = await db.report.create({
    data: { name: 'Constat à facturer', bailiffId: bailiff.id, status: 'TE', countPagesBilling: 4, countPhotosBilling: 2 },
  });
  return { groupId: gid('Group', group.id), reports: [{ reportId: gid('Report', report.id), discount: 0 }] };
}

const OPERATIONS: Operation[] = [
  { name: 'groupBills (list)', allowed: ['admin', 'bailiff'], run: op('query { groupBills(first: 5) { totalCount } }') },
  { name: 'node: a bill of the bailiff’s étude', allowed: ['admin', 'bailiff'], run: read(() => gid('GroupBill', ids.ownBill)) },
  { name: 'node: a bill of another étude', allowed: ['admin'], run: read(() => gid('GroupBill', ids.otherBill)) },
  { name: 'billingPeriod', allowed: ['admin'], run: op('query { billingPeriod(year: 2026, month: 1) { isCurrent } }') },
  { name: 'availableGroupsForBilling', allowed: ['admin'], run: op('query { availableGroupsForBilling { billableReportCount } }') },
  {
    // Even his own étude's row: the Facturation screen is the admins'.
    name: 'billingGroup: the bailiff’s étude',
    allowed: ['admin'],
    run: (token) =>
      gql(
        app.url,
        'query($groupId: ID!) { billingGroup(groupId: $groupId, year: 2026, month: 1) { billableReportCount } }',
        { groupId: gid('Group', ids.bailiffGroup) },
        token,
      ),
  },
  { name: 'nextGroupBillNumber', allowed: ['admin'], run: op('query { nextGroupBillNumber }') },
  { name: 'generateGroupBill', allowed: ['admin'], run: mutation('generateGroupBill', 'GenerateGroupBillInput', billableGroup) },
  {
    name: 'sendGroupBill',
    allowed: ['admin'],
    run: mutation('sendGroupBill', 'SendGroupBillInput', () => ({ billId: gid('GroupBill', ids.ownBill) })),
  },
  {
    name: 'setGroupBillPaid',
    allowed: ['admin'],
    run: mutation('setGroupBillPaid', 'SetGroupBillPaidInput', () => ({ billId: gid('GroupBill', ids.ownBill), isPaid: true })),
  },
  { name: 'secretaryBills (list)', allowed: ['admin', 'secretary'], run: op('query { secretaryBills(first: 5) { totalCount } }') },
  { name: 'node: the secretary’s bill', allowed: ['admin', 'secretary'], run: read(() => gid('SecretaryBill', ids.secretaryBill)) },
  {
    name: 'uploadSecretaryBill',
    allowed: ['secretary'],
    run: (token) =>
      gqlUpload(
        app.url,
        'mutation($input: UploadSecretaryBillInput!) { uploadSecretaryBill(input: $input) { message } }',
        { input: { file: null, year: 2002, month: (sequence++ % 12) + 1 } },
        [{ path: 'input.file', name: 'facture.pdf', content: samplePdf() }],
        token,
      ),
  },
  {
    name: 'removeSecretaryBill',
    allowed: ['admin'],
    run: mutation('removeSecretaryBill', 'RemoveSecretaryBillInput', async () => {
      sequence += 1;
      const bill = await app.services.db.secretaryBill.create({
        data: {
          secretaryId: ids.secretary,
          year: 2003,
          month: 1 + (sequence % 12),
          number: `matrix-${sequence}-${Date.now()}`,
          pricePage: '1',
          pricePhoto: '0.3',
          storageKey: `secretary-bills/matrix/${sequence}.pdf`,
          originalName: 'f.pdf',
          size: 10,
          mimeType: 'application/pdf',
        },
      });
      return { billId: gid('SecretaryBill', bill.id) };
    }),
  },
  {
    name: 'retrocession',
    allowed: ['admin', 'secretary'],
    run: op('query { retrocession(filter: { year: 2026 }) { totals { reports } } }'),
  },
  { name: 'statistics', allowed: ['admin'], run: op('query { statistics(year: 2026, month: -1) { reportCount } }') },
  {
    name: 'REST GET billing/get_all_bailiff',
    allowed: ['admin', 'bailiff'],
    run: legacy('GET', () => '/api/v1/billing/get_all_bailiff?year=2026'),
  },
  { name: 'REST GET billing/get_availables_groups', allowed: ['admin'], run: legacy('GET', () => '/api/v1/billing/get_availables_groups') },
  {
    name: 'REST POST billing/get-next-bill-number',
    allowed: ['admin'],
    run: legacy(
      'POST',
      () => '/api/v1/billing/get-next-bill-number',
      () => ({}),
    ),
  },
  {
    name: 'REST POST billing/generate-pdf (own étude’s bill)',
    allowed: ['admin', 'bailiff'],
    run: legacy(
      'POST',
      () => '/api/v1/billing/generate-pdf',
      () => ({ bill_id: ids.ownBill }),
    ),
  },
  {
    name: 'REST POST billing/set_paid',
    allowed: ['admin'],
    run: legacy(
      'POST',
      () => '/api/v1/billing/set_paid',
      () => ({ bill_id: ids.ownBill, is_paid: false }),
    ),
  },
  // A secretary reaching the admins' screen only ever gets her own rétrocession.
  {
    name: 'REST GET billing/get_all_secretaries',
    allowed: ['admin', 'secretary'],
    run: legacy('GET', () => '/api/v1/billing/get_all_secretaries?year=2026'),
  },
  {
    name: 'REST GET billing/get_all_secretary',
    allowed: ['admin', 'secretary'],
    run: legacy('GET', () => '/api/v1/billing/get_all_secretary?only_bills_secretary=true'),
  },
  {
    name: 'REST GET billing/get_all_secretary of another secretary',
    allowed: ['admin'],
    run: legacy('GET', () => `/api/v1/billing/get_all_secretary?secretary_id=${ids.otherSecretary}`),
  },
  { name: 'REST GET statistics/get', allowed: ['admin'], run: legacy('GET', () => '/api/v1/statistics/get?year=2026&month=-1') },
];

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  const otherSecretary = await db.user.findFirstOrThrow({ where: { role: 'SECRETARY', id: { not: secretary.id } } });
  Object.assign(ids, {
    bailiffGroup: bailiff.groupId!,
    secretary: secretary.id,
    otherSecretary: otherSecretary.id,
    ownBill: (await db.groupBill.findFirstOrThrow({ where: { groupId: bailiff.groupId! } })).id,
    otherBill: (await db.groupBill.findFirstOrThrow({ where: { groupId: { not: bailiff.groupId! } } })).id,
    secretaryBill: (await db.secretaryBill.findFirstOrThrow({ where: { secretaryId: secretary.id } })).id,
  });
  Object.assign(tokens, {
    admin: await loginToken(app.url, demo.admin.email, demo.admin.password),
    bailiff: await loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    secretary: await loginToken(app.url, demo.secretary.email, demo.secretary.password),
  });
});

afterAll(async () => {
  await app?.stop();
});

const DENIED = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'];

describe('authorization matrix', () => {
  describe.each(OPERATIONS)('$name', (operation) => {
    it.each(ACTORS)('%s', async (actor) => {
      const result = await operation.run(tokens[actor]);
      if (operation.allowed.includes(actor)) {
        expect(result.errors).toBeUndefined();
      } else {
        expect(result.errors).toBeDefined();
        expect(DENIED).toContain(result.errors![0].extensions?.code);
        if (actor === 'anonymous') expect(result.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
      }
    });
  });
});

describe('lists cost the same number of SQL statements for few rows and many (no N+1)', () => {
  const statements = async (query: string, variables: Record<string, unknown>, token: string) =>
    (await requestStatements(app, query, variables, token)).length;

  beforeAll(async () => {
    // Enough rows for 20: secretary bills of the year 2004, group bills from the seed and above.
    const db = app.services.db;
    for (let month = 1; month <= 12; month++) {
      for (const secretaryId of [ids.secretary, ids.otherSecretary]) {
        await db.secretaryBill.create({
          data: {
            secretaryId,
            year: 2004,
            month,
            number: `q-${secretaryId}-${month}`,
            pricePage: '1',
            pricePhoto: '0.3',
            storageKey: `secretary-bills/q/${secretaryId}-${month}.pdf`,
            originalName: 'f.pdf',
            size: 10,
            mimeType: 'application/pdf',
          },
        });
      }
    }
    for (let index = 0; index < 20; index++) {
      const input = await billableGroup();
      const result = await gql(
        app.url,
        'mutation($input: GenerateGroupBillInput!) { generateGroupBill(input: $input) { message } }',
        { input },
        tokens.admin,
      );
      expect(result.errors).toBeUndefined();
    }
  });

  it.each([
    [
      'group bills with étude, lines and PDF link',
      'query($n: Int) { groupBills(first: $n) { edges { node { number group { name } pdf { url } lines(first: 10) { edges { node { name amountHT } } } } } } }',
      'admin',
    ],
    [
      'secretary bills with secretary, file and figures',
      'query($n: Int) { secretaryBills(first: $n, filter: { year: 2004 }) { edges { node { number secretary { fullName } file { url } figures { reports amountHT } } } } }',
      'admin',
    ],
    [
      'rétrocession reports with bailiff, secretary, files and amounts',
      'query($n: Int) { retrocession(filter: { year: 2026 }) { reports(first: $n) { edges { node { name bailiff { fullName } secretary { fullName } deposited { count totalSize } retrocessionAmounts { total } } } } } }',
      'admin',
    ],
  ] as const)('%s: 2 rows and 20 rows', async (_name, query, role) => {
    const small = await statements(query, { n: 2 }, tokens[role]!);
    const large = await statements(query, { n: 20 }, tokens[role]!);
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
  });

  it('the billing period with 2 études or 20 costs the same', async () => {
    const db = app.services.db;
    // Two past months with counted constats: 2 études in March 2019, 20 in April 2019.
    for (const [month, count] of [
      [3, 2],
      [4, 20],
    ] as const) {
      for (let index = 0; index < count; index++) {
        sequence += 1;
        const group = await db.group.create({
          data: {
            name: `Étude ${month}-${index}`,
            siret: '41234567800012',
            telephone: '0478000000',
            email: `p-${sequence}@etude.test`,
            address: 'a',
            zip: '69002',
            city: 'Lyon',
            pricePage: '2',
            pricePhoto: '1',
          },
        });
        const bailiff = await db.user.create({
          data: {
            role: 'BAILIFF',
            firstName: 'M',
            lastName: `P${sequence}`,
            email: `p-${sequence}@huissier.test`,
            identity: `p.${sequence}`,
            passwordHash: 'x',
            groupId: group.id,
          },
        });
        for (const day of [5, 6]) {
          await db.report.create({
            data: {
              name: `Constat ${day}`,
              bailiffId: bailiff.id,
              status: 'TE',
              countPagesBilling: 3,
              countPhotosBilling: 1,
              createdAt: new Date(Date.UTC(2019, month - 1, day, 10)),
            },
          });
        }
      }
    }
    const query = `query($month: Int!) { billingPeriod(year: 2019, month: $month) { totals { reports }
      groups(first: 25) { edges { node { group { name } bill { number } billableReports(first: 25) { edges { node { name bailiff { fullName } } } }
      totals { amountHT } } } } } }`;
    const two = await statements(query, { month: 3 }, tokens.admin!);
    const twenty = await statements(query, { month: 4 }, tokens.admin!);
    expect(two).toBeGreaterThan(0);
    expect(twenty).toBe(two);
  });
});
