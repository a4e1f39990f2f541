// reportAggregates (issue 17 item 4) sums in ONE SQL statement what the lists show row by row: these
// tests rebuild every group from the `reports` connection itself (its amounts computed by the money
// rules in TypeScript) for every dimension and role, and page through a list of equal sort keys.
import { AGGREGATES, GROUPINGS, aggregates as aggregatesAt, expected, wholeList as wholeListAt } from '../support/aggregates.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { planText } from '../support/sql.js';

let app: TestApp;
let tokens: Record<'admin' | 'bailiff' | 'secretary', string>;
let statements: { sql: string; params: unknown[] }[] = [];

beforeAll(async () => {
  app = await startTestApp({ onQuery: (text, params) => statements.push({ sql: text, params: JSON.parse(params) as unknown[] }) });
  const db = app.services.db;
  const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  const other = await db.user.findFirstOrThrow({ where: { role: 'BAILIFF', id: { not: bailiff.id } } });
  // Five years of constats with odd photo counts, half-cent tariffs captured or not, every status,
  // both sides of a Paris month boundary (23:30 UTC on the last day is the next month in Paris).
  const statuses = ['NA', 'EC', 'RS', 'TE', 'AR'] as const;
  for (let i = 0; i < 30; i++) {
    const year = 2021 + (i % 5);
    const createdAt = i % 7 === 0 ? new Date(Date.UTC(year, (i % 12) + 1, 0, 23, 30)) : new Date(Date.UTC(year, i % 12, 1 + (i % 27), 10));
    await db.report.create({
      data: {
        name: `Agrégat ${i}`,
        bailiffId: i % 3 === 0 ? other.id : bailiff.id,
        secretaryId: i % 4 === 0 ? null : secretary.id,
        status: statuses[i % 5],
        isArchived: statuses[i % 5] === 'AR',
        createdAt,
        lastStatusChange: createdAt,
        countPagesProvisional: i % 9,
        countPhotosProvisional: i % 4,
        countPagesRetrocession: (i * 7) % 23,
        countPhotosRetrocession: (i * 3) % 7,
        countPagesBilling: (i * 5) % 19,
        countPhotosBilling: (i * 11) % 9,
        ...(i % 2 === 0 && {
          groupPricePage: '1.255',
          groupPricePhoto: '0.335',
          secretaryPricePage: '0.805',
          secretaryPricePhoto: '0.125',
        }),
      },
    });
  }
  const [admin, bailiffToken, secretaryToken] = await Promise.all(
    (['admin', 'bailiff', 'secretary'] as const).map((role) => loginToken(app.url, demo[role].email, demo[role].password)),
  );
  tokens = { admin, bailiff: bailiffToken, secretary: secretaryToken };
});

afterAll(async () => {
  await app?.stop();
});

const wholeList = (token: string, filter: Record<string, unknown> | null = null) => wholeListAt(app.url, token, filter);
const aggregates = (token: string, groupBy: Parameters<typeof aggregatesAt>[2], filter: Record<string, unknown> | null = null) =>
  aggregatesAt(app.url, token, groupBy, filter);

