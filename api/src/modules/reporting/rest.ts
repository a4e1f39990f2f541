// GET /api/v1/exports/reports.csv: a report list as the screen filters it, streamed as CSV, for a
// session or a personal API token (its scopes and études, and its cost budget).
import type { Readable } from 'node:stream';
import type { AppContext, Services } from '../../context.js';
import { AppError } from '../../errors.js';
import { MAX_QUERY_COST } from '../../graphql/cost.js';
import { clientInfo, json } from '../../http/request.js';
import type { RestContext, Route } from '../../http/rest.js';
import { outOfScope } from '../apiTokens/guard.js';
import { rateLimitHeaders, type CostExtension } from '../apiTokens/rules.js';
import { listRefusal } from '../apiTokens/scopes.js';
import { settleBudget, spendBudget } from '../apiTokens/service.js';
import { countReports, countSql } from '../reports/read-model/count.js';
import { exportColumns, exportCsv, exportWhere } from './export.js';
import { EXPORT_LISTS, exportCost, exportFileName, parseExportQuery } from './rules.js';

export const EXPORT_PATH = '/api/v1/exports/reports.csv';

/** A refusal in the REST shims' shape (`code` the HTTP status, a French `message`), with what a script acts on. */
function refusal(error: AppError): Response {
  const { reason, missingScopes, cost, http } = error.extensions as {
    reason?: string;
    missingScopes?: string[];
    cost?: CostExtension;
    http?: { headers?: Record<string, string> };
  };
  const headers = { ...http?.headers, ...(cost && rateLimitHeaders(cost, new Date())) };
  return json(
    { code: error.httpStatus, message: error.message, fields: error.fields, reason, missingScopes, cost },
    error.httpStatus,
    headers,
  );
}

async function exportReports(ctx: RestContext, services: Services): Promise<Response> {
  // The caller first (authenticated by app.ts): nothing of the query is looked at for an anonymous one.
  const viewer = ctx.viewer;
  if (!viewer) return json({ code: 401, message: 'Veuillez vous connecter.' }, 401);
  const app: AppContext = {
    ...services,
    viewer,
    client: clientInfo({ ...ctx.serverContext, request: ctx.request }, services.config.trustProxy),
  };
  const columns = exportColumns(app);
  let query;
  let where;
  let total;
  let budget: Record<string, string> = {};
  try {
    query = parseExportQuery(ctx.url.search);
    const list = EXPORT_LISTS[query.list];
    // A token reads the list its scopes and études open (as its GraphQL query would), refused before
    // its budget is touched; then the list's own rules apply, as for a session.
    const outside = viewer.grant && listRefusal(viewer.grant, list.rootField, 'Report');
    if (outside) throw outOfScope(outside, list.subject);
    where = exportWhere(app, query);
    // Charged the most an export costs before reading (concurrent exports cannot overdraw the
    // budget; over it, a 429 that read nothing), given back the rest once its rows are counted.
    const charged = viewer.apiTokenId ? await spendBudget(app, viewer.apiTokenId, MAX_QUERY_COST) : null;
    total = await countReports(app, countSql(where));
    if (charged) {
      const cost = await settleBudget(app, viewer.apiTokenId!, charged, exportCost(total, columns.length, MAX_QUERY_COST));
      budget = rateLimitHeaders(cost, new Date()) ?? {};
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refusal(error);
  }
  return new Response(pullBody(exportCsv(app, where, columns)), {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(query)}"`,
      'cache-control': 'no-store',
      // The web's progress bar counts the rows received against this.
      'x-total-count': String(total),
      ...budget,
    },
  });
}

/**
 * The CSV as a body read only as the client takes it: a batch is read per pull, and a client that
 * leaves cancels the body, which ends the stream quietly. (Destroying the Node stream on the
 * request's abort signal instead errored the web body with an AbortError nobody awaited.)
 */
function pullBody(csv: Readable): ReadableStream<Uint8Array> {
  const chunks = csv[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A csv-stringify stream yields strings or buffers (Readable's iterator is typed `any`).
      const { value, done } = (await chunks.next()) as IteratorResult<string | Buffer, undefined>;
      if (done) controller.close();
      else controller.enqueue(typeof value === 'string' ? Buffer.from(value) : value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

export const reportingRoutes = (services: Services): Route[] => [
  { method: 'GET', path: EXPORT_PATH, apiToken: true, handler: (ctx) => exportReports(ctx, services) },
];
