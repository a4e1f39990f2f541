// Sizes, SHA-256 checksums and row counts computed while bytes stream by, so a backup is read once.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Measured } from './manifest.js';

const NEWLINE = 0x0a;

export interface Meter extends Transform {
  /** Valid once the stream has finished. */
  result(): { bytes: number; sha256: string; lines: number };
}

/** Passes bytes through, counting them, their lines (rows of COPY's text format) and hashing them. */
export function meter(): Meter {
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      hash.update(chunk);
      bytes += chunk.length;
      // COPY's text format escapes newlines inside values: each raw newline ends one row.
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines += 1;
      callback(null, chunk);
    },
  }) as Meter;
  let digest: string | undefined;
  stream.result = () => ({ bytes, lines, sha256: (digest ??= hash.digest('hex')) });
  return stream;
}

/** A file's size and checksum; null when it does not exist. */
export async function measureFile(file: string): Promise<Measured> {
  const counter = meter();
  try {
    await pipeline(createReadStream(file), counter, discard());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw error;
  }
  const { bytes, sha256 } = counter.result();
  return { bytes, sha256 };
}

/** A stream's size and checksum, reading it to its end. */
export async function measureStream(source: NodeJS.ReadableStream): Promise<{ bytes: number; sha256: string }> {
  const counter = meter();
  await pipeline(source, counter, discard());
  const { bytes, sha256 } = counter.result();
  return { bytes, sha256 };
}

/** Where measured bytes go when only their measure is wanted. */
const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
