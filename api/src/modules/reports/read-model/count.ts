// How many constats a list's filter finds: its totalCount. The admin, bailiff and secretary lists
// read it off the rollups the database keeps in step with every write (migrations report_totals
// and report_month_summary), so that a count costs the same after a decade of history
// (product.md §15); only what no rollup can answer (a name search, instants: filters.ts rollupsAnswer)
// counts the constats themselves.
import type { AppContext, Viewer } from '../../../context.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { requestBatch } from '../../../infra/request-batch.js';
import { reportsSql, rollupsAnswer, type ReportFilter, type ReportsWhere } from './filters.js';

// The rollups under the columns of "Report" the lists' filter reads (alias r): "ReportTotals" (per
// bailiff, secretary, status and archiving, whatever the period) and, for a year or month filter,
// "ReportMonthSummary" (the same per Paris month, whose first instant stands for "createdAt": a
// period filter is made of whole Paris months).
const TOTALS = Prisma.sql`(SELECT "bailiffId", NULLIF("secretaryId", 0) AS "secretaryId", "status", "isArchived", "reports" FROM "ReportTotals") r`;
const MONTHS = Prisma.sql`(SELECT "monthStart" AS "createdAt", "bailiffId", NULLIF("secretaryId", 0) AS "secretaryId", "status", "isArchived", "reports"
                             FROM "ReportMonthSummary") r`;

/** The statement counting what `where` finds among the constats. */
export const countSql = (where: ReportsWhere) => Prisma.sql`SELECT count(*)::int AS count FROM "Report" r WHERE ${where}`;

/** The statement counting what the list `filter` finds for the viewer (reportsSql), from a rollup when it can. */
export function listCountSql(viewer: Viewer, filter: ReportFilter): Prisma.Sql {
  if (!rollupsAnswer(filter)) return countSql(reportsSql(viewer, filter));
  return Prisma.sql`SELECT coalesce(sum(r."reports"), 0)::int AS count FROM ${filter.year == null ? TOTALS : MONTHS} WHERE ${reportsSql(viewer, filter)}`;
}

/**
 * The count a statement (countSql, listCountSql) answers, once per request and statement: a
 * screen asking for its header cards and its list's total with the same filter counts once.
 */
export const countReports = requestBatch(
  (ctx: AppContext, statements: Prisma.Sql[]) =>
    Promise.all(statements.map(async (statement) => (await ctx.db.$queryRaw<{ count: number }[]>(statement))[0].count)),
  {
    memo: true,
    keyOf: (statement) => `${statement.sql}\u0000${JSON.stringify(statement.values)}`,
  },
);

/** The bailiffs of the constats assigned to the secretary, from the totals (a few rows per bailiff). */
export async function assignedBailiffIds(ctx: AppContext, secretaryId: number): Promise<number[]> {
  const rows = await ctx.db.$queryRaw<{ bailiffId: number }[]>`
    SELECT "bailiffId" FROM "ReportTotals" WHERE "secretaryId" = ${secretaryId} GROUP BY "bailiffId" HAVING sum("reports") > 0`;
  return rows.map((row) => row.bailiffId);
}
