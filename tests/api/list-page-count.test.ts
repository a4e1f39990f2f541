// Issue 19: every list's page and its totalCount come from the same filter of the read model
// (reports/read-model/filters.ts): walking a list page by page finds exactly totalCount constats,
// for every role and every screen's list, with and without the header cards asked alongside
// (the count then comes off the headers' statement).
import { parisYearMonth } from '../../api/src/lib/periods.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';

let app: TestApp;
const tokens: Record<'admin' | 'bailiff' | 'secretary', string> = { admin: '', bailiff: '', secretary: '' };
let busiest: { year: number; month: number };
// Small pages, so that every list is walked over several of them.

beforeAll(async () => {
  app = await startTestApp();
  [tokens.admin, tokens.bailiff, tokens.secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
  // The demo seed's month with the most constats of the demo secretary: rétrocession pages to walk.
  const secretary = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email }, select: { id: true } });
  const months = new Map<string, { year: number; month: number; count: number }>();
  for (const report of await app.services.db.report.findMany({ where: { secretaryId: secretary.id }, select: { createdAt: true } })) {
    const key = parisYearMonth(report.createdAt);
    const entry = months.get(`${key.year}-${key.month}`) ?? { ...key, count: 0 };
    months.set(`${key.year}-${key.month}`, { ...entry, count: entry.count + 1 });
  }
  const [{ year, month }] = [...months.values()].sort((a, b) => b.count - a.count);
  busiest = { year, month };
});

afterAll(async () => {
  await app?.stop();
});

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: { id: string } }[];
}

/** Every page of a list (`select` reads the connection out of the response), and the totalCount each page reported. */
async function walk(token: string, query: string, variables: Record<string, unknown>, select: (data: any) => Page) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let after: string | null = null;
  for (;;) {
    const result = await gql(app.url, query, { ...variables, after }, token);
    expect(result.errors).toBeUndefined();
    const page = select(result.data);
    totals.add(page.totalCount);
    ids.push(...page.edges.map((edge) => edge.node.id));
    if (!page.pageInfo.hasNextPage) return { ids, totals: [...totals] };
    after = page.pageInfo.endCursor;
  }
}

const CONNECTION = 'totalCount pageInfo { hasNextPage endCursor } edges { node { id } }';
const REPORTS = `query($filter: ReportFilter, $after: String) { reports(filter: $filter, first: 7, after: $after) { ${CONNECTION} } }`;
const REPORTS_WITH_HEADERS = `query($filter: ReportFilter, $after: String) {
  reportHeaders(filter: $filter) { totalReports }
  reports(filter: $filter, first: 7, after: $after) { ${CONNECTION} } }`;

const LISTS: [string, keyof typeof tokens, Record<string, unknown>][] = [
  ['admin « en cours »', 'admin', { statuses: ['NA', 'EC', 'RS'], archived: false }],
  ['admin « terminés »', 'admin', { statuses: ['TE'], archived: false }],
  ['admin « archivés »', 'admin', { archived: true }],
  ['admin « non attribués »', 'admin', { awaitingSecretary: true }],
  ['admin search', 'admin', { search: 'e' }],
  ['admin every constat', 'admin', {}],
  ['bailiff in progress', 'bailiff', { statuses: ['EC'], archived: false }],
  ['bailiff archive', 'bailiff', { archived: true }],
  ['bailiff every constat', 'bailiff', {}],
  ['secretary in progress', 'secretary', { statuses: ['EC', 'RS'] }],
  ['secretary « Tous mes constats »', 'secretary', {}],
];

describe('a list and its totalCount', () => {
  it.each(LISTS)('%s: the pages hold exactly totalCount constats, with or without the header cards', async (_name, role, filter) => {
    for (const query of [REPORTS, REPORTS_WITH_HEADERS]) {
      const { ids, totals } = await walk(tokens[role], query, { filter }, (data) => data.reports);
      expect(new Set(ids).size).toBe(ids.length);
      expect(totals).toEqual([ids.length]);
    }
  });

  it.each(['admin', 'secretary'] as const)(
    'rétrocession of a month and of its year (%s): pages, totalCount and « CUMUL PÉRIODE » agree',
    async (role) => {
      const query = `query($filter: RetrocessionFilter!, $after: String) { retrocession(filter: $filter) { totals { reports } reports(first: 2, after: $after) { ${CONNECTION} } } }`;
      let walked = 0;
      for (const filter of [busiest, { year: busiest.year }]) {
        let cumul = -1;
        const { ids, totals } = await walk(tokens[role], query, { filter }, (data) => {
          cumul = data.retrocession.totals.reports;
          return data.retrocession.reports;
        });
        expect(totals).toEqual([ids.length]);
        expect(cumul).toBe(ids.length);
        walked += ids.length;
      }
      expect(walked).toBeGreaterThan(0);
    },
  );
});
