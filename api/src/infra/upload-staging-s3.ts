// The S3 staging of resumable uploads (upload-staging.ts), in its own module: the AWS SDK it pulls in
// is loaded only by a server whose STORAGE_URL names a bucket.
import { S3Store } from '@tus/s3-store';
import type { S3Location } from './s3-storage.js';

/** The bucket, endpoint and addressing style of a STORAGE_URL, as the AWS SDK wants them. */
export function s3Target(location: S3Location): { bucket: string; endpoint: string; forcePathStyle: boolean } {
  const url = new URL(location.base);
  const [bucket] = url.pathname.split('/').filter(Boolean);
  if (bucket) return { bucket, endpoint: `${url.protocol}//${url.host}`, forcePathStyle: true };
  // Virtual-hosted (bucket.s3.eu-west-3.amazonaws.com): the bucket is the host's first label.
  const [first, ...rest] = url.host.split('.');
  return { bucket: first, endpoint: `${url.protocol}//${rest.join('.')}`, forcePathStyle: false };
}

/** What the bucket answers for an upload S3 no longer knows (a completed or aborted multipart upload). */
const missing = (error: unknown) => {
  const status = (error as { status_code?: number } | null)?.status_code;
  return status === 404 || status === 410;
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
      if (!missing(error)) throw error;
    }
    const keys = [id, this.infoKey(id), this.partKey(id, true)];
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } });
    await this.clearCache(id);
  }
}

/** The staging store in the bucket of `location`, under `staging/`. */
export function createS3StagingStore(location: S3Location): StagingS3Store {
  const { bucket, endpoint, forcePathStyle } = s3Target(location);
  return new StagingS3Store({
    // The file store's part size (s3-storage.ts): S3's smallest part is 5 MiB.
    partSize: 8 * 1024 * 1024,
    s3ClientConfig: {
      bucket,
      endpoint,
      forcePathStyle,
      region: location.region,
      credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
      // Checksums only where S3 requires them, as the file store signs its requests: the SDK's
      // default sends parts `aws-chunked` with a trailing checksum, which S3-compatible stores that
      // predate it (s3rver, older MinIO and Ceph) keep framing bytes and all.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
}
