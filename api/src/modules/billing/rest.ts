// /api/v1/billing/* calls of the études' bills (product.md §7 "Billing"): each runs the GraphQL operation
// and answers with the legacy keys (`bills`, `bill`, `availablesGroupsBillings`) and messages.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { Readable } from 'node:stream';
import type { AppContext, Services } from '../../context.js';
import { AppError, type FieldErrors } from '../../errors.js';
import { contentDisposition } from '../../http/files.js';
import { bool, collectConnection, positiveInt, withMultipart } from '../../http/legacy.js';
import type { CheckedDocument, ResultOf } from '../../http/graphql-documents.js';
import { billDocuments } from './documents.js';
import { clientInfo, json, readFieldsWithLists } from '../../http/request.js';
import type { GraphQLFailure, RestContext, Route } from '../../http/rest.js';
import { legacyGroup } from '../groups/rest.js';
import { legacyReport } from '../reports/rest-shape.js';
import { previewGroupBillPdf } from './preview.js';
import {
  AVAILABLE_GROUPS,
  BILL_BY_NUMBER,
  BILL_PDF,
  BILLING_GROUP_REPORTS,
  BILLS,
  GENERATE_GROUP_BILL,
  NEXT_BILL_NUMBER,
  SEND_GROUP_BILL,
  SET_GROUP_BILL_PAID,
} from './rest-documents.js';
import { LEGACY_BILL, legacyBill, wholeBill, wholeList, type WholeBill } from './rest-shape.js';
import { billMessages } from './rules.js';

/** The spec's toast message, the precise French reason, and per-field messages. */
const failure = (error: GraphQLFailure, message = error.status >= 500 ? billMessages.createFailed : error.message) =>
  json(
    { code: error.status, message, detail: error.status >= 500 ? message : error.message, ...(error.fields && { errors: error.fields }) },
    error.status,
  );

const billGid = (value: unknown) => encodeGlobalID('GroupBill', positiveInt(value) ?? 0);
const groupGid = (value: unknown) => encodeGlobalID('Group', positiveInt(value) ?? 0);

/** JSON, form-encoded or multipart bodies alike (the legacy create sends its PDF as multipart). */
async function withBody(
  ctx: RestContext,
  services: Services,
  handle: (body: Record<string, unknown>) => Promise<Response>,
): Promise<Response> {
  const type = ctx.request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return withMultipart(ctx, services, (form) => handle(form.values), ['ADMIN']);
  return handle(await readFieldsWithLists(ctx.request));
}

/** A list sent as a JSON array, a JSON string of one, or comma-separated values. */
function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return value == null ? [] : [value];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed;
    if (parsed && typeof parsed === 'object') return [parsed];
  } catch {
    // not JSON: comma-separated
  }
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A discount as typed: empty → missing (null), digits → number, anything else → an invalid value. */
function discountValue(value: unknown): number | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  // Anything but digits (an object, a boolean) is invalid, as its text would be.
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
  return /^\d{1,3}$/.test(text) ? Number(text) : -1;
}

/**
 * `reports` (ids, or objects with id/report_id and discount) and `discounts` (a list parallel to
 * reports, or an object keyed by report id) → GraphQL lines.
 */
function billLines(body: Record<string, unknown>) {
  const reports = list(body.reports);
  let discounts: unknown = body.discounts;
  if (typeof discounts === 'string') {
    try {
      discounts = JSON.parse(discounts);
    } catch {
      discounts = list(discounts);
    }
  }
  return reports.map((entry, index) => {
    const object = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : null;
    const id = positiveInt(object ? (object.report_id ?? object.id) : entry) ?? 0;
    let discount: unknown = object?.discount;
    if (Array.isArray(discounts)) discount = discounts[index] ?? discount;
    else if (discounts && typeof discounts === 'object') discount = (discounts as Record<string, unknown>)[String(id)] ?? discount;
    return { reportId: id, discount: discountValue(discount) };
  });
}

/** What every bill mutation of the shim answers, aliased `payload` (rest-documents.ts). */
type BillPayload = { payload: { message: string; bill: ResultOf<typeof LEGACY_BILL> } };

