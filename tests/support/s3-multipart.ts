// s3rver implements multipart uploads but neither ListParts (GET /bucket/key?uploadId=…), which
// resumable uploads staged on S3 read to learn which parts of a file arrived (@tus/s3-store), nor
// AbortMultipartUpload (DELETE /bucket/key?uploadId=…), which removes an unfinished one. This adds
// both to s3rver's own router, after its signature check, over the parts s3rver itself stored: the
// rest of the protocol stays s3rver's.
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Context {
  params: { bucket: string; key: string; queryMethod?: string };
  query: Record<string, string | undefined>;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  body: unknown;
  status: number;
}
type Middleware = (ctx: Context, next: () => Promise<void>) => unknown;
interface Layer {
  path: string;
  methods: string[];
}
interface Router {
  stack: Layer[];
  get(path: string, middleware: Middleware): void;
  delete(path: string, middleware: Middleware): void;
}

const require = createRequire(import.meta.url);
const router = require('s3rver/lib/routes.js') as Router;
const S3Error = require('s3rver/lib/models/error.js') as new (code: string, message?: string) => Error;

const OBJECT_PATH = '/:bucket/:key+';
const MAX_PARTS = 1000;

const isUploadRequest = (ctx: Context) => ctx.params.queryMethod === 'uploadId' && !('partNumber' in ctx.query);

/** The folder of a multipart upload of the addressed key, as real S3 answers an unknown one. */
async function uploadFolder(ctx: Context): Promise<{ directory: string; key: string }> {
  const uploadId = ctx.query.uploadId ?? '';
  const directory = path.join(ctx.store.getResourcePath(ctx.params.bucket, undefined, 'uploads'), path.basename(uploadId));
  const key = await readFile(path.join(directory, 'key'), 'utf8').catch(() => null);
  if (key !== ctx.params.key) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
  return { directory, key };
}

async function listParts(ctx: Context, next: () => Promise<void>) {
  if (!isUploadRequest(ctx)) return next();
  const { directory, key } = await uploadFolder(ctx);
  const marker = Number(ctx.query['part-number-marker'] ?? 0);
  const numbers = (await readdir(directory))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((number) => number > marker)
    .sort((a, b) => a - b);
  const page = numbers.slice(0, MAX_PARTS);
  const parts = await Promise.all(
    page.map(async (number) => {
      const file = path.join(directory, String(number));
      const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
      return { PartNumber: number, LastModified: info.mtime.toISOString(), ETag: JSON.stringify(md5), Size: info.size };
    }),
  );
  const truncated = numbers.length > page.length;
  ctx.body = {
    ListPartsResult: {
      '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
      Bucket: ctx.params.bucket,
      Key: key,
      UploadId: ctx.query.uploadId,
      PartNumberMarker: marker,
      ...(truncated && { NextPartNumberMarker: page[page.length - 1] }),
      MaxParts: MAX_PARTS,
      IsTruncated: truncated,
      Part: parts,
    },
  };
}

async function abortUpload(ctx: Context, next: () => Promise<void>) {
  if (!isUploadRequest(ctx)) return next();
  const { directory } = await uploadFolder(ctx);
  await rm(directory, { recursive: true, force: true });
  ctx.status = 204;
}

/** Puts the route just added before s3rver's own route of that method on objects, which refuses ?uploadId. */
function beforeObjectRoute(method: string) {
  const layer = router.stack.pop()!;
  const own = router.stack.findIndex((entry) => entry.path === OBJECT_PATH && entry.methods.includes(method));
  router.stack.splice(own, 0, layer);
}

let added = false;

/** Adds ListParts and AbortMultipartUpload to s3rver (once per process: its router is a module-level singleton). */
export function addMultipartOperations(): void {
  if (added) return;
  added = true;
  router.get(OBJECT_PATH, listParts);
  beforeObjectRoute('GET');
  router.delete(OBJECT_PATH, abortUpload);
  beforeObjectRoute('DELETE');
}
