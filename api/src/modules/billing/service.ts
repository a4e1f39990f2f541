// Bills of études (product.md §4, §6): who sees which, the Facturation screen's month (what is left to
// bill per étude), bill lines' figures. Generation: generation.ts; files: documents.ts; sending and
// payment: lifecycle.ts.
import type { AppContext, Services } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import { AppError, forbidden, validationError } from '../../errors.js';
import { MAX_CHOICES } from '../../lib/choices.js';
import type { DecimalInput } from '@constats/domain/money';
import { FIRST_YEAR, isValidPeriod, parisPeriod, parisYearMonth } from '../../lib/periods.js';
import { viewerGroupId } from '../groups/service.js';
import { activeAdminIds } from '../notifications/service.js';
import { billableSql, type ReportsWhere } from '../reports/read-model/filters.js';
import { billingPricePage, billingPricePhoto, TARIFF_JOINS } from '../reports/read-model/tariffs.js';
import type { PeriodTotals } from '../retrocession/rules.js';
import { billingLine, reportBillingAmounts, type BillingCounts, type ReportCounts } from '@constats/domain/line-amounts';
import { discountOf } from '@constats/domain/bill-amounts';
import { billingPeriodTotals, billMessages, isBillable, isCurrentPeriod } from './rules.js';
import { requireAdmin, requireViewer } from '../../guards.js';

export const GROUP_BILL_COUNTER = 'group_bill';

// ---------------------------------------------------------------------------------------------
// Visibility
// ---------------------------------------------------------------------------------------------

export interface GroupBillFilter {
  year?: number | null;
  month?: number | null;
  groupId?: number | null;
  number?: number | null;
  /** Generated at or after / before these instants. */
  createdFrom?: Date | null;
  createdBefore?: Date | null;
  /** Sent, paid or given its PDF at or after this instant (`updatedAt`). */
  updatedSince?: Date | null;
}

/** product.md §6: admins see every bill (an étude-limited token, its études'), a bailiff his étude's bills only, a secretary none. */
export async function groupBillsWhere(ctx: AppContext, filter: GroupBillFilter = {}): Promise<Prisma.GroupBillWhereInput> {
  const viewer = requireViewer(ctx);
  const and: Prisma.GroupBillWhereInput[] = [];
  if (viewer.role === 'BAILIFF') {
    const groupId = await viewerGroupId(ctx);
    // A bailiff not (yet) linked to an étude has no bills.
    and.push({ groupId: groupId ?? -1 });
  } else if (viewer.role !== 'ADMIN') {
    throw forbidden();
  } else if (viewer.grant?.groupIds) {
    // An admin's API token limited to some études.
    and.push({ groupId: { in: [...viewer.grant.groupIds] } });
  }
  if (filter.groupId) and.push({ groupId: filter.groupId });
  if (filter.year != null || filter.month != null) checkPeriod(filter.year ?? FIRST_YEAR, filter.month ?? 1);
  if (filter.year) and.push({ year: filter.year });
  if (filter.month) and.push({ month: filter.month });
  if (filter.number) and.push({ number: filter.number });
  if (filter.createdFrom) and.push({ createdAt: { gte: filter.createdFrom } });
  if (filter.createdBefore) and.push({ createdAt: { lt: filter.createdBefore } });
  if (filter.updatedSince) and.push({ updatedAt: { gte: filter.updatedSince } });
  return { AND: and };
}

export async function canSeeGroupBill(ctx: AppContext, bill: { groupId: number }): Promise<boolean> {
  if (ctx.viewer?.role === 'ADMIN') return ctx.viewer.grant?.groupIds?.includes(bill.groupId) ?? true;
  return ctx.viewer?.role === 'BAILIFF' && (await viewerGroupId(ctx)) === bill.groupId;
}

export async function findVisibleBill(ctx: AppContext, billId: number) {
  requireViewer(ctx);
  const bill = await ctx.db.groupBill.findUnique({ where: { id: billId } });
  if (!bill || !(await canSeeGroupBill(ctx, bill))) throw new AppError('NOT_FOUND', billMessages.notFound);
  return bill;
}

