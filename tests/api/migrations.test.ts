// The migration runner (api/src/infra/migrate.ts) and the migrations folder, on the PostgreSQL the
// run selected (TEST_PG_ENGINE): the folder must build exactly schema.prisma, and the runner must
// keep Prisma's bookkeeping.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '../../api/src/infra/migrate.js';
import { diffDatabaseToSchema, diffMigrationsToSchema } from '../../scripts/db-migration.js';
import { queryRows } from '../support/sql.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// Cluster work on a shared 2-core machine: generous, not default, timeouts.
const TIMEOUT = 60_000;

const MIGRATIONS_DIR = path.resolve('prisma/migrations');

async function localMigrations(): Promise<{ name: string; checksum: string }[]> {
  const entries = await fs.readdir(MIGRATIONS_DIR, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      checksum: createHash('sha256')
        .update(await fs.readFile(path.join(MIGRATIONS_DIR, name, 'migration.sql')))
        .digest('hex'),
    })),
  );
}

const databases: TestDatabase[] = [];
async function database(opts?: { empty?: boolean }): Promise<string> {
  const db = await createTestDatabase(opts);
  databases.push(db);
  return db.url;
}
afterAll(() => Promise.all(databases.map((db) => db.drop())));

test(
  'runs on the PostgreSQL that TEST_PG_ENGINE selects',
  async () => {
    const [{ server_version_num }] = await queryRows<{ server_version_num: string }>(await database(), 'SHOW server_version_num');
    const major = Math.floor(Number(server_version_num) / 10_000);
    expect(major).toBe(process.env.TEST_PG_ENGINE === 'debian' ? 15 : 18);
  },
  TIMEOUT,
);

test(
  'all migrations, applied to an empty database, build exactly schema.prisma',
  async () => {
    const url = await database({ empty: true });
    // The check can fail: an empty database is far from the schema.
    expect(await diffDatabaseToSchema(url)).toContain('CREATE TABLE');

    const applied = await applyMigrations(url);

    expect(applied).toEqual((await localMigrations()).map((m) => m.name));
    expect(await diffDatabaseToSchema(url)).toBe('');
  },
  TIMEOUT,
);

test(
  'the migrations folder is up to date: db:migration would have nothing to write',
  async () => {
    const adminUrl = process.env.TEST_PG_ADMIN_URL!;
    const emptyFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'no-migrations-'));
    try {
      expect(await diffMigrationsToSchema(adminUrl, { migrationsDir: emptyFolder })).toContain('CREATE TABLE');
    } finally {
      await fs.rm(emptyFolder, { recursive: true });
    }
    expect(await diffMigrationsToSchema(adminUrl)).toBe('');
    // The shadow databases the engine replayed the migrations in are gone.
    expect(await queryRows(adminUrl, "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_shadow_%'")).toEqual([]);
  },
  TIMEOUT,
);

test(
  'records each migration as Prisma does, with the sha256 of its file as checksum',
  async () => {
    const rows = await queryRows<{
      id: string;
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      applied_steps_count: number;
    }>(await database(), 'SELECT * FROM "_prisma_migrations" ORDER BY migration_name');

    expect(rows.map((r) => ({ name: r.migration_name, checksum: r.checksum }))).toEqual(await localMigrations());
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  },
  TIMEOUT,
);

test(
  're-applying is a no-op',
  async () => {
    const url = await database();
    const countRows = async () => (await queryRows(url, 'SELECT 1 FROM "_prisma_migrations"')).length;
    const before = await countRows();

    expect(await applyMigrations(url)).toEqual([]);
    expect(await countRows()).toBe(before);
  },
  TIMEOUT,
);

test(
  'refuses to start when an applied migration was modified',
  async () => {
    const url = await database();
    const [first] = await localMigrations();
    await queryRows(url, 'UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2', ['0'.repeat(64), first.name]);

    await expect(applyMigrations(url)).rejects.toThrow(new RegExp(`${first.name} were modified after being applied.*checksum`));
  },
  TIMEOUT,
);

