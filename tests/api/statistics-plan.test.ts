// Issue 19: a year of statistics costs the same whatever the history before it. The period's
// counting agreement (counting/agreement.ts) reads each constat's returned files by index; joined
// to the whole file table it was planned as a sequential scan of every returned file once the
// history was large. The statement the real server sends is captured with its parameters, then
// EXPLAINed on a history seeded large enough (and ANALYZEd) for the planner's choice to matter.
import { jest } from '@jest/globals';
import type pg from 'pg';
import { parisYearMonth } from '../../api/src/lib/periods.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { planText, queryRows } from '../support/sql.js';

jest.setTimeout(120_000);

/** Billed constats of the year shown, each with one counted returned file. */
const PERIOD_REPORTS = 4_000;
/** Older constats, each with two returned files and a deposited one. */
const HISTORY_REPORTS = 40_000;

let app: TestApp;
let statements: { sql: string; params: unknown[] }[] = [];
const year = parisYearMonth(new Date()).year - 1;

const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => queryRows<T>(app.databaseUrl, text, values);

beforeAll(async () => {
  app = await startTestApp({ onQuery: (text, params) => statements.push({ sql: text, params: JSON.parse(params) as unknown[] }) });
  const [{ id: bailiffId }] = await sql<{ id: number }>('SELECT id FROM "User" WHERE email = $1', [demo.bailiff.email]);
  const insertReports = (count: number, createdAt: string) =>
    sql(
      `INSERT INTO "Report" (name, "bailiffId", status, "isArchived", "countPagesBilling", "countPhotosBilling",
                             "createdAt", "updatedAt", "lastStatusChange")
       SELECT 'Constat plan ' || g, $1, 'AR', true, 3, 1, ${createdAt}, now(), now()
         FROM generate_series(1, ${count}) g`,
      [bailiffId],
    );
  await insertReports(PERIOD_REPORTS, `make_timestamp(${year}, 1 + g % 12, 1 + g % 28, 12, 0, 0)`);
  await insertReports(HISTORY_REPORTS, `make_timestamp(${year - 12}, 1, 1, 0, 0, 0) + make_interval(hours => g * 2)`);
  // Loaded in bulk: the change feed's trigger would move the updatedAt of 44,000 constats in one
  // UPDATE, which the rollups' statement triggers take minutes over; the plan under test reads no
  // updatedAt.
  await sql('ALTER TABLE "ReportFile" DISABLE TRIGGER "ReportFile_touch_insert"');
  await sql(
    `INSERT INTO "ReportFile" ("reportId", kind, "originalName", size, "mimeType", "storageKey", "countStatus", "pageCount", "photoCount")
     SELECT r.id, k.kind::"ReportFileKind", 'constat.pdf', 1000, 'application/pdf', 'plan/' || r.id || '/' || k.n, 'DONE', 3, 1
       FROM "Report" r
      CROSS JOIN LATERAL (VALUES ('RETURNED', 1), ('RETURNED', 2), ('DEPOSITED', 3)) k(kind, n)
      WHERE r.name LIKE 'Constat plan %' AND (EXTRACT(YEAR FROM r."createdAt") < ${year} OR k.n = 1)`,
  );
  await sql('ALTER TABLE "ReportFile" ENABLE TRIGGER "ReportFile_touch_insert"');
  await sql('VACUUM ANALYZE "Report", "ReportFile"');
});

afterAll(() => app?.stop());

it("reads the year's counting agreement without scanning the history's files", async () => {
  const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  statements = [];
  const result = await gql<{ statistics: { detectionAgreement: { compared: number; agreeing: number } } }>(
    app.url,
    'query($year: Int!) { statistics(year: $year) { detectionAgreement { compared agreeing } } }',
    { year },
    admin,
  );
  expect(result.errors).toBeUndefined();
  // Every seeded constat of the year is billed 3 pages and 1 photo, as its one file was counted.
  expect(result.data!.statistics.detectionAgreement.compared).toBeGreaterThanOrEqual(PERIOD_REPORTS);
  expect(result.data!.statistics.detectionAgreement.agreeing).toBeGreaterThanOrEqual(PERIOD_REPORTS);

  const agreement = statements.find((statement) => statement.sql.includes('"returnedFiles"'));
  expect(agreement).toBeDefined();
  const plan = await planText(app.databaseUrl, agreement!);
  expect(plan).not.toMatch(/Seq Scan on "ReportFile"/);
  expect(plan).toMatch(/Index (Only )?Scan using "ReportFile_reportId_kind_idx"/);
});
