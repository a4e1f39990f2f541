import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import type { Services } from './context.js';
import { createApp, type App } from './app.js';
import { openDb, type DbOptions } from './infra/db.js';
import { startEmbeddedPostgres, type RunningPostgres } from './infra/embedded-postgres.js';
import { applyMigrations } from './infra/migrate.js';
import { createMailer, startMailQueue } from './infra/mail/index.js';
import { createLocalStorage } from './infra/storage.js';
import { sweepOpenCharges, withStorageQuota } from './infra/storage-quota.js';
import { createS3Storage, parseStorageUrl } from './infra/s3-storage.js';
import { createStaging } from './infra/upload-staging.js';
import { sweepAbandonedDeposits } from './modules/reports/deposits.js';
import { createAppPubSub } from './infra/pubsub.js';
import { createRateLimitStore } from './infra/rate-limits.js';
import { createFileLinks } from './infra/file-links.js';
import { sweepStagedAvatars } from './modules/accounts/staged-avatars.js';
import { ORPHAN_AGE_MS, sweepOrphanFiles } from './infra/orphan-sweep.js';
import { queueWhenStarted, startCountingQueue } from './modules/counting/queue.js';
import { startWebhookQueue } from './modules/webhooks/queue.js';
import { startBillPdfQueue } from './modules/billing/pdf-queue.js';
import { createPdfRenderer } from './infra/pdf/index.js';
import type { DemoAccount } from '../../prisma/seed/index.js';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface RunningServer {
  app: App;
  services: Services;
  url: string;
  /** Demo accounts seeded by this start, empty when the database already had users. */
  seeded: readonly DemoAccount[];
  stop(): Promise<void>;
}

export interface StartOptions {
  log?: (message: string) => void;
  db?: DbOptions;
  /**
   * The embedded PostgreSQL, already starting (main.ts starts it before importing this module, so
   * its start-up overlaps the loading of the application's code). Stopped with the server.
   */
  embeddedPostgres?: Promise<RunningPostgres>;
}

