// A database of its own for each test (or test file), cloned from the template database that
// global-setup.ts migrated once for the whole run: a file copy on the server, no migrations replayed.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Migrated once per run by global-setup.ts; never connected to afterwards, so it can be cloned. */
export const TEMPLATE_DATABASE = 'constats_template';
/** The template with the demo office seeded (seeded-template.ts); its files are in TEST_SEEDED_DATA_DIR. */
export const SEEDED_DATABASE = 'constats_seeded';

export interface TestDatabase {
  url: string;
  /** Drops the database, closing any connection still open on it; safe to call twice. */
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database; with `empty: true`, one with no schema at all; with `seeded: true`,
 * one holding the demo office (its stored files to be copied from TEST_SEEDED_DATA_DIR).
 */
export async function createTestDatabase(opts: { empty?: boolean; seeded?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    throw new Error('TEST_PG_ADMIN_URL is not set: run this test in jest\'s "api" project, whose global setup starts PostgreSQL.');
  }
  const name = `test_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? null : opts.seeded ? SEEDED_DATABASE : TEMPLATE_DATABASE;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    drop: () => (dropped ??= adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
