// Issue 31 item 5: the billing lists are priced by their real size. The études of a month have a
// ceiling (MAX_CHOICES, an error past it, never a cut); what grows with activity comes in pages of
// 100 — the constats left to bill of an étude, a bill's lines, the Facturation table's études —
// every item reachable page after page, and the legacy REST calls still answer whole lists.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { MAX_CHOICES } from '../../api/src/lib/choices.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest, type GraphQLResponse } from '../support/http.js';
import { requestStatements } from '../support/statements.js';
import { parisMonth } from '../support/months.js';

let app: TestApp;
let admin: string;

/** A quiet past month: only the études this file makes have constats in it. */
const QUIET = { year: 2005, month: 3 };
const TOO_MANY = `Plus de ${MAX_CHOICES.toLocaleString('fr-FR')} études à facturer ce mois-là : la facturation ne peut pas les présenter toutes. Prévenez l’exploitant.`;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

let sequence = 0;

/** `count` études, each with a bailiff and one counted constat created at `createdAt`: three statements. */
async function etudesWithConstats(count: number, createdAt: Date): Promise<void> {
  const db = app.services.db;
  const first = sequence;
  sequence += count;
  const groups = await db.group.createManyAndReturn({
    data: Array.from({ length: count }, (_, n) => ({
      name: `Étude plafond ${String(first + n).padStart(4, '0')}`,
      siret: '41234567800012',
      telephone: '0478000000',
      email: 'compta@plafond.test',
      address: '1 place Bellecour',
      zip: '69002',
      city: 'Lyon',
      pricePage: '2.00',
      pricePhoto: '0.50',
    })),
    select: { id: true },
  });
  const bailiffs = await db.user.createManyAndReturn({
    data: groups.map((group, n) => ({
      role: 'BAILIFF' as const,
      firstName: 'Maître',
      lastName: `Plafond ${first + n}`,
      email: `plafond-${first + n}@etude.test`,
      identity: `plafond.${first + n}`,
      passwordHash: 'x',
      groupId: group.id,
    })),
    select: { id: true },
  });
  await db.report.createMany({
    data: bailiffs.map((bailiff) => ({
      name: 'Constat plafond',
      bailiffId: bailiff.id,
      status: 'TE' as const,
      countPagesBilling: 2,
      createdAt,
    })),
  });
}

const PERIOD_PAGE = `query($year: Int!, $month: Int!, $after: String) { billingPeriod(year: $year, month: $month) {
  groups(first: 100, after: $after) { edges { node { group { name } } } pageInfo { hasNextPage endCursor } } } }`;

describe(`the études of a month: ${MAX_CHOICES} at most, an error past it`, () => {
  const quietDay = new Date(Date.UTC(QUIET.year, QUIET.month - 1, 10, 10));

  // Unbilled, they would be the current month's backlog (issue 18) and fill its ceiling too.
  afterAll(async () => {
    await app.services.db.report.updateMany({ where: { name: 'Constat plafond' }, data: { invoiced: true } });
  });

  it(`at ${MAX_CHOICES} études, the table reads them all in pages of 100, by name, and the available list whole`, async () => {
    await etudesWithConstats(MAX_CHOICES, quietDay);
    const names: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 20; page++) {
      const result: GraphQLResponse<any> = await gql<any>(app.url, PERIOD_PAGE, { ...QUIET, after }, admin);
      expect(result.errors).toBeUndefined();
      const { edges, pageInfo }: { edges: any[]; pageInfo: { hasNextPage: boolean; endCursor: string } } =
        result.data!.billingPeriod.groups;
      expect(edges.length).toBeLessThanOrEqual(100);
      names.push(...edges.map((edge: any) => edge.node.group.name));
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(names).toHaveLength(MAX_CHOICES);
    expect(new Set(names).size).toBe(MAX_CHOICES);
    expect(names).toEqual([...names].sort());

    const available = await gql<any>(
      app.url,
      'query($year: Int, $month: Int) { availableGroupsForBilling(year: $year, month: $month) { billableReportCount } }',
      QUIET,
      admin,
    );
    expect(available.errors).toBeUndefined();
    expect(available.data!.availableGroupsForBilling).toHaveLength(MAX_CHOICES);
  });

  it('one more étude: the Facturation month, the available études and the legacy call answer the French error, nothing cut', async () => {
    await etudesWithConstats(1, quietDay);
    const period = await gql(app.url, PERIOD_PAGE, { ...QUIET, after: null }, admin);
    expect(period.data).toBeNull();
    expect(period.errors?.[0]).toMatchObject({ message: TOO_MANY, extensions: { code: 'BAD_USER_INPUT', reason: 'TOO_MANY_CHOICES' } });

    const available = await gql(
      app.url,
      'query($year: Int, $month: Int) { availableGroupsForBilling(year: $year, month: $month) { billableReportCount } }',
      QUIET,
      admin,
    );
    expect(available.data).toBeNull();
    expect(available.errors?.[0]?.message).toBe(TOO_MANY);

    const legacy = await rest(app.url, 'GET', `/api/v1/billing/get_availables_groups?year=${QUIET.year}&month=${QUIET.month}`, {
      token: admin,
    });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toMatchObject({ code: 400, message: TOO_MANY });
    expect(legacy.body.availablesGroupsBillings).toBeUndefined();
  });
});

