// The floor: the admin in-progress screen's data (scripts/bench/queries.ts SCREEN_QUERY) by the
// fastest honest path in the same process — the same session lookup, then the read model's own
// statements called directly (reports/read-model/: the page's rows, the list's count from its
// rollup; reports/headers.ts: the header cards), and a little JavaScript for what only the server
// can do (signed links, the money rules, global ids). The read model IS the hand-written SQL the
// floor used to restate (docs/benchmarks.md): what GraphQL costs above this is its own layer
// (parsing, validation, Pothos' resolvers, serialisation). It answers the same JSON as /graphql,
// byte for byte; bench-only, served by scripts/bench/server.ts when BENCH_FLOOR=1.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { AppContext, Services } from '../../api/src/context.js';
import { bearerToken } from '../../api/src/http/request.js';
import { billingAmounts, retrocessionAmounts } from '@constats/domain/line-amounts';
import { toDecimal, type DecimalInput } from '@constats/domain/money';
import { resolveSession } from '../../api/src/modules/auth/service.js';
import { reportHeaders } from '../../api/src/modules/reports/headers.js';
import { countReports, listCountSql } from '../../api/src/modules/reports/read-model/count.js';
import { reportsSql, type ReportFilter } from '../../api/src/modules/reports/read-model/filters.js';
import { loadReportPage, type ReportFileRow, type ReportRow } from '../../api/src/modules/reports/read-model/rows.js';
import { alertLevel, hoursBetween } from '../../api/src/modules/reports/rules.js';

/** The screen's filter (SCREEN_QUERY: statuses EC and RS). */
const FILTER: ReportFilter = { statuses: ['EC', 'RS'] };

/** The GraphQL Decimal scalar's wire format. */
const decimal = (value: DecimalInput) => {
  const number = toDecimal(value);
  return number.toFixed(Math.max(2, number.decimalPlaces()));
};

export function createFloorHandler(services: Services) {
  const { files } = services;

  const fileGroup = (report: ReportRow, kind: ReportFileRow['kind'], withArchive: boolean) => {
    const list = report.files.filter((file) => file.kind === kind);
    return {
      count: list.length,
      totalSize: list.reduce((total, file) => total + file.size, 0),
      ...(withArchive && {
        archiveUrl: list.length === 0 ? null : files.archive(`report-${kind.toLowerCase()}`, report.id, `${report.name} - ${kind === 'DEPOSITED' ? 'déposés' : 'retournés'}.zip`, list.map((file) => file.id)),
      }),
    };
  };

  return async function floor(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const viewer = await resolveSession(services, bearerToken(request.headers.authorization));
    // The screen is the admin's; other roles would need the role's fields (alert clock, amounts shown).
    if (viewer?.role !== 'ADMIN') {
      response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"admin only"}');
      return;
    }
    const ctx: AppContext = { ...services, viewer, client: { ip: request.socket.remoteAddress ?? '', userAgent: null } };
    const first = Math.min(Math.max(Number(url.searchParams.get('first')) || 50, 1), 100);
    const now = new Date();
    const [headers, totalCount, rows] = await Promise.all([
      reportHeaders(ctx, FILTER, now),
      countReports(ctx, listCountSql(viewer, FILTER)),
      loadReportPage(ctx, reportsSql(viewer, FILTER), { limit: first, inverted: false }),
    ]);

    const body = {
      data: {
        reportHeaders: {
          totalReports: headers.totalReports,
          reportsInAlert: headers.reportsInAlert,
          averageDelay: headers.averageDelay,
          currentRevenue: decimal(headers.currentRevenue),
        },
        reports: {
          totalCount,
          edges: rows.map((report) => ({
            node: {
              id: encodeGlobalID('Report', report.id),
              name: report.name,
              status: report.status,
              alert: alertLevel(report.status, hoursBetween(report.createdAt, now)),
              delayHours: Math.floor(hoursBetween(report.lastStatusChange, now)),
              createdAt: report.createdAt.toISOString(),
              bailiff: { id: encodeGlobalID('User', report.bailiff.id), fullName: `${report.bailiff.firstName} ${report.bailiff.lastName}` },
              secretary: report.secretary && { id: encodeGlobalID('User', report.secretary.id), fullName: `${report.secretary.firstName} ${report.secretary.lastName}` },
              deposited: fileGroup(report, 'DEPOSITED', true),
              returned: fileGroup(report, 'RETURNED', false),
              countPagesProvisional: report.countPagesProvisional,
              countPhotosProvisional: report.countPhotosProvisional,
              retrocessionAmounts: {
                total: decimal(
                  retrocessionAmounts({ pages: report.countPagesRetrocession, photos: report.countPhotosRetrocession, pricePage: report.retrocessionPricePage, pricePhoto: report.retrocessionPricePhoto })
                    .total,
                ),
              },
              billingAmounts: {
                total: decimal(billingAmounts({ pages: report.countPagesBilling, photos: report.countPhotosBilling, pricePage: report.billingPricePage, pricePhoto: report.billingPricePhoto }).total),
              },
              unreadCommentCount: report.comments.filter((comment) => comment.authorId !== viewer.id && !comment.read).length,
            },
          })),
        },
      },
    };
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };
}

/** Links carry an expiry rounded to the minute and its signature: equal data, maybe other minute. */
export const normalise = (body: string) => body.replace(/exp=\d+&sig=[A-Za-z0-9_-]+/g, 'exp=…&sig=…');

export function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) return `${at}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`;
  if (a && typeof a === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
    for (const key of keys) {
      const difference = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`);
      if (difference) return difference;
    }
    return null;
  }
  return a === b ? null : `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}
