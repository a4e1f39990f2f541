// SQL statements per request, counted from Prisma's query events on a server started with
// BENCH_SQL_COUNT=1 (server.ts): the admin screen at 10 and 50 rows (sql.10, sql.50) and every
// growth.* screen at 10 and 50 rows (sql.<screen>), each constant whatever the page size
// (docs/benchmarks.md): a statement per row would show as a count that grows with the page.
import { benchTokens } from './dataset.js';
import type { Screen } from './growth.js';
import { median } from './load.js';
import { graphql } from './process.js';
import { SCREEN_QUERY } from './queries.js';
import type { Row } from './report.js';

/** Statements of one request, transaction control aside (as tests/api/report-uploads-and-queries.test.ts counts). */
export async function countStatements(url: string, token: string, query: string, variables: Record<string, unknown>): Promise<{ count: number; statements: string[] }> {
  const take = async () => ((await (await fetch(`${url}/__bench/sql`)).json()) as { statements: string[] }).statements;
  await graphql(url, token, query, variables); // session touch, caches
  const counts: number[] = [];
  let statements: string[] = [];
  for (let run = 0; run < 3; run++) {
    await take();
    const result = await graphql(url, token, query, variables);
    if (result.errors) throw new Error(`query failed: ${JSON.stringify(result.errors)}`);
    statements = (await take()).filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(sql));
    counts.push(statements.length);
  }
  return { count: median(counts), statements };
}

export async function measureStatements(url: string, screens: Screen[], log: (message: string) => void) {
  const ten = await countStatements(url, benchTokens.admin, SCREEN_QUERY, { first: 10 });
  const fifty = await countStatements(url, benchTokens.admin, SCREEN_QUERY, { first: 50 });
  log(`  admin screen: ${ten.count} statements at 10 rows, ${fifty.count} at 50`);
  const perScreen: { key: string; label: string; at10: number; at50: number }[] = [];
  for (const screen of screens) {
    if (!('count' in screen.variables)) continue; // no page size to vary
    const at10 = await countStatements(url, screen.token, screen.query, { ...screen.variables, count: 10 });
    const at50 = await countStatements(url, screen.token, screen.query, { ...screen.variables, count: 50 });
    log(`  ${screen.label}: ${at10.count} / ${at50.count}`);
    perScreen.push({ key: screen.key, label: screen.label, at10: at10.count, at50: at50.count });
  }
  return { at10: ten, at50: fifty, perScreen };
}

export function statementRows({ at10, at50, perScreen }: Awaited<ReturnType<typeof measureStatements>>): Row[] {
  const equal = at10.count === at50.count;
  return [
    { key: 'sql.10', figure: 'SQL statements per admin screen query, 10 rows', value: at10.count, display: String(at10.count), target: '≤ 6, = at 50', pass: at10.count <= 6 && equal, load1: null },
    { key: 'sql.50', figure: 'SQL statements per admin screen query, 50 rows', value: at50.count, display: String(at50.count), target: '≤ 6, = at 10', pass: at50.count <= 6 && equal, load1: null },
    ...perScreen.map((entry) => ({
      key: `sql.${entry.key}`,
      figure: `SQL statements, ${entry.label}: 10 / 50 rows`,
      value: entry.at50,
      display: `${entry.at10} / ${entry.at50}`,
      target: 'equal',
      pass: entry.at10 === entry.at50,
      load1: null,
    })),
  ];
}
