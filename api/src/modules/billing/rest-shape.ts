// The legacy JSON of a bill (product.md §3 "Bill") and the whole lists a legacy answer carries, read
// page after page from the GraphQL connections that page them (product.md §15).
import { collectConnection, type Page, type PageVariables } from '../../http/legacy.js';
import { graphql, type CheckedDocument, type ResultOf } from '../../http/graphql-documents.js';
import type { GraphQLOutcome, RestContext } from '../../http/rest.js';

const BILL_LINE = graphql(`
  fragment LegacyBillLine on GroupBillLine {
    reportDatabaseId
    name
    createdAt
    pages
    photos
    textPages
    amountPages
    amountPhotos
    amountHT
    discount
    discountAmount
    netAmountHT
  }
`);

/** A bill with the first page of its lines (wholeBill reads the others). */
export const LEGACY_BILL = graphql(
  `
    fragment LegacyBill on GroupBill {
      id
      databaseId
      number
      year
      month
      monthLabel
      group {
        databaseId
      }
      groupName
      groupAddress
      groupZip
      groupCity
      groupPricePage
      groupPricePhoto
      discount
      totalCountPages
      totalCountPhotos
      amountHT
      discountAmount
      netAmountHT
      vatAmount
      amountTTC
      isSent
      sentAt
      isPaid
      paidAt
      createdAt
      pdf {
        name
        url
        downloadUrl
      }
      lines(first: 100) {
        edges {
          node {
            ...LegacyBillLine
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [BILL_LINE],
);

const BILL_LINES = graphql(
  `
    query LegacyBillLines($id: ID!, $first: Int, $after: String) {
      node(id: $id) {
        ... on GroupBill {
          lines(first: $first, after: $after) {
            edges {
              node {
                ...LegacyBillLine
              }
            }
            pageInfo {
              hasNextPage
              endCursor
            }
          }
        }
      }
    }
  `,
  [BILL_LINE],
);

/** A bill with every line. */
export type WholeBill = Omit<ResultOf<typeof LEGACY_BILL>, 'lines'> & { lines: ResultOf<typeof BILL_LINE>[] };

/**
 * A legacy answer carries whole lists where GraphQL pages them: the first page came with the
 * operation; when there are more, the list is read again page after page (rare: past 100 items).
 */
export async function wholeList<Result, Variables extends PageVariables, T>(
  ctx: RestContext,
  first: Page<T>,
  document: CheckedDocument<Result, Variables>,
  variables: Omit<Variables, keyof PageVariables>,
  pick: (data: Result) => Page<T>,
): Promise<GraphQLOutcome<T[]>> {
  if (!first.pageInfo.hasNextPage) return { ok: true, data: first.edges.map((edge) => edge.node) };
  // Never a silent cut: every item, however many.
  return collectConnection(ctx, document, variables, pick, { maxItems: Number.POSITIVE_INFINITY });
}

export async function wholeBill(ctx: RestContext, bill: ResultOf<typeof LEGACY_BILL>): Promise<GraphQLOutcome<WholeBill>> {
  const lines = await wholeList(ctx, bill.lines, BILL_LINES, { id: bill.id }, (data) => {
    // A bill is never deleted: it was there a moment ago.
    if (!data.node || !('lines' in data.node)) throw new Error(`Facture ${bill.id} introuvable pendant la lecture de ses lignes.`);
    return data.node.lines;
  });
  return lines.ok ? { ok: true, data: { ...bill, lines: lines.data } } : lines;
}

/** product.md §3 "Bill", with the frozen amounts the legacy client used to compute itself. */
export function legacyBill(bill: WholeBill) {
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
