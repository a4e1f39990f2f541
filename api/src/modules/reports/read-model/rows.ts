// The Report type's data as plain rows: ONE hand-written statement picks the reports (a list of
// ids, or a page by a list's filter from filters.ts and a cursor) and builds each report's JSON —
// files, comments the viewer may read with their read marks, effective tariffs. Resolving the
// type from these rows instead of plugin-prisma's nested selections halves the server's CPU on the
// screens' lists (docs/benchmarks.md, docs/decisions.md).
import type { ResolveCursorConnectionArgs } from '@pothos/plugin-relay';
import type { AppContext, Viewer } from '../../../context.js';
import { Prisma } from '../../../generated/prisma/client.js';
import type { FileCountStatus, ReportFileKind, ReportStatus, Role } from '../../../generated/prisma/enums.js';
import type { ReportCounts } from '@constats/domain/line-amounts';
import { requestBatch } from '../../../infra/request-batch.js';
import { FILE_ORDER } from '../file-order.js';
import type { ReportsWhere } from './filters.js';
import { afterCursorSql, NEWEST_FIRST, orderBySql, type ReportOrder } from './order.js';
import { billingPricePage, billingPricePhoto, retrocessionPricePage, retrocessionPricePhoto, TARIFF_JOINS } from './tariffs.js';
import { billingShown, secretaryPay, visibleCommentsSql, visibleReportsSql } from './visibility.js';

export interface ReportFileRow {
  id: number;
  kind: ReportFileKind;
  originalName: string;
  size: number;
  storageKey: string;
  createdAt: Date;
  pageCount: number | null;
  photoCount: number | null;
  countStatus: FileCountStatus;
  countError: string | null;
  /** A photo's EXIF facts (counting/photo-facts.ts), null until counted or when it has none. */
  takenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  /** A dictation's length in seconds (counting/dictation-facts.ts), null until counted or unknown. */
  durationSeconds: number | null;
}

export interface ReportCommentRow {
  id: number;
  body: string;
  createdAt: Date;
  authorId: number;
  receiverId: number | null;
  authorName: string;
  authorRole: Role;
  /** Read by the viewer (their own comments aside, see the Report type). */
  read: boolean;
}

export interface PersonRow {
  id: number;
  firstName: string;
  lastName: string;
}

export interface ReportRow extends ReportCounts {
  id: number;
  name: string;
  bailiffId: number;
  secretaryId: number | null;
  status: ReportStatus;
  isArchived: boolean;
  invoiced: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastStatusChange: Date;
  returnedAt: Date | null;
  retrocessionComment: string | null;
  /** Whether the viewer may see this constat (visibility.ts, the lists' own rule): node(id:) and reportChanged answer only these. */
  visible: boolean;
  // Effective tariffs (tariffs.ts: captured on the constat, else those in force), decimals as text
  // (exact) for the money rules' DecimalInput; null when none applies or the viewer may not read
  // them (visibility.ts: a bailiff never reads a secretary's pay, a secretary never the étude's).
  billingPricePage: string | null;
  billingPricePhoto: string | null;
  retrocessionPricePage: string | null;
  retrocessionPricePhoto: string | null;
  /** Who the people are, as the User type's own selection reads them (see accounts/schema.ts). */
  bailiff: PersonRow;
  secretary: PersonRow | null;
  /** The name of the bailiff's étude (a constat's étude is its bailiff's); null while he has none. */
  groupName: string | null;
  files: ReportFileRow[];
  comments: ReportCommentRow[];
}

type Json<T> = { [K in keyof T]: T[K] extends Date ? number : T[K] extends Date | null ? number | null : T[K] };
type RowJson = Omit<Json<ReportRow>, 'files' | 'comments'> & { files: Json<ReportFileRow>[]; comments: Json<ReportCommentRow>[] };

// Instants travel as epoch milliseconds (columns are UTC `timestamp(3)`): a Date from a number is
// ~5× cheaper than parsing ISO text, and a page carries hundreds of them. `column` is one of this
// statement's own column names, never input.
const epochMs = (column: string) => Prisma.raw(`(extract(epoch FROM ${column}) * 1000)::int8`);

/** Whether rows come with their files and with their comments (both unless said otherwise). */
export interface RowContent {
  files: boolean;
  comments: boolean;
}

const WHOLE: RowContent = { files: true, comments: true };

/**
 * The rows of the reports `picked` gives — a statement answering (id, position) — in its order:
 * a list of ids, or a page chosen by filters and a cursor, in the same statement. Files and
 * comments not in `content` are left out (empty): a page builds only what its query reads.
 */
