// /api/v1/report/* (product.md §7 "Reports"): each call runs the GraphQL operation and answers with the
// legacy JSON field names (deposited_items, comments_without_read, baliff_id, …).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { fieldText, json, readFields, readFieldsWithLists } from '../../http/request.js';
import { queryList, withMultipart, type Page } from '../../http/legacy.js';
import type { CheckedDocument } from '../../http/graphql-documents.js';
import type { GraphQLFailure, RestContext, Route } from '../../http/rest.js';
import type { Services } from '../../context.js';
import type { ReportStatus } from '../../generated/prisma/enums.js';
import { MAX_REPORTS_OFFSET, messages } from './rules.js';
import { legacyReport, type LegacyReportResult } from './rest-shape.js';
import {
  ADD_REPORT_COMMENT,
  ADD_REPORT_FILES,
  ARCHIVE_REPORT,
  ASSIGN_SECRETARY,
  CREATE_REPORT,
  MARK_REPORT_COMMENTS_READ,
  REMOVE_REPORT_FILES,
  REPORT_FILE_LINKS,
  REPORT_HEADERS,
  REPORT_PEOPLE,
  REPORTS_FIRST_BATCH,
  REPORTS_NEXT_BATCH,
  REPORTS_PAGE,
  SET_BILLING,
  SET_RETROCESSION,
  UNARCHIVE_REPORT,
} from './rest-documents.js';

const failure = (error: GraphQLFailure) =>
  json(
    {
      code: error.status,
      // An internal error in the spec's words; a full disk (507) is said as such.
      message: error.status >= 500 && error.code !== 'INSUFFICIENT_STORAGE' ? messages.genericFailure : error.message,
      ...(error.fields && { errors: error.fields }),
    },
    error.status,
    error.headers,
  );

const reportGid = (value: string | undefined) => encodeGlobalID('Report', Number(value) || 0);
const userGid = (value: string | undefined) => (value && Number(value) ? encodeGlobalID('User', Number(value)) : null);
/** Counts are typed as digits; anything else reaches the server check as an invalid count. */
const count = (value: string | undefined) => (value !== undefined && /^\d{1,6}$/.test(value.trim()) ? Number(value) : -1);

const STATUSES: ReportStatus[] = ['NA', 'EC', 'RS', 'TE', 'AR'];

/** Query string of get_all / get_headers → ReportFilter (product.md §3 "Report filters"). */
function filterFrom(url: URL) {
  const params = url.searchParams;
  const statuses = [
    ...new Set([...queryList(params, 'states'), ...queryList(params, 'status')].map((value) => value.toUpperCase())),
  ].filter((value): value is ReportStatus => STATUSES.includes(value as ReportStatus));
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  const includeArchived = params.get('without_filter_archived') === 'true' || statuses.includes('AR');
  return {
    statuses: statuses.length ? statuses : null,
    bailiffId: userGid(params.get('bailiff_id') ?? params.get('baliff_id') ?? undefined),
    secretaryId: userGid(params.get('secretary_id') ?? undefined),
    // Given values go to the API as they are, so an impossible period is refused rather than ignored.
    year: params.get('year') ? year : null,
    month: params.get('month') ? month : null,
    search: params.get('search') ?? params.get('name'),
    // The legacy lists hide archived constats unless asked for them.
    archived: includeArchived ? null : false,
  };
}

/** get_all's largest page (the API's page size limit); a larger `limit` is served at this size. */
const MAX_LEGACY_LIMIT = 100;

async function getAll(ctx: RestContext): Promise<Response> {
  const params = ctx.url.searchParams;
  // product.md §7: the legacy list is every matching constat; page/limit stay for clients that page.
  if (!params.has('page') && !params.has('limit')) return streamAll(ctx);
  const limit = Math.min(Math.max(Number(ctx.url.searchParams.get('limit')) || MAX_LEGACY_LIMIT, 1), MAX_LEGACY_LIMIT);
  const page = Math.max(Math.trunc(Number(ctx.url.searchParams.get('page'))) || 1, 1);
  if (limit * (page - 1) > MAX_REPORTS_OFFSET) return json({ code: 400, message: messages.offsetInvalid }, 400);
  const result = await ctx.graphql(REPORTS_PAGE, { filter: filterFrom(ctx.url), first: limit, offset: limit * (page - 1) });
  if (!result.ok) return failure(result.error);
  const nodes = result.data.reports.edges.map((edge) => legacyReport(edge.node));
  return json({ reports: nodes, total: result.data.reports.totalCount, page, limit });
}

/** Constats read per statement while get_all streams: the API's largest page. */
const STREAM_BATCH = 100;

