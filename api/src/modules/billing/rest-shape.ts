// The legacy JSON of a bill (product.md §3 "Bill") and the whole lists a legacy answer carries, read
// page after page from the GraphQL connections that page them (product.md §15).
import { collectConnection } from '../../http/legacy.js';
import type { GraphQLOutcome, RestContext } from '../../http/rest.js';

export const PAGE_INFO = 'pageInfo { hasNextPage endCursor }';
export const LINE_FIELDS =
  'reportDatabaseId name createdAt pages photos textPages amountPages amountPhotos amountHT discount discountAmount netAmountHT';

export interface Page<T> {
  edges: { node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

interface LineData {
  reportDatabaseId: number;
  name: string;
  createdAt: string;
  pages: number;
  photos: number;
  textPages: number;
  amountPages: string;
  amountPhotos: string;
  amountHT: string;
  discount: number;
  discountAmount: string;
  netAmountHT: string;
}

export interface BillPage {
  id: string;
  databaseId: number;
  number: number;
  year: number;
  month: number;
  monthLabel: string;
  group: { databaseId: number };
  groupName: string;
  groupAddress: string;
  groupZip: string;
  groupCity: string;
  groupPricePage: string;
  groupPricePhoto: string;
  discount: number;
  totalCountPages: number;
  totalCountPhotos: number;
  amountHT: string;
  discountAmount: string;
  netAmountHT: string;
  vatAmount: string;
  amountTTC: string;
  isSent: boolean;
  sentAt: string | null;
  isPaid: boolean;
  paidAt: string | null;
  createdAt: string;
  pdf: { name: string; url: string; downloadUrl: string } | null;
  lines: Page<LineData>;
}

export type BillData = Omit<BillPage, 'lines'> & { lines: LineData[] };

/**
 * A legacy answer carries whole lists where GraphQL pages them: the first page came with the
 * operation; when there are more, the list is read again page after page (rare: past 100 items).
 */
export async function wholeList<T, D>(
  ctx: RestContext,
  first: Page<T>,
  query: string,
  variables: Record<string, unknown>,
  pick: (data: D) => Page<T>,
): Promise<GraphQLOutcome<T[]>> {
  if (!first.pageInfo.hasNextPage) return { ok: true, data: first.edges.map((edge) => edge.node) };
  // Never a silent cut: every item, however many.
  return collectConnection(ctx, query, variables, pick, { maxItems: Number.POSITIVE_INFINITY });
}

export async function wholeBill(ctx: RestContext, bill: BillPage): Promise<GraphQLOutcome<BillData>> {
  const lines = await wholeList(
    ctx,
    bill.lines,
    `query($id: ID!, $first: Int, $after: String) { node(id: $id) { ... on GroupBill {
      lines(first: $first, after: $after) { edges { node { ${LINE_FIELDS} } } ${PAGE_INFO} } } } }`,
    { id: bill.id },
    (data: { node: { lines: Page<LineData> } }) => data.node.lines,
  );
  return lines.ok ? { ok: true, data: { ...bill, lines: lines.data } } : lines;
}

/** product.md §3 "Bill", with the frozen amounts the legacy client used to compute itself. */
export function legacyBill(bill: BillData) {
  return {
    id: bill.databaseId,
    billing_number: bill.number,
    group_id: bill.group.databaseId,
    group_name: bill.groupName,
    group_address: bill.groupAddress,
    group_zip: bill.groupZip,
    group_city: bill.groupCity,
    group_price_page: bill.groupPricePage,
    group_price_photo: bill.groupPricePhoto,
    discount: bill.discount,
    total_count_pages: bill.totalCountPages,
    total_count_photos: bill.totalCountPhotos,
    year: bill.year,
    month: bill.month,
    month_label: bill.monthLabel,
    amount_without_taxes: bill.amountHT,
    discount_amount: bill.discountAmount,
    amount_without_taxes_discounted: bill.netAmountHT,
    vat_amount: bill.vatAmount,
    amount_with_taxes: bill.amountTTC,
    reports: bill.lines.map((line) => ({
      id: line.reportDatabaseId,
      name: line.name,
      created_at: line.createdAt,
      count_pages_billing: line.pages,
      count_photos_billing: line.photos,
      text_pages: line.textPages,
      amount_without_taxes_pages: line.amountPages,
      amount_without_taxes_photos: line.amountPhotos,
      amount_without_taxes: line.amountHT,
      discount: line.discount,
      discount_amount: line.discountAmount,
      amount_without_taxes_discounted: line.netAmountHT,
    })),
    is_sent: bill.isSent,
    sent_at: bill.sentAt,
    is_paid: bill.isPaid,
    paid_at: bill.paidAt,
    files: bill.pdf ? [{ originalname: bill.pdf.name, linkUrl: bill.pdf.url, file_url: bill.pdf.downloadUrl }] : [],
    createdAt: bill.createdAt,
  };
}
