// The staging store of resumable uploads (the tus protocol, product.md §16): a file's chunks land here
// until it is whole; then the deposit checks it by content and copies it into the file store
// (modules/reports/deposit-uploads.ts), and its staged copy is removed. On the local disk under
// DATA_DIR/uploads, or in the S3 bucket under `staging/` when STORAGE_URL is set, so that any
// instance behind a load balancer resumes any upload.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
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

/** The bucket, endpoint and addressing style of a STORAGE_URL, as the AWS SDK wants them. */
export function s3Target(location: S3Location): { bucket: string; endpoint: string; forcePathStyle: boolean } {
  const url = new URL(location.base);
  const [bucket] = url.pathname.split('/').filter(Boolean);
  if (bucket) return { bucket, endpoint: `${url.protocol}//${url.host}`, forcePathStyle: true };
  // Virtual-hosted (bucket.s3.eu-west-3.amazonaws.com): the bucket is the host's first label.
  const [first, ...rest] = url.host.split('.');
  return { bucket: first, endpoint: `${url.protocol}//${rest.join('.')}`, forcePathStyle: false };
}

const gone = (error: unknown) => {
  const status = (error as { status_code?: number } | null)?.status_code;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return status === 404 || status === 410 || code === 'ENOENT';
};

/**
 * S3Store whose `remove` leaves nothing of an upload in the bucket. S3 forgets a multipart upload
 * once completed, so S3Store's own `remove` stops at its abort (NoSuchUpload) before deleting the
 * assembled object and its `.info`; and it never deletes the `.part` of an unfinished last part.
 */
class StagingS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (!gone(error)) throw error;
    }
    const keys = [id, this.infoKey(id), this.partKey(id, true)];
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } });
    await this.clearCache(id);
  }
}

/** Both stores read a whole upload back; DataStore's type leaves `read` to them. */
type ReadableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

export function createStaging(options: { dataDir: string; s3?: S3Location }): Staging {
  let store: ReadableStore;
  if (options.s3) {
    const { bucket, endpoint, forcePathStyle } = s3Target(options.s3);
    store = new StagingS3Store({
      // The file store's part size (s3-storage.ts): S3's smallest part is 5 MiB.
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: {
        bucket,
        endpoint,
        forcePathStyle,
        region: options.s3.region,
        credentials: { accessKeyId: options.s3.accessKeyId, secretAccessKey: options.s3.secretAccessKey },
        // Checksums only where S3 requires them, as the file store signs its requests: the SDK's
        // default sends parts `aws-chunked` with a trailing checksum, which S3-compatible stores that
        // predate it (s3rver, older MinIO and Ceph) keep framing bytes and all.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
  } else {
    store = new FileStore({ directory: path.join(options.dataDir, 'uploads') });
  }
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
