// Applies prisma/migrations at start-up without Prisma's native schema engine (which these machines
// cannot download). Bookkeeping is Prisma's own: the `_prisma_migrations` table, its columns, its
// sha256 checksums and its advisory lock, so `prisma migrate deploy` can take over where a native
// engine exists, and both never run at the same time.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Migrations whose comments were reworded after release, no statement changed: a database that
 * recorded the earlier file is accepted, and its record brought to the reworded file, only while the
 * file is exactly the reworded one (any later edit is refused as usual).
 */
const REWORDED_MIGRATIONS: Readonly<Record<string, { earlier: string; reworded: string }>> = {
  '20261129200000_api_token_scopes': {
    earlier: 'ca9e4417f9a4fcf0cc831095f89b9450591427491167c5173fe92afbbccca624',
    reworded: '532690a6f4ccd56d34c74b7efb3e9c397bcdce2f8c4cd56468b1032481418164',
  },
};

/** The advisory lock key Prisma's schema engine takes on PostgreSQL while migrating. */
const PRISMA_MIGRATE_LOCK = 72707369;

const CREATE_MIGRATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"            VARCHAR(64) NOT NULL,
    "finished_at"         TIMESTAMPTZ,
    "migration_name"      VARCHAR(255) NOT NULL,
    "logs"                TEXT,
    "rolled_back_at"      TIMESTAMPTZ,
    "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`;

export interface ApplyMigrationsOptions {
  /** Defaults to the repository's prisma/migrations (found from this file, from src or dist). */
  migrationsDir?: string;
  log?: (msg: string) => void;
  /** Applies only the migrations it accepts (a restore first brings the schema to its backup's version). */
  include?: (name: string) => boolean;
}

interface Migration {
  name: string;
  sql: string;
}

/** Applies the migrations not yet recorded, in order, each in its own transaction; returns their names. */
export async function applyMigrations(databaseUrl: string, opts: ApplyMigrationsOptions = {}): Promise<string[]> {
  const log = opts.log ?? (() => {});
  const migrations = await readMigrations(opts.migrationsDir ?? defaultMigrationsDir());
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost between queries fails the next query, which reports it: don't crash here.
  client.on('error', () => {});
  await client.connect();
  try {
    // Held until the session ends: a second instance starting at the same time waits here, then
    // finds everything applied.
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const applied = await appliedChecksums(client);
    await recordRewordedChecksums(client, migrations, applied, log);
    checkHistory(migrations, applied, log);

    const done: string[] = [];
    for (const migration of migrations.filter((m) => !applied.has(m.name) && (opts.include?.(m.name) ?? true))) {
      await applyOne(client, migration);
      log(`applied migration ${migration.name}`);
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.end();
  }
}

/** The migrations this build carries, in the order they apply. */
export async function migrationNames(migrationsDir?: string): Promise<string[]> {
  return (await readMigrations(migrationsDir ?? defaultMigrationsDir())).map((m) => m.name);
}

/** Prisma's checksum: sha256 of the script, as 64 lowercase hex digits. */
function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

async function readMigrations(dir: string): Promise<Migration[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  // Prisma orders migrations by directory name, which starts with a UTC timestamp.
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name, 'migration.sql');
      const sql = await fs.readFile(file, 'utf8').catch(() => {
        throw new Error(`Migration directory ${name} has no readable migration.sql (${file})`);
      });
      return { name, sql };
    }),
  );
}

/** Successfully applied migrations by name; refuses to go on past a migration that failed earlier. */
async function appliedChecksums(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
  );
  const failed = rows.filter((r) => r.finished_at === null).map((r) => r.migration_name);
  if (failed.length > 0) {
    throw new Error(
      `Migration(s) ${failed.join(', ')} failed earlier and are recorded as unfinished in _prisma_migrations: ` +
        'repair the database, then mark them rolled back or applied (prisma migrate resolve) before starting.',
    );
  }
  return new Map(rows.map((r) => [r.migration_name, r.checksum]));
}

/** Brings the records of reworded migrations (REWORDED_MIGRATIONS) to their files' checksums, in `applied` too. */
async function recordRewordedChecksums(
  client: pg.Client,
  migrations: Migration[],
  applied: Map<string, string>,
  log: (msg: string) => void,
) {
  for (const { name, sql } of migrations) {
    const recorded = applied.get(name);
    const rewording = REWORDED_MIGRATIONS[name];
    if (!rewording || recorded !== rewording.earlier || !matchesChecksum(sql, rewording.reworded)) continue;
    await client.query('UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2 AND checksum = $3', [
      rewording.reworded,
      name,
      recorded,
    ]);
    applied.set(name, rewording.reworded);
    log(`migration ${name}: comments reworded since it was applied, checksum updated`);
  }
}

function checkHistory(migrations: Migration[], applied: Map<string, string>, log: (msg: string) => void) {
  const edited = migrations.filter((m) => applied.has(m.name) && !matchesChecksum(m.sql, applied.get(m.name)!));
  if (edited.length > 0) {
    throw new Error(
      `Migration(s) ${edited.map((m) => m.name).join(', ')} were modified after being applied ` +
        '(checksum mismatch with _prisma_migrations): restore the applied version and add a new migration instead.',
    );
  }
  const local = new Set(migrations.map((m) => m.name));
  const unknown = [...applied.keys()].filter((name) => !local.has(name));
  // An older build may run against a database that a newer one already migrated (rolling deploys).
  if (unknown.length > 0) log(`database has migrations this build does not know: ${unknown.join(', ')}`);
}

/** Like Prisma, accept a script whose line endings git converted after it was applied. */
function matchesChecksum(sql: string, checksum: string): boolean {
  return [sql, sql.replaceAll('\r\n', '\n'), sql.replaceAll('\n', '\r\n')].some((variant) => migrationChecksum(variant) === checksum);
}

async function applyOne(client: pg.Client, migration: Migration) {
  await client.query('BEGIN');
  try {
    // No parameters: the simple query protocol runs the whole multi-statement script.
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
      [randomUUID(), migrationChecksum(migration.sql), migration.name],
    );
    await client.query('COMMIT');
  } catch (err) {
    // If the connection itself broke, PostgreSQL has already discarded the transaction.
    await client.query('ROLLBACK').catch(() => {});
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${(err as Error).message}`, { cause: err });
  }
}

function defaultMigrationsDir(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'prisma', 'migrations');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No prisma/migrations directory above ${start}`);
  }
}
