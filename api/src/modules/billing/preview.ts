// The PDF a selection would bill, before the bill exists: the legacy client calls
// `billing/generate-pdf` before `billing/create` (product.md §4: generation renders, then creates). It is
// rendered by the same renderer as the stored invoices, from the server's own figures (the
// constats' counts and tariffs, the étude's details), never from the client's HTML; nothing is
// stored, allocated or marked invoiced: `billing/create` does that, with the same checks.
import type { AppContext } from '../../context.js';
import { MAX_LIST_ITEMS, listTooLong } from '../../lib/list-limits.js';
import { parisYearMonth } from '../../lib/periods.js';
import { pdfFigures } from './documents.js';
import { checkedSelection, refuseUnbillable, requestedPeriod, type GenerateBillInput } from './generation.js';
import { billTotals } from '@constats/domain/bill-amounts';
import { BILL_PDF_NAME, isBillable, paymentMentions } from './rules.js';
import { billLineAmounts, nextBillNumber } from './service.js';

export async function previewGroupBillPdf(
  ctx: AppContext,
  input: GenerateBillInput,
  now = new Date(),
): Promise<{ name: string; content: Buffer }> {
  // Admins only (checked there); the number the bill will take if nobody generates one meanwhile.
  const number = await nextBillNumber(ctx);
  // The bound GraphQL puts on generateGroupBill's list, which this call does not go through.
  if (input.reports.length > MAX_LIST_ITEMS) throw listTooLong();
  const period = requestedPeriod(input, now);
  const { group, discounts, globalDiscount } = await checkedSelection(ctx, input, period);

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
  refuseUnbillable([...discounts.keys()], billable);

  const tariffs = { groupPricePage: group.pricePage, groupPricePhoto: group.pricePhoto };
  const lines = billable.map((report) => {
    const discount = discounts.get(report.id)!;
    return { report, discount, amounts: billLineAmounts({ discount, report }, tariffs) };
  });
  const totals = billTotals(
    lines.map((line) => ({ amount: line.amounts.total, discount: line.discount })),
    globalDiscount,
  );
  const content = await ctx.pdfs.renderGroupBill({
    number,
    issuedAt: now,
    ...period,
    group: { name: group.name, address: group.address, zip: group.zip, city: group.city },
    pricePage: group.pricePage.toString(),
    pricePhoto: group.pricePhoto.toString(),
    ...pdfFigures(lines, totals, globalDiscount),
    mentions: paymentMentions(),
  });
  return { name: BILL_PDF_NAME(number), content };
}
