// The floor: the admin in-progress screen's data (scripts/bench/queries.ts SCREEN_QUERY) by the
// fastest path we could write by hand in the same process — the same session lookup, then ONE SQL
// statement in which PostgreSQL aggregates the header cards and builds the page as JSON, and a
// little JavaScript for what only the server can do (signed links, the money rules, global ids).
// It answers the same JSON as /graphql, byte for byte; GraphQL throughput ÷ this = its overhead.
// Bench-only: served by scripts/bench/server.ts when BENCH_FLOOR=1, never by the product.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Services } from '../../api/src/context.js';
import { bearerToken } from '../../api/src/http/request.js';
import { toDecimal, type DecimalInput } from '../../api/src/lib/money.js';
import { currentParisMonth } from '../../api/src/lib/periods.js';
import { resolveSession } from '../../api/src/modules/auth/service.js';
import { billingAmounts } from '../../api/src/modules/billing/rules.js';
import { alertLevel, averageDelay, hoursBetween, ALERT_WARNING_HOURS } from '../../api/src/modules/reports/rules.js';
import { retrocessionAmounts } from '../../api/src/modules/retrocession/rules.js';

interface FileJson {
  id: number;
  kind: 'DEPOSITED' | 'RETURNED';
  name: string;
  size: number;
  key: string;
}

interface CommentJson {
  id: number;
  body: string;
  createdAt: string;
  authorId: number;
  author: string;
  read: boolean;
}

interface PersonJson {
  id: number;
  name: string;
}

interface ReportJson {
  id: number;
  name: string;
  status: 'EC' | 'RS';
  createdAt: string;
  lastStatusChange: string;
  cpp: number;
  cphp: number;
  cpr: number;
  cphr: number;
  cpb: number;
  cphb: number;
  groupPricePage: string | null;
  groupPricePhoto: string | null;
  secretaryPricePage: string | null;
  secretaryPricePhoto: string | null;
  bailiff: PersonJson & { pricePage: string | null; pricePhoto: string | null };
  secretary: (PersonJson & { pricePage: string; pricePhoto: string }) | null;
  files: FileJson[];
  comments: CommentJson[];
}

interface FloorRow {
  totalCount: number;
  inAlert: number;
  avgDelayHours: number | null;
  currentRevenue: string;
  reports: ReportJson[];
}

// $1 page size, $2 now, $3 start and $4 end of the Paris month, $5 viewer id. Timestamps are UTC
// `timestamp(3)` columns: JSON renders them without zone, hence the 'Z' added back in JavaScript.
const FLOOR_SQL = `
WITH in_progress AS (
  SELECT "createdAt", "lastStatusChange" FROM "Report" WHERE status IN ('EC', 'RS')
), page AS (
  SELECT * FROM "Report" WHERE status IN ('EC', 'RS') ORDER BY "createdAt" DESC, id DESC LIMIT $1
)
SELECT
  (SELECT count(*)::int FROM in_progress) AS "totalCount",
  (SELECT count(*)::int FROM in_progress WHERE "createdAt" <= $2::timestamp(3) - make_interval(hours => ${ALERT_WARNING_HOURS})) AS "inAlert",
  (SELECT avg(greatest(0, extract(epoch FROM ($2::timestamp(3) - "lastStatusChange")) / 3600))::float8 FROM in_progress) AS "avgDelayHours",
  (SELECT coalesce(sum(round(coalesce(r."groupPricePage", g."pricePage", 0) * r."countPagesRetrocession"
                           + coalesce(r."groupPricePhoto", g."pricePhoto", 0) * r."countPhotosRetrocession", 2)), 0)::text
     FROM "Report" r JOIN "User" b ON b.id = r."bailiffId" LEFT JOIN "Group" g ON g.id = b."groupId"
    WHERE r."createdAt" >= $3::timestamp(3) AND r."createdAt" < $4::timestamp(3)) AS "currentRevenue",
  (SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'name', p.name, 'status', p.status, 'createdAt', p."createdAt", 'lastStatusChange', p."lastStatusChange",
      'cpp', p."countPagesProvisional", 'cphp', p."countPhotosProvisional",
      'cpr', p."countPagesRetrocession", 'cphr', p."countPhotosRetrocession",
      'cpb', p."countPagesBilling", 'cphb', p."countPhotosBilling",
      'groupPricePage', p."groupPricePage"::text, 'groupPricePhoto', p."groupPricePhoto"::text,
      'secretaryPricePage', p."secretaryPricePage"::text, 'secretaryPricePhoto', p."secretaryPricePhoto"::text,
      'bailiff', json_build_object('id', b.id, 'name', b."firstName" || ' ' || b."lastName", 'pricePage', g."pricePage"::text, 'pricePhoto', g."pricePhoto"::text),
      'secretary', CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object(
          'id', s.id, 'name', s."firstName" || ' ' || s."lastName", 'pricePage', s."secretaryPricePage"::text, 'pricePhoto', s."secretaryPricePhoto"::text) END,
      'files', (SELECT coalesce(json_agg(json_build_object('id', f.id, 'kind', f.kind, 'name', f."originalName", 'size', f.size, 'key', f."storageKey") ORDER BY f.id), '[]')
                  FROM "ReportFile" f WHERE f."reportId" = p.id),
      'comments', (SELECT coalesce(json_agg(json_build_object(
                      'id', c.id, 'body', c.body, 'createdAt', c."createdAt", 'authorId', c."authorId", 'author', a."firstName" || ' ' || a."lastName",
                      'read', EXISTS (SELECT 1 FROM "CommentRead" cr WHERE cr."commentId" = c.id AND cr."userId" = $5)) ORDER BY c."createdAt"), '[]')
                     FROM "Comment" c JOIN "User" a ON a.id = c."authorId" WHERE c."reportId" = p.id)
    ) ORDER BY p."createdAt" DESC, p.id DESC), '[]')
     FROM page p JOIN "User" b ON b.id = p."bailiffId" LEFT JOIN "Group" g ON g.id = b."groupId" LEFT JOIN "User" s ON s.id = p."secretaryId"
  ) AS "reports"`;