async function billMutation<Variables extends { input: unknown }>(
  ctx: RestContext,
  mutation: CheckedDocument<BillPayload, Variables>,
  input: Variables['input'],
  failureMessage?: string,
  status = 200,
) {
  const result = await ctx.graphql(mutation, { input } as Variables);
  if (!result.ok) return failure(result.error, failureMessage);
  const bill = await wholeBill(ctx, result.data.payload.bill);
  if (!bill.ok) return failure(bill.error, failureMessage);
  return json({ message: result.data.payload.message, bill: legacyBill(bill.data) }, status);
}

async function create(ctx: RestContext, services: Services): Promise<Response> {
  // The legacy client also sends its own PDF (`bill`) and a `bill_number`: both are ignored, the
  // server allocates the number and renders the invoice (docs/decisions.md).
  return withBody(ctx, services, (body) =>
    billMutation(
      ctx,
      GENERATE_GROUP_BILL,
      {
        groupId: groupGid(body.group_id),
        year: positiveInt(body.year),
        month: positiveInt(body.month),
        reports: billLines(body).map((line) => ({ ...line, reportId: encodeGlobalID('Report', line.reportId) })),
        discount: discountValue(body.discount),
      },
      billMessages.createFailed,
      201,
    ),
  );
}

async function billIdFrom(ctx: RestContext, body: Record<string, unknown>): Promise<string | null> {
  const id = positiveInt(body.bill_id ?? ctx.url.searchParams.get('bill_id'));
  if (id) return billGid(id);
  const number = positiveInt(body.bill_number ?? body.billing_number ?? ctx.url.searchParams.get('bill_number'));
  if (!number) return null;
  const found = await ctx.graphql(BILL_BY_NUMBER, { number });
  return found.ok ? (found.data.groupBills.edges[0]?.node.id ?? null) : null;
}

const pdfFailure = (status: number, detail: string, errors?: FieldErrors) =>
  json({ code: status, message: billMessages.pdfFailed, detail, ...(errors && { errors }) }, status);

const pdfResponse = (body: BodyInit, name: string) =>
  new Response(body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(name, true),
      'cache-control': 'private, no-store',
    },
  });

/**
 * Legacy `generate-pdf` before `billing/create` (product.md §4): the PDF of the bill the selection
 * (`group_id`, `reports`, `discounts`, `discount`, as create takes them) would make, rendered by the
 * server from its own figures; nothing is created until create is called.
 */
async function previewPdf(ctx: RestContext, services: Services, body: Record<string, unknown>): Promise<Response> {
  const appContext: AppContext = {
    ...services,
    viewer: ctx.viewer,
    client: clientInfo({ ...ctx.serverContext, request: ctx.request }, services.config.trustProxy),
  };
  try {
    const pdf = await previewGroupBillPdf(appContext, {
      groupId: positiveInt(body.group_id) ?? 0,
      year: positiveInt(body.year),
      month: positiveInt(body.month),
      reports: billLines(body),
      discount: discountValue(body.discount),
    });
    return pdfResponse(new Uint8Array(pdf.content), pdf.name);
  } catch (error) {
    if (error instanceof AppError) return pdfFailure(error.httpStatus, error.message, error.fields);
    throw error;
  }
}

/**
 * Legacy `generate-pdf` posted HTML for the server to print. It is never rendered: the call names
 * a bill (`bill_id` or `bill_number`) and answers that bill's PDF, rendered from its frozen figures,
 * or, before the bill exists, a selection (previewPdf) (docs/decisions.md).
 */
async function generatePdf(ctx: RestContext, services: Services): Promise<Response> {
  return withBody(ctx, services, async (body) => {
    const billId = await billIdFrom(ctx, body);
    if (!billId && positiveInt(body.group_id)) return previewPdf(ctx, services, body);
    if (!billId) return pdfFailure(400, billMessages.noPdfRequested);
    const result = await ctx.graphql(BILL_PDF, { id: billId });
    if (!result.ok) return pdfFailure(result.error.status, result.error.message);
    const bill = result.data.node;
    if (!bill || !('pdf' in bill)) return pdfFailure(404, billMessages.notFound);
    // The signed link was only handed out because the caller may see the bill; its path is the key.
    const linked = decodeURIComponent(new URL(bill.pdf.url, 'http://x').pathname.slice('/files/'.length));
    // A bill whose PDF the queue has not stored yet is linked as a document: rendered now.
    const storageKey = linked.startsWith('document/') ? await billDocuments['group-bill'](services, Number(linked.split('/')[2])) : linked;
    const stream = await services.storage.get(storageKey);
    return pdfResponse(Readable.toWeb(stream as Readable) as ReadableStream, `facture-${bill.number}.pdf`);
  });
}

