// A bailiff sees NA and RS as EC (the « rétrocédé » step and the unassigned state are the office's):
// filtering by RS or NA must not tell him which of his « en cours » constats really are. On every
// path — GraphQL lists and aggregates, the legacy REST `states=`, the CSV export — RS and NA stand
// for EC, as his lists show it.
import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';

let app: TestApp;
let bailiff: string;
/** His constats he sees as « en cours » (NA, EC and RS), and those not archived. */
let inProgress: number[];
let inProgressNotArchived: number[];

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

beforeAll(async () => {
  app = await startTestApp();
  bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  const db = app.services.db;
  const me = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  await db.report.createMany({
    data: (['NA', 'EC', 'RS', 'TE', 'NA', 'RS'] as const).map((status, index) => ({
      name: `Constat statut ${index}`,
      bailiffId: me.id,
      secretaryId: status === 'NA' ? null : secretary.id,
      status,
    })),
  });
  const mine = await db.report.findMany({
    where: { bailiffId: me.id, status: { in: ['NA', 'EC', 'RS'] } },
    select: { id: true, isArchived: true },
  });
  inProgress = sorted(mine.map((report) => report.id));
  inProgressNotArchived = sorted(mine.filter((report) => !report.isArchived).map((report) => report.id));
  expect(inProgressNotArchived.length).toBeGreaterThanOrEqual(6);
});

afterAll(async () => {
  await app?.stop();
});

async function graphqlList(statuses: string[]): Promise<{ ids: number[]; shown: string[] }> {
  const ids: number[] = [];
  const shown = new Set<string>();
  let after: string | null = null;
  for (;;) {
    type Page = { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: { databaseId: number; status: string } }[] };
    const result = await gql<{ reports: Page }>(
      app.url,
      'query($filter: ReportFilter, $after: String) { reports(filter: $filter, first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { databaseId status } } } }',
      { filter: { statuses }, after },
      bailiff,
    );
    expect(result.errors).toBeUndefined();
    const page: Page = result.data!.reports;
    for (const { node } of page.edges) {
      ids.push(node.databaseId);
      shown.add(node.status);
    }
    if (!page.pageInfo.hasNextPage) return { ids: sorted(ids), shown: [...shown] };
    after = page.pageInfo.endCursor;
  }
}

describe('a bailiff filtering by RS or NA gets his « en cours » constats, as if by EC', () => {
  it.each([[['RS']], [['NA']], [['RS', 'NA']]])('GraphQL reports(filter: { statuses: %j })', async (statuses) => {
    const list = await graphqlList(statuses);
    expect(list.ids).toEqual(inProgress);
    expect(list.shown).toEqual(['EC']);
    expect(list.ids).toEqual((await graphqlList(['EC'])).ids);
  });

  it('GraphQL reportAggregates by status: the same one EC row whatever of NA, EC or RS is asked', async () => {
    const counts = [];
    for (const statuses of [['EC'], ['RS'], ['NA']]) {
      const result = await gql(
        app.url,
        'query($filter: ReportFilter) { reportAggregates(filter: $filter, groupBy: [STATUS]) { status reports } }',
        { filter: { statuses } },
        bailiff,
      );
      expect(result.errors).toBeUndefined();
      counts.push(result.data!.reportAggregates);
    }
    expect(counts[0]).toEqual([{ status: 'EC', reports: inProgress.length }]);
    expect(counts[1]).toEqual(counts[0]);
    expect(counts[2]).toEqual(counts[0]);
  });

  it.each(['states=RS', 'states=NA', 'states[]=RS&states[]=NA', 'status=rs'])('REST get_all?%s', async (query) => {
    const response = await rest(app.url, 'GET', `/api/v1/report/get_all?${query}`, { token: bailiff });
    expect(response.status).toBe(200);
    const reports = response.body.reports as { id: number; status: string }[];
    expect(sorted(reports.map((report) => report.id))).toEqual(inProgressNotArchived);
    expect(new Set(reports.map((report) => report.status))).toEqual(new Set(['EC']));
  });

  it.each(['RS', 'NA', 'RS,NA'])('CSV export statuses=%s', async (statuses) => {
    const response = await fetch(`${app.url}/api/v1/exports/reports.csv?list=reports&statuses=${statuses}`, {
      headers: { authorization: `Bearer ${bailiff}` },
    });
    expect(response.status).toBe(200);
    const rows: Record<string, string>[] = parse(Buffer.from(await response.arrayBuffer()), { bom: true, delimiter: ';', columns: true });
    expect(sorted(rows.map((row) => Number(row['N°'])))).toEqual(inProgress);
    expect(new Set(rows.map((row) => row.Statut))).toEqual(new Set(['En cours']));
  });

  it('an admin still filters by RS and NA as they are', async () => {
    const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const result = await gql(app.url, 'query { reports(filter: { statuses: [RS] }, first: 100) { edges { node { status } } } }', {}, admin);
    expect(result.errors).toBeUndefined();
    const statuses = new Set(result.data!.reports.edges.map((edge: { node: { status: string } }) => edge.node.status));
    expect(statuses).toEqual(new Set(['RS']));
  });
});
