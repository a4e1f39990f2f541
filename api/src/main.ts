import { ConfigError, loadConfig } from './config.js';
import { startEmbeddedPostgres } from './infra/embedded-postgres.js';
import { appVersion } from './version.js';

async function main(): Promise<void> {
  // A safety net only: request-scoped errors are handled where they happen (http/multipart.ts,
  // http/graphql-multipart.ts, the adapter's catch in app.ts). A stray rejection is logged rather
  // than fatal, so one request cannot stop the service for everyone. Uncaught exceptions keep
  // Node's default (log and exit): the process state is then unknown, the supervisor restarts it.
  process.on('unhandledRejection', (reason) => console.error('[processus] promesse rejetée non gérée :', reason));
  const config = loadConfig();
  // The embedded PostgreSQL starts in processes of its own while this one loads the application's
  // code: each takes about half a second to a second, and a cold start pays only the longer.
  const embeddedPostgres = config.databaseUrl ? undefined : startEmbeddedPostgres({ dataDir: config.dataDir });
  embeddedPostgres?.catch(() => {}); // Reported by startServer, which awaits it first.
  const { startServer } = await import('./bootstrap.js');
  const running = await startServer(config, { embeddedPostgres });

  console.log(`\nExtranet Constats ${appVersion} — ${running.url}`);
  console.log(`  Application web : ${running.url}/`);
  console.log(`  GraphQL / GraphiQL : ${running.url}/graphql`);
  console.log(`  API REST : ${running.url}/api/v1`);
  console.log(
    `  Base de données : ${config.databaseUrl ? 'PostgreSQL externe (DATABASE_URL)' : `PostgreSQL intégré (${config.dataDir}/pg)`}`,
  );
  if (running.seeded.length > 0) {
    console.log('  Comptes de démonstration :');
    for (const account of running.seeded) console.log(`    ${account.role.padEnd(10)} ${account.email} / ${account.password}`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} reçu : arrêt en cours…`);
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration invalide : ${error.message}` : error);
  process.exit(1);
});