/**
 * get_all without paging: `{ "total": n, "reports": [...] }` written batch by batch as the client
 * reads it (cursor pages, each asked for only when the previous one is sent), so memory stays flat
 * whatever the count. The first batch is read before answering, so a refused filter is a plain 400;
 * a later failure aborts the body (truncated JSON) rather than ending a valid but shorter list.
 */
async function streamAll(ctx: RestContext): Promise<Response> {
  const filter = filterFrom(ctx.url);
  const first = await ctx.graphql(REPORTS_FIRST_BATCH, { filter, first: STREAM_BATCH, after: null });
  if (!first.ok) return failure(first.error);
  const encoder = new TextEncoder();
  let next: Page<LegacyReportResult> | null = first.data.reports;
  let written = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`{"total":${first.data.reports.totalCount},"reports":[`));
    },
    async pull(controller) {
      if (!next) {
        controller.enqueue(encoder.encode(']}'));
        controller.close();
        return;
      }
      const current: Page<LegacyReportResult> = next;
      const items = current.edges.map((edge) => JSON.stringify(legacyReport(edge.node)));
      if (items.length) controller.enqueue(encoder.encode((written ? ',' : '') + items.join(',')));
      written += items.length;
      next = null;
      if (!current.pageInfo.hasNextPage) return;
      const result = await ctx.graphql(REPORTS_NEXT_BATCH, { filter, first: STREAM_BATCH, after: current.pageInfo.endCursor });
      if (!result.ok) {
        console.error('[report/get_all] lecture interrompue', result.error);
        controller.error(new Error(result.error.message));
        return;
      }
      next = result.data.reports;
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-store' } });
}

async function getHeaders(ctx: RestContext): Promise<Response> {
  const result = await ctx.graphql(REPORT_HEADERS, { filter: filterFrom(ctx.url) });
  if (!result.ok) return failure(result.error);
  const headers = result.data.reportHeaders;
  return json({
    headers: {
      total_reports: headers.totalReports,
      total_reports_alert: headers.reportsInAlert,
      time_delay: headers.averageDelay,
      current_revenue: headers.currentRevenue,
      ...(headers.secretary && {
        retrocession_month: headers.secretary.retrocessionThisMonth,
        reports_in_progress: headers.secretary.inProgress,
        all_reports: headers.secretary.all,
        reports_alert: headers.secretary.inAlert,
        average_delay: headers.secretary.averageDelayHours,
      }),
      ...(headers.bailiff && {
        reports_in_progress_month: headers.bailiff.inProgressThisMonth,
        reports_archived_month: headers.bailiff.archivedThisMonth,
        bills_month: headers.bailiff.invoicesThisMonth,
      }),
    },
  });
}

/** What every report mutation of the shim answers, aliased `payload` (rest-documents.ts). */
type ReportPayload = { payload: { message: string; report: LegacyReportResult } };

/** Runs a report mutation and answers `{ message, report }` in the legacy shape. */
async function mutate<Variables extends { input: unknown }>(
  ctx: RestContext,
  mutation: CheckedDocument<ReportPayload, Variables>,
  input: Variables['input'],
  status = 200,
): Promise<Response> {
  const result = await ctx.graphql(mutation, { input } as Variables);
  if (!result.ok) return failure(result.error);
  const payload = result.data.payload;
  return json({ message: payload.message, report: legacyReport(payload.report) }, status);
}

/** The report's current files, to translate the legacy linkUrl lists into file ids. */
async function fileIdsByPath(ctx: RestContext, reportId: string): Promise<Map<string, string> | GraphQLFailure> {
  const result = await ctx.graphql(REPORT_FILE_LINKS, { id: reportId });
  if (!result.ok) return result.error;
  if (!result.data.node || !('deposited' in result.data.node)) return { code: 'NOT_FOUND', status: 404, message: messages.notFound };
  const files = [...result.data.node.deposited.files, ...result.data.node.returned.files];
  return new Map(files.map((file) => [new URL(file.url, 'http://x').pathname, file.id]));
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : []);

function createReport(ctx: RestContext, services: Services): Promise<Response> {
  return withMultipart(
    ctx,
    services,
    (form) =>
      mutate(
        ctx,
        CREATE_REPORT,
        {
          bailiffId: userGid(form.fields.bailiff_id ?? form.fields.baliff_id),
          name: form.fields.name ?? '',
          files: form.files.deposited_items ?? [],
          comment: form.fields.comment || null,
        },
        201,
      ),
    ['ADMIN', 'BAILIFF'],
  );
}

