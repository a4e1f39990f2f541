// A consistent backup while the app runs, without pg_dump (whose version must match the server's):
// one read-only REPEATABLE READ transaction reads every table with COPY (one snapshot: rows that
// refer to each other are all there), then every file that snapshot names is copied from the file
// store. A file is stored before the row naming it commits, so every file of the snapshot exists
// unless someone deleted it since: then another snapshot is taken, already copied files kept (keys
// are never reused), until a snapshot's files are all there.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { appVersion } from '../../version.js';
import { STORAGE_KEY_COLUMNS } from '../orphan-sweep.js';
import { FileNotFoundError, type Storage } from '../storage.js';
import { appliedMigrations, listSequences, listTables, quote } from './catalog.js';
import {
  BACKUP_FORMAT,
  BackupError,
  backupMessages,
  MANIFEST_FILE,
  storedFile,
  tableFile,
  type BackupManifest,
  type FileEntry,
  type SequenceEntry,
  type TableEntry,
} from './manifest.js';
import { meter } from './measure.js';

export interface BackupSource {
  databaseUrl: string;
  /** The raw file store (not the quota-charging wrapper): a backup reads, it charges nobody. */
  storage: Storage;
}

export interface BackupOptions {
  log?: (message: string) => void;
  /** Snapshots taken at most while files keep being deleted under the copy. */
  maxAttempts?: number;
  /** Files copied at once. */
  concurrency?: number;
}

interface Snapshot {
  migrations: string[];
  tables: TableEntry[];
  sequences: SequenceEntry[];
  keys: string[];
}

/** Writes a backup into `dir` (absent or empty) and returns its manifest, written last. */
export async function createBackup(source: BackupSource, dir: string, options: BackupOptions = {}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const maxAttempts = options.maxAttempts ?? 5;
  await prepareFolder(dir);
  const copied = new Map<string, FileEntry>();
  let snapshot: Snapshot;
  let missing: string[];
  for (let attempt = 1; ; attempt += 1) {
    snapshot = await readSnapshot(source.databaseUrl, dir);
    missing = await copyFiles(source.storage, dir, snapshot.keys, copied, options.concurrency ?? 4);
    if (missing.length === 0 || attempt >= maxAttempts) break;
    log(`${missing.length} fichier(s) supprimé(s) pendant la copie : nouvel instantané de la base (essai ${attempt + 1})`);
  }
  // Files copied for an earlier snapshot and deleted since are no part of this one.
  const kept = new Set(snapshot.keys);
  for (const key of [...copied.keys()].filter((k) => !kept.has(k))) {
    await rm(path.join(dir, storedFile(key)), { force: true });
    copied.delete(key);
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    appVersion,
    migrations: snapshot.migrations,
    tables: snapshot.tables,
    sequences: snapshot.sequences,
    files: snapshot.keys.filter((key) => copied.has(key)).map((key) => copied.get(key)!),
    missingFiles: missing,
  };
  const temporary = path.join(dir, `.${MANIFEST_FILE}.tmp`);
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary, path.join(dir, MANIFEST_FILE));
  return manifest;
}

async function prepareFolder(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new BackupError(backupMessages.notEmptyFolder(dir));
  await mkdir(path.join(dir, 'tables'), { recursive: true });
  await mkdir(path.join(dir, 'files'), { recursive: true });
}

/** Every table's rows, the sequences and the referenced keys, all as of one snapshot. */
async function readSnapshot(databaseUrl: string, dir: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'constats-backup' });
  client.on('error', () => {}); // a lost connection fails the running query, which reports it
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = await appliedMigrations(client);
    const tables: TableEntry[] = [];
    for (const { name, columns } of await listTables(client)) {
      const target = path.join(dir, tableFile(name));
      const temporary = path.join(dir, 'tables', `.${name}.tmp`);
      const counter = meter();
      await pipeline(
        client.query(copyTo(`COPY ${quote(name)} (${columns.map(quote).join(', ')}) TO STDOUT`)),
        counter,
        createWriteStream(temporary),
      );
      await rename(temporary, target);
      const { bytes, sha256, lines } = counter.result();
      tables.push({ name, columns, rows: lines, bytes, sha256 });
    }
    const sequences: SequenceEntry[] = [];
    for (const name of await listSequences(client)) {
      const { rows } = await client.query<{ value: string; isCalled: boolean }>(
        `SELECT last_value::text AS value, is_called AS "isCalled" FROM ${quote(name)}`,
      );
      sequences.push({ name, ...rows[0] });
    }
    const keys = await referencedKeys(client);
    await client.query('COMMIT');
    return { migrations, tables, sequences, keys };
  } finally {
    await client.end();
  }
}

/** Every storage key a row of the snapshot names (orphan-sweep.ts owns the list of such columns). */
async function referencedKeys(client: pg.ClientBase): Promise<string[]> {
  const union = STORAGE_KEY_COLUMNS.map(([table, column]) => `SELECT ${quote(column)} AS key FROM ${quote(table)}`).join(' UNION ');
  const { rows } = await client.query<{ key: string }>(`SELECT key FROM (${union}) AS keys WHERE key IS NOT NULL ORDER BY key`);
  return rows.map((row) => row.key);
}

/** Copies the keys not copied yet into the folder; returns those the file store no longer has. */
async function copyFiles(storage: Storage, dir: string, keys: string[], copied: Map<string, FileEntry>, concurrency: number) {
  const limit = pLimit(concurrency);
  const missing: string[] = [];
  await Promise.all(
    keys
      .filter((key) => !copied.has(key))
      .map((key) =>
        limit(async () => {
          const target = path.join(dir, storedFile(key));
          let source: NodeJS.ReadableStream;
          try {
            source = await storage.get(key);
          } catch (error) {
            if (error instanceof FileNotFoundError) return void missing.push(key);
            throw error;
          }
          await mkdir(path.dirname(target), { recursive: true });
          // Dot-prefixed: no storage key segment starts with a dot, so it never meets a real file.
          const temporary = path.join(path.dirname(target), `.${path.basename(target)}.tmp`);
          const counter = meter();
          await pipeline(source, counter, createWriteStream(temporary));
          await rename(temporary, target);
          const { bytes, sha256 } = counter.result();
          copied.set(key, { key, bytes, sha256 });
        }),
      ),
  );
  return missing.sort();
}
