// Generating an étude's monthly bill (product.md §4, §5): the selection's checks (shared with the PDF
// preview), the bill number, the lines at the constats' tariffs as locked, the Factur-X snapshot.
import type { AppContext } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import { AppError, validationError } from '../../errors.js';
import { formatAmount } from '@constats/domain/money';
import { parisYearMonth } from '../../lib/periods.js';
import { sirenOfSiret } from '@constats/domain/identifiers';
import { reportBillingAmounts } from '@constats/domain/line-amounts';
import { recordAudit } from '../audit/service.js';
import { idempotentCreation, type CompleteCreation } from '../idempotency/service.js';
import { publishReportChanges } from '../reports/access.js';
import { requireSellerSettings } from '../seller/service.js';
import { sellerElectronicAddress } from '../seller/rules.js';
import { requireAdmin } from '../../guards.js';
import type { EinvoiceSnapshot } from './facturx.js';
import { billTotals, checkDiscount } from '@constats/domain/bill-amounts';
import { billMessages, billSnapshot, isBillable, isCurrentPeriod, validateBillSelection } from './rules.js';
import { billingLines, GROUP_BILL_COUNTER, publishBillingChanged } from './service.js';

export interface GenerateBillInput {
  groupId: number;
  /** Defaults to the current Paris month; any other month is refused. */
  year?: number | null;
  month?: number | null;
  reports: { reportId: number; discount: unknown }[];
  /** Global discount, percent; absent means 0. */
  discount?: unknown;
}

type Period = { year: number; month: number };

/** The month a bill is asked for: the current Paris month, the only one a bill can be generated for (product.md §4). */
export function requestedPeriod(input: GenerateBillInput, now: Date): Period {
  const current = parisYearMonth(now);
  const period = { year: input.year ?? current.year, month: input.month ?? current.month };
  if (!isCurrentPeriod(period, current)) throw validationError({ period: billMessages.notCurrentPeriod }, billMessages.notCurrentPeriod);
  return period;
}

const percent = (value: unknown) => (value == null || value === '' ? 0 : (checkDiscount(value) as { value: number }).value);

/**
 * The selection's own checks, before any constat is read: discounts (product.md §5), the étude, and no
 * bill of that étude for the month yet. The discounts come back by constat id, the global one apart.
 */
export async function checkedSelection(ctx: AppContext, input: GenerateBillInput, period: Period) {
  const errors = validateBillSelection({ reports: input.reports, discount: input.discount });
  if (Object.keys(errors).length > 0) throw validationError(errors, Object.values(errors)[0]);
  const group = await ctx.db.group.findUnique({ where: { id: input.groupId } });
  if (!group) throw new AppError('NOT_FOUND', billMessages.groupNotFound);
  const existing = await ctx.db.groupBill.findUnique({
    where: { groupId_year_month: { groupId: group.id, ...period } },
    select: { id: true },
  });
  if (existing) throw new AppError('CONFLICT', billMessages.alreadyGenerated);
  const discounts = new Map(input.reports.map((line) => [line.reportId, percent(line.discount)]));
  return { group, discounts, globalDiscount: percent(input.discount) };
}

/** Refuses the ids asked for that are not among the billable constats found. */
export function refuseUnbillable(asked: number[], billable: { id: number }[]): void {
  const found = new Set(billable.map((report) => report.id));
  const refused = asked.filter((id) => !found.has(id));
  if (refused.length > 0) {
    throw validationError(
      Object.fromEntries(refused.map((id) => [`reports.${id}`, billMessages.reportNotBillable])),
      billMessages.reportNotBillable,
    );
  }
}

/**
 * Bill numbers: the "group_bill" counter row is incremented inside the generating transaction; the
 * UPDATE keeps the row locked until commit, so concurrent generations queue on it and a rolled-back
 * generation gives its number back — unique and without gaps. It is the transaction's last write
 * but two, so the lock is held for a few milliseconds only.
 */
