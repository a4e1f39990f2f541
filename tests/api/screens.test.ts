// Issue 18 « Screens »: the server side of what the screens show (selectors, billing selection,
// waiting constats, phone numbers), through the real server.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { expectEvery } from '../support/expect-every.js';
import { parisMonth } from '../support/months.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app.stop();
});

async function call<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, token = admin): Promise<T> {
  const result = await gql<T>(app.url, query, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

describe('7. selectors and filters never offer a pending account', () => {
  const USERS =
    'query($role: Role, $selectable: Boolean) { users(first: 100, role: $role, selectable: $selectable) { totalCount edges { node { email status } } } }';

  it('users(selectable: true) leaves out accounts awaiting validation, and counts without them', async () => {
    const all = await call<{ users: { totalCount: number; edges: { node: { email: string; status: string } }[] } }>(USERS, {
      role: 'BAILIFF',
    });
    expect(all.users.edges.map((edge) => edge.node.email)).toContain('jerome.breval@demo.fr');
    const selectable = await call<typeof all>(USERS, { role: 'BAILIFF', selectable: true });
    const emails = selectable.users.edges.map((edge) => edge.node.email);
    expect(emails).not.toContain('jerome.breval@demo.fr');
    expect(emails).toContain(demo.bailiff.email);
    expectEvery(selectable.users.edges, (edge) => edge.node.status !== 'PENDING');
    expect(selectable.users.totalCount).toBe(all.users.totalCount - 1);
  });
});

describe('2. the billing selection offers what the bill will take, and the row counts it', () => {
  let sequence = 0;
  async function counted(bailiffId: number, name: string, pages: number, photos: number, createdAt?: Date) {
    const secretary = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    return app.services.db.report.create({
      data: {
        name,
        bailiffId,
        secretaryId: secretary.id,
        status: 'TE',
        countPagesRetrocession: pages,
        countPhotosRetrocession: photos,
        countPagesBilling: pages,
        countPhotosBilling: photos,
        ...(createdAt && { createdAt }),
      },
    });
  }

  it('the month’s constats first, then earlier unbilled ones, newest month first; billableTotals sums exactly them; generation accepts them all', async () => {
    sequence += 1;
    const group = await app.services.db.group.create({
      data: {
        name: `Étude sélection ${sequence}`,
        siret: '41234567800012',
        telephone: '0478000000',
        email: `selection-${sequence}@etude.test`,
        address: '1 rue Haute',
        zip: '69002',
        city: 'Lyon',
        pricePage: '2.50',
        pricePhoto: '0.80',
      },
    });
    const bailiff = await app.services.db.user.create({
      data: {
        role: 'BAILIFF',
        firstName: 'Maître',
        lastName: `Sélection ${sequence}`,
        email: `selection-huissier-${sequence}@etude.test`,
        identity: `selection.${sequence}`,
        passwordHash: 'x',
        groupId: group.id,
      },
    });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const current = await counted(bailiff.id, 'Du mois', 10, 2);
    const older = await counted(bailiff.id, 'Il y a trois mois', 7, 0, daysAgo(95));
    const previous = await counted(bailiff.id, 'Le mois dernier', 5, 4, daysAgo(40));
    const { year, month } = parisMonth();
    // The selection dialog's query: the étude's row of the month.
    const { billingGroup: row } = await call<{
      billingGroup: {
        billableReports: { edges: { node: { databaseId: number; name: string } }[] };
        billableReportCount: number;
        billableTotals: { reports: number; textPages: number; photos: number; amountHT: string };
      };
    }>(
      `query($groupId: ID!, $year: Int!, $month: Int!) { billingGroup(groupId: $groupId, year: $year, month: $month) {
        billableReports(first: 100) { edges { node { databaseId name } } } billableReportCount
        billableTotals { reports textPages photos amountHT } } }`,
      { groupId: Buffer.from(`Group:${group.id}`).toString('base64'), year, month },
    );
    const billable = row.billableReports.edges.map((edge) => edge.node);
    expect(billable.map((report) => report.databaseId)).toEqual([current.id, previous.id, older.id]);
    // Text pages 9 + 3 + 7 = 19: 19 × 2.50 + 6 photos × 0.80 = 52.30.
    expect(row.billableTotals).toEqual({ reports: 3, textPages: 19, photos: 6, amountHT: '52.30' });
    expect(row.billableReportCount).toBe(3);
    const generated = await call<{ generateGroupBill: { bill: { amountHT: string; totalCountPhotos: number } } }>(
      'mutation($input: GenerateGroupBillInput!) { generateGroupBill(input: $input) { bill { amountHT totalCountPhotos } } }',
      {
        input: {
          groupId: Buffer.from(`Group:${group.id}`).toString('base64'),
          year,
          month,
          reports: billable.map((report) => ({
            reportId: Buffer.from(`Report:${report.databaseId}`).toString('base64'),
            discount: 0,
          })),
        },
      },
    );
    expect(generated.generateGroupBill.bill.amountHT).toBe(row.billableTotals.amountHT);
  });
});

describe('1. new deposits waiting for a secretary', () => {
  const LIST = `query($filter: ReportFilter) { reports(filter: $filter, first: 100) { totalCount edges { node { id status awaitingSecretary } } }
    reportHeaders(filter: $filter) { totalReports } }`;

  it('a new constat without a secretary is awaitingSecretary (filter and field, SQL headers alike) until one is assigned', async () => {
    const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    const created = await gqlUpload<{ createReport: { report: { id: string; status: string } } }>(
      app.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id status } } }',
      { input: { bailiffId: Buffer.from(`User:${bailiff.id}`).toString('base64'), name: `Dépôt en attente ${Date.now()}`, files: [null] } },
      [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf(), type: 'application/pdf' }],
      admin,
    );
    const report = created.data!.createReport.report;
    // The stored status stays EC (decisions.md): « waiting » is derived from the missing secretary.
    expect(report.status).toBe('EC');
    type List = {
      reports: { totalCount: number; edges: { node: { id: string; status: string; awaitingSecretary: boolean } }[] };
      reportHeaders: { totalReports: number };
    };
    const waiting = await call<List>(LIST, { filter: { awaitingSecretary: true } });
    const mine = waiting.reports.edges.find((edge) => edge.node.id === report.id);
    expect(mine?.node.awaitingSecretary).toBe(true);
    expectEvery(waiting.reports.edges, (edge) => edge.node.awaitingSecretary);
    expect(waiting.reportHeaders.totalReports).toBe(waiting.reports.totalCount);
    const expected = await app.services.db.report.count({ where: { secretaryId: null, isArchived: false, status: { in: ['NA', 'EC'] } } });
    expect(waiting.reports.totalCount).toBe(expected);

    const secretary = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    await call('mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }', {
      input: { reportId: report.id, secretaryId: Buffer.from(`User:${secretary.id}`).toString('base64') },
    });
    const after = await call<List>(LIST, { filter: { awaitingSecretary: true } });
    expect(after.reports.edges.some((edge) => edge.node.id === report.id)).toBe(false);
    expect(after.reports.totalCount).toBe(expected - 1);
    // A bailiff sees his deposit « En cours », never « waiting » (product.md §6: EC, TE, AR only).
    const bailiffToken = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const his = await call<List>(LIST, { filter: { awaitingSecretary: true } }, bailiffToken);
    expectEvery(his.reports.edges, (edge) => !edge.node.awaitingSecretary);
  });
});

