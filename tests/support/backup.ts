// Backup and restore tests: a fresh, empty target instance (database with no schema, empty data
// folder), and what a database or a file store holds, in forms two instances can be compared by.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { listTables, quote } from '../../api/src/infra/backup/catalog.js';
import { measureStream } from '../../api/src/infra/backup/measure.js';
import { createLocalStorage, type Storage } from '../../api/src/infra/storage.js';
import { createTestDatabase } from './test-database.js';

export interface Target {
  databaseUrl: string;
  dataDir: string;
  storage: Storage;
  drop: () => Promise<void>;
}

/** A database without any schema and an empty data folder: what a new office's server starts with. */
export async function emptyTarget(options: { migrated?: boolean } = {}): Promise<Target> {
  const database = await createTestDatabase({ empty: !options.migrated });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'constats-restore-'));
  return {
    databaseUrl: database.url,
    dataDir,
    storage: createLocalStorage(path.join(dataDir, 'files')),
    drop: async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every table's rows as COPY prints them, sorted (row order is no part of a table's content). */
export async function tableContents(databaseUrl: string): Promise<Map<string, string[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const contents = new Map<string, string[]>();
    for (const { name, columns } of await listTables(client)) {
      const copied = await text(client.query(copyTo(`COPY ${quote(name)} (${columns.map(quote).join(', ')}) TO STDOUT`)));
      contents.set(name, sortedLines(copied));
    }
    return contents;
  } finally {
    await client.end();
  }
}

export const sortedLines = (copied: string) => copied.split('\n').filter(Boolean).sort();

/** Each stored key with its content's SHA-256. */
export async function storedChecksums(storage: Storage): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for await (const { key } of storage.list()) sums.set(key, (await measureStream(await storage.get(key))).sha256);
  return sums;
}
