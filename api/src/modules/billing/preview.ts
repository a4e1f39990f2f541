// The PDF a selection would bill, before the bill exists: the legacy client calls
// `billing/generate-pdf` before `billing/create` (spec §4: generation renders, then creates). It is
// rendered by the same renderer as the stored invoices, from the server's own figures (the
// constats' counts and tariffs, the étude's details), never from the client's HTML; nothing is
// stored, allocated or marked invoiced: `billing/create` does that, with the same checks.
import type { AppContext } from '../../context.js';
import { MAX_LIST_ITEMS, listTooLong } from '../../lib/list-limits.js';
import { AppError, validationError } from '../../errors.js';
import { renderGroupBillPdf } from '../../infra/pdf/index.js';
import { formatAmount, sum } from '../../lib/money.js';
import { parisYearMonth } from '../../lib/periods.js';
import {
  BILL_PDF_NAME,
  billMessages,
  billTotals,
  checkDiscount,
  isBillable,
  isCurrentPeriod,
  paymentMentions,
  validateBillSelection,
} from './rules.js';
import { billLineAmounts, nextBillNumber, type GenerateBillInput } from './service.js';

const percent = (value: unknown) => (value == null || value === '' ? 0 : (checkDiscount(value) as { value: number }).value);

export async function previewGroupBillPdf(
  ctx: AppContext,
  input: GenerateBillInput,
  now = new Date(),
): Promise<{ name: string; content: Buffer }> {
  // Admins only (checked there); the number the bill will take if nobody generates one meanwhile.
  const number = await nextBillNumber(ctx);
  // The bound GraphQL puts on generateGroupBill's list, which this call does not go through.
  if (input.reports.length > MAX_LIST_ITEMS) throw listTooLong();
  const current = parisYearMonth(now);
  const period = { year: input.year ?? current.year, month: input.month ?? current.month };
  if (!isCurrentPeriod(period, current)) throw validationError({ period: billMessages.notCurrentPeriod }, billMessages.notCurrentPeriod);
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
  const reports = await ctx.db.report.findMany({
    where: { id: { in: [...discounts.keys()] } },
    select: {
      id: true,
      name: true,
      createdAt: true,
      invoiced: true,
      countPagesBilling: true,
      countPhotosBilling: true,
      groupPricePage: true,
      groupPricePhoto: true,
      bailiff: { select: { groupId: true } },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const billable = reports.filter((report) =>
    isBillable({ ...report, groupId: report.bailiff.groupId, createdYearMonth: parisYearMonth(report.createdAt) }, group.id, period),
  );
  const refused = [...discounts.keys()].filter((id) => !billable.some((report) => report.id === id));
  if (refused.length > 0) {
    throw validationError(
      Object.fromEntries(refused.map((id) => [`reports.${id}`, billMessages.reportNotBillable])),
      billMessages.reportNotBillable,
    );
  }

  const tariffs = { groupPricePage: group.pricePage, groupPricePhoto: group.pricePhoto };
  const lines = billable.map((report) => {
    const discount = discounts.get(report.id)!;
    return { report, discount, amounts: billLineAmounts({ discount, report }, tariffs) };
  });
  const globalDiscount = percent(input.discount);
  const totals = billTotals(
    lines.map((line) => ({ amount: line.amounts.total, discount: line.discount })),
    globalDiscount,
  );
  const lineDiscounts = sum(lines.map((line) => line.amounts.discountAmount));
  const content = await renderGroupBillPdf({
    number,
    issuedAt: now,
    ...period,
    group: { name: group.name, address: group.address, zip: group.zip, city: group.city },
    pricePage: group.pricePage.toString(),
    pricePhoto: group.pricePhoto.toString(),
    totalCountPages: billable.reduce((total, report) => total + report.countPagesBilling, 0),
    totalCountPhotos: billable.reduce((total, report) => total + report.countPhotosBilling, 0),
    lines: lines.map(({ report, amounts, discount }) => ({
      createdAt: report.createdAt,
      name: report.name,
      pages: report.countPagesBilling,
      photos: report.countPhotosBilling,
      textPages: amounts.textPages,
      amountHT: formatAmount(amounts.total),
      discount,
      discountAmount: formatAmount(amounts.discountAmount),
      netAmount: formatAmount(amounts.net),
    })),
    totals: {
      amountHT: formatAmount(totals.amountHT),
      lineDiscounts: formatAmount(lineDiscounts),
      globalDiscount,
      globalDiscountAmount: formatAmount(totals.discountAmount.minus(lineDiscounts)),
      netHT: formatAmount(totals.amountHT.minus(totals.discountAmount)),
      vatAmount: formatAmount(totals.vatAmount),
      amountTTC: formatAmount(totals.amountTTC),
    },
    mentions: paymentMentions(),
  });
  return { name: BILL_PDF_NAME(number), content };
}
