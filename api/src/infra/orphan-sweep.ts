// Crash leftovers: a kill -9 during an upload leaves spooled parts in DATA_DIR/tmp, partial writes
// in the file store, and stored files whose database row was never committed. Run at start and
// hourly; it only removes what is older than `olderThanMs` (a day by default), since a file being
// uploaded right now has no row yet. Safe to run from several instances at once: every removal is
// idempotent, and which keys are referenced is read in one statement (one consistent snapshot).
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './db.js';
import type { Storage } from './storage.js';
import { STAGING_FOLDER } from './upload-staging.js';

export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** The multipart reader names its spooled uploads so this sweep can recognise them in DATA_DIR/tmp. */
export const SPOOL_PREFIX = 'upload-';

/** Keys looked up in the database per statement. */
const BATCH = 500;

export interface SweepResult {
  spooled: number;
  partial: number;
  orphans: number;
}

export async function sweepOrphanFiles(
  services: { db: Db; storage: Storage; config: Pick<Config, 'dataDir'> },
  olderThanMs = ORPHAN_AGE_MS,
  now = new Date(),
): Promise<SweepResult> {
  const before = new Date(now.getTime() - olderThanMs);
  const spooled = await removeOldSpools(path.join(services.config.dataDir, 'tmp'), before);
  const partial = await services.storage.removePartialWrites(before);
  let orphans = 0;
  let batch: string[] = [];
  const flush = async () => {
    for (const key of await unreferenced(services, batch)) {
      await services.storage.remove(key);
      orphans += 1;
    }
    batch = [];
  };
  for await (const object of services.storage.list()) {
    // Resumable uploads staged in the same bucket (S3) are the deposits' sweep's: their rows say which are abandoned.
    if (object.modifiedAt >= before || object.key.startsWith(`${STAGING_FOLDER}/`)) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { spooled, partial, orphans };
}

/** Legacy multipart parts spooled by a request that never finished (http/multipart.ts). */
async function removeOldSpools(tmpDir: string, before: Date): Promise<number> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((entry) => entry.startsWith(SPOOL_PREFIX))) {
    const file = path.join(tmpDir, name);
    const modifiedAt = await stat(file).then(
      (info) => info.mtime,
      () => null,
    );
    if (!modifiedAt || modifiedAt >= before) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Every column that holds a storage key: a file none of them names is an orphan. A new such
 * column must be listed here, or the sweep would remove its files (the sweep test compares this
 * list with prisma/schema.prisma).
 */
export const STORAGE_KEY_COLUMNS = [
  ['User', 'avatarKey'],
  ['UserMatrix', 'storageKey'],
  ['ReportFile', 'storageKey'],
  ['ReportFile', 'previewKey'],
  ['GroupBill', 'pdfKey'],
  ['GroupBill', 'xmlKey'],
  ['SecretaryBill', 'storageKey'],
  ['StagedAvatar', 'storageKey'],
  ['SellerSettings', 'logoKey'],
] as const;

const referencedNowhere = Prisma.join(
  STORAGE_KEY_COLUMNS.map(
    ([table, column]) => Prisma.sql`NOT EXISTS (SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE ${Prisma.raw(`"${column}"`)} = k)`,
  ),
  ' AND ',
);

/** The keys no row refers to, read in one statement. */
async function unreferenced(services: { db: Db }, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await services.db.$queryRaw<{ key: string }[]>`SELECT k AS key FROM unnest(${keys}::text[]) AS k WHERE ${referencedNowhere}`;
  return rows.map((row) => row.key);
}
