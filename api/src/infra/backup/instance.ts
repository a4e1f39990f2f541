// The database and file store a backup reads or a restore fills, found from the same configuration
// as the app's (DATABASE_URL or the embedded server in DATA_DIR/pg, STORAGE_URL or DATA_DIR/files).
import path from 'node:path';
import type { Config } from '../../config.js';
import { useEmbeddedPostgres } from '../embedded-postgres.js';
import { createS3Storage, parseStorageUrl } from '../s3-storage.js';
import { createLocalStorage, type Storage } from '../storage.js';

export interface Instance {
  databaseUrl: string;
  storage: Storage;
  /** Stops the embedded server when the command started it; the app's own keeps running. */
  close: () => Promise<void>;
}

export async function openInstance(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'storageUrl'>): Promise<Instance> {
  const storage = config.storageUrl
    ? createS3Storage(parseStorageUrl(config.storageUrl))
    : createLocalStorage(path.join(config.dataDir, 'files'));
  if (config.databaseUrl) return { databaseUrl: config.databaseUrl, storage, close: async () => {} };
  const postgres = await useEmbeddedPostgres({ dataDir: config.dataDir });
  return { databaseUrl: postgres.url, storage, close: postgres.stop };
}
