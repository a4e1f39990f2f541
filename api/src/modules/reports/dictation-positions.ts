// Where each user stopped listening to each deposited dictation (product.md §16): the secretary's
// player saves it as she goes and starts there again, on whatever computer she signs in from. Who
// may save one is who sees the constat (access.ts `authorize`), each user reading only her own.
import { fileKindOf } from '@constats/domain/file-kinds';
import type { AppContext } from '../../context.js';
import { AppError, validationError } from '../../errors.js';
import { requireViewer } from '../../guards.js';
import { requestBatch } from '../../infra/request-batch.js';
import { authorize } from './access.js';
import type { ReportFileRow } from './read-model/rows.js';
import { dictationMessages, dictationPosition } from './rules.js';

/** Ids are PostgreSQL `integer`s: a larger one names no file. */
const INT4_MAX = 2_147_483_647;

/** A deposited dictation, as the gallery tells it from its name (documents and photos are not listened to). */
export const isDictation = (file: Pick<ReportFileRow, 'kind' | 'originalName'>) =>
  file.kind === 'DEPOSITED' && fileKindOf(file.originalName) === 'dictation';

/**
 * The file `fileId` if the viewer sees its constat; otherwise « Fichier introuvable. », the same
 * answer as for a file that does not exist, so another étude's file ids reveal nothing.
 */
async function visibleFile(ctx: AppContext, fileId: number) {
  const file =
    Number.isSafeInteger(fileId) && fileId > 0 && fileId <= INT4_MAX ? await ctx.db.reportFile.findUnique({ where: { id: fileId } }) : null;
  if (file) {
    try {
      await authorize(ctx, file.reportId, 'view');
      return file;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    }
  }
  throw new AppError('NOT_FOUND', dictationMessages.fileNotFound);
}

/**
 * Records that the viewer stopped listening to the dictation `fileId` at `seconds` (bounded by
 * `dictationPosition`) and answers the file. One row per user and file: saves racing each other
 * leave one of their values, never an error (INSERT … ON CONFLICT is atomic).
 */
export async function saveDictationPosition(ctx: AppContext, fileId: number, seconds: number): Promise<ReportFileRow> {
  const viewer = requireViewer(ctx);
  const file = await visibleFile(ctx, fileId);
  if (!isDictation(file)) throw new AppError('BAD_USER_INPUT', dictationMessages.notADictation);
  const position = dictationPosition(seconds, file.durationSeconds);
  if (position === null) throw validationError({ seconds: dictationMessages.positionInvalid }, dictationMessages.positionInvalid);
  // The file may be removed meanwhile: then nothing is written (the SELECT finds no row).
  const saved = await ctx.db.$queryRaw<{ seconds: number }[]>`
    INSERT INTO "DictationPosition" ("userId", "reportFileId", seconds, "updatedAt")
    SELECT ${viewer.id}::int4, f.id, ${position}::float8, now() FROM "ReportFile" f WHERE f.id = ${file.id}
    ON CONFLICT ("userId", "reportFileId") DO UPDATE SET seconds = EXCLUDED.seconds, "updatedAt" = EXCLUDED."updatedAt"
    RETURNING seconds`;
  if (saved.length === 0) throw new AppError('NOT_FOUND', dictationMessages.fileNotFound);
  // The file row read above: saving a position changes none of its columns.
  return file;
}

/**
 * Where the viewer stopped in each of these files (null: never saved), the files of a page read
 * together in one statement. Only reached through a constat the viewer sees.
 */
export const listenedUntil = requestBatch(async (ctx: AppContext, fileIds: number[]): Promise<(number | null)[]> => {
  if (!ctx.viewer) return fileIds.map(() => null);
  const rows = await ctx.db.$queryRaw<{ reportFileId: number; seconds: number }[]>`
    SELECT "reportFileId", seconds FROM "DictationPosition"
     WHERE "userId" = ${ctx.viewer.id} AND "reportFileId" = ANY(${fileIds}::int4[])`;
  const byFile = new Map(rows.map((row) => [row.reportFileId, row.seconds]));
  return fileIds.map((id) => byFile.get(id) ?? null);
});