/** The floor's one statement for a page of `first` rows seen by the admin `viewerId` (also EXPLAINed by the bench). */
export function floorStatement(first: number, viewerId: number, now: Date): { sql: string; params: unknown[] } {
  const month = currentParisMonth(now);
  return { sql: FLOOR_SQL, params: [first, now.toISOString(), month.start.toISOString(), month.end.toISOString(), viewerId] };
}

/** The GraphQL Decimal scalar's wire format. */
const decimal = (value: DecimalInput) => {
  const number = toDecimal(value);
  return number.toFixed(Math.max(2, number.decimalPlaces()));
};
const utc = (timestamp: string) => new Date(`${timestamp}Z`);

export function createFloorHandler(services: Services) {
  const { db, files } = services;

  const fileGroup = (report: ReportJson, kind: FileJson['kind'], withArchive: boolean) => {
    const list = report.files.filter((file) => file.kind === kind);
    return {
      count: list.length,
      totalSize: list.reduce((total, file) => total + file.size, 0),
      ...(withArchive && {
        archiveUrl: list.length === 0 ? null : files.archive(`report-${kind.toLowerCase()}`, report.id, `${report.name} - ${kind === 'DEPOSITED' ? 'déposés' : 'retournés'}.zip`),
      }),
      files: list.map((file) => ({ id: String(file.id), name: file.name, size: file.size, url: files.file(file.key, file.name) })),
    };
  };

  return async function floor(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const viewer = await resolveSession(services, bearerToken(request.headers.authorization));
    // The screen is the admin's; other roles would need the role filters the product applies.
    if (viewer?.role !== 'ADMIN') {
      response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"admin only"}');
      return;
    }
    const first = Math.min(Math.max(Number(url.searchParams.get('first')) || 50, 1), 100);
    const now = new Date();
    const statement = floorStatement(first, viewer.id, now);
    const [row] = await db.$queryRawUnsafe<FloorRow[]>(statement.sql, ...statement.params);

    const delays = row.avgDelayHours === null ? [] : [row.avgDelayHours];
    const body = {
      data: {
        reportHeaders: {
          totalReports: row.totalCount,
          reportsInAlert: row.inAlert,
          averageDelay: averageDelay(delays),
          currentRevenue: decimal(row.currentRevenue),
        },
        reports: {
          totalCount: row.totalCount,
          edges: row.reports.map((report) => {
            const createdAt = utc(report.createdAt);
            const unread = report.comments.filter((comment) => comment.authorId !== viewer.id && !comment.read).length;
            return {
              node: {
                id: encodeGlobalID('Report', report.id),
                name: report.name,
                status: report.status,
                alert: alertLevel(report.status, hoursBetween(createdAt, now)),
                delayHours: Math.floor(hoursBetween(utc(report.lastStatusChange), now)),
                createdAt: createdAt.toISOString(),
                bailiff: { id: encodeGlobalID('User', report.bailiff.id), fullName: report.bailiff.name },
                secretary: report.secretary && { id: encodeGlobalID('User', report.secretary.id), fullName: report.secretary.name },
                deposited: fileGroup(report, 'DEPOSITED', true),
                returned: fileGroup(report, 'RETURNED', false),
                countPagesProvisional: report.cpp,
                countPhotosProvisional: report.cphp,
                retrocessionAmounts: {
                  total: decimal(
                    retrocessionAmounts({
                      pages: report.cpr,
                      photos: report.cphr,
                      pricePage: report.secretaryPricePage ?? report.secretary?.pricePage,
                      pricePhoto: report.secretaryPricePhoto ?? report.secretary?.pricePhoto,
                    }).total,
                  ),
                },
                billingAmounts: {
                  total: decimal(
                    billingAmounts({
                      pages: report.cpb,
                      photos: report.cphb,
                      pricePage: report.groupPricePage ?? report.bailiff.pricePage,
                      pricePhoto: report.groupPricePhoto ?? report.bailiff.pricePhoto,
                    }).total,
                  ),
                },
                comments: report.comments.map((comment) => ({
                  id: String(comment.id),
                  body: comment.body,
                  authorName: comment.author,
                  createdAt: utc(comment.createdAt).toISOString(),
                  isRead: comment.authorId === viewer.id || comment.read,
                })),
                unreadCommentCount: unread,
              },
            };
          }),
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