const rowsStatement = (viewer: Viewer | null, picked: Prisma.Sql, content: RowContent = WHOLE) => Prisma.sql`
  WITH picked AS (${picked})
  SELECT json_build_object(
      'id', r.id, 'name', r.name, 'bailiffId', r."bailiffId", 'secretaryId', r."secretaryId",
      'bailiff', json_build_object('id', b.id, 'firstName', b."firstName", 'lastName', b."lastName"),
      'secretary', CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'firstName', s."firstName", 'lastName', s."lastName") END,
      'groupName', g.name,
      'status', r.status, 'isArchived', r."isArchived", 'invoiced', r.invoiced,
      'createdAt', ${epochMs('r."createdAt"')}, 'updatedAt', ${epochMs('r."updatedAt"')},
      'lastStatusChange', ${epochMs('r."lastStatusChange"')}, 'returnedAt', ${epochMs('r."returnedAt"')},
      'countPagesProvisional', r."countPagesProvisional", 'countPhotosProvisional', r."countPhotosProvisional",
      'countPagesRetrocession', r."countPagesRetrocession", 'countPhotosRetrocession', r."countPhotosRetrocession",
      'countPagesBilling', r."countPagesBilling", 'countPhotosBilling', r."countPhotosBilling",
      'retrocessionComment', r."retrocessionComment", 'visible', coalesce(${visibleReportsSql(viewer)}, false),
      'billingPricePage', ${billingShown(viewer, Prisma.sql`${billingPricePage}::text`)}, 'billingPricePhoto', ${billingShown(viewer, Prisma.sql`${billingPricePhoto}::text`)},
      'retrocessionPricePage', ${secretaryPay(viewer, Prisma.sql`${retrocessionPricePage}::text`)}, 'retrocessionPricePhoto', ${secretaryPay(viewer, Prisma.sql`${retrocessionPricePhoto}::text`)},
      'files', ${
        !content.files
          ? Prisma.sql`'[]'::json`
          : Prisma.sql`(SELECT coalesce(json_agg(json_build_object(
                    'id', f.id, 'kind', f.kind, 'originalName', f."originalName", 'size', f.size, 'storageKey', f."storageKey", 'createdAt', ${epochMs('f."createdAt"')},
                    'pageCount', f."pageCount", 'photoCount', f."photoCount", 'countStatus', f."countStatus", 'countError', f."countError",
                    'takenAt', ${epochMs('f."takenAt"')}, 'latitude', f.latitude, 'longitude', f.longitude, 'durationSeconds', f."durationSeconds"
                  ) ORDER BY ${FILE_ORDER}), '[]')
                 FROM "ReportFile" f WHERE f."reportId" = r.id)`
      },
      'comments', ${
        !content.comments
          ? Prisma.sql`'[]'::json`
          : Prisma.sql`(SELECT coalesce(json_agg(json_build_object(
                       'id', c.id, 'body', c.body, 'createdAt', ${epochMs('c."createdAt"')}, 'authorId', c."authorId", 'receiverId', c."receiverId",
                       'authorName', a."firstName" || ' ' || a."lastName", 'authorRole', a.role,
                       'read', EXISTS (SELECT 1 FROM "CommentRead" cr WHERE cr."commentId" = c.id AND cr."userId" = ${viewer?.id ?? null})
                     ) ORDER BY c."createdAt", c.id), '[]')
                    FROM "Comment" c JOIN "User" a ON a.id = c."authorId"
                   WHERE c."reportId" = r.id AND ${visibleCommentsSql(viewer)})`
      }
    ) AS "row"
    FROM picked p
    JOIN "Report" r ON r.id = p.id
    ${TARIFF_JOINS}
   ORDER BY p.position`;

const pickIds = (ids: number[]) => Prisma.sql`SELECT id, position FROM unnest(${ids}::int4[]) WITH ORDINALITY AS t(id, position)`;

function fromJson(json: RowJson): ReportRow {
  return {
    ...json,
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
    lastStatusChange: new Date(json.lastStatusChange),
    returnedAt: json.returnedAt === null ? null : new Date(json.returnedAt),
    files: json.files.map((file) => ({
      ...file,
      createdAt: new Date(file.createdAt),
      takenAt: file.takenAt === null ? null : new Date(file.takenAt),
    })),
    comments: json.comments.map((comment) => ({ ...comment, createdAt: new Date(comment.createdAt) })),
  };
}

/** The reports `ids` as the viewer reads them, in the order of `ids` (null for an unknown id). */
export async function loadReportRows(ctx: AppContext, ids: readonly number[]): Promise<(ReportRow | null)[]> {
  // Ids decoded from global ids may be anything: only integers reach the statement.
  const known = ids.filter(Number.isSafeInteger);
  if (known.length === 0) return ids.map(() => null);
  const found = await ctx.db.$queryRaw<{ row: RowJson }[]>(rowsStatement(ctx.viewer, pickIds(known)));
  const byId = new Map(found.map(({ row }) => [row.id, fromJson(row)]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** One report's row; the single loads of a tick (the billing list's études, payloads) share one statement. */
export const loadReportRow = requestBatch((ctx: AppContext, ids: number[]) => loadReportRows(ctx, ids));

// --- Pages ------------------------------------------------------------------------------------

/**
 * A page of the reports `where` finds (a list's filter, filters.ts), for
 * resolveCursorConnection, in ONE statement, in `order` (newest first by default), the id breaking
 * ties; backwards pages come nearest-first, as the helper expects; cursors: order.ts. `offset`
 * skips rows first (the legacy get_all's page numbers); `content` says whether rows carry files
 * and comments.
 */
export async function loadReportPage(
  ctx: AppContext,
  where: ReportsWhere,
  page: ResolveCursorConnectionArgs,
  offset = 0,
  content: RowContent = WHOLE,
  order: ReportOrder = NEWEST_FIRST,
): Promise<ReportRow[]> {
  const cursor = page.inverted ? page.before : page.after;
  const after = cursor ? Prisma.sql`AND ${afterCursorSql(order, cursor, page.inverted)}` : Prisma.empty;
  const sorted = orderBySql(order, page.inverted);
  const picked = Prisma.sql`
    SELECT r.id, row_number() OVER (ORDER BY ${sorted}) AS position
      FROM "Report" r
     WHERE ${where} ${after}
     ORDER BY ${sorted}
     LIMIT ${page.limit} OFFSET ${offset}`;
  const found = await ctx.db.$queryRaw<{ row: RowJson }[]>(rowsStatement(ctx.viewer, picked, content));
  return found.map(({ row }) => fromJson(row));
}
