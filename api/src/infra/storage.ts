// The file store (deposited and returned report files, bills, matrices, avatars).
// Embedded default: a local folder outside any web root; S3-compatible object storage when
// STORAGE_URL is set (s3-storage.ts), behind the same interface and with the same error types.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Storage {
  /**
   * Stores the whole body under `key`, replacing any previous file; all or nothing. `owner`: the
   * account a streamed upload is charged to (storage-quota.ts); the stores themselves ignore it.
   */
  put(key: string, body: NodeJS.ReadableStream | Buffer, opts?: { maxBytes?: number; owner?: number }): Promise<{ size: number }>;
  /** Rejects with FileNotFoundError when nothing is stored under `key`. */
  get(key: string): Promise<NodeJS.ReadableStream>;
  /** Idempotent: removing a missing key succeeds. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key with its last change, in no particular order (for the orphan sweep). */
  list(): AsyncIterable<StoredObject>;
  /**
   * Removes what writes cut short by a crash left before `before`, never visible as keys: the
   * local store's temporary files. S3 keeps cut multipart uploads out of sight of the bucket;
   * its lifecycle rule AbortIncompleteMultipartUpload discards them (docs/security.md).
   */
  removePartialWrites(before: Date): Promise<number>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export class FileTooLargeError extends Error {
  readonly code = 'FILE_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`File exceeds the limit of ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

export class FileNotFoundError extends Error {
  readonly code = 'FILE_NOT_FOUND';
  constructor(readonly key: string) {
    super(`No stored file under key "${key}"`);
    this.name = 'FileNotFoundError';
  }
}

export class InvalidStorageKeyError extends Error {
  readonly code = 'INVALID_STORAGE_KEY';
  constructor(readonly key: string) {
    super(`Invalid storage key "${key}"`);
    this.name = 'InvalidStorageKeyError';
  }
}

// A key is a relative path of plain segments. Segments may not start with a dot, which rules out
// "." and ".." (traversal) and keeps keys apart from the hidden temporary files written by put().
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function assertValidKey(key: string): void {
  const valid = key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => KEY_SEGMENT.test(segment));
  if (!valid) throw new InvalidStorageKeyError(key);
}

// Extensions are kept only when they are plain short words; anything else is dropped, not sanitised.
const SAFE_EXTENSION = /^\.[a-z0-9]{1,10}$/;

/**
 * A fresh key such as `reports/2026/11/<uuid>.pdf`, filed under the (UTC) month of `now`. The
 * original name only lends its lower-cased extension: user-supplied names never reach the file
 * system.
 */
export function newStorageKey(folder: string, originalName: string, now: Date = new Date()): string {
  assertValidKey(folder);
  const extension = path.extname(originalName.replaceAll('\\', '/')).toLowerCase();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${folder}/${now.getUTCFullYear()}/${month}/${randomUUID()}${SAFE_EXTENSION.test(extension) ? extension : ''}`;
}

/** A stored file whole, in memory: only for small files (a bill, a logo). */
export async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.get(key)) as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** At most the first `bytes` of a stored file (a photo's EXIF), without reading the rest. */
export async function readStoredHead(storage: Storage, key: string, bytes: number): Promise<Buffer> {
  const stream = (await storage.get(key)) as Readable;
  const chunks: Buffer[] = [];
  let read = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      read += buffer.length;
      if (read >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Passes bytes through, failing the pipeline as soon as more than `maxBytes` went by. */
function byteCounter(maxBytes: number): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

const PARTIAL_SUFFIX = '.tmp';

/** Every file under `dir` with its modification time (missing folder: none). */
async function* walk(dir: string): AsyncGenerator<{ file: string; modifiedAt: Date }> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissingFile(error)) return [];
    throw error;
  });
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else if (entry.isFile()) {
      // Removed meanwhile (another instance's sweep, a deletion): skipped.
      const modifiedAt = await stat(file).then(
        (info) => info.mtime,
        () => null,
      );
      if (modifiedAt) yield { file, modifiedAt };
    }
  }
}

export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function filePath(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(root, key);
    // Defence in depth: the key pattern already forbids leaving the root.
    if (!resolved.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return resolved;
  }

  return {
    async put(key, body, opts = {}) {
      const target = filePath(key);
      const maxBytes = opts.maxBytes ?? Number.POSITIVE_INFINITY;
      if (Buffer.isBuffer(body) && body.length > maxBytes) throw new FileTooLargeError(maxBytes);

      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target then renamed: readers never see a partial file, and a failed or
      // aborted upload leaves only the temporary file, which is removed below (after a crash, by
      // removePartialWrites).
      const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}${PARTIAL_SUFFIX}`);
      const counter = byteCounter(maxBytes);
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, counter, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      return { size: counter.bytes };
    },

    async get(key) {
      let handle;
      try {
        // Opening first turns a missing file into a rejected promise instead of a later stream error.
        handle = await open(filePath(key), 'r');
      } catch (error) {
        if (isMissingFile(error)) throw new FileNotFoundError(key);
        throw error;
      }
      // A key naming a folder of other keys is not a stored file.
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new FileNotFoundError(key);
      }
      return handle.createReadStream();
    },

    async remove(key) {
      try {
        await unlink(filePath(key));
      } catch (error) {
        if (!isMissingFile(error)) throw error;
      }
    },

    async exists(key) {
      try {
        return (await stat(filePath(key))).isFile();
      } catch (error) {
        if (isMissingFile(error)) return false;
        throw error;
      }
    },

    async *list() {
      for await (const { file, modifiedAt } of walk(root)) {
        const key = path.relative(root, file).split(path.sep).join('/');
        if (key.split('/').every((segment) => KEY_SEGMENT.test(segment))) yield { key, modifiedAt };
      }
    },

    async removePartialWrites(before) {
      let removed = 0;
      for await (const { file, modifiedAt } of walk(root)) {
        if (!path.basename(file).startsWith('.') || !file.endsWith(PARTIAL_SUFFIX) || modifiedAt >= before) continue;
        await unlink(file).catch((error: unknown) => {
          if (!isMissingFile(error)) throw error;
        });
        removed += 1;
      }
      return removed;
    },
  };
}
