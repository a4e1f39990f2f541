// Uploads a refused request drains: the drain must survive a file that is gone by the time it
// reads it (the multipart form's spool, removed by the form's cleanup as the answer leaves).
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileUpload } from 'graphql-upload-minimal';
import { drainUploads } from '../../api/src/infra/uploads.js';

/** An upload spooled at `file`, telling `opened` of each stream a reader opens on it. */
function spooledUpload(file: string, opened: (stream: ReadStream) => void = () => {}): Promise<FileUpload> {
  const createStream = () => {
    const stream = createReadStream(file);
    opened(stream);
    return stream;
  };
  return Promise.resolve({
    fieldName: 'files',
    filename: 'acte.pdf',
    mimetype: 'application/pdf',
    encoding: '7bit',
    createReadStream: createStream,
  });
}

describe('drainUploads', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'drain-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a spooled file to its end', async () => {
    const file = path.join(dir, 'upload-present');
    await writeFile(file, Buffer.alloc(200_000, 1));
    const ended = new Promise<ReadStream>((resolve) =>
      drainUploads([spooledUpload(file, (stream) => stream.once('end', () => resolve(stream)))]),
    );
    expect((await ended).bytesRead).toBe(200_000);
  });

  it('leaves the process standing when the spooled file is gone before it is read', async () => {
    const uncaught: unknown[] = [];
    const listener = (error: unknown) => uncaught.push(error);
    const listeners = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    process.on('uncaughtException', listener);
    try {
      // Closed after their failure to open; listening to 'error' here would hear it for the drain.
      const closed: Promise<void>[] = [];
      const opened = (stream: ReadStream) => closed.push(new Promise<void>((resolve) => stream.once('close', () => resolve())));
      drainUploads([spooledUpload(path.join(dir, 'upload-removed'), opened), spooledUpload(path.join(dir, 'upload-removed-too'), opened)]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toHaveLength(2);
      await Promise.all(closed);
    } finally {
      process.off('uncaughtException', listener);
      for (const previous of listeners) process.on('uncaughtException', previous);
    }
    expect(uncaught).toEqual([]);
  });
});