// ---------------------------------------------------------------------------------------------
// Billable reports and period totals
// ---------------------------------------------------------------------------------------------

function checkPeriod(year: number, month: number): void {
  if (month == null || !isValidPeriod(year, month)) {
    throw validationError({ period: billMessages.periodInvalid }, billMessages.periodInvalid);
  }
}

/** The Facturation screen's filter (read-model/filters.ts billableSql), for its CSV export (reporting/export.ts). */
export function countedReportsSql(ctx: AppContext, year: number, month: number): ReportsWhere {
  requireAdmin(ctx);
  checkPeriod(year, month);
  return billableSql(parisPeriod(year, month));
}

/** A constat as a bill line reads it: its billing counts at its effective étude tariffs (read-model/tariffs.ts). */
interface LineRow extends BillingCounts {
  id: number;
  createdAt: Date;
  invoiced: boolean;
  bailiffId: number;
  secretaryId: number | null;
  groupId: number | null;
}

/** The lines of the constats `where` finds, oldest first. */
export function billingLines(db: Pick<Services['db'], '$queryRaw'>, where: ReportsWhere): Promise<LineRow[]> {
  return db.$queryRaw<LineRow[]>`
    SELECT r.id, r."createdAt", r.invoiced, r."bailiffId", r."secretaryId", b."groupId", r."countPagesBilling", r."countPhotosBilling",
           ${billingPricePage}::text AS "billingPricePage", ${billingPricePhoto}::text AS "billingPricePhoto"
      FROM "Report" r ${TARIFF_JOINS}
     WHERE ${where}
     ORDER BY r."createdAt", r.id`;
}

export interface BillingGroupRow {
  groupId: number;
  year: number;
  month: number;
  /** What the month's bill would take (isBillable): the month's own constats first, then earlier months', newest first. */
  billableReportIds: number[];
  /** The figures of those constats: what the dialog offers to bill. */
  billableTotals: PeriodTotals;
  /** All counted reports of the month, billed or not. */
  totals: PeriodTotals;
  billId: number | null;
}

export interface BillingPeriod {
  year: number;
  month: number;
  /** product.md §4: bills are generated for the current month only. */
  isCurrent: boolean;
  totals: PeriodTotals;
  groups: BillingGroupRow[];
}

/**
 * The Facturation screen for a month: études with counted reports or a bill that month, each with
 * what is left to bill, and the period totals (all counted reports, before discounts).
 */
export function billingPeriod(ctx: AppContext, year: number, month: number, now = new Date()): Promise<BillingPeriod> {
  return billingRows(ctx, year, month, now, null);
}

/** One étude's row of the month (the selection dialog's), or null when it has nothing that month. */
export async function billingGroup(ctx: AppContext, groupId: number, year: number, month: number, now = new Date()) {
  const period = await billingRows(ctx, year, month, now, groupId);
  return period.groups[0] ?? null;
}

/** Past MAX_CHOICES études a month is refused, never cut (lib/choices.ts, product.md §15). */
const tooManyBillingGroups = () =>
  new AppError('BAD_USER_INPUT', billMessages.tooManyGroups(MAX_CHOICES.toLocaleString('fr-FR')), { reason: 'TOO_MANY_CHOICES' });

