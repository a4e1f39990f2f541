import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/src/config.js';
import { startServer, type RunningServer } from '../../api/src/bootstrap.js';
import type { AppContext, Viewer } from '../../api/src/context.js';
import type { Role } from '../../api/src/generated/prisma/enums.js';
import { demo } from './http.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  url: string;
  services: RunningServer['services'];
  dataDir: string;
  outboxDir: string;
  databaseUrl: string;
  /** SQL statements sent since the last reset (for N+1 checks), the mail queue's polling left out. */
  queries: string[];
  stop(): Promise<void>;
}

/**
 * The real server on a free loopback port, over a fresh migrated database (seeded with the demo
 * data unless `seed: false`), with its own data folder for files and the mail outbox.
 * `shareDatabaseWith` starts a second instance over another app's database instead (scale-out
 * tests); the database then belongs to that app, which drops it when it stops.
 */
export async function startTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    shareDatabaseWith?: TestApp;
    /** Also called with every statement Prisma sends and its parameters as JSON (EXPLAIN tests). */
    onQuery?: (sql: string, params: string) => void;
  } = {},
): Promise<TestApp> {
  // The demo office seeded once per run (seeded-template.ts), unless the test asks for a seed of
  // its own (`seed: true`) or stores its files elsewhere than on the local disk.
  const seededModel = process.env.TEST_SEEDED_DATA_DIR;
  const cloned = options.seed === undefined && !options.shareDatabaseWith && !options.env?.STORAGE_URL && !!seededModel;
  const database = options.shareDatabaseWith
    ? { url: options.shareDatabaseWith.databaseUrl, drop: async () => {} }
    : await createTestDatabase({ seeded: cloned });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'constats-app-'));
  if (cloned && seededModel) await cp(seededModel, dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: options.seed === false ? 'false' : 'true',
    WEB_DIR: path.resolve('dist/web'),
    ...options.env,
  });
  const queries: string[] = [];
  const onQuery = (sql: string, params: string) => {
    // The mail queue polls its table every few seconds in the background: its claims, marks and
    // clean-ups are no request's statements (a request's own mail is an INSERT, kept). Nor are the
    // bill PDF queue's claims of due bills.
    const polling = (sql.includes('"MailOutbox"') && !/^\s*INSERT/i.test(sql)) || sql.includes('"pdfDueAt" <=');
    if (!polling) queries.push(sql);
    options.onQuery?.(sql, params);
  };
  const running = await startServer(config, { log: () => {}, db: { onQuery } });
  return {
    url: running.url.replace('localhost', '127.0.0.1'),
    services: running.services,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: database.url,
    queries,
    stop: async () => {
      await running.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo admin, bailiff and secretary as service-layer viewers, by role. */
export async function demoViewers(app: TestApp): Promise<Record<Role, Viewer>> {
  const users = await app.services.db.user.findMany({
    where: { email: { in: [demo.admin.email, demo.bailiff.email, demo.secretary.email] } },
    select: { id: true, role: true },
  });
  return Object.fromEntries(
    users.map((user) => [user.role, { id: user.id, role: user.role, sessionId: 0, impersonatorId: null }]),
  ) as Record<Role, Viewer>;
}

/** A service call's context as the GraphQL layer builds it, for a viewer, from loopback. */
export function serviceContext(app: TestApp, viewer: Viewer): AppContext {
  return { ...app.services, viewer, client: { ip: '127.0.0.1', userAgent: null } };
}

/** Resolves once every queued e-mail has left (or been given up): mails leave after the answer. */
export async function mailQueueDrained(app: TestApp, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while ((await app.services.db.mailOutbox.count({ where: { nextAttemptAt: { not: null } } })) > 0) {
    if (Date.now() > deadline) throw new Error(`mails still queued after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
