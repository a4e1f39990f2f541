import type { AppContext, Services } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import { AppError, forbidden, validationError } from '../../errors.js';
import { MailDeliveryError, renderMail } from '../../infra/mail/index.js';
import { formatEuros, formatMonthYear } from '../../infra/mail/format.js';
import { renderGroupBillPdf, type GroupBillLogo, type GroupBillPdfProps } from '../../infra/pdf/index.js';
import { FileNotFoundError, newStorageKey, readStored, type Storage } from '../../infra/storage.js';
import type { DocumentProvider } from '../../infra/file-links.js';
import { formatAmount, sum, toDecimal, type DecimalInput } from '../../lib/money.js';
import { FIRST_YEAR, isValidPeriod, parisPeriod, parisYearMonth } from '../../lib/periods.js';
import { recordAudit } from '../audit/service.js';
import { viewerGroupId } from '../groups/service.js';
import { activeAdminIds, notifyUsers } from '../notifications/service.js';
import { publishReportChanges } from '../reports/access.js';
import { billableSql, type ReportsWhere } from '../reports/read-model/filters.js';
import { billingPricePage, billingPricePhoto, TARIFF_JOINS } from '../reports/read-model/tariffs.js';
import { sqlTimestamp } from '../../infra/db.js';
import type { PeriodTotals } from '../retrocession/rules.js';
import { sirenOfSiret } from '../../lib/identifiers.js';
import { requireSellerSettings } from '../seller/service.js';
import { buildFacturXml, FACTURX_XML_NAME, facturXMentions, type EinvoiceSnapshot } from './facturx.js';
import {
  BILL_PDF_NAME,
  billingAmounts,
  billingPeriodTotals,
  billMessages,
  billTotals,
  checkDiscount,
  discountOf,
  isBillable,
  isCurrentPeriod,
  paymentMentions,
  validateBillSelection,
} from './rules.js';
import { requireAdmin, requireViewer } from '../../guards.js';

const GROUP_BILL_COUNTER = 'group_bill';

// ---------------------------------------------------------------------------------------------
// Visibility
// ---------------------------------------------------------------------------------------------

export interface GroupBillFilter {
  year?: number | null;
  month?: number | null;
  groupId?: number | null;
  number?: number | null;
}

/** Spec §6: admins see every bill, a bailiff his étude's bills only, a secretary none. */
export async function groupBillsWhere(ctx: AppContext, filter: GroupBillFilter = {}): Promise<Prisma.GroupBillWhereInput> {
  const viewer = requireViewer(ctx);
  const and: Prisma.GroupBillWhereInput[] = [];
  if (viewer.role === 'BAILIFF') {
    const groupId = await viewerGroupId(ctx);
    // A bailiff not (yet) linked to an étude has no bills.
    and.push({ groupId: groupId ?? -1 });
  } else if (viewer.role !== 'ADMIN') {
    throw forbidden();
  }
  if (filter.groupId) and.push({ groupId: filter.groupId });
  if (filter.year != null || filter.month != null) checkPeriod(filter.year ?? FIRST_YEAR, filter.month ?? 1);
  if (filter.year) and.push({ year: filter.year });
  if (filter.month) and.push({ month: filter.month });
  if (filter.number) and.push({ number: filter.number });
  return { AND: and };
}

export async function canSeeGroupBill(ctx: AppContext, bill: { groupId: number }): Promise<boolean> {
  if (ctx.viewer?.role === 'ADMIN') return true;
  return ctx.viewer?.role === 'BAILIFF' && (await viewerGroupId(ctx)) === bill.groupId;
}

async function findVisibleBill(ctx: AppContext, billId: number) {
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
interface LineRow {
  id: number;
  createdAt: Date;
  invoiced: boolean;
  bailiffId: number;
  secretaryId: number | null;
  groupId: number | null;
  countPagesBilling: number;
  countPhotosBilling: number;
  pricePage: string | null;
  pricePhoto: string | null;
}

/** The lines of the constats `where` finds, oldest first. */
function billingLines(db: Pick<Services['db'], '$queryRaw'>, where: ReportsWhere): Promise<LineRow[]> {
  return db.$queryRaw<LineRow[]>`
    SELECT r.id, r."createdAt", r.invoiced, r."bailiffId", r."secretaryId", b."groupId", r."countPagesBilling", r."countPhotosBilling",
           ${billingPricePage}::text AS "pricePage", ${billingPricePhoto}::text AS "pricePhoto"
      FROM "Report" r ${TARIFF_JOINS}
     WHERE ${where}
     ORDER BY r."createdAt", r.id`;
}

const lineCounts = (report: LineRow) => ({
  pages: report.countPagesBilling,
  photos: report.countPhotosBilling,
  pricePage: report.pricePage,
  pricePhoto: report.pricePhoto,
});

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
  /** Spec §4: bills are generated for the current month only. */
  isCurrent: boolean;
  totals: PeriodTotals;
  groups: BillingGroupRow[];
}