async function billingRows(ctx: AppContext, year: number, month: number, now: Date, groupId: number | null): Promise<BillingPeriod> {
  requireAdmin(ctx);
  checkPeriod(year, month);
  const isCurrent = isCurrentPeriod({ year, month }, parisYearMonth(now));
  const period = parisPeriod(year, month);
  // One étude's row reads that étude's constats only (`b` is the bailiff of TARIFF_JOINS).
  const ofGroup = (where: ReportsWhere) => (groupId === null ? where : Prisma.sql`${where} AND b."groupId" = ${groupId}`);
  const [reports, backlog, bills] = await Promise.all([
    billingLines(ctx.db, ofGroup(billableSql(period))),
    // Only the current month can still be billed, so only it collects earlier unbilled constats.
    isCurrent ? billingLines(ctx.db, ofGroup(billableSql(period, { backlog: true }))) : Promise.resolve([]),
    ctx.db.groupBill.findMany({ where: { year, month, ...(groupId !== null && { groupId }) }, select: { id: true, groupId: true } }),
  ]);
  const byGroup = groupBy(reports);
  const backlogByGroup = groupBy(backlog);
  const billOf = new Map(bills.map((bill) => [bill.groupId, bill.id]));
  const groupIds = [...new Set([...byGroup.keys(), ...backlogByGroup.keys(), ...billOf.keys()])];
  if (groupIds.length > MAX_CHOICES) throw tooManyBillingGroups();
  const names = await ctx.db.group.findMany({
    where: { id: { in: groupIds } },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return {
    year,
    month,
    isCurrent,
    totals: billingPeriodTotals(reports.map(billingLine)),
    groups: names.map(({ id }) => {
      const groupReports = byGroup.get(id) ?? [];
      // The queries bound the candidates; the one rule shared with generation decides.
      const billable = [...groupReports, ...(backlogByGroup.get(id) ?? []).reverse()].filter((report) =>
        isBillable({ ...report, createdYearMonth: parisYearMonth(report.createdAt) }, id, { year, month }),
      );
      return {
        groupId: id,
        year,
        month,
        billableReportIds: billable.map((report) => report.id),
        billableTotals: billingPeriodTotals(billable.map(billingLine)),
        totals: billingPeriodTotals(groupReports.map(billingLine)),
        billId: billOf.get(id) ?? null,
      };
    }),
  };
}

function groupBy(reports: LineRow[]): Map<number, LineRow[]> {
  const byGroup = new Map<number, LineRow[]>();
  for (const report of reports) byGroup.set(report.groupId!, [...(byGroup.get(report.groupId!) ?? []), report]);
  return byGroup;
}

/** Legacy `availablesGroupsBillings`: études that can still be billed this month, with what is left to bill. */
export async function availableGroups(ctx: AppContext, year: number, month: number, now = new Date()): Promise<BillingGroupRow[]> {
  const period = await billingPeriod(ctx, year, month, now);
  // An étude already billed this month waits for next month's bill (one bill per étude and month).
  return period.groups.filter((group) => group.billableReportIds.length > 0 && group.billId === null);
}

/** The number the next generated bill will take (informative: it is only allocated at generation). */
export async function nextBillNumber(ctx: AppContext): Promise<number> {
  requireAdmin(ctx);
  const counter = await ctx.db.counter.findUnique({ where: { name: GROUP_BILL_COUNTER } });
  return (counter?.value ?? 0) + 1;
}

/** After the commit: every admin's open 'Facturation' of that month fetches it again. */
export async function publishBillingChanged(ctx: AppContext, period: { year: number; month: number }): Promise<void> {
  for (const userId of await activeAdminIds(ctx.db))
    ctx.pubsub.publish('billingChanged', userId, { year: period.year, month: period.month });
}

/** A bill's lines as its PDF and the GroupBill type read them: each constat's frozen counts and tariffs, oldest first. */
export const BILL_LINES = {
  select: {
    discount: true,
    report: {
      select: {
        id: true,
        name: true,
        createdAt: true,
        countPagesBilling: true,
        countPhotosBilling: true,
        groupPricePage: true,
        groupPricePhoto: true,
      },
    },
  },
  orderBy: [{ report: { createdAt: 'asc' } }, { reportId: 'asc' }],
} satisfies Prisma.GroupBill$linesArgs;

/** Figures of a bill line as printed on the PDF (amounts at the report's frozen tariffs). */
export function billLineAmounts(
  line: {
    discount: number;
    report: Pick<ReportCounts, 'countPagesBilling' | 'countPhotosBilling'> & {
      groupPricePage: DecimalInput | null;
      groupPricePhoto: DecimalInput | null;
    };
  },
  bill: { groupPricePage: DecimalInput; groupPricePhoto: DecimalInput },
) {
  const amounts = reportBillingAmounts({
    ...line.report,
    billingPricePage: line.report.groupPricePage ?? bill.groupPricePage,
    billingPricePhoto: line.report.groupPricePhoto ?? bill.groupPricePhoto,
  });
  const discountAmount = discountOf(amounts.total, line.discount);
  return { ...amounts, discountAmount, net: amounts.total.minus(discountAmount) };
}