/** The migration whose first comment was reworded after release, and its file's checksum before. */
const REWORDED = {
  name: '20261129200000_api_token_scopes',
  earlier: 'ca9e4417f9a4fcf0cc831095f89b9450591427491167c5173fe92afbbccca624',
};

test(
  'accepts a database that applied a migration before its comments were reworded, and records the reworded file',
  async () => {
    const url = await database();
    const { name, earlier } = REWORDED;
    const current = (await localMigrations()).find((m) => m.name === name)!.checksum;
    await queryRows(url, 'UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2', [earlier, name]);
    const logged: string[] = [];

    expect(await applyMigrations(url, { log: (msg) => logged.push(msg) })).toEqual([]);

    expect(logged).toEqual([`migration ${name}: comments reworded since it was applied, checksum updated`]);
    const rows = await queryRows<{ checksum: string }>(url, 'SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1', [name]);
    expect(rows).toEqual([{ checksum: current }]);
  },
  TIMEOUT,
);

test(
  "a reworded migration's earlier checksum is accepted for that migration only, and only while its file is the reworded one",
  async () => {
    const url = await database();
    const { name, earlier } = REWORDED;
    const [first] = await localMigrations();
    await queryRows(url, 'UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2', [earlier, first.name]);
    await expect(applyMigrations(url)).rejects.toThrow(new RegExp(`${first.name} were modified after being applied`));

    // The same folder with the reworded migration edited once more.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
    await fs.appendFile(path.join(dir, name, 'migration.sql'), '\n-- edited again\n');
    await queryRows(url, 'UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2', [first.checksum, first.name]);
    await queryRows(url, 'UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2', [earlier, name]);
    try {
      await expect(applyMigrations(url, { migrationsDir: dir })).rejects.toThrow(new RegExp(`${name} were modified after being applied`));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
  TIMEOUT,
);

test(
  'two instances starting at once apply each migration once',
  async () => {
    const url = await database({ empty: true });

    const [a, b] = await Promise.all([applyMigrations(url), applyMigrations(url)]);

    const names = (await localMigrations()).map((m) => m.name);
    expect([...a, ...b].sort()).toEqual(names);
    expect((await queryRows(url, 'SELECT 1 FROM "_prisma_migrations"')).length).toBe(names.length);
  },
  TIMEOUT,
);

test(
  'a failing migration is rolled back whole and not recorded',
  async () => {
    const url = await database({ empty: true });
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    const write = async (name: string, sql: string) => {
      await fs.mkdir(path.join(folder, name));
      await fs.writeFile(path.join(folder, name, 'migration.sql'), sql);
    };
    try {
      await write('1_good', 'CREATE TABLE good (id int);');
      await write('2_bad', 'CREATE TABLE half (id int);\nSELECT 1/0;');

      await expect(applyMigrations(url, { migrationsDir: folder })).rejects.toThrow(/2_bad failed/);
    } finally {
      await fs.rm(folder, { recursive: true });
    }
    const tables = await queryRows<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    expect(tables.map((t) => t.tablename)).toEqual(['_prisma_migrations', 'good']);
    expect(await queryRows(url, 'SELECT migration_name FROM "_prisma_migrations"')).toEqual([{ migration_name: '1_good' }]);
  },
  TIMEOUT,
);

test(
  'migrations run whole: quoted semicolons and function bodies, in the runner and in the shadow database',
  async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    try {
      await fs.mkdir(path.join(folder, '1_function'));
      await fs.writeFile(
        path.join(folder, '1_function', 'migration.sql'),
        "CREATE TABLE t (v text DEFAULT 'a;b');\nCREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\n",
      );
      await fs.writeFile(path.join(folder, 'migration_lock.toml'), 'provider = "postgresql"\n');

      const url = await database({ empty: true });
      expect(await applyMigrations(url, { migrationsDir: folder })).toEqual(['1_function']);
      expect(await queryRows(url, 'SELECT f() AS one')).toEqual([{ one: 1 }]);
      expect(await diffMigrationsToSchema(process.env.TEST_PG_ADMIN_URL!, { migrationsDir: folder })).toContain('DROP TABLE "t"');
    } finally {
      await fs.rm(folder, { recursive: true });
    }
  },
  TIMEOUT,
);