describe('an étude with more than two pages of constats to bill, then a bill of as many lines', () => {
  const BACKLOG = 30;
  const THIS_MONTH = 200;
  let groupId: number;
  /** The order the month's bill takes them: this month's oldest first, then earlier months' newest first. */
  let expected: number[];

  beforeAll(async () => {
    const db = app.services.db;
    const group = await db.group.create({
      data: {
        name: 'Étude Grand Volume',
        siret: '41234567800012',
        telephone: '0478000000',
        email: 'compta@grand-volume.test',
        address: '2 quai',
        zip: '69002',
        city: 'Lyon',
        pricePage: '2.00',
        pricePhoto: '0.50',
      },
    });
    groupId = group.id;
    const bailiff = await db.user.create({
      data: {
        role: 'BAILIFF',
        firstName: 'Maître',
        lastName: 'Volume',
        email: 'volume@etude.test',
        identity: 'volume',
        passwordHash: 'x',
        groupId,
      },
    });
    const { year, month } = parisMonth();
    const lastMonth = new Date(Date.UTC(year, month - 2, 15, 10));
    const now = Date.now();
    const constat = (n: number, createdAt: Date) => ({
      name: `Volume ${String(n).padStart(3, '0')}`,
      bailiffId: bailiff.id,
      status: 'TE' as const,
      countPagesBilling: 3 + (n % 4),
      countPhotosBilling: n % 3,
      createdAt,
    });
    const earlier = await db.report.createManyAndReturn({
      data: Array.from({ length: BACKLOG }, (_, n) => constat(n, new Date(lastMonth.getTime() + n * 60_000))),
      select: { id: true },
    });
    const current = await db.report.createManyAndReturn({
      data: Array.from({ length: THIS_MONTH }, (_, n) => constat(BACKLOG + n, new Date(now - (THIS_MONTH - n) * 1_000))),
      select: { id: true },
    });
    expected = [...current.map((report) => report.id), ...earlier.map((report) => report.id).reverse()];
  });

  const BILLABLE = `query($groupId: ID!, $year: Int!, $month: Int!, $first: Int, $after: String) {
    billingGroup(groupId: $groupId, year: $year, month: $month) {
      billableReportCount billableTotals { reports amountHT }
      billableReports(first: $first, after: $after) { edges { node { databaseId billingAmounts { total } } } pageInfo { hasNextPage endCursor } } } }`;

  async function billablePage(after: string | null, first = 100) {
    const result = await gql<any>(app.url, BILLABLE, { groupId: encodeGlobalID('Group', groupId), ...parisMonth(), first, after }, admin);
    expect(result.errors).toBeUndefined();
    return result.data!.billingGroup;
  }

  it('every constat to bill is reachable in pages of 100 (100, 100, 30), in the bill’s order, and the totals are theirs', async () => {
    const sizes: number[] = [];
    const ids: number[] = [];
    let cents = 0;
    let after: string | null = null;
    let row: any;
    do {
      row = await billablePage(after);
      const { edges, pageInfo } = row.billableReports;
      sizes.push(edges.length);
      for (const edge of edges) {
        ids.push(edge.node.databaseId);
        cents += Math.round(Number(edge.node.billingAmounts.total) * 100);
      }
      after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
    } while (after);
    expect(sizes).toEqual([100, 100, 30]);
    expect(ids).toEqual(expected);
    expect(row.billableReportCount).toBe(BACKLOG + THIS_MONTH);
    expect(row.billableTotals.reports).toBe(BACKLOG + THIS_MONTH);
    expect((cents / 100).toFixed(2)).toBe(Number(row.billableTotals.amountHT).toFixed(2));
  });

  it('a page larger than 100 is refused in French, as is a forged cursor', async () => {
    const tooLarge = await gql(app.url, BILLABLE, { groupId: encodeGlobalID('Group', groupId), ...parisMonth(), first: 1000 }, admin);
    expect(tooLarge.errors?.[0]).toMatchObject({
      message: 'Page trop grande : first vaut au plus 100 pour BillingGroup.billableReports.',
      extensions: { code: 'BAD_USER_INPUT', reason: 'PAGE_TOO_LARGE', maxSize: 100 },
    });
    const row = await billablePage(null, 100);
    expect(row.billableReports.edges).toHaveLength(100);
    expect(row.billableReports.pageInfo.hasNextPage).toBe(true);
    const forged = await gql(
      app.url,
      BILLABLE,
      { groupId: encodeGlobalID('Group', groupId), ...parisMonth(), first: 10, after: 'pas-un-curseur' },
      admin,
    );
    expect(forged.errors?.[0]).toMatchObject({ message: 'Curseur invalide.', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('the legacy available call lists every one of them, in the same order, with its usual keys', async () => {
    const legacy = await rest(app.url, 'GET', '/api/v1/billing/get_availables_groups', { token: admin });
    expect(legacy.status).toBe(200);
    const row = legacy.body.availablesGroupsBillings.find((entry: any) => entry.id === groupId);
    expect(row).toMatchObject({ group_name: 'Étude Grand Volume', bill_id: null, billing_number: null, total_reports: THIS_MONTH });
    expect(row.reports.map((report: any) => report.id)).toEqual(expected);
    expect(Object.keys(row.reports[0])).toEqual(
      expect.arrayContaining(['id', 'name', 'bailiff', 'count_pages_billing', 'deposited_items', 'comments']),
    );
  });

  it('generated with all of them, the bill’s lines come in pages (100, 100, 30) that add up to its total; REST bills carry them all', async () => {
    const generated = await gql<any>(
      app.url,
      'mutation($input: GenerateGroupBillInput!) { generateGroupBill(input: $input) { bill { id databaseId amountHT } } }',
      {
        input: {
          groupId: encodeGlobalID('Group', groupId),
          reports: expected.map((id) => ({ reportId: encodeGlobalID('Report', id), discount: 0 })),
        },
      },
      admin,
    );
    expect(generated.errors).toBeUndefined();
    const bill = generated.data!.generateGroupBill.bill;

    const LINES = `query($id: ID!, $after: String) { node(id: $id) { ... on GroupBill {
      lines(first: 100, after: $after) { totalCount edges { node { reportDatabaseId amountHT createdAt } } pageInfo { hasNextPage endCursor } } } } }`;
    const sizes: number[] = [];
    const lines: { reportDatabaseId: number; amountHT: string; createdAt: string }[] = [];
    let after: string | null = null;
    do {
      const result: GraphQLResponse<any> = await gql<any>(app.url, LINES, { id: bill.id, after }, admin);
      expect(result.errors).toBeUndefined();
      const page: any = result.data!.node.lines;
      expect(page.totalCount).toBe(BACKLOG + THIS_MONTH);
      sizes.push(page.edges.length);
      lines.push(...page.edges.map((edge: any) => edge.node));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(sizes).toEqual([100, 100, 30]);
    expect(new Set(lines.map((line) => line.reportDatabaseId))).toEqual(new Set(expected));
    // Oldest first: last month's backlog, then this month's.
    const times = lines.map((line) => Date.parse(line.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const cents = lines.reduce((total, line) => total + Math.round(Number(line.amountHT) * 100), 0);
    expect((cents / 100).toFixed(2)).toBe(Number(bill.amountHT).toFixed(2));

    const legacy = await rest(app.url, 'GET', `/api/v1/billing/get_all_bailiff?group_id=${groupId}`, { token: admin });
    expect(legacy.status).toBe(200);
    expect(legacy.body.bills).toHaveLength(1);
    expect(legacy.body.bills[0].reports.map((report: any) => report.id)).toEqual(lines.map((line) => line.reportDatabaseId));
    expect(Object.keys(legacy.body.bills[0].reports[0])).toEqual([
      'id',
      'name',
      'created_at',
      'count_pages_billing',
      'count_photos_billing',
      'text_pages',
      'amount_without_taxes_pages',
      'amount_without_taxes_photos',
      'amount_without_taxes',
      'discount',
      'discount_amount',
      'amount_without_taxes_discounted',
    ]);
    // The legacy mutations answer the bill whole as well.
    const paid = await rest(app.url, 'POST', '/api/v1/billing/set_paid', {
      json: { bill_id: bill.databaseId, is_paid: true },
      token: admin,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.bill.reports).toHaveLength(BACKLOG + THIS_MONTH);
  });
});

const statements = async (query: string, variables: Record<string, unknown>) =>
  (await requestStatements(app, query, variables, admin)).length;

describe('no N+1 in the pages', () => {
  it('the Facturation table: 2 études or 20, with their bills, lines and constats to bill, cost the same statements', async () => {
    const { year, month } = parisMonth();
    const query = `query($n: Int, $year: Int!, $month: Int!) { billingPeriod(year: $year, month: $month) { groups(first: $n) { edges { node {
      group { name } bill { number lines(first: 5) { totalCount edges { node { name amountHT } } } }
      billableReports(first: 5) { edges { node { name bailiff { fullName } } } } } } } } }`;
    const small = await statements(query, { n: 2, year, month });
    const large = await statements(query, { n: 20, year, month });
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
  });

  it('the bills of the études: 2 or 20, with a page of lines each, cost the same statements', async () => {
    const query =
      'query($n: Int) { groupBills(first: $n) { edges { node { number lines(first: 100) { edges { node { name netAmountHT } } } } } } }';
    expect(await statements(query, { n: 20 })).toBe(await statements(query, { n: 2 }));
  });
});
