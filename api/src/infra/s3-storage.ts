// The file store on S3-compatible object storage (AWS S3, Scaleway, OVH, MinIO…), selected by
// STORAGE_URL=https://ACCESS_KEY:SECRET@endpoint/bucket?region=… (path-style; with the bucket in the
// host name and no path, virtual-hosted). Same contract and errors as the local store: a stored
// object appears whole or not at all, and uploads stream through in parts of PART_SIZE bytes, so
// a 200 MB file never sits in memory.
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { assertValidKey, FileNotFoundError, FileTooLargeError, type Storage } from './storage.js';

/** S3's smallest part but the last is 5 MiB; 8 MiB keeps the part count of a 200 MB file at 25. */
export const PART_SIZE = 8 * 1024 * 1024;

export interface S3Location {
  /** Objects live under `${base}/${key}` (path-style `https://host/bucket` or virtual-hosted `https://bucket.host`). */
  base: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Reads STORAGE_URL; credentials come from its user and password (URL-encoded). */
export function parseStorageUrl(raw: string): S3Location {
  const url = new URL(raw);
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (!accessKeyId || !secretAccessKey) throw new Error('STORAGE_URL must carry the access key and secret: https://KEY:SECRET@host/bucket');
  return {
    base: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`,
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
  };
}

// A Buffer is a Uint8Array fetch accepts as is; TypeScript's DOM typings only want an ArrayBuffer-backed one.
const bodyOf = (bytes: Buffer) => bytes as Uint8Array as BodyInit;

class S3Error extends Error {
  constructor(operation: string, status: number, detail: string) {
    super(`S3 ${operation}: HTTP ${status} ${detail.slice(0, 300)}`);
    this.name = 'S3Error';
  }
}

/** Reads the stream in buffers of `size` bytes (the last one shorter), failing beyond `maxBytes`. */
async function* partsOf(body: NodeJS.ReadableStream | Buffer, size: number, maxBytes: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > maxBytes) throw new FileTooLargeError(maxBytes);
    for (let start = 0; start < body.length || start === 0; start += size) yield body.subarray(start, start + size);
    return;
  }
  let chunks: Buffer[] = [];
  let buffered = 0;
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    total += bytes.length;
    if (total > maxBytes) throw new FileTooLargeError(maxBytes);
    chunks.push(bytes);
    buffered += bytes.length;
    while (buffered >= size) {
      const whole = Buffer.concat(chunks, buffered);
      yield whole.subarray(0, size);
      chunks = [whole.subarray(size)];
      buffered -= size;
    }
  }
  // The last, shorter part; an empty one only for an empty file (S3 refuses empty parts).
  if (buffered > 0 || total === 0) yield Buffer.concat(chunks, buffered);
}

export function createS3Storage(location: S3Location): Storage {
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    service: 's3',
    region: location.region,
  });
  const objectUrl = (key: string, query = '') => {
    assertValidKey(key);
    return `${location.base}/${key}${query}`;
  };

  async function send(operation: string, url: string, init: RequestInit, accept: number[] = []): Promise<Response> {
    const response = await client.fetch(url, init);
    if (!response.ok && !accept.includes(response.status)) throw new S3Error(operation, response.status, await response.text());
    return response;
  }

  async function putMultipart(key: string, first: Buffer, rest: AsyncGenerator<Buffer, void>): Promise<void> {
    const created = await send('CreateMultipartUpload', objectUrl(key, '?uploads'), { method: 'POST' });
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await created.text())?.[1];
    if (!uploadId) throw new S3Error('CreateMultipartUpload', created.status, 'no UploadId');
    const query = (extra: string) => `?${extra}uploadId=${encodeURIComponent(uploadId)}`;
    const etags: string[] = [];
    try {
      for (let part: Buffer | undefined = first; part; part = (await rest.next()).value ?? undefined) {
        const uploaded = await send('UploadPart', objectUrl(key, query(`partNumber=${etags.length + 1}&`)), {
          method: 'PUT',
          body: bodyOf(part),
        });
        etags.push(uploaded.headers.get('etag') ?? '');
      }
      const parts = etags.map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag}</ETag></Part>`).join('');
      const completed = await send('CompleteMultipartUpload', objectUrl(key, query('')), {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`,
      });
      // S3 may report a failure of the completion inside a 200 answer.
      const answer = await completed.text();
      if (answer.includes('<Error>')) throw new S3Error('CompleteMultipartUpload', completed.status, answer);
    } catch (error) {
      // Nothing becomes visible, and the parts already sent are discarded.
      await send('AbortMultipartUpload', objectUrl(key, query('')), { method: 'DELETE' }, [404]).catch(() => undefined);
      throw error;
    }
  }

  return {
    async put(key, body, opts = {}) {
      objectUrl(key);
      const parts = partsOf(body, PART_SIZE, opts.maxBytes ?? Number.POSITIVE_INFINITY);
      const first = (await parts.next()).value as Buffer;
      const second = await parts.next();
      if (second.done) {
        await send('PutObject', objectUrl(key), { method: 'PUT', body: bodyOf(first) });
        return { size: first.length };
      }
      let size = first.length + second.value.length;
      async function* counted(): AsyncGenerator<Buffer, void> {
        yield second.value as Buffer;
        for await (const part of parts) {
          size += part.length;
          yield part;
        }
      }
      const rest = counted();
      await putMultipart(key, first, rest);
      return { size };
    },

    async get(key) {
      const response = await send('GetObject', objectUrl(key), { method: 'GET' }, [404]);
      if (response.status === 404 || !response.body) throw new FileNotFoundError(key);
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    },

    async remove(key) {
      await send('DeleteObject', objectUrl(key), { method: 'DELETE' }, [404]);
    },

    async exists(key) {
      const response = await send('HeadObject', objectUrl(key), { method: 'HEAD' }, [404]);
      return response.status !== 404;
    },

    async *list() {
      // ListObjectsV2, a page of up to 1,000 keys at a time. Our keys are plain [A-Za-z0-9._/-]
      // (assertValidKey), so they need no XML unescaping.
      let token: string | null = null;
      do {
        const query: string = `?list-type=2${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`;
        const page = await (await send('ListObjectsV2', `${location.base}${query}`, { method: 'GET' })).text();
        for (const [, entry] of page.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = /<Key>([^<]*)<\/Key>/.exec(entry)?.[1];
          const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(entry)?.[1];
          if (key && modified) yield { key, modifiedAt: new Date(modified) };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(page)
          ? (/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(page)?.[1] ?? null)
          : null;
      } while (token);
    },

    // Cut multipart uploads are invisible until completed; the bucket's lifecycle rule
    // AbortIncompleteMultipartUpload (1 day) discards them (docs/security.md).
    removePartialWrites: () => Promise.resolve(0),
  };
}
