// The header cards and tiles of the reports screens (product.md §2, §4, §9), aggregated by PostgreSQL
// from the read model's filters: the cards over the list's own filter, the tiles over what the
// viewer may see (read-model/visibility.ts) whatever the list's filters.
import type { AppContext, Viewer } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { ReportStatus } from '../../generated/prisma/enums.js';
import { requireViewer } from '../../guards.js';
import { sqlTimestamp } from '../../infra/db.js';
import { sum, toDecimal, type Decimal } from '@constats/domain/money';
import { currentParisMonth, parisYearMonth } from '../../lib/periods.js';
import { retrocessionAmounts } from '@constats/domain/line-amounts';
import { countReports, listCountSql } from './read-model/count.js';
import { createdWithin, reportsSql, statusList, type ReportFilter } from './read-model/filters.js';
import { billingPricePage, billingPricePhoto, retrocessionPricePage, retrocessionPricePhoto, TARIFF_JOINS } from './read-model/tariffs.js';
import { visibleReportsSql } from './read-model/visibility.js';
import { ALERT_WARNING_HOURS, alertLevel, delayOfMean, hoursBetween, isInAlert } from './rules.js';

export interface ReportHeaders {
  totalReports: number;
  reportsInAlert: number;
  averageDelay: { hours: number; minutes: number };
  /** "CA en cours": this month's constats, retrocession counts × étude tariffs (product.md §9). */
  currentRevenue: Decimal;
  secretary: { retrocessionThisMonth: Decimal; inProgress: number; all: number; inAlert: number; averageDelayHours: number } | null;
  bailiff: { inProgressThisMonth: number; archivedThisMonth: number; invoicesThisMonth: number } | null;
}

const IN_PROGRESS: ReportStatus[] = ['EC', 'RS'];

interface HeaderRow {
  reportsInAlert: number;
  averageDelayHours: number | null;
  currentRevenue: string;
}

export async function reportHeaders(ctx: AppContext, filter: ReportFilter, now = new Date()): Promise<ReportHeaders> {
  const viewer = requireViewer(ctx);
  const month = currentParisMonth(now);
  // product.md §4: alerts count hours from creation, from the last status change for secretaries; a
  // constat in progress is in alert from ALERT_WARNING_HOURS on.
  const clock = Prisma.raw(viewer.role === 'SECRETARY' ? 'r."lastStatusChange"' : 'r."createdAt"');
  const alertFrom = new Date(now.getTime() - ALERT_WARNING_HOURS * 3_600_000);
  // One statement over the list's constats in progress only (an index reads them, however long
  // the history): PostgreSQL counts, averages and adds up instead of sending every row. The total
  // is the list's own count (read-model/count.ts, shared with its totalCount). "CA en cours" is
  // product.md §9's counts × effective étude tariffs, each report rounded to the cent (round() on
  // numeric is half up for these positive amounts, money.ts's policy), over what the viewer may
  // see this Paris month whatever the list filters.
  const headers = ctx.db.$queryRaw<HeaderRow[]>`
    SELECT (count(*) FILTER (WHERE ${clock} <= ${sqlTimestamp(alertFrom)}))::int AS "reportsInAlert",
           avg(greatest(0, extract(epoch FROM ${sqlTimestamp(now)} - r."lastStatusChange") / 3600))::float8 AS "averageDelayHours",
           (SELECT coalesce(sum(round(coalesce(${billingPricePage}, 0) * r."countPagesRetrocession"
                                    + coalesce(${billingPricePhoto}, 0) * r."countPhotosRetrocession", 2)), 0)::text
              FROM "Report" r ${TARIFF_JOINS}
             WHERE ${visibleReportsSql(viewer)} AND ${createdWithin(month)}) AS "currentRevenue"
      FROM "Report" r
     WHERE ${reportsSql(viewer, filter)} AND r.status IN (${statusList(IN_PROGRESS)})`;
  const [[row], totalReports, secretary, bailiff] = await Promise.all([
    headers,
    countReports(ctx, listCountSql(viewer, filter)),
    viewer.role === 'SECRETARY' ? secretaryTiles(ctx, viewer, now) : null,
    viewer.role === 'BAILIFF' ? bailiffTiles(ctx, viewer, now) : null,
  ]);
  return {
    totalReports,
    reportsInAlert: row.reportsInAlert,
    averageDelay: delayOfMean(row.averageDelayHours),
    currentRevenue: toDecimal(row.currentRevenue),
    secretary,
    bailiff,
  };
}