async function nextNumber(ctx: RestContext): Promise<Response> {
  const result = await ctx.graphql(NEXT_BILL_NUMBER);
  if (!result.ok) return failure(result.error, billMessages.nextNumberFailed);
  return json({ bill_number: result.data.nextGroupBillNumber, billing_number: result.data.nextGroupBillNumber });
}

async function getAll(ctx: RestContext): Promise<Response> {
  const params = ctx.url.searchParams;
  // A given year or month goes to the API as it is, so month=0 is refused rather than ignored.
  const given = (name: string) => (params.get(name) ? Number(params.get(name)) : null);
  const filter = {
    year: given('year'),
    month: given('month'),
    groupId: positiveInt(params.get('group_id')) ? groupGid(params.get('group_id')) : null,
  };
  const result = await collectConnection(ctx, BILLS, { filter }, (data) => data.groupBills, { pageSize: 50 });
  if (!result.ok) return failure(result.error);
  const bills: WholeBill[] = [];
  for (const page of result.data) {
    const bill = await wholeBill(ctx, page);
    if (!bill.ok) return failure(bill.error);
    bills.push(bill.data);
  }
  return json({ bills: bills.map(legacyBill) });
}

export const legacyTotals = (totals: ResultOf<typeof AVAILABLE_GROUPS>['availableGroupsForBilling'][number]['totals']) => ({
  total_reports: totals.reports,
  total_pages: totals.pages,
  total_text_pages: totals.textPages,
  total_photos: totals.photos,
  total_amount_without_taxes: totals.amountHT,
});

async function availableGroups(ctx: RestContext): Promise<Response> {
  const params = ctx.url.searchParams;
  const result = await ctx.graphql(AVAILABLE_GROUPS, {
    year: positiveInt(params.get('year')),
    month: positiveInt(params.get('month')),
    first: 100,
    after: null,
  });
  if (!result.ok) return failure(result.error);
  const groups = [];
  for (const row of result.data.availableGroupsForBilling) {
    const reports = await wholeList(
      ctx,
      row.billableReports,
      BILLING_GROUP_REPORTS,
      { groupId: row.group.id, year: row.year, month: row.month },
      // Billed in between: nothing left to read.
      (data) => data.billingGroup?.billableReports ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
    );
    if (!reports.ok) return failure(reports.error);
    groups.push({
      ...legacyGroup(row.group),
      bill_id: row.bill?.databaseId ?? null,
      billing_number: row.bill?.number ?? null,
      reports: reports.data.map(legacyReport),
      ...legacyTotals(row.totals),
    });
  }
  return json({ availablesGroupsBillings: groups });
}

// group_id is implied by the bill.
const send = (ctx: RestContext, services: Services) =>
  withBody(ctx, services, (body) => billMutation(ctx, SEND_GROUP_BILL, { billId: billGid(body.bill_id) }, billMessages.sendFailed));

const setPaid = (ctx: RestContext, services: Services) =>
  withBody(ctx, services, (body) =>
    billMutation(ctx, SET_GROUP_BILL_PAID, { billId: billGid(body.bill_id), isPaid: bool(body.is_paid) ?? false }),
  );

export const billingRoutes = (services: Services): Route[] => [
  { method: 'GET', path: '/api/v1/billing/get_availables_groups', handler: availableGroups },
  { method: 'POST', path: '/api/v1/billing/create', handler: (ctx) => create(ctx, services) },
  { method: 'POST', path: '/api/v1/billing/generate-pdf', handler: (ctx) => generatePdf(ctx, services) },
  { method: 'POST', path: '/api/v1/billing/get-next-bill-number', handler: nextNumber },
  { method: 'GET', path: '/api/v1/billing/get_all_bailiff', handler: getAll },
  { method: 'POST', path: '/api/v1/billing/send_bill_to_email', handler: (ctx) => send(ctx, services) },
  { method: 'POST', path: '/api/v1/billing/set_paid', handler: (ctx) => setPaid(ctx, services) },
];
