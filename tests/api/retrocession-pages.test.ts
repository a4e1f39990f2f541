// Issue 31 item 5: the lists of rétrocession and statistics that grow with activity are pages.
// `RetrocessionPeriod.bills` (twelve bills a secretary in a year) and `Statistics.items` (every
// constat of a year) are read a page at a time: every row is reachable, once, in the list's order;
// the totals do not depend on the pages; the legacy REST calls still answer the whole list.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { requestStatements } from '../support/statements.js';

let app: TestApp;
let admin: string;
let secretary: string;
let secretaryId: number;

/** Years no seeded constat or bill falls in. */
const BILLS_YEAR = 2002;
const STATS_YEAR = 2003;

interface Page<T> {
  edges: { node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Every page of a connection, `first` rows at a time, through the real server. */
async function allPages<T>(query: string, variables: Record<string, unknown>, pick: (data: any) => Page<T>, first: number) {
  const pages: T[][] = [];
  let after: string | null = null;
  for (;;) {
    const result = await gql(app.url, query, { ...variables, first, after }, admin);
    expect(result.errors).toBeUndefined();
    const page = pick(result.data);
    pages.push(page.edges.map((edge) => edge.node));
    if (!page.pageInfo.hasNextPage) return pages;
    after = page.pageInfo.endCursor;
  }
}

// Independent arithmetic (product.md §9 statistics: counts × prices, rounded half up to the cent per
// constat): prices in thousandths of a euro.
const thousandths = (price: string | null) => (price === null ? 0 : Math.round(Number(price) * 1000));
const cents = (pages: number, photos: number, page: string | null, photo: string | null) =>
  Math.floor((pages * thousandths(page) + photos * thousandths(photo) + 5) / 10);
const euros = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

// Odd tariffs with a third decimal that round half up, none at all (no secretary, no étude).
const PRICES: [string | null, string | null][] = [
  ['1.255', '0.335'],
  ['0.805', '0.125'],
  ['0.005', '0.015'],
  [null, null],
  ['2.5', '0'],
];
/** The étude's: a constat without captured ones would fall back on its étude's tariffs in force. */
const GROUP_PRICES = PRICES.filter(([page]) => page !== null);

/** The statistics constats seeded: [instant, rétrocession pages, photos, billing pages, photos, tariffs]. */
const seeded: { createdAt: Date; pages: number; photos: number; billingPages: number; billingPhotos: number; prices: number }[] = [];

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  secretary = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
  secretaryId = (await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } })).id;
  const bailiffId = (await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;

  // 250 constats over the year, several a day and at the same instant (the id breaks the tie),
  // and on both sides of Paris midnights: 1 November 2003 00:30 and 1 December 2003 00:30 (UTC+1).
  const instants = [new Date('2003-10-31T23:30:00Z'), new Date('2003-11-30T23:30:00Z'), new Date('2003-11-30T22:30:00Z')];
  for (let n = 0; instants.length < 250; n++) instants.push(new Date(Date.UTC(STATS_YEAR, n % 12, 1 + (n % 28), 9 + (n % 3), 0, 0)));
  instants.forEach((createdAt, n) =>
    seeded.push({ createdAt, pages: n % 17, photos: n % 7, billingPages: (n * 3) % 11, billingPhotos: n % 5, prices: n % PRICES.length }),
  );
  await db.report.createMany({
    data: seeded.map((report, n) => ({
      name: `Constat statistiques ${n}`,
      bailiffId,
      status: 'AR' as const,
      createdAt: report.createdAt,
      countPagesRetrocession: report.pages,
      countPhotosRetrocession: report.photos,
      countPagesBilling: report.billingPages,
      countPhotosBilling: report.billingPhotos,
      // Captured tariffs, the ones these tests choose (no secretary: none in force to fall back on).
      secretaryPricePage: PRICES[report.prices][0],
      secretaryPricePhoto: PRICES[report.prices][1],
      groupPricePage: GROUP_PRICES[report.prices % GROUP_PRICES.length][0],
      groupPricePhoto: GROUP_PRICES[report.prices % GROUP_PRICES.length][1],
    })),
  });

  // Twelve bills a secretary in BILLS_YEAR: more than one REST page (100) of bills.
  const secretaries = [secretaryId];
  for (let n = 0; n < 9; n++) {
    const created = await db.user.create({
      data: {
        role: 'SECRETARY',
        firstName: `Pagine${n}`,
        lastName: `Secrétaire ${String.fromCharCode(65 + ((n * 7) % 26))}${n}`,
        email: `pagine${n}@example.test`,
        identity: `pagine${n}`,
        passwordHash: 'x',
      },
    });
    secretaries.push(created.id);
  }
  await db.secretaryBill.createMany({
    data: secretaries.flatMap((id) =>
      Array.from({ length: 12 }, (_, index) => ({
        secretaryId: id,
        year: BILLS_YEAR,
        month: index + 1,
        number: `${BILLS_YEAR}${id}${index}`,
        pricePage: '1.5',
        pricePhoto: '0.5',
        storageKey: `pages/${id}/${index}.pdf`,
        originalName: 'facture.pdf',
        size: 1000,
        mimeType: 'application/pdf',
      })),
    ),
  });
});

