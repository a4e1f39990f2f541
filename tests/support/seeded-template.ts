// The demo office, seeded once per run: global-setup.ts starts the real server once on a database
// cloned from the migrated template, lets it seed its demo data (rows and stored files), stops it,
// and keeps the database as a second template and the data folder as a model. Each test app then
// clones both (test-database.ts, app.ts) instead of seeding again: about 3 s a server saved.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../api/src/bootstrap.js';
import { loadConfig } from '../../api/src/config.js';
import { withDatabase } from '../../scripts/throwaway-postgres.js';
import { adminQuery, SEEDED_DATABASE, TEMPLATE_DATABASE } from './test-database.js';

/** Builds SEEDED_DATABASE and returns the data folder its files live in. */
export async function buildSeededTemplate(adminUrl: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'constats-seeded-'));
  await adminQuery(adminUrl, `CREATE DATABASE "${SEEDED_DATABASE}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: withDatabase(adminUrl, SEEDED_DATABASE),
    SEED_DEMO_DATA: 'true',
    WEB_DIR: path.resolve('dist/web'),
  });
  const running = await startServer(config, { log: () => {} });
  await running.stop();
  await adminQuery(adminUrl, `ALTER DATABASE "${SEEDED_DATABASE}" WITH ALLOW_CONNECTIONS false`);
  return dataDir;
}
