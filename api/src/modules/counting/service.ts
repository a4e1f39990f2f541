// The counting job: one stored report file in, its pages/photos/status (and a photo's EXIF facts)
// on its row out, and a reportChanged event so the screens show the counts live. Idempotent: a
// file already counted is left alone, so a job run twice (a retry, a start-up rescan) costs at
// most one more count.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Services } from '../../context.js';
import { FileNotFoundError, readStoredHead } from '../../infra/storage.js';
import { publishReportChanges } from '../reports/access.js';
import { findSoffice } from './render.js';
import { NO_PHOTO_FACTS, PHOTO_FACTS_BYTES, readPhotoFacts, type PhotoFacts } from './photo-facts.js';
import {
  countFormat,
  countTimeLimitSeconds,
  depositedMediaCount,
  isDepositedPhoto,
  type CountResult,
  type CountTimeLimits,
} from './rules.js';
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
  const facts = isDepositedPhoto(file.originalName) ? await photoFactsOf(services, file.storageKey) : {};
  // Only a file still pending: a concurrent run of the same job has nothing left to write.
  const { count } = await services.db.reportFile.updateMany({
    where: { id: file.id, countStatus: 'PENDING' },
    data: { countStatus: result.status, pageCount: result.pageCount, photoCount: result.photoCount, countError: result.error, ...facts },
  });
  if (count > 0) await publishReportChanges(services, [file.report]);
  return count > 0;
}

/** A photo's EXIF facts; none when the file has gone (its count says so). */
async function photoFactsOf(services: Pick<Services, 'storage'>, storageKey: string): Promise<PhotoFacts> {
  try {
    return await readPhotoFacts(await readStoredHead(services.storage, storageKey, PHOTO_FACTS_BYTES));
  } catch (error) {
    if (error instanceof FileNotFoundError) return NO_PHOTO_FACTS;
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
