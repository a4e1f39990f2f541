// A deposited dictation's length (product.md §16), read by the counting job with music-metadata and
// shown on the constat (« Dictées : 3, 12 min »), so the office sees the typing ahead of it.
import type { Readable } from 'node:stream';
import { DICTATION_LONGEST_SECONDS as LONGEST_SECONDS } from '../reports/rules.js';

/** A length in seconds as stored: null unless a plausible positive number. */
export function dictationSeconds(duration: unknown): number | null {
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0 || duration > LONGEST_SECONDS) return null;
  return Math.round(duration * 10) / 10;
}

/**
 * The length of the dictation `audio` (of type `mimeType`, as its upload was checked), or null
 * when its format does not say it. An MP3 without a length header is read through to its end.
 */
export async function readDictationSeconds(audio: NodeJS.ReadableStream, mimeType: string): Promise<number | null> {
  const stream = audio as Readable;
  try {
    // Loaded with the first dictation: most processes never read one.
    const { parseStream } = await import('music-metadata');
    const metadata = await parseStream(stream, { mimeType }, { duration: true, skipCovers: true });
    return dictationSeconds(metadata.format.duration);
  } catch {
    // A recording cut short or unreadable: it stays a dictation, without a length.
    return null;
  } finally {
    // The length may be in a header: what was not read is not needed.
    stream.destroy();
  }
}