interface ReturnedRow {
  countPagesRetrocession: number;
  countPhotosRetrocession: number;
  countPagesProvisional: number;
  countPhotosProvisional: number;
  pricePage: string | null;
  pricePhoto: string | null;
}

/** product.md §2 secretary tiles, on all of her constats whatever the list's filters. */
async function secretaryTiles(ctx: AppContext, viewer: Viewer, now: Date): Promise<NonNullable<ReportHeaders['secretary']>> {
  const month = currentParisMonth(now);
  const mine = visibleReportsSql(viewer);
  const [all, inProgress, returnedThisMonth] = await Promise.all([
    countReports(ctx, listCountSql(viewer, {})),
    ctx.db.$queryRaw<{ status: ReportStatus; lastStatusChange: Date }[]>`
      SELECT r.status, r."lastStatusChange" FROM "Report" r WHERE ${mine} AND r.status IN (${statusList(IN_PROGRESS)})`,
    ctx.db.$queryRaw<ReturnedRow[]>`
      SELECT r."countPagesRetrocession", r."countPhotosRetrocession", r."countPagesProvisional", r."countPhotosProvisional",
             ${retrocessionPricePage}::text AS "pricePage", ${retrocessionPricePhoto}::text AS "pricePhoto"
        FROM "Report" r ${TARIFF_JOINS}
       WHERE ${mine} AND r.status = 'TE' AND r."returnedAt" >= ${sqlTimestamp(month.start)} AND r."returnedAt" < ${sqlTimestamp(month.end)}`,
  ]);
  const delays = inProgress.map((report) => hoursBetween(report.lastStatusChange, now));
  const retrocessionThisMonth = sum(
    returnedThisMonth.map((report) => {
      // Until the admin validates the counts, the secretary's own provisional counts stand in.
      const validated = report.countPagesRetrocession > 0;
      return retrocessionAmounts({
        pages: validated ? report.countPagesRetrocession : report.countPagesProvisional,
        photos: validated ? report.countPhotosRetrocession : report.countPhotosProvisional,
        pricePage: report.pricePage,
        pricePhoto: report.pricePhoto,
      }).total;
    }),
  );
  return {
    retrocessionThisMonth,
    inProgress: inProgress.length,
    all,
    inAlert: inProgress.filter((report) => isInAlert(alertLevel(report.status, hoursBetween(report.lastStatusChange, now)))).length,
    averageDelayHours: delays.length ? Math.round(delays.reduce((total, value) => total + value, 0) / delays.length) : 0,
  };
}

async function bailiffTiles(ctx: AppContext, viewer: Viewer, now: Date): Promise<NonNullable<ReportHeaders['bailiff']>> {
  const month = currentParisMonth(now);
  const { year, month: monthNumber } = parisYearMonth(now);
  const [[tiles], me] = await Promise.all([
    ctx.db.$queryRaw<{ inProgressThisMonth: number; archivedThisMonth: number }[]>`
      SELECT (count(*) FILTER (WHERE r.status IN (${statusList(['NA', 'EC', 'RS'])}) AND ${createdWithin(month)}))::int AS "inProgressThisMonth",
             (count(*) FILTER (WHERE r."isArchived" AND r."lastStatusChange" >= ${sqlTimestamp(month.start)} AND r."lastStatusChange" < ${sqlTimestamp(month.end)}))::int AS "archivedThisMonth"
        FROM "Report" r
       WHERE ${visibleReportsSql(viewer)}
         AND (${createdWithin(month)} OR (r."lastStatusChange" >= ${sqlTimestamp(month.start)} AND r."lastStatusChange" < ${sqlTimestamp(month.end)}))`,
    ctx.db.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { groupId: true } }),
  ]);
  const invoicesThisMonth = me.groupId ? await ctx.db.groupBill.count({ where: { groupId: me.groupId, year, month: monthNumber } }) : 0;
  return { ...tiles, invoicesThisMonth };
}
