// The counting job: one stored report file in, its pages/photos/status (and what a photo or a
// dictation says of itself) on its row out, and a reportChanged event so the screens show the
// counts live. Idempotent: a file already counted is left alone, so a job run twice (a retry, a
// start-up rescan) costs at most one more count.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Services } from '../../context.js';
import { FileNotFoundError, readStoredHead } from '../../infra/storage.js';
import { publishReportChanges } from '../reports/access.js';
import { findSoffice } from './render.js';
import { fileKindOf } from '@constats/domain/file-kinds';
import { readDictationSeconds } from './dictation-facts.js';
import { PHOTO_FACTS_BYTES, readPhotoFacts, type PhotoFacts } from './photo-facts.js';
import { countFormat, countTimeLimitSeconds, depositedMediaCount, type CountResult, type CountTimeLimits } from './rules.js';
import { countInWorker } from './worker.js';

export interface CountJobOptions {
  limits: CountTimeLimits;
  /** The counting process's memory cap, MB. */
  memoryMb: number;
  /** Aborted when the instance stops: the count is stopped and the job goes back to the queue. */
  signal?: AbortSignal;
  /** The last attempt records a failure instead of throwing it back to the queue. */
  lastAttempt: boolean;
}

/** Counts one report file if it still waits for it; true when its row changed. */
export async function countReportFile(
  services: Pick<Services, 'db' | 'storage' | 'pubsub'>,
  fileId: number,
  options: CountJobOptions,
): Promise<boolean> {
  const file = await services.db.reportFile.findUnique({
    where: { id: fileId },
    select: {
      id: true,
      storageKey: true,
      originalName: true,
      mimeType: true,
      countStatus: true,
      report: { select: { id: true, bailiffId: true, secretaryId: true } },
    },
  });
  if (!file || file.countStatus !== 'PENDING') return false;
  let result: CountResult;
  try {
    result = await countStored(services, file.storageKey, file.originalName, options);
  } catch (error) {
    if (!options.lastAttempt || options.signal?.aborted) throw error;
    result = {
      status: 'FAILED',
      pageCount: null,
      photoCount: null,
      error: `Comptage impossible après plusieurs essais (${(error as Error).message.slice(0, 200)}).`,
    };
  }
  const facts = await mediaFactsOf(services, file);
  // Only a file still pending: a concurrent run of the same job has nothing left to write.
  const { count } = await services.db.reportFile.updateMany({
    where: { id: file.id, countStatus: 'PENDING' },
    data: { countStatus: result.status, pageCount: result.pageCount, photoCount: result.photoCount, countError: result.error, ...facts },
  });
  if (count > 0) await publishReportChanges(services, [file.report]);
  return count > 0;
}

/**
 * What a deposited photo (its EXIF facts) or dictation (its length) says of itself; nothing for a
 * document, nor when the file has gone (its count says so).
 */
async function mediaFactsOf(
  services: Pick<Services, 'storage'>,
  file: { originalName: string; mimeType: string; storageKey: string },
): Promise<Partial<PhotoFacts> & { durationSeconds?: number | null }> {
  const kind = fileKindOf(file.originalName);
  try {
    if (kind === 'photo') return await readPhotoFacts(await readStoredHead(services.storage, file.storageKey, PHOTO_FACTS_BYTES));
    if (kind === 'dictation')
      return { durationSeconds: await readDictationSeconds(await services.storage.get(file.storageKey), file.mimeType) };
    return {};
  } catch (error) {
    if (error instanceof FileNotFoundError) return {};
    throw error;
  }
}

async function countStored(
  services: Pick<Services, 'storage'>,
  storageKey: string,
  originalName: string,
  options: CountJobOptions,
): Promise<CountResult> {
  const media = depositedMediaCount(originalName);
  if (media) return media;
  const format = countFormat(originalName);
  if (!format) return { status: 'UNSUPPORTED', pageCount: null, photoCount: null, error: 'Type de fichier non compté.' };
  // The stored file is copied to a private temporary folder: the zip reader and LibreOffice need a
  // file on disk, and S3 storage has none.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-file-'));
  try {
    const local = path.join(dir, `file.${format}`);
    // A stalled storage must not hold the slot either: the copy has the long limit, then is retried.
    const copying = AbortSignal.any([
      AbortSignal.timeout(options.limits.timeoutSeconds * 1000),
      ...(options.signal ? [options.signal] : []),
    ]);
    try {
      await pipeline(await services.storage.get(storageKey), createWriteStream(local, { mode: 0o600 }), { signal: copying });
    } catch (error) {
      if (error instanceof FileNotFoundError)
        return { status: 'FAILED', pageCount: null, photoCount: null, error: 'Fichier absent du stockage.' };
      throw error;
    }
    const soffice = findSoffice();
    const timeoutMs = countTimeLimitSeconds(format, soffice !== null, options.limits) * 1000;
    return await countInWorker({ file: local, format, options: { soffice, timeoutMs } }, timeoutMs, {
      memoryMb: options.memoryMb,
      signal: options.signal,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
