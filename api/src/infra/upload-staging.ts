// The staging store of resumable uploads (the tus protocol, product.md §16): a file's chunks land here
// until it is whole; then the deposit checks it by content and copies it into the file store
// (modules/reports/deposit-uploads.ts), and its staged copy is removed. On the local disk under
// DATA_DIR/uploads, or in the S3 bucket under `staging/` when STORAGE_URL is set, so that any
// instance behind a load balancer resumes any upload.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { S3Location } from './s3-storage.js';

/** The folder staged uploads live in: never a folder of the file store (storage.ts keys). */
export const STAGING_FOLDER = 'staging';

/** An upload's public name, the last segment of its URL: 32 lowercase hex digits, nothing else. */
const URL_ID = /^[0-9a-f]{32}$/;

export interface Staging {
  /** What @tus/server writes chunks to and reads offsets from. */
  store: DataStore;
  /** The whole staged file (once its last chunk arrived). */
  read(id: string): Promise<Readable>;
  /** Idempotent: a staged upload already gone is no error. */
  remove(id: string): Promise<void>;
}

/** A fresh staging id (`staging/<32 hex>`): random, so one upload's URL gives away no other. */
export const newStagingId = () => `${STAGING_FOLDER}/${randomBytes(16).toString('hex')}`;

/** The staging id an upload URL's last segment names, or null for anything else. */
export const stagingIdOfUrl = (segment: string | undefined) => (segment && URL_ID.test(segment) ? `${STAGING_FOLDER}/${segment}` : null);

/** The last segment of the URL of a staged upload. */
export const urlIdOfStaging = (id: string) => id.slice(STAGING_FOLDER.length + 1);

/** A staged upload already gone (404, 410 from the bucket, ENOENT on disk) is no error to remove. */
const gone = (error: unknown) => {
  const status = (error as { status_code?: number } | null)?.status_code;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return status === 404 || status === 410 || code === 'ENOENT';
};

/**
 * @tus/file-store answers every failed write with its generic 500 (ERRORS.FILE_WRITE_ERROR),
 * dropping the cause: the chunk is written here as it writes it (in place, from the offset), the
 * error kept, so that a full disk is told as such (errors.ts, diskFullError).
 */
class StagingFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    // Ids are ours (newStagingId, stagingIdOfUrl): a folder and 32 hex digits, never a path out.
    if (stagingIdOfUrl(urlIdOfStaging(id)) !== id) throw new Error(`Invalid staging id "${id}"`);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    await pipeline(readable, counter, createWriteStream(path.join(this.directory, id), { flags: 'r+', start: offset }));
    return offset + received;
  }
}

/** Both stores read a whole upload back; DataStore's type leaves `read` to them. */
type ReadableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

export async function createStaging(options: { dataDir: string; s3?: S3Location }): Promise<Staging> {
  const store: ReadableStore = options.s3
    ? (await import('./upload-staging-s3.js')).createS3StagingStore(options.s3)
    : new StagingFileStore({ directory: path.join(options.dataDir, 'uploads') });
  return {
    store,
    read: async (id) => await store.read(id),
    remove: async (id) => {
      try {
        await store.remove(id);
      } catch (error) {
        if (!gone(error)) throw error;
      }
    },
  };
}