/**
 * The Facturation screen for a month: études with counted reports or a bill that month, each with
 * what is left to bill, and the period totals (all counted reports, before discounts).
 */
export async function billingPeriod(ctx: AppContext, year: number, month: number, now = new Date()): Promise<BillingPeriod> {
  requireAdmin(ctx);
  checkPeriod(year, month);
  const isCurrent = isCurrentPeriod({ year, month }, parisYearMonth(now));
  const period = parisPeriod(year, month);
  const [reports, backlog, bills] = await Promise.all([
    billingLines(ctx.db, billableSql(period)),
    // Only the current month can still be billed, so only it collects earlier unbilled constats.
    isCurrent ? billingLines(ctx.db, billableSql(period, { backlog: true })) : Promise.resolve([]),
    ctx.db.groupBill.findMany({ where: { year, month }, select: { id: true, groupId: true } }),
  ]);
  const byGroup = groupBy(reports);
  const backlogByGroup = groupBy(backlog);
  const billOf = new Map(bills.map((bill) => [bill.groupId, bill.id]));
  const groupIds = [...new Set([...byGroup.keys(), ...backlogByGroup.keys(), ...billOf.keys()])];
  const names = await ctx.db.group.findMany({
    where: { id: { in: groupIds } },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return {
    year,
    month,
    isCurrent,
    totals: billingPeriodTotals(reports.map(lineCounts)),
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
        billableTotals: billingPeriodTotals(billable.map(lineCounts)),
        totals: billingPeriodTotals(groupReports.map(lineCounts)),
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

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

export interface GenerateBillInput {
  groupId: number;
  /** Defaults to the current Paris month; any other month is refused. */
  year?: number | null;
  month?: number | null;
  reports: { reportId: number; discount: unknown }[];
  /** Global discount, percent; absent means 0. */
  discount?: unknown;
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
  const viewer = requireAdmin(ctx);
  const current = parisYearMonth(now);
  const period = { year: input.year ?? current.year, month: input.month ?? current.month };
  if (!isCurrentPeriod(period, current)) throw validationError({ period: billMessages.notCurrentPeriod }, billMessages.notCurrentPeriod);

  // Every bill is a Factur-X invoice: its seller must be known first (refused before any lock).
  await requireSellerSettings(ctx.db);
  const errors = validateBillSelection({ reports: input.reports, discount: input.discount });
  if (Object.keys(errors).length > 0) throw validationError(errors, Object.values(errors)[0]);
  const discounts = new Map(input.reports.map((line) => [line.reportId, (checkDiscount(line.discount) as { value: number }).value]));
  const globalDiscount = input.discount == null || input.discount === '' ? 0 : (checkDiscount(input.discount) as { value: number }).value;

  const group = await ctx.db.group.findUnique({ where: { id: input.groupId } });
  if (!group) throw new AppError('NOT_FOUND', billMessages.groupNotFound);
  const existing = await ctx.db.groupBill.findUnique({
    where: { groupId_year_month: { groupId: group.id, ...period } },
    select: { id: true },
  });
  if (existing) throw new AppError('CONFLICT', billMessages.alreadyGenerated);

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
        const found = new Set(reports.map((report) => report.id));
        const refused = reportIds.filter((id) => !found.has(id));
        if (refused.length > 0) {
          throw validationError(
            Object.fromEntries(refused.map((id) => [`reports.${id}`, billMessages.reportNotBillable])),
            billMessages.reportNotBillable,
          );
        }

        // Lines at the tariffs captured on each report (the étude's current ones when none was captured).
        const lines = reports.map((report) => ({
          report,
          discount: discounts.get(report.id)!,
          amounts: billingAmounts(lineCounts(report)),
        }));
        const totals = billTotals(
          lines.map((line) => ({ amount: line.amounts.total, discount: line.discount })),
          globalDiscount,
        );
        // Seller and buyer frozen with the figures: the invoice stays as issued if either changes.
        const { logoKey, ...seller } = await requireSellerSettings(tx);
        const einvoice: EinvoiceSnapshot = {
          logoKey,
          seller: { ...seller, siren: sirenOfSiret(seller.siret)! },
          buyer: {
            siren: sirenOfSiret(group.siret),
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
            groupName: group.name,
            groupAddress: group.address,
            groupZip: group.zip,
            groupCity: group.city,
            groupPricePage: group.pricePage,
            groupPricePhoto: group.pricePhoto,
            totalCountPages: reports.reduce((total, report) => total + report.countPagesBilling, 0),
            totalCountPhotos: reports.reduce((total, report) => total + report.countPhotosBilling, 0),
            ...totals,
            einvoice: einvoice as unknown as Prisma.InputJsonValue,
            createdById: viewer.id,
            createdAt: now,
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

  // The PDF is rendered from the committed figures. Should rendering fail, the bill stands and its
  // PDF is rendered again the first time it is needed (download, e-mail).
  await storeBillPdf(ctx, billId).catch((error: unknown) => console.error(`[billing] PDF de la facture ${billId}`, error));
  await publishBillingChanged(ctx, period);
  // The billed constats are invoiced now: their rows (counters locked) change on every open list.
  await publishReportChanges(ctx, reports);
  return billId;
}

/** After the commit: every admin's open 'Facturation' of that month fetches it again. */
async function publishBillingChanged(ctx: AppContext, period: { year: number; month: number }): Promise<void> {
  for (const userId of await activeAdminIds(ctx.db))
    ctx.pubsub.publish('billingChanged', userId, { year: period.year, month: period.month });
}

// ---------------------------------------------------------------------------------------------
// The invoice PDF
// ---------------------------------------------------------------------------------------------

/**
 * The logo a bill was issued with. Its PDF is rendered once, right after generation; should that
 * have failed and the logo been replaced or removed before the next try, the bill goes without.
 */
async function issuedLogo(storage: Storage, logoKey: string | null | undefined): Promise<GroupBillLogo | undefined> {
  if (!logoKey) return undefined;
  try {
    return { data: await readStored(storage, logoKey), format: logoKey.endsWith('.png') ? 'png' : 'jpg' };
  } catch (error) {
    if (error instanceof FileNotFoundError) return undefined;
    throw error;
  }
}

async function pdfProps(services: Pick<Services, 'db' | 'storage'>, billId: number): Promise<GroupBillPdfProps> {
  const bill = await services.db.groupBill.findUniqueOrThrow({
    where: { id: billId },
    include: {
      lines: {
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
      },
    },
  });
  const lines = bill.lines.map(({ discount, report }) => ({ report, discount, amounts: billLineAmounts({ discount, report }, bill) }));
  const lineDiscounts = sum(lines.map((line) => line.amounts.discountAmount));
  const money = (value: DecimalInput) => formatAmount(toDecimal(value));
  const einvoice = bill.einvoice as unknown as EinvoiceSnapshot | null;
  const logo = await issuedLogo(services.storage, einvoice?.logoKey);
  const facturX = einvoice && {
    seller: einvoice.seller,
    buyer: einvoice.buyer,
    ...(logo && { logo }),
    xml: buildFacturXml({
      number: bill.number,
      issuedAt: bill.createdAt,
      year: bill.year,
      month: bill.month,
      buyerName: bill.groupName,
      snapshot: einvoice,
      lines: lines.map(({ report, discount, amounts }) => ({
        reportId: report.id,
        name: report.name,
        textPages: amounts.textPages,
        photos: report.countPhotosBilling,
        pricePage: toDecimal(report.groupPricePage ?? bill.groupPricePage),
        pricePhoto: toDecimal(report.groupPricePhoto ?? bill.groupPricePhoto),
        amount: amounts.total,
        discount,
        discountAmount: amounts.discountAmount,
      })),
      globalDiscount: bill.discount,
      amountHT: toDecimal(bill.amountHT),
      discountAmount: toDecimal(bill.discountAmount),
      vatAmount: toDecimal(bill.vatAmount),
      amountTTC: toDecimal(bill.amountTTC),
    }),
  };
  return {
    number: bill.number,
    issuedAt: bill.createdAt,
    year: bill.year,
    month: bill.month,
    group: { name: bill.groupName, address: bill.groupAddress, zip: bill.groupZip, city: bill.groupCity },
    pricePage: toDecimal(bill.groupPricePage).toString(),
    pricePhoto: toDecimal(bill.groupPricePhoto).toString(),
    totalCountPages: bill.totalCountPages,
    totalCountPhotos: bill.totalCountPhotos,
    lines: lines.map(({ report, amounts, discount }) => ({
      createdAt: report.createdAt,
      name: report.name,
      pages: report.countPagesBilling,
      photos: report.countPhotosBilling,
      textPages: amounts.textPages,
      amountHT: money(amounts.total),
      discount,
      discountAmount: money(amounts.discountAmount),
      netAmount: money(amounts.net),
    })),
    totals: {
      amountHT: money(bill.amountHT),
      lineDiscounts: money(lineDiscounts),
      globalDiscount: bill.discount,
      globalDiscountAmount: money(toDecimal(bill.discountAmount).minus(lineDiscounts)),
      netHT: money(toDecimal(bill.amountHT).minus(toDecimal(bill.discountAmount))),
      vatAmount: money(bill.vatAmount),
      amountTTC: money(bill.amountTTC),
    },
    // Bills issued before Factur-X keep the mentions they were printed with.
    mentions: einvoice
      ? [einvoice.seller.paymentTerms, facturXMentions.onReceipt, facturXMentions.lateInterest, facturXMentions.indemnity]
      : paymentMentions(),
    ...(facturX && { facturX }),
  };
}

/**
 * Renders the bill's PDF from its frozen figures and stores it once (`facture-{number}.pdf`), with
 * its factur-x.xml alone (`facture-{number}.xml`) for a Factur-X bill.
 */
export async function storeBillPdf(services: Pick<Services, 'db' | 'storage'>, billId: number): Promise<string> {
  const props = await pdfProps(services, billId);
  const buffer = await renderGroupBillPdf(props);
  const pdfKey = newStorageKey('group-bills', BILL_PDF_NAME(props.number));
  const xmlKey = props.facturX ? newStorageKey('group-bills', FACTURX_XML_NAME(props.number)) : null;
  await services.storage.put(pdfKey, buffer);
  if (xmlKey) await services.storage.put(xmlKey, Buffer.from(props.facturX!.xml, 'utf8'));
  const { count } = await services.db.groupBill.updateMany({ where: { id: billId, pdfKey: null }, data: { pdfKey, xmlKey } });
  if (count === 1) return pdfKey;
  // Someone stored them meanwhile: keep theirs.
  await services.storage.remove(pdfKey);
  if (xmlKey) await services.storage.remove(xmlKey);
  return (await services.db.groupBill.findUniqueOrThrow({ where: { id: billId }, select: { pdfKey: true } })).pdfKey!;
}

/** The bill's stored XML key, rendering the bill's files first if needed; null for a bill issued before Factur-X. */
async function billXmlKey(services: Pick<Services, 'db' | 'storage'>, billId: number): Promise<string | null> {
  const bill = await services.db.groupBill.findUnique({ where: { id: billId }, select: { pdfKey: true, xmlKey: true, einvoice: true } });
  if (!bill) throw new FileNotFoundError(`group-bill-xml/${billId}`);
  if (!bill.einvoice) return null;
  if (bill.xmlKey) return bill.xmlKey;
  if (!bill.pdfKey) await storeBillPdf(services, billId);
  return (await services.db.groupBill.findUniqueOrThrow({ where: { id: billId }, select: { xmlKey: true } })).xmlKey;
}

/** Bill PDFs (and Factur-X XMLs) are rendered at their first download (seeded or imported bills have none yet). */
export const billDocuments: Record<string, DocumentProvider> = {
  'group-bill': async (services, billId) => {
    const bill = await services.db.groupBill.findUnique({ where: { id: billId }, select: { pdfKey: true } });
    if (!bill) throw new FileNotFoundError(`group-bill/${billId}`);
    return bill.pdfKey ?? (await storeBillPdf(services, billId));
  },
  'group-bill-xml': async (services, billId) => {
    const key = await billXmlKey(services, billId);
    if (!key) throw new FileNotFoundError(`group-bill-xml/${billId}`);
    return key;
  },
};

/**
 * The bill's PDF for someone allowed to see the bill (legacy `billing/generate-pdf`): the stored
 * file, rendered now if it is missing. Never rendered from anything the caller sends.
 */
export async function groupBillPdf(ctx: AppContext, billId: number): Promise<{ name: string; content: Buffer }> {
  const bill = await findVisibleBill(ctx, billId);
  const key = bill.pdfKey ?? (await storeBillPdf(ctx, bill.id));
  return { name: BILL_PDF_NAME(bill.number), content: await readStored(ctx.storage, key) };
}

// ---------------------------------------------------------------------------------------------
// Sending and payment
// ---------------------------------------------------------------------------------------------

/** E-mails the invoice to the étude's accounting address, PDF attached; tells the étude's bailiffs. */
export async function sendGroupBill(ctx: AppContext, billId: number): Promise<void> {
  requireAdmin(ctx);
  const bill = await findVisibleBill(ctx, billId);
  const group = await ctx.db.group.findUniqueOrThrow({ where: { id: bill.groupId }, select: { email: true } });
  const pdf = await groupBillPdf(ctx, bill.id);
  const amountTtc = formatAmount(toDecimal(bill.amountTTC));
  const mail = await renderMail.billSent({
    groupName: bill.groupName,
    billNumber: String(bill.number),
    year: bill.year,
    month: bill.month,
    amountTtc,
  });
  try {
    await ctx.mailer.send({
      to: group.email,
      ...mail,
      attachments: [{ filename: pdf.name, content: pdf.content, contentType: 'application/pdf' }],
    });
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    console.error('[billing] envoi de la facture impossible', error);
    throw new AppError('SERVICE_UNAVAILABLE', billMessages.sendFailed);
  }

  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    await tx.groupBill.update({ where: { id: bill.id }, data: { isSent: true, sentAt: now } });
    await recordAudit(tx, ctx, {
      action: 'billing.send',
      entity: 'GroupBill',
      entityId: bill.id,
      data: { to: group.email, resent: bill.isSent },
    });
  });
  await publishBillingChanged(ctx, bill);
  const bailiffs = await ctx.db.user.findMany({
    where: { groupId: bill.groupId, role: 'BAILIFF', status: 'ACTIVE' },
    select: { id: true },
  });
  await notifyUsers(
    ctx,
    bailiffs.map((bailiff) => bailiff.id),
    {
      kind: 'BILL_SENT',
      body: `<p>La facture n° ${bill.number} de ${formatMonthYear(bill.year, bill.month)} (${formatEuros(amountTtc)} TTC) a été envoyée à votre étude. Retrouvez-la dans « Mes factures ».</p>`,
    },
  );
}

/** Spec §4: "paid" is a checkbox the admin ticks or unticks. */
export async function setGroupBillPaid(ctx: AppContext, billId: number, isPaid: boolean): Promise<void> {
  requireAdmin(ctx);
  const bill = await findVisibleBill(ctx, billId);
  // Conditional on the state it changes: of two identical clicks at once, one records the change.
  const changed = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.groupBill.updateMany({
      where: { id: bill.id, isPaid: !isPaid },
      data: { isPaid, paidAt: isPaid ? new Date() : null },
    });
    if (count === 1)
      await recordAudit(tx, ctx, { action: isPaid ? 'billing.paid' : 'billing.unpaid', entity: 'GroupBill', entityId: bill.id });
    return count === 1;
  });
  if (changed) await publishBillingChanged(ctx, bill);
}

/** Figures of a bill line as printed on the PDF (amounts at the report's frozen tariffs). */
export function billLineAmounts(
  line: {
    discount: number;
    report: {
      countPagesBilling: number;
      countPhotosBilling: number;
      groupPricePage: DecimalInput | null;
      groupPricePhoto: DecimalInput | null;
    };
  },
  bill: { groupPricePage: DecimalInput; groupPricePhoto: DecimalInput },
) {
  const amounts = billingAmounts({
    pages: line.report.countPagesBilling,
    photos: line.report.countPhotosBilling,
    pricePage: line.report.groupPricePage ?? bill.groupPricePage,
    pricePhoto: line.report.groupPricePhoto ?? bill.groupPricePhoto,
  });
  const discountAmount = discountOf(amounts.total, line.discount);
  return { ...amounts, discountAmount, net: amounts.total.minus(discountAmount) };
}
