// The invoice's files (product.md §4): its PDF (Factur-X, product.md §11) and factur-x.xml, rendered once
// from the bill's frozen figures and stored; rendered again at the first download when that failed.
import type { AppContext, Services } from '../../context.js';
import { FileNotFoundError, newStorageKey, readStored, type Storage } from '../../infra/storage.js';
import type { DocumentProvider } from '../../infra/file-links.js';
import type { GroupBillLogo, GroupBillPdfLine, GroupBillPdfProps } from '../../infra/pdf/index.js';
import type { ReportCounts } from '@constats/domain/line-amounts';
import { formatAmount, sum, toDecimal } from '@constats/domain/money';
import { buildFacturXml, FACTURX_XML_NAME, printedMentions, type EinvoiceSnapshot } from './facturx.js';
import type { BillTotals } from '@constats/domain/bill-amounts';
import { BILL_PDF_NAME, paymentMentions } from './rules.js';
import { BILL_LINES, billLineAmounts, findVisibleBill } from './service.js';

/** A bill line as the PDF prints it: the constat's billing counts and its amounts (billLineAmounts). */
export interface PdfLine {
  report: Pick<ReportCounts, 'countPagesBilling' | 'countPhotosBilling'> & { createdAt: Date; name: string };
  discount: number;
  amounts: ReturnType<typeof billLineAmounts>;
}

/**
 * The lines, counts and totals block of the PDF, for a stored bill and for a preview alike: line
 * discounts are summed from the lines, the global discount is what the totals' discount adds to them.
 */
export function pdfFigures(lines: PdfLine[], totals: BillTotals, globalDiscount: number) {
  const lineDiscounts = sum(lines.map((line) => line.amounts.discountAmount));
  const pdfLines: GroupBillPdfLine[] = lines.map(({ report, amounts, discount }) => ({
    createdAt: report.createdAt,
    name: report.name,
    pages: report.countPagesBilling,
    photos: report.countPhotosBilling,
    textPages: amounts.textPages,
    amountHT: formatAmount(amounts.total),
    discount,
    discountAmount: formatAmount(amounts.discountAmount),
    netAmount: formatAmount(amounts.net),
  }));
  return {
    totalCountPages: lines.reduce((total, line) => total + line.report.countPagesBilling, 0),
    totalCountPhotos: lines.reduce((total, line) => total + line.report.countPhotosBilling, 0),
    lines: pdfLines,
    totals: {
      amountHT: formatAmount(totals.amountHT),
      lineDiscounts: formatAmount(lineDiscounts),
      globalDiscount,
      globalDiscountAmount: formatAmount(totals.discountAmount.minus(lineDiscounts)),
      netHT: formatAmount(totals.amountHT.minus(totals.discountAmount)),
      vatAmount: formatAmount(totals.vatAmount),
      amountTTC: formatAmount(totals.amountTTC),
    },
  };
}

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

async function pdfProps(services: Pick<Services, 'db' | 'storage' | 'pdfs'>, billId: number): Promise<GroupBillPdfProps> {
  const bill = await services.db.groupBill.findUniqueOrThrow({ where: { id: billId }, include: { lines: BILL_LINES } });
  const lines = bill.lines.map(({ discount, report }) => ({ report, discount, amounts: billLineAmounts({ discount, report }, bill) }));
  const totals: BillTotals = {
    amountHT: toDecimal(bill.amountHT),
    discountAmount: toDecimal(bill.discountAmount),
    vatAmount: toDecimal(bill.vatAmount),
    amountTTC: toDecimal(bill.amountTTC),
  };
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
      deliverTo: { address: bill.groupAddress, zip: bill.groupZip, city: bill.groupCity },
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
      ...totals,
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
    ...pdfFigures(lines, totals, bill.discount),
    // The bill's own totals, as frozen at generation (the lines add up to them).
    totalCountPages: bill.totalCountPages,
    totalCountPhotos: bill.totalCountPhotos,
    // Bills issued before Factur-X keep the mentions they were printed with.
    mentions: einvoice ? printedMentions(einvoice.seller) : paymentMentions(),
    ...(facturX && { facturX }),
  };
}

/**
 * Renders the bill's PDF from its frozen figures and stores it once (`facture-{number}.pdf`), with
 * its factur-x.xml alone (`facture-{number}.xml`) for a Factur-X bill; the bill PDF queue
 * (pdf-queue.ts) has nothing left to do for it.
 */
export async function storeBillPdf(services: Pick<Services, 'db' | 'storage' | 'pdfs'>, billId: number): Promise<string> {
  const props = await pdfProps(services, billId);
  const buffer = await services.pdfs.renderGroupBill(props);
  const pdfKey = newStorageKey('group-bills', BILL_PDF_NAME(props.number));
  const xmlKey = props.facturX ? newStorageKey('group-bills', FACTURX_XML_NAME(props.number)) : null;
  await services.storage.put(pdfKey, buffer);
  if (xmlKey) await services.storage.put(xmlKey, Buffer.from(props.facturX!.xml, 'utf8'));
  const { count } = await services.db.groupBill.updateMany({
    where: { id: billId, pdfKey: null },
    data: { pdfKey, xmlKey, pdfDueAt: null },
  });
  if (count === 1) return pdfKey;
  // Someone stored them meanwhile: keep theirs.
  await services.storage.remove(pdfKey);
  if (xmlKey) await services.storage.remove(xmlKey);
  return (await services.db.groupBill.findUniqueOrThrow({ where: { id: billId }, select: { pdfKey: true } })).pdfKey!;
}

/** The bill's stored XML key, rendering the bill's files first if needed; null for a bill issued before Factur-X. */
async function billXmlKey(services: Pick<Services, 'db' | 'storage' | 'pdfs'>, billId: number): Promise<string | null> {
  const bill = await services.db.groupBill.findUnique({ where: { id: billId }, select: { pdfKey: true, xmlKey: true, einvoice: true } });
  if (!bill) throw new FileNotFoundError(`group-bill-xml/${billId}`);
  if (!bill.einvoice) return null;
  if (bill.xmlKey) return bill.xmlKey;
  if (!bill.pdfKey) await storeBillPdf(services, billId);
  return (await services.db.groupBill.findUniqueOrThrow({ where: { id: billId }, select: { xmlKey: true } })).xmlKey;
}

/**
 * Bill PDFs (and Factur-X XMLs) are rendered by the queue after generation; a bill that has none
 * yet (seeded, imported, or its render still waiting for room on the disk) gets it at its download.
 */
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
