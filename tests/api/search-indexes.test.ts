// Issue 19 item 2: every accent- and case-insensitive substring search (constat names, people,
// études, news) is served by an index, never by a sequential scan of the history. The statements
// are the ones the real server sends for each search, captured with their parameters, then
// EXPLAINed on a table seeded large enough (and ANALYZEd) for the planner's choice to matter.
import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import type pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { queryRows } from '../support/sql.js';

jest.setTimeout(120_000);

const REPORTS = 20_000;
const PEOPLE = 20_000;
const NEWS = 20_000;
const GROUPS = 20_000;

// Row g's unique word, as varied as real names are (36 letters and digits: trigrams select few
// rows; md5's 16 hexadecimal digits would make every trigram common).
const TOKEN = `lower(translate(encode(sha256(g::text::bytea), 'base64'), '+/=', 'xyz'))`;
const token = (g: number) =>
  createHash('sha256').update(String(g)).digest('base64').replace(/\+/g, 'x').replace(/\//g, 'y').replace(/=/g, 'z').toLowerCase();

let app: TestApp;
let admin: string;
let statements: { sql: string; params: unknown[] }[] = [];

const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => queryRows<T>(app.databaseUrl, text, values);

beforeAll(async () => {
  app = await startTestApp({ onQuery: (text, params) => statements.push({ sql: text, params: JSON.parse(params) as unknown[] }) });
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const [{ id: bailiffId }] = await sql<{ id: number }>('SELECT id FROM "User" WHERE email = $1', [demo.bailiff.email]);
  // Five years of constats, named as offices do plus a unique part to search for.
  await sql(
    `INSERT INTO "Report" (name, "bailiffId", status, "isArchived", "createdAt", "updatedAt", "lastStatusChange")
     SELECT 'Constat état des lieux ' || ${TOKEN}, $1,
            (ARRAY['EC','RS','TE','AR']::"ReportStatus"[])[1 + g % 4], g % 3 = 0,
            now() - make_interval(hours => g * 2), now(), now()
       FROM generate_series(1, ${REPORTS}) g`,
    [bailiffId],
  );
  await sql(
    `INSERT INTO "User" (role, "firstName", "lastName", email, identity, "passwordHash", "searchText", "updatedAt")
     SELECT 'BAILIFF', 'Hélène', 'Dupré-' || ${TOKEN}, 'huissier' || g || '@search.test', 'huissier-search-' || g, 'x',
            'helene dupre-' || ${TOKEN} || ' huissier' || g || '@search.test huissier-search-' || g, now()
       FROM generate_series(1, ${PEOPLE}) g`,
  );
  await sql(
    `INSERT INTO "News" (title, body, "searchText", "updatedAt")
     SELECT 'Réunion-' || ${TOKEN}, '<p>Ordre du jour</p>', 'reunion-' || ${TOKEN} || ' ordre du jour', now()
       FROM generate_series(1, ${NEWS}) g`,
  );
  await sql(
    `INSERT INTO "Group" (name, siret, telephone, email, address, zip, city, "searchText", "updatedAt")
     SELECT 'Étude-' || ${TOKEN}, '12345678900011', '0102030405', 'etude' || g || '@search.test', '1 rue de la Paix', '75002', 'Évry',
            'etude-' || ${TOKEN} || ' evry', now()
       FROM generate_series(1, ${GROUPS}) g`,
  );
  // VACUUM as autovacuum would: it also moves the GIN indexes' pending entries (fast update) into
  // the index proper, which a manual ANALYZE does not, and the planner prices a long pending list.
  await sql('VACUUM ANALYZE "Report", "User", "News", "Group"');
});

afterAll(() => app?.stop());

/** Three characters found in between `min` and `max` of the constats' unique words. */
function sharedTrigram(min: number, max: number): string {
  const counts = new Map<string, number>();
  for (let g = 1; g <= REPORTS; g++) {
    const word = token(g);
    for (const trigram of new Set(Array.from({ length: word.length - 2 }, (_, i) => word.slice(i, i + 3))))
      counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  }
  return [...counts].find(([, count]) => count >= min && count <= max)![0];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

type ExplainRow = { 'QUERY PLAN': { Plan: PlanNode }[] };

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * Runs `operation`, then EXPLAINs (with their parameters) the statements it sent that carry
 * `fragment`, and returns the relations each plan reads by a sequential scan.
 */
async function seqScansOf(fragment: string, operation: () => Promise<unknown>): Promise<{ statements: number; seqScans: string[] }> {
  statements = [];
  await operation();
  const searching = statements.filter(({ params }) =>
    params.some((param) => typeof param === 'string' && param.toLowerCase().includes(fragment.toLowerCase())),
  );
  const [{ server_version_num: version }] = await sql<{ server_version_num: string }>('SHOW server_version_num');
  const seqScans: string[] = [];
  for (const statement of searching) {
    const explains = [sql<ExplainRow>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params)];
    // The server names its prepared statements (infra/db.ts), so PostgreSQL may switch to a plan made
    // without the values: PostgreSQL 16 and later can show it.
    if (Number(version) >= 160_000) explains.push(sql<ExplainRow>(`EXPLAIN (FORMAT JSON, GENERIC_PLAN) ${statement.sql}`));
    for (const [
      {
        'QUERY PLAN': [plan],
      },
    ] of await Promise.all(explains)) {
      seqScans.push(
        ...planNodes(plan.Plan)
          .filter((node) => node['Node Type'] === 'Seq Scan')
          .map((node) => node['Relation Name']!),
      );
    }
  }
  return { statements: searching.length, seqScans };
}

test.each([
  ['a unique part of one name', token(4242).slice(3, 11)],
  // Three characters, the shortest a trigram index serves, found in a few dozen constats: more than
  // a page, so the list also counts them (a page that is not full gives its own count).
  ['three characters of many names', () => sharedTrigram(10, 60)],
])('a search by %s reads the Report table through an index (page, count, cards)', async (_label, fragmentOf) => {
  const fragment = typeof fragmentOf === 'string' ? fragmentOf : fragmentOf();
  const [{ count }] = await sql<{ count: number }>(`SELECT count(*)::int AS count FROM "Report" WHERE name ILIKE '%' || $1 || '%'`, [
    fragment,
  ]);
  let totalCount = 0;
  const found = await seqScansOf(fragment, async () => {
    // Upper case: the name search ignores case (ILIKE). Apart, as a screen asks them: the cards'
    // statement, when asked in the same request, also serves the list's count.
    const filter = { search: fragment.toUpperCase() };
    const result = await gql<{ reports: { totalCount: number } }>(
      app.url,
      'query($filter: ReportFilter) { reports(first: 5, filter: $filter) { totalCount edges { node { name } } } }',
      { filter },
      admin,
    );
    await gql(app.url, 'query($filter: ReportFilter) { reportHeaders(filter: $filter) { totalReports } }', { filter }, admin);
    totalCount = result.data!.reports.totalCount;
  });
  expect(totalCount).toBe(count);
  expect(found.statements).toBeGreaterThanOrEqual(count > 5 ? 3 : 2);
  expect(found.seqScans).not.toContain('Report');
});

test('a search by a fragment of a person’s name reads the User table through an index', async () => {
  // Accents and case are ignored: 'DUPRÉ-…' finds 'Dupré-…' through the accent-free searchText.
  const fragment = token(1717).slice(0, 7);
  let names: string[] = [];
  const found = await seqScansOf(fragment, async () => {
    const result = await gql<{ users: { totalCount: number; edges: { node: { fullName: string } }[] } }>(
      app.url,
      'query($keyword: String) { users(first: 20, role: BAILIFF, keyword: $keyword) { totalCount edges { node { fullName } } } }',
      { keyword: `DUPRÉ-${fragment.toUpperCase()}` },
      admin,
    );
    names = result.data!.users.edges.map(({ node }) => node.fullName);
  });
  expect(names).toEqual([expect.stringContaining(token(1717))]);
  expect(found.statements).toBeGreaterThanOrEqual(2);
  expect(found.seqScans).not.toContain('User');
});

test('a search by a fragment of an étude’s name reads the Group table through an index', async () => {
  const fragment = token(999).slice(0, 7);
  let totalCount = 0;
  const found = await seqScansOf(fragment, async () => {
    const result = await gql<{ groups: { totalCount: number } }>(
      app.url,
      'query($keyword: String) { groups(first: 10, keyword: $keyword) { totalCount edges { node { name } } } }',
      { keyword: `ÉTUDE-${fragment}` },
      admin,
    );
    totalCount = result.data!.groups.totalCount;
  });
  expect(totalCount).toBe(1);
  expect(found.statements).toBeGreaterThanOrEqual(2);
  expect(found.seqScans).not.toContain('Group');
});

test('a search by a fragment of a news item reads the News table through an index', async () => {
  const fragment = token(3131).slice(0, 9);
  let totalCount = 0;
  const found = await seqScansOf(fragment, async () => {
    const result = await gql<{ news: { totalCount: number } }>(
      app.url,
      'query($keyword: String) { news(first: 10, keyword: $keyword) { totalCount edges { node { title } } } }',
      { keyword: `RÉUNION-${fragment}` },
      admin,
    );
    totalCount = result.data!.news.totalCount;
  });
  expect(totalCount).toBe(1);
  expect(found.statements).toBeGreaterThanOrEqual(2);
  expect(found.seqScans).not.toContain('News');
});