afterAll(async () => {
  await app?.stop();
});

describe('« Factures » of a period: a page at a time', () => {
  const BILLS = `query($filter: RetrocessionFilter!, $first: Int, $after: String) { retrocession(filter: $filter) {
    bills(first: $first, after: $after) { totalCount edges { node { databaseId month secretary { databaseId lastName } } }
      pageInfo { hasNextPage endCursor } } } }`;
  type Bill = { databaseId: number; month: number; secretary: { databaseId: number; lastName: string } };

  it('a year of 120 bills in pages of 7: each once, by month (latest first) then by name, the same count on every page', async () => {
    const expected = await app.services.db.secretaryBill.findMany({ where: { year: BILLS_YEAR }, include: { secretary: true } });
    expect(expected).toHaveLength(120);
    const pages = await allPages<Bill>(BILLS, { filter: { year: BILLS_YEAR } }, (data) => data.retrocession.bills, 7);
    expect(pages).toHaveLength(Math.ceil(120 / 7));
    const read = pages.flat();
    expect(read.map((bill) => bill.databaseId).sort()).toEqual(expected.map((bill) => bill.id).sort());
    const order = [...read].sort(
      (a, b) => b.month - a.month || a.secretary.lastName.localeCompare(b.secretary.lastName, 'en') || a.databaseId - b.databaseId,
    );
    expect(read.map((bill) => bill.databaseId)).toEqual(order.map((bill) => bill.databaseId));
    const counts = await gql(app.url, BILLS, { filter: { year: BILLS_YEAR }, first: 1 }, admin);
    expect(counts.data!.retrocession.bills.totalCount).toBe(120);
    const month = await gql(app.url, BILLS, { filter: { year: BILLS_YEAR, month: 3 } }, admin);
    expect(month.data!.retrocession.bills.totalCount).toBe(10);
  });

  it('no page is larger than 100: more is refused, 100 is served with the next ones to read', async () => {
    const refused = await gql(app.url, BILLS, { filter: { year: BILLS_YEAR }, first: 1000 }, admin);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'PAGE_TOO_LARGE', maxSize: 100 });
    const result = await gql(app.url, BILLS, { filter: { year: BILLS_YEAR }, first: 100 }, admin);
    expect(result.data!.retrocession.bills.edges).toHaveLength(100);
    expect(result.data!.retrocession.bills.pageInfo.hasNextPage).toBe(true);
  });

  it('a page of 2 bills or of 60, with secretary and figures, costs the same number of SQL statements (no N+1)', async () => {
    const query = `query($first: Int) { retrocession(filter: { year: ${BILLS_YEAR} }) {
      bills(first: $first) { totalCount edges { node { number secretary { fullName } file { url } figures { reports amountHT } } } } } }`;
    const statements = async (first: number) => {
      expect((await gql(app.url, query, { first }, admin)).data!.retrocession.bills.edges).toHaveLength(first);
      return (await requestStatements(app, query, { first }, admin)).length;
    };
    expect(await statements(60)).toBe(await statements(2));
  });

  it('a secretary pages through her own bills only', async () => {
    const result = await gql(app.url, BILLS, { filter: { year: BILLS_YEAR }, first: 100 }, secretary);
    expect(result.data!.retrocession.bills.totalCount).toBe(12);
    expect(new Set(result.data!.retrocession.bills.edges.map((edge: { node: Bill }) => edge.node.secretary.databaseId))).toEqual(
      new Set([secretaryId]),
    );
  });

  it('REST get_all_secretaries still answers every bill of the year (past one page of 100)', async () => {
    const legacy = await rest(app.url, 'GET', `/api/v1/billing/get_all_secretaries?year=${BILLS_YEAR}&month=-1`, { token: admin });
    expect(legacy.status).toBe(200);
    expect(legacy.body.bills_secretaries).toHaveLength(120);
    expect(new Set(legacy.body.bills_secretaries.map((bill: { id: number }) => bill.id)).size).toBe(120);
    expect(legacy.body.bills_secretaries[0]).toEqual(
      expect.objectContaining({ number: expect.any(String), month: 12, files: [expect.objectContaining({ originalname: 'facture.pdf' })] }),
    );
  });
});

