// Issue 37 item 1: the migration that brings scopes to API tokens keeps the tokens made before it
// working as they did: every read scope, the admin role they lived by.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from '../../api/src/infra/migrate.js';
import { queryRows } from '../support/sql.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const MIGRATIONS_DIR = path.resolve('prisma/migrations');
const SCOPES_MIGRATION = '20261129200000_api_token_scopes';

let db: TestDatabase;
let before: string;

afterAll(async () => {
  await db?.drop();
  if (before) await fs.rm(before, { recursive: true, force: true });
});

test('a token created before scopes gets every read scope and the role ADMIN', async () => {
  db = await createTestDatabase({ empty: true });
  // The migrations up to the one before scopes.
  before = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  for (const name of (await fs.readdir(MIGRATIONS_DIR)).filter((entry) => entry < SCOPES_MIGRATION)) {
    await fs.cp(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
  }
  await applyMigrations(db.url, { migrationsDir: before });
  await queryRows(
    db.url,
    `INSERT INTO "User" (id, role, "firstName", "lastName", email, identity, "passwordHash", "updatedAt")
     VALUES (1, 'ADMIN', 'Noël', 'Garnier', 'admin@demo.fr', 'admin', 'x', now())`,
  );
  await queryRows(
    db.url,
    `INSERT INTO "ApiToken" ("userId", name, "tokenHash", "expiresAt") VALUES (1, 'Ancien', 'empreinte', now() + interval '1 day')`,
  );

  expect(await applyMigrations(db.url)).toContain(SCOPES_MIGRATION);
  const [token] = await queryRows<{ role: string; scopes: string }>(
    db.url,
    `SELECT role::text AS role, scopes::text AS scopes FROM "ApiToken"`,
  );
  expect(token).toEqual({ role: 'ADMIN', scopes: '{REPORTS,BILLING,RETROCESSION,STATISTICS,NEWS,NOTIFICATIONS,ABSENCES,ACCOUNTS}' });
}, 120_000);