describe('reportAggregates equals the sums over the list', () => {
  for (const role of ['admin', 'bailiff', 'secretary'] as const) {
    it(`${role}: every grouping, whole list and filtered`, async () => {
      // A name search reads the constats themselves, every other filter the monthly rollup.
      for (const filter of [null, { year: 2023 }, { statuses: ['EC'], archived: false }, { search: 'agrégat 1' }]) {
        const rows = await wholeList(tokens[role], filter);
        expect(rows.length).toBeGreaterThan(0);
        for (const groupBy of GROUPINGS) {
          const sorted = (await aggregates(tokens[role], groupBy, filter)).sort((a: any, b: any) => a.key.localeCompare(b.key));
          expect({ groupBy, filter, sorted }).toEqual({ groupBy, filter, sorted: expected(rows, groupBy) });
        }
      }
    });
  }

  it('a secretary reads no billing amount, a bailiff no rétrocession amount; an admin both', async () => {
    const [admin] = await aggregates(tokens.admin, []);
    expect(admin.billing).not.toBeNull();
    expect(admin.retrocession).not.toBeNull();
    const [secretary] = await aggregates(tokens.secretary, []);
    expect(secretary.billing).toBeNull();
    expect(secretary.retrocession).not.toBeNull();
    const [bailiff] = await aggregates(tokens.bailiff, []);
    expect(bailiff.billing).not.toBeNull();
    expect(bailiff.retrocession).toBeNull();
  });

  it('a bailiff grouping by status sees NA and RS as EC, as in his lists', async () => {
    const statuses = (await aggregates(tokens.bailiff, ['STATUS'])).map((row: any) => JSON.parse(row.key).status);
    expect(statuses).not.toContain('NA');
    expect(statuses).not.toContain('RS');
    expect(statuses).toContain('EC');
  });

  it('refuses anonymous callers and repeated or unknown dimensions', async () => {
    const anonymous = await gql(app.url, AGGREGATES, { groupBy: ['MONTH'] });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const repeated = await gql(app.url, AGGREGATES, { groupBy: ['MONTH', 'MONTH'] }, tokens.admin);
    expect(repeated.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(repeated.errors?.[0].message).toMatch(/Regroupement invalide/);
    const unknown = await gql(app.url, AGGREGATES, { groupBy: ['DAY'] }, tokens.admin);
    expect(unknown.errors).toBeDefined();
    const tooMany = await gql(app.url, AGGREGATES, { groupBy: Array(50).fill('YEAR') }, tokens.admin);
    expect(tooMany.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('lists page with a stable order', () => {
  it('constats created at the same instant page by page without loss or duplicate (id breaks ties)', async () => {
    const db = app.services.db;
    const same = new Date(Date.UTC(2005, 5, 15, 8));
    const admin = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const report = await db.report.create({
        data: { name: `Même instant ${i}`, bailiffId: admin.id, status: 'EC', createdAt: same, lastStatusChange: same },
      });
      ids.push(report.id);
    }
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const result: { data?: any; errors?: any[] } = await gql(
        app.url,
        'query($after: String) { reports(filter: { year: 2005 }, first: 2, after: $after) { pageInfo { hasNextPage endCursor } edges { node { databaseId } } } }',
        { after },
        tokens.admin,
      );
      expect(result.errors).toBeUndefined();
      seen.push(...result.data!.reports.edges.map((edge: any) => edge.node.databaseId));
      if (!result.data!.reports.pageInfo.hasNextPage) break;
      after = result.data!.reports.pageInfo.endCursor;
    }
    expect(seen).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('the statement PostgreSQL runs', () => {
  /** The plan of the reportAggregates statement the server sent for `groupBy`, as the admin. */
  async function planOf(groupBy: string[]): Promise<string> {
    statements = [];
    const result = await gql(
      app.url,
      'query($groupBy: [ReportAggregateDimension!]!) { reportAggregates(groupBy: $groupBy) { reports } }',
      { groupBy },
      tokens.admin,
    );
    expect(result.errors).toBeUndefined();
    const statement = statements.find((entry) => entry.sql.includes('"ReportMonthSummary"'));
    expect(statement).toBeDefined();
    return planText(app.databaseUrl, statement!);
  }

  it('by month reads the rollup alone: the bailiff join, whose columns it does not read, is dropped', async () => {
    // One row per month, bailiff, secretary and status: joining each to its bailiff was a third of the time.
    expect(await planOf(['MONTH'])).not.toMatch(/"User"/);
  });

  it('by bailiff still joins the bailiffs, whose names it shows', async () => {
    expect(await planOf(['BAILIFF'])).toMatch(/on "User" b\b/);
  });
});