function addFiles(ctx: RestContext, services: Services): Promise<Response> {
  return withMultipart(ctx, services, (form) => {
    const kind = form.files.returned_items?.length ? 'RETURNED' : 'DEPOSITED';
    const files = (kind === 'RETURNED' ? form.files.returned_items : form.files.deposited_items) ?? [];
    return mutate(ctx, ADD_REPORT_FILES, { reportId: reportGid(form.fields.report_id), kind, files });
  });
}

async function removeFiles(ctx: RestContext): Promise<Response> {
  const body = await readFieldsWithLists(ctx.request);
  const reportId = reportGid(fieldText(body.report_id));
  const ids = await fileIdsByPath(ctx, reportId);
  if (!(ids instanceof Map)) return failure(ids);
  const links = [...asList(body.deposited_items), ...asList(body.returned_items)];
  const fileIds = links.map((link) => ids.get(new URL(link, 'http://x').pathname)).filter((id): id is string => !!id);
  if (fileIds.length === 0) return json({ code: 404, message: 'Fichier introuvable.' }, 404);
  return mutate(ctx, REMOVE_REPORT_FILES, { reportId, fileIds });
}

async function assignSecretary(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  return mutate(ctx, ASSIGN_SECRETARY, {
    reportId: reportGid(body.report_id),
    secretaryId: userGid(body.secretary_id) ?? encodeGlobalID('User', 0),
  });
}

async function setRetrocession(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  return mutate(ctx, SET_RETROCESSION, {
    reportId: reportGid(body.report_id),
    countPagesProvisional: count(body.count_pages_provisional),
    countPhotosProvisional: count(body.count_photos_provisional),
    comment: body.comment || null,
  });
}

async function setBilling(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  return mutate(ctx, SET_BILLING, {
    reportId: reportGid(body.report_id),
    countPagesRetrocession: count(body.count_pages_retrocession),
    countPhotosRetrocession: count(body.count_photos_retrocession),
    countPagesBilling: count(body.count_pages_billing),
    countPhotosBilling: count(body.count_photos_billing),
  });
}

const archive = async (ctx: RestContext) => mutate(ctx, ARCHIVE_REPORT, { reportId: reportGid((await readFields(ctx.request)).report_id) });

const unarchive = async (ctx: RestContext) =>
  mutate(ctx, UNARCHIVE_REPORT, { reportId: reportGid((await readFields(ctx.request)).report_id) });

async function addComment(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  const reportId = reportGid(body.report_id);
  let receiver: 'BAILIFF' | 'SECRETARY' | null = null;
  if (body.receiver_id) {
    // The legacy call names the receiver by user id; the API by role on the report.
    const found = await ctx.graphql(REPORT_PEOPLE, { id: reportId });
    if (!found.ok) return failure(found.error);
    const report = found.data.node && 'bailiff' in found.data.node ? found.data.node : null;
    const receiverId = Number(body.receiver_id);
    if (report?.bailiff.databaseId === receiverId) receiver = 'BAILIFF';
    else if (report?.secretary?.databaseId === receiverId) receiver = 'SECRETARY';
  }
  return mutate(ctx, ADD_REPORT_COMMENT, { reportId, body: body.comment ?? '', receiver });
}

async function markCommentsRead(ctx: RestContext): Promise<Response> {
  const body = await readFieldsWithLists(ctx.request);
  const ids = asList(body.comments_ids);
  return mutate(ctx, MARK_REPORT_COMMENTS_READ, { reportId: reportGid(fieldText(body.report_id)), commentIds: ids.length ? ids : null });
}

export const reportRoutes = (services: Services): Route[] => [
  { method: 'GET', path: '/api/v1/report/get_all', handler: getAll },
  { method: 'GET', path: '/api/v1/report/get_headers', handler: getHeaders },
  { method: 'POST', path: '/api/v1/report/create', handler: (ctx) => createReport(ctx, services) },
  { method: 'POST', path: '/api/v1/report/add_files', handler: (ctx) => addFiles(ctx, services) },
  { method: 'POST', path: '/api/v1/report/remove_files', handler: removeFiles },
  { method: 'POST', path: '/api/v1/report/update_secretary', handler: assignSecretary },
  { method: 'POST', path: '/api/v1/report/set_retrocession', handler: setRetrocession },
  { method: 'POST', path: '/api/v1/report/set_billing', handler: setBilling },
  { method: 'POST', path: '/api/v1/report/set_archive', handler: archive },
  { method: 'POST', path: '/api/v1/report/set_unarchive', handler: unarchive },
  { method: 'POST', path: '/api/v1/report/add_comment', handler: addComment },
  { method: 'POST', path: '/api/v1/report/mark_as_read', handler: markCommentsRead },
];