describe('10. phone numbers as people type them', () => {
  const CREATE = 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { user { telephone } } }';
  const PROFILE = 'mutation($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { user { telephone } } }';

  it('the account form stores « +33 6 12 34 56 78 » as 0612345678 and still refuses a short number', async () => {
    const input = {
      role: 'SECRETARY',
      civility: 'MADAME',
      firstName: 'Odile',
      lastName: 'Vasseur',
      email: `odile.${Date.now()}@etude.fr`,
      identity: `odile${Date.now()}`,
      password: 'Constat#2026',
      passwordConfirmation: 'Constat#2026',
      siret: '41234567800012',
      address: '1 rue Haute',
      zip: '75001',
      city: 'Paris',
      secretaryPricePage: '1.20',
      secretaryPricePhoto: '0.40',
      rib: 'FR7612345678901234567890123',
    };
    const created = await call<{ createAccount: { user: { telephone: string } } }>(CREATE, {
      input: { ...input, telephone: '+33 6 12 34 56 78' },
    });
    expect(created.createAccount.user.telephone).toBe('0612345678');
    const refused = await gql(
      app.url,
      CREATE,
      { input: { ...input, email: `x${input.email}`, identity: `x${input.identity}`, telephone: '06 12 34' } },
      admin,
    );
    expect(refused.errors?.[0].extensions?.fields).toMatchObject({ telephone: 'Numéro de téléphone invalide.' });
  });

  it('a profile stores « 06.12.34.56.78 »; a registration « 06 12 34 56 78 » (REST), both normalised', async () => {
    const secretary = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    const saved = await call<{ updateMyProfile: { user: { telephone: string } } }>(
      PROFILE,
      { input: { telephone: '06.12.34.56.78' } },
      secretary,
    );
    expect(saved.updateMyProfile.user.telephone).toBe('0612345678');
    const email = `paul.${Date.now()}@etude.fr`;
    const registered = await rest(app.url, 'POST', '/api/v1/auth/register', {
      form: {
        first_name: 'Paul',
        last_name: 'Vernet',
        telephone: '06 12 34 56 78',
        address: '1 rue Haute',
        zip: '75001',
        city: 'Paris',
        identity: `p.vernet${Date.now()}`,
        email,
        password: 'Constat#2026',
      },
    });
    expect(registered.status).toBeLessThan(300);
    expect((await app.services.db.user.findUniqueOrThrow({ where: { email } })).telephone).toBe('0612345678');
  });
});
