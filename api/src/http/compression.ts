// Answers compressed on the fly (GraphQL, REST JSON, streamed CSV exports): brotli or gzip as the
// client's Accept-Encoding prefers, when the answer is text worth compressing. A streamed answer
// stays streamed: each chunk is compressed and flushed as it arrives. The web build's files come
// precompressed (static.ts) and are left as they are.
import { once } from 'node:events';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this many bytes the headers and the compressor's own cost outweigh what is saved. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * An Accept-Encoding is read only this far: browsers send a few dozen characters, and a client
 * sending more gets what its first codings ask for.
 */
const MAX_ACCEPT_ENCODING_CHARS = 512;
const CODING = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;
const WEIGHT = /^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/i;

/**
 * The coding to answer with among `offered`, by the client's weights (RFC 9110 §12.5.3): the
 * highest non-zero weight wins, the first offered on a tie; `*` stands for codings not named.
 * Malformed entries are ignored.
 */
export function preferredEncoding(header: string | null, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const entry of header.slice(0, MAX_ACCEPT_ENCODING_CHARS).split(',')) {
    const [name, ...parameters] = entry.split(';');
    const coding = name.trim().toLowerCase();
    if (!CODING.test(coding) || weights.has(coding)) continue;
    let weight = 1;
    for (const parameter of parameters) {
      if (!/^\s*q\s*=/i.test(parameter)) continue;
      const match = WEIGHT.exec(parameter);
      weight = match ? Number(match[1]) : NaN;
    }
    if (!Number.isNaN(weight)) weights.set(coding, weight);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/** Text that compresses; not event streams (each event must reach the client as it is sent). */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|graphql-response\+json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function compressibleType(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE.test(contentType);
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Wraps the HTTP handler: its answers compressed when that is worth it (see `compressed`). */
export function withCompression<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => compressed(request, await handler(request, context));
}

/**
 * The answer compressed for this request, or the same answer. Stored files (/files/) are left
 * alone: most are already compressed (photos, PDFs, zips). An answer of unknown length is read
 * until COMPRESSION_THRESHOLD bytes (or its end) to decide.
 */
export async function compressed(request: Request, response: Response): Promise<Response> {
  const { status, statusText, headers, body } = response;
  if (
    !body ||
    status < 200 ||
    status === 204 ||
    status === 206 ||
    headers.has('content-encoding') ||
    !compressibleType(headers.get('content-type')) ||
    new URL(request.url).pathname.startsWith('/files/')
  )
    return response;
  const varied = new Headers(headers);
  // The web build's files say it themselves (static.ts).
  if (!/\baccept-encoding\b/i.test(headers.get('vary') ?? '')) varied.append('vary', 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers.get('accept-encoding'));
  const declared = headers.get('content-length');
  if (!encoding || (declared !== null && Number(declared) < COMPRESSION_THRESHOLD))
    return new Response(body, { status, statusText, headers: varied });

  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < COMPRESSION_THRESHOLD) {
    const read = await reader.read();
    if (read.done) return new Response(Buffer.concat(head, size), { status, statusText, headers: varied });
    head.push(read.value);
    size += read.value.byteLength;
  }
  varied.delete('content-length');
  varied.set('content-encoding', encoding);
  // The status line keeps its reason (« 200 OK »): an empty one is valid HTTP, but some clients show it.
  return new Response(compressedBody(head, reader, encoding), { status, statusText, headers: varied });
}

/**
 * Brotli at quality 4, as servers compressing on the fly use it: most of quality 11's gain for a
 * small part of its time, and a 256 KiB window (lgwin 18) instead of 4 MiB, so that each answer
 * being compressed holds little memory. Each chunk is flushed, so a streamed export arrives as it is
 * written.
 */
function compressedBody(
  head: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } })
      : zlib.createGzip({ level: zlib.constants.Z_DEFAULT_COMPRESSION });
  const flushKind = encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  const output: Buffer[] = [];
  compressor.on('data', (chunk: Buffer) => output.push(chunk));
  const ended = once(compressor, 'end');
  // Surfaces through `ended` or the next flush; a listener keeps it from being an uncaught error.
  compressor.on('error', () => {});
  const compress = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      compressor.once('error', reject);
      compressor.write(chunk);
      compressor.flush(flushKind, () => {
        compressor.off('error', reject);
        resolve();
      });
    });
  let pending: Uint8Array | null = Buffer.concat(head);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let chunk = pending;
        pending = null;
        if (!chunk) {
          const read = await reader.read();
          if (read.done) {
            compressor.end();
            await ended;
            if (output.length) controller.enqueue(Buffer.concat(output.splice(0)));
            controller.close();
            return;
          }
          chunk = read.value;
        }
        await compress(chunk);
        if (output.length) return controller.enqueue(Buffer.concat(output.splice(0)));
      }
    },
    async cancel(reason) {
      compressor.destroy();
      await reader.cancel(reason);
    },
  });
}
