import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** `total` bytes in 64 KiB chunks, generated lazily so a test never holds a large body in memory. */
export function generatedStream(total: number, fill = 0x61): Readable {
  const chunkSize = 64 * 1024;
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(chunkSize, total - sent);
      sent += size;
      this.push(Buffer.alloc(size, (fill + sent) % 256));
    },
  });
}

/** Size and SHA-256 of a stream, read chunk by chunk. */
export async function digestOf(stream: NodeJS.ReadableStream): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}
