// GET /api/v1/exports/reports.csv: a report list as the screen filters it, streamed as CSV.
import type { Readable } from 'node:stream';
import type { AppContext, Services } from '../../context.js';
import { AppError } from '../../errors.js';
import { clientInfo, json } from '../../http/request.js';
import type { RestContext, Route } from '../../http/rest.js';
import { countReports, countSql } from '../reports/read-model/count.js';
import { exportCsv, exportWhere } from './export.js';
import { parseExportQuery } from './rules.js';

const FILE_NAMES = { reports: 'constats', retrocession: 'retrocession', billing: 'facturation' } as const;

async function exportReports(ctx: RestContext, services: Services): Promise<Response> {
  // The caller first (authenticated by app.ts): nothing of the query is looked at for an anonymous one.
  const viewer = ctx.viewer;
  if (!viewer) return json({ code: 401, message: 'Veuillez vous connecter.' }, 401);
  const app: AppContext = {
    ...services,
    viewer,
    client: clientInfo({ ...ctx.serverContext, request: ctx.request }, services.config.trustProxy),
  };
  let where;
  let total;
  let list;
  try {
    const query = parseExportQuery(ctx.url.search);
    list = query.list;
    where = exportWhere(app, query);
    total = await countReports(app, countSql(where));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json({ code: error.httpStatus, message: error.message, fields: error.fields }, error.httpStatus);
  }
  return new Response(pullBody(exportCsv(app, where)), {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${FILE_NAMES[list]}.csv"`,
      'cache-control': 'no-store',
      // The web's progress bar counts the rows received against this.
      'x-total-count': String(total),
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
  { method: 'GET', path: '/api/v1/exports/reports.csv', handler: (ctx) => exportReports(ctx, services) },
];