/**
 * Opens (or starts) the database, applies pending migrations, seeds demo data into an empty
 * database outside production, wires the services and starts listening. stop() undoes it all in
 * reverse order, so PostgreSQL only stops once no connection is left.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.log(message));
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: Error) => log(`[arrêt] ${error.message}`));
    cleanups.length = 0;
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      // PostgreSQL's own output stays out of the console; a failed start reports it in its error.
      const postgres = await (options.embeddedPostgres ?? startEmbeddedPostgres({ dataDir: config.dataDir }));
      cleanups.push(() => postgres.stop());
      databaseUrl = postgres.url;
    }
    const applied = await applyMigrations(databaseUrl, { log: (message) => log(`[migrations] ${message}`) });
    if (applied.length > 0) log(`[migrations] ${applied.length} migration(s) appliquée(s)`);

    const timeouts = {
      statementSeconds: config.dbStatementTimeoutSeconds,
      transactionStatementSeconds: config.dbTransactionTimeoutSeconds,
      poolSeconds: config.dbPoolTimeoutSeconds,
    };
    const db = openDb(databaseUrl, { ...options.db, timeouts });
    cleanups.push(() => db.$disconnect());
    const pubsub = createAppPubSub(config.redisUrl);
    cleanups.push(() => pubsub.close());
    const rateLimits = createRateLimitStore({ databaseUrl, redisUrl: config.redisUrl, timeouts });
    cleanups.push(() => rateLimits.close());
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      smtpTimeoutSeconds: config.smtpTimeoutSeconds,
      log: (message) => log(`[mail] ${message}`),
    });
    cleanups.push(() => mailer.close());
    // Mails queued before a stop (or a crash) leave at this start.
    const mailQueue = startMailQueue({ db, mailer }, { log });
    cleanups.push(() => mailQueue.stop());
    // Uploads are charged to their sender's storage quota; every removal refunds its file.
    const storage = withStorageQuota(
      config.storageUrl ? createS3Storage(parseStorageUrl(config.storageUrl)) : createLocalStorage(path.join(config.dataDir, 'files')),
      { db, rateLimits, config },
    );
    // Resumable uploads' chunks: beside the files (local disk or the same bucket), never among them.
    const staging = await createStaging({
      dataDir: config.dataDir,
      s3: config.storageUrl ? parseStorageUrl(config.storageUrl) : undefined,
    });
    const secret = config.appSecret ?? (await readOrCreateSecret(path.join(config.dataDir, 'app-secret')));
    const files = createFileLinks(secret, config.fileLinkMinutes);

    let seeded: RunningServer['seeded'] = [];
    if (config.seedDemoData && (await db.user.count()) === 0) {
      // Loaded only to seed: a production start never reads the demo data's module.
      const demo = await import('../../prisma/seed/index.js');
      await demo.seedDemoData(db, storage);
      seeded = demo.DEMO_ACCOUNTS;
    }

    // After the seed: its files are counted by the start-up rescan like any file left pending.
    // Started alongside the listening server, and awaited before startServer returns.
    const countingStart = startCountingQueue(
      { db, storage, pubsub },
      {
        databaseUrl,
        concurrency: config.countingConcurrency,
        timeoutSeconds: config.countingTimeoutSeconds,
        readTimeoutSeconds: config.countingReadTimeoutSeconds,
        memoryMb: config.countingMemoryMb,
        log,
      },
    );
    const counting = queueWhenStarted(countingStart);
    cleanups.push(() => counting.stop());
    // Closed after the queue below (cleanups run in reverse): its render under way ends first.
    const pdfs = createPdfRenderer({ threads: config.pdfRenderThreads });
    cleanups.push(() => pdfs.close());
    // Bills generated before a stop (or a crash) without their PDF get it at this start.
    const billPdfs = startBillPdfQueue({ db, storage, pdfs }, { log });
    cleanups.push(() => billPdfs.stop());
    // Deliveries recorded before a stop (or a crash) leave at this start.
    const webhooks = startWebhookQueue({ db, config }, { log });
    cleanups.push(() => webhooks.stop());
    const services: Services = {
      config,
      db,
      mailer,
      mailQueue,
      storage,
      staging,
      pubsub,
      rateLimits,
      files,
      counting,
      pdfs,
      billPdfs,
      webhooks,
    };

    // Pictures sent ahead of an abandoned account form, then what a crash left of uploads
    // (spooled parts, partial writes, files without a row): removed after a day, looked for at
    // start and hourly.
    const sweep = async () => {
      await sweepStagedAvatars(services);
      const swept = await sweepOrphanFiles(services);
      await sweepOpenCharges(db, new Date(Date.now() - ORPHAN_AGE_MS));
      // Resumable uploads no chunk reached for UPLOAD_ABANDONED_HOURS, and the deposits they leave idle.
      const abandoned = await sweepAbandonedDeposits(services, new Date(Date.now() - config.uploadAbandonedHours * 3_600_000));
      if (abandoned.uploads + abandoned.deposits > 0)
        log(`[nettoyage] ${abandoned.uploads} envoi(s) abandonné(s) supprimé(s), ${abandoned.deposits} dépôt(s) clos`);
      const total = swept.spooled + swept.partial + swept.orphans;
      if (total > 0) log(`[nettoyage] ${total} fichier(s) abandonné(s) supprimé(s)`);
    };
    let sweeping = sweep().catch((error: Error) => log(`[nettoyage] ${error.message}`));
    const sweeper = setInterval(() => {
      sweeping = sweeping.then(sweep).catch((error: Error) => log(`[nettoyage] ${error.message}`));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
    cleanups.push(async () => {
      clearInterval(sweeper);
      await sweeping;
    });

    const app = createApp(services, files);
    const port = await app.listen(config.port, config.host);
    cleanups.push(() => app.close());
    await countingStart;
    return { app, services, url: `http://localhost:${port}`, seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A random secret kept in DATA_DIR when APP_SECRET is not set (fine for a single instance). */
async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
