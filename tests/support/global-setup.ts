// Jest global setup of the "api" and "e2e" projects: ONE throwaway PostgreSQL cluster for the
// whole run (TEST_PG_ENGINE=embedded, the default, is the PostgreSQL 18 the app ships;
// TEST_PG_ENGINE=debian is Debian's PostgreSQL 15, the oldest supported), with the migrations
// applied once into a template database, and the demo office seeded once into a second one
// (seeded-template.ts). Workers find them through the environment, which they inherit from this
// process.
import type { ThrowawayPostgres } from '../../scripts/throwaway-postgres.js';

type Global = { testPostgres?: ThrowawayPostgres };
const ENGINES = ['embedded', 'debian'] as const;

export default async function globalSetup(): Promise<void> {
  // Jest calls this once per selected project: they share the one cluster.
  if ((globalThis as Global).testPostgres) return;
  const engine = (process.env.TEST_PG_ENGINE ?? 'embedded') as (typeof ENGINES)[number];
  if (!ENGINES.includes(engine)) throw new Error(`TEST_PG_ENGINE must be one of ${ENGINES.join(', ')}, not "${engine}"`);

  // Jest loads this file as CommonJS, outside its ES module system, where our ES modules (`.js`
  // specifiers naming .ts files, import.meta) cannot load: tsx loads them natively instead.
  const { tsImport } = await import('tsx/esm/api');
  const { applyMigrations } = (await tsImport(
    '../../api/src/infra/migrate.ts',
    import.meta.url,
  )) as typeof import('../../api/src/infra/migrate.js');
  const { startThrowawayPostgres, withDatabase } = (await tsImport(
    '../../scripts/throwaway-postgres.ts',
    import.meta.url,
  )) as typeof import('../../scripts/throwaway-postgres.js');
  const { adminQuery, TEMPLATE_DATABASE } = (await tsImport('./test-database.ts', import.meta.url)) as typeof import('./test-database.js');

  const { buildCountProcessBundle } = (await tsImport(
    './count-process-bundle.ts',
    import.meta.url,
  )) as typeof import('./count-process-bundle.js');
  // Read by the servers' counting (api/src/modules/counting/worker.ts); workers inherit it.
  process.env.COUNTING_PROCESS_BUNDLE = await buildCountProcessBundle();

  const server = await startThrowawayPostgres({ engine });
  try {
    await adminQuery(server.adminUrl, `CREATE DATABASE "${TEMPLATE_DATABASE}"`);
    await applyMigrations(withDatabase(server.adminUrl, TEMPLATE_DATABASE));
    // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template.
    await adminQuery(server.adminUrl, `ALTER DATABASE "${TEMPLATE_DATABASE}" WITH ALLOW_CONNECTIONS false`);
    const { buildSeededTemplate } = (await tsImport('./seeded-template.ts', import.meta.url)) as typeof import('./seeded-template.js');
    process.env.TEST_SEEDED_DATA_DIR = await buildSeededTemplate(server.adminUrl);
  } catch (err) {
    await server.stop();
    throw err;
  }
  process.env.TEST_PG_ADMIN_URL = server.adminUrl;
  process.env.TEST_PG_VERSION = server.version;
  // Jest runs the global teardown in this same process and context.
  (globalThis as Global).testPostgres = server;
}
