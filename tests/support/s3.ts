import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// s3rver: an S3-compatible server in Node that checks signatures (v4) and implements multipart
// uploads, so the S3 storage is tested against the protocol, not against a mock of our own.
import S3rver from 's3rver';
import { addMultipartOperations } from './s3-multipart.js';

export interface TestS3 {
  /** STORAGE_URL of a fresh bucket. */
  storageUrl: string;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'constats'): Promise<TestS3> {
  addMultipartOperations();
  const directory = await mkdtemp(path.join(os.tmpdir(), 'constats-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  return {
    storageUrl: `http://S3RVER:S3RVER@127.0.0.1:${address.port}/${bucket}`,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