describe('Statistics.items: a page at a time, the figures from the database', () => {
  const ITEMS = `query($year: Int!, $month: Int, $first: Int, $after: String) { statistics(year: $year, month: $month) {
    reportCount secretariesTotal bailiffsTotal series { data { x amount } }
    items(first: $first, after: $after) { edges { node { reportDatabaseId createdAt secretaryAmount bailiffAmount } }
      pageInfo { hasNextPage endCursor } } } }`;
  type Item = { reportDatabaseId: number; createdAt: string; secretaryAmount: string; bailiffAmount: string };
  const toCents = (amount: string) => Math.round(Number(amount) * 100);

  it('a year of 250 constats in pages of 100: each once, oldest first; each amount and the totals as computed here', async () => {
    const pages = await allPages<Item>(ITEMS, { year: STATS_YEAR, month: -1 }, (data) => data.statistics.items, 100);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50]);
    const items = pages.flat();
    const rows = await app.services.db.report.findMany({
      where: { name: { startsWith: 'Constat statistiques ' } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    expect(items.map((item) => item.reportDatabaseId)).toEqual(rows.map((row) => row.id));
    const expected = seeded.map((report) => {
      const [page, photo] = PRICES[report.prices];
      const [groupPage, groupPhoto] = GROUP_PRICES[report.prices % GROUP_PRICES.length];
      return {
        secretaries: cents(report.pages, report.photos, page, photo),
        bailiffs: cents(report.billingPages, report.billingPhotos, groupPage, groupPhoto),
      };
    });
    const byName = new Map(rows.map((row) => [row.id, Number(row.name.split(' ').pop())]));
    for (const item of items) {
      const own = expected[byName.get(item.reportDatabaseId)!];
      expect([toCents(item.secretaryAmount), toCents(item.bailiffAmount)]).toEqual([own.secretaries, own.bailiffs]);
    }
    const result = await gql(app.url, ITEMS, { year: STATS_YEAR, month: -1, first: 1 }, admin);
    const stats = result.data!.statistics;
    const total = (series: 'secretaries' | 'bailiffs') => euros(expected.reduce((sum, line) => sum + line[series], 0));
    expect({ reports: stats.reportCount, secretaries: stats.secretariesTotal, bailiffs: stats.bailiffsTotal }).toEqual({
      reports: 250,
      secretaries: total('secretaries'),
      bailiffs: total('bailiffs'),
    });
  });

  it('each point of the series (summed by PostgreSQL) is the sum of its items’ amounts (itemAmounts), by Paris day', async () => {
    const november = (await allPages<Item>(ITEMS, { year: STATS_YEAR, month: 11 }, (data) => data.statistics.items, 100)).flat();
    const result = await gql(app.url, ITEMS, { year: STATS_YEAR, month: 11, first: 1 }, admin);
    const [secretaries, bailiffs] = result.data!.statistics.series as { data: { x: string; amount: string }[] }[];
    const parisDay = (instant: string) => Number(new Date(instant).toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' }).slice(8));
    const sums = (field: 'secretaryAmount' | 'bailiffAmount') =>
      secretaries.data.map((point) =>
        euros(november.filter((item) => parisDay(item.createdAt) === Number(point.x)).reduce((sum, item) => sum + toCents(item[field]), 0)),
      );
    expect(secretaries.data.map((point) => point.amount)).toEqual(sums('secretaryAmount'));
    expect(bailiffs.data.map((point) => point.amount)).toEqual(sums('bailiffAmount'));
    // 31 October 23:30 UTC is 1 November in Paris; 30 November 23:30 UTC is 1 December, 22:30 still 30 November.
    const instants = november.map((item) => item.createdAt);
    expect(instants).toContain('2003-10-31T23:30:00.000Z');
    expect(instants).toContain('2003-11-30T22:30:00.000Z');
    expect(instants).not.toContain('2003-11-30T23:30:00.000Z');
    expect(result.data!.statistics.reportCount).toBe(november.length);
  });

  it('a forged cursor is refused in French; no page is larger than 100', async () => {
    const forged = await gql(
      app.url,
      ITEMS,
      { year: STATS_YEAR, first: 10, after: Buffer.from('StatisticsItem:abc').toString('base64') },
      admin,
    );
    expect(forged.errors![0].message).toBe('Curseur invalide.');
    const large = await gql(app.url, ITEMS, { year: STATS_YEAR, first: 1000 }, admin);
    expect(large.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'PAGE_TOO_LARGE', maxSize: 100 });
    const largest = await gql(app.url, ITEMS, { year: STATS_YEAR, first: 100 }, admin);
    expect(largest.data!.statistics.items.edges).toHaveLength(100);
  });

  it('REST statistics/get still answers every constat of the year, oldest first, in the legacy shape', async () => {
    const legacy = await rest(app.url, 'GET', `/api/v1/statistics/get?year=${STATS_YEAR}&month=-1`, { token: admin });
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.data).toHaveLength(250);
    const times = legacy.body.data.data.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Object.keys(legacy.body.data.data[0]).sort()).toEqual(
      [
        'id',
        'createdAt',
        'created_at',
        'count_pages_retrocession',
        'count_photos_retrocession',
        'count_pages_billing',
        'count_photos_billing',
        'secretary_price_page',
        'secretary_price_photo',
        'group_price_page',
        'group_price_photo',
        'secretary_amount',
        'bailiff_amount',
      ].sort(),
    );
    expect(legacy.body.data.totals.reports).toBe(250);
    expect(legacy.body.data).toMatchObject({ year: STATS_YEAR, month: -1 });
  });
});
