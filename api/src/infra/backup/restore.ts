// Rebuilds an empty instance from a backup folder (backup.ts). Every checksum is checked before
// anything is written; the schema is brought to the backup's migrations, the files are written
// through the file store and read back, then every table is loaded in one transaction, and only
// then are this build's newer migrations applied. A failure before that transaction commits
// removes the files written and leaves the database without a row.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PROBE_KEY } from '../health.js';
import { applyMigrations, migrationNames } from '../migrate.js';
import type { Storage } from '../storage.js';
import { appliedMigrations, listTables, quote } from './catalog.js';
import {
  archiveEntries,
  BackupError,
  backupMessages,
  checksumProblems,
  MANIFEST_FILE,
  migrationPlan,
  parseManifest,
  storedFile,
  tableFile,
  type BackupManifest,
  type FileEntry,
  type Measured,
} from './manifest.js';
import { measureFile, measureStream } from './measure.js';

export interface RestoreTarget {
  databaseUrl: string;
  /** The raw file store (not the quota-charging wrapper): the restored rows already hold the charges. */
  storage: Storage;
}

export interface RestoreOptions {
  log?: (message: string) => void;
  /** Defaults to the repository's prisma/migrations. */
  migrationsDir?: string;
  /** Files written (and read back) at once. */
  concurrency?: number;
}

export async function restoreBackup(dir: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const limit = pLimit(options.concurrency ?? 4);
  const manifest = await readManifest(dir);
  const problems = checksumProblems(archiveEntries(manifest), await measureAll(dir, manifest, limit));
  if (problems.length > 0) throw new BackupError(backupMessages.corrupted(problems));
  log(`sauvegarde du ${manifest.createdAt} vérifiée : ${manifest.tables.length} table(s), ${manifest.files.length} fichier(s)`);

  const plan = await withClient(target.databaseUrl, async (client) => {
    await refuseNonEmpty(client, target.storage);
    return migrationPlan(manifest.migrations, await migrationNames(options.migrationsDir), await appliedMigrations(client));
  });
  const archived = new Set(manifest.migrations);
  await applyMigrations(target.databaseUrl, { migrationsDir: options.migrationsDir, include: (name) => archived.has(name) });
  log(`${plan.before.length} migration(s) appliquée(s) avant le chargement`);

  const written: string[] = [];
  try {
    await Promise.all(
      manifest.files.map((file) =>
        limit(async () => {
          written.push(file.key);
          await target.storage.put(file.key, createReadStream(path.join(dir, storedFile(file.key))));
        }),
      ),
    );
    const stored = await readBack(target.storage, manifest.files, limit);
    if (stored.length > 0) throw new BackupError(backupMessages.storedMismatch(stored));
    log(`${manifest.files.length} fichier(s) écrit(s) et relu(s)`);
    await withClient(target.databaseUrl, (client) => loadTables(client, dir, manifest));
  } catch (error) {
    await Promise.all(written.map((key) => limit(() => target.storage.remove(key).catch(() => {}))));
    if (error instanceof BackupError) throw error;
    throw new BackupError(backupMessages.loadFailed((error as Error).message));
  }
  log(`${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} ligne(s) chargée(s)`);
  await applyMigrations(target.databaseUrl, { migrationsDir: options.migrationsDir });
  if (plan.after.length > 0) log(`${plan.after.length} migration(s) plus récente(s) appliquée(s)`);
  return manifest;
}

async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') throw new BackupError(backupMessages.noManifest(dir));
    throw error;
  });
  return parseManifest(text);
}

async function measureAll(dir: string, manifest: BackupManifest, limit: LimitFunction): Promise<Map<string, Measured>> {
  const entries = archiveEntries(manifest);
  const measured = await Promise.all(entries.map((entry) => limit(() => measureFile(path.join(dir, entry.path)))));
  return new Map(entries.map((entry, index) => [entry.path, measured[index]]));
}

/** Each stored file that does not read back as the backup has it, one French line each. */
async function readBack(storage: Storage, files: FileEntry[], limit: LimitFunction): Promise<string[]> {
  const measured = await Promise.all(files.map((file) => limit(() => storage.get(file.key).then(measureStream, () => null))));
  return checksumProblems(
    files.map((file) => ({ path: file.key, bytes: file.bytes, sha256: file.sha256 })),
    new Map(files.map((file, index) => [file.key, measured[index]])),
  );
}

async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'constats-restore' });
  client.on('error', () => {}); // a lost connection fails the running query, which reports it
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** An instance is empty when no table has a row and the file store has no file. */
async function refuseNonEmpty(client: pg.Client, storage: Storage): Promise<void> {
  for (const { name } of await listTables(client)) {
    const { rows } = await client.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quote(name)}) AS any`);
    if (rows[0].any) throw new BackupError(backupMessages.targetNotEmpty(`table ${name}`));
  }
  for await (const object of storage.list()) {
    if (object.key !== PROBE_KEY) throw new BackupError(backupMessages.targetNotEmpty(`fichier ${object.key}`));
  }
}

/**
 * All rows in one transaction. Foreign keys are dropped and added back around the load (a row may
 * name a later row of its own table, an account its creator), which checks every reference once;
 * user triggers are off while loading, since the summary tables they maintain are loaded as they were.
 */
async function loadTables(client: pg.Client, dir: string, manifest: BackupManifest): Promise<void> {
  await client.query('BEGIN');
  try {
    const { rows: foreignKeys } = await client.query<{ table: string; name: string; definition: string }>(
      `SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
    );
    for (const fk of foreignKeys) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quote(fk.name)}`);
    const present = new Set((await listTables(client)).map((table) => table.name));
    for (const table of manifest.tables) {
      if (!present.has(table.name)) throw new BackupError(backupMessages.loadFailed(`table ${table.name} absente du schéma`));
      await client.query(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`);
      const load = client.query(copyFrom(`COPY ${quote(table.name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`));
      await pipeline(createReadStream(path.join(dir, tableFile(table.name))), load);
      if (load.rowCount !== table.rows) throw new BackupError(backupMessages.rowCount(table.name, table.rows, load.rowCount));
      await client.query(`ALTER TABLE ${quote(table.name)} ENABLE TRIGGER USER`);
    }
    for (const fk of foreignKeys) await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${quote(fk.name)} ${fk.definition}`);
    for (const sequence of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quote(sequence.name), sequence.value, sequence.isCalled]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