async function allocateBillNumber(tx: Prisma.TransactionClient): Promise<number> {
  await tx.$executeRaw`INSERT INTO "Counter" ("name", "value") VALUES (${GROUP_BILL_COUNTER}, 0) ON CONFLICT ("name") DO NOTHING`;
  const [row] = await tx.$queryRaw<
    { value: number }[]
  >`UPDATE "Counter" SET "value" = "value" + 1 WHERE "name" = ${GROUP_BILL_COUNTER} RETURNING "value"`;
  return row.value;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

export async function generateGroupBill(ctx: AppContext, input: GenerateBillInput, now = new Date()): Promise<number> {
  requireAdmin(ctx);
  // Under the Idempotency-Key: a repeat answers the bill its first try generated, not « constats
  // already invoiced ».
  return idempotentCreation(ctx, 'generateGroupBill', (complete) => generateCheckedBill(ctx, input, now, complete));
}

async function generateCheckedBill(ctx: AppContext, input: GenerateBillInput, now: Date, complete: CompleteCreation): Promise<number> {
  const viewer = ctx.viewer!;
  const period = requestedPeriod(input, now);
  // Every bill is a Factur-X invoice: its seller must be known first (refused before any lock).
  await requireSellerSettings(ctx.db);
  const { group, discounts, globalDiscount } = await checkedSelection(ctx, input, period);

  const reportIds = [...discounts.keys()];
  let generated: { billId: number; reports: { id: number; bailiffId: number; secretaryId: number | null }[] };
  try {
    generated = await ctx.db.$transaction(
      async (tx) => {
        // The reports locked in one order (no deadlock between two generations) before their counts
        // are read: a concurrent setBilling either committed before (its counts are billed) or waits
        // and then finds the report invoiced. The bill's figures are the reports' as locked.
        await tx.$queryRaw`SELECT id FROM "Report" WHERE id = ANY(${reportIds}::int4[]) ORDER BY id FOR UPDATE`;
        const candidates = await billingLines(tx, Prisma.sql`r.id = ANY(${reportIds}::int4[])`);
        const reports = candidates.filter((report) =>
          isBillable({ ...report, createdYearMonth: parisYearMonth(report.createdAt) }, group.id, period),
        );
        // A report invoiced by a bill committed before the lock: the admin's list is out of date.
        if (candidates.some((report) => report.invoiced)) throw new AppError('CONFLICT', billMessages.reportsTaken);
        refuseUnbillable(reportIds, reports);

        // Lines at the tariffs captured on each report (the étude's current ones when none was captured).
        const lines = reports.map((report) => ({
          report,
          discount: discounts.get(report.id)!,
          amounts: reportBillingAmounts(report),
        }));
        const totals = billTotals(
          lines.map((line) => ({ amount: line.amounts.total, discount: line.discount })),
          globalDiscount,
        );
        // Seller and buyer frozen with the figures: the invoice stays as issued if either changes.
        const { logoKey, ...seller } = await requireSellerSettings(tx);
        const buyerSiren = sirenOfSiret(group.siret);
        const einvoice: EinvoiceSnapshot = {
          logoKey,
          seller: { ...seller, siren: sirenOfSiret(seller.siret)!, electronicAddress: sellerElectronicAddress(seller) },
          buyer: {
            siren: buyerSiren,
            electronicAddress: group.electronicAddress ?? buyerSiren,
            vatNumber: group.vatNumber,
            address: group.billingAddress ?? group.address,
            zip: group.billingZip ?? group.zip,
            city: group.billingCity ?? group.city,
          },
        };

        await tx.report.updateMany({ where: { id: { in: reportIds } }, data: { invoiced: true } });
        // Tariffs are frozen on the reports too, so the bill's lines can be read back unchanged.
        await tx.report.updateMany({ where: { id: { in: reportIds }, groupPricePage: null }, data: { groupPricePage: group.pricePage } });
        await tx.report.updateMany({
          where: { id: { in: reportIds }, groupPricePhoto: null },
          data: { groupPricePhoto: group.pricePhoto },
        });
        const number = await allocateBillNumber(tx);
        const bill = await tx.groupBill.create({
          data: {
            number,
            groupId: group.id,
            ...period,
            discount: globalDiscount,
            ...billSnapshot(group, reports),
            ...totals,
            einvoice: einvoice as unknown as Prisma.InputJsonValue,
            createdById: viewer.id,
            createdAt: now,
            // Its PDF is due now: the bill PDF queue renders it once this transaction commits.
            pdfDueAt: now,
            lines: { createMany: { data: lines.map((line) => ({ reportId: line.report.id, discount: line.discount })) } },
          },
          select: { id: true },
        });
        await recordAudit(tx, ctx, {
          action: 'billing.generate',
          entity: 'GroupBill',
          entityId: bill.id,
          data: {
            number,
            groupId: group.id,
            ...period,
            reports: reportIds,
            discount: globalDiscount,
            amountTTC: formatAmount(totals.amountTTC),
          },
        });
        await complete(tx, bill.id);
        return { billId: bill.id, reports };
      },
      // Twenty admins generating at once queue on the counter row: give them time.
      { maxWait: 15_000, timeout: 30_000 },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', billMessages.alreadyGenerated);
    throw error;
  }
  const { billId, reports } = generated;

  // The PDF is rendered from the committed figures by the queue, retried there should it fail.
  ctx.billPdfs.wake();
  await publishBillingChanged(ctx, period);
  // The billed constats are invoiced now: their rows (counters locked) change on every open list.
  await publishReportChanges(ctx, reports);
  return billId;
}
