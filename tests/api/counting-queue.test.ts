// The counting queue's own fetch loops (not pg-boss's workers, which went on polling after their
// stop): what stop() leaves in the queue is taken by the next start, not by the stopped instance.
import { pendingFileIds, startCountingQueue, COUNT_QUEUE } from '../../api/src/modules/counting/queue.js';
import { openDb, type Db } from '../../api/src/infra/db.js';
import { FileNotFoundError } from '../../api/src/infra/storage.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = openDb(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const services = () => ({ db, storage: {} as never, pubsub: {} as never });
const options = (concurrency: number) => ({ databaseUrl: database.url, concurrency, timeoutSeconds: 30, log: () => undefined });

async function jobStates(): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ state: string }[]>('SELECT state::text AS state FROM pgboss.job WHERE name = $1', COUNT_QUEUE);
  return rows.map((row) => row.state);
}

it('a job queued after stop() is left for the next start, then counted by it', async () => {
  const stopped = await startCountingQueue(services(), options(2));
  await stopped.stop();
  // Another instance that only queues (concurrency 0) puts a job in: nobody takes it.
  const producer = await startCountingQueue(services(), options(0));
  await producer.enqueue([987_654]);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(await jobStates()).toEqual(['created']);
  await producer.stop();

  // The next start takes it (the file does not exist: the count has nothing to do and completes).
  const next = await startCountingQueue(services(), options(1));
  try {
    for (let tries = 0; tries < 100 && (await jobStates())[0] !== 'completed'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await jobStates()).toEqual(['completed']);
  } finally {
    await next.stop();
  }
});

it('a count outlasting its lease is never taken from its live instance: the instance renews the lease while it runs', async () => {
  // A storage that answers after 20 s: the count outlasts a 3-s lease many times over. A lapsed
  // job would be retried 5 to 10 s later by the other, idle, loop: a second read of the file.
  let reads = 0;
  const storage = {
    get: async (key: string) => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      throw new FileNotFoundError(key);
    },
  };
  const queue = await startCountingQueue(
    { db, storage: storage as never, pubsub: { publish: () => undefined } as never },
    { ...options(2), leaseSeconds: 3 },
  );
  try {
    // Deposited once the queue runs: queued by this enqueue alone, not by the start-up rescan.
    const [{ id: fileId }] = await db.$queryRawUnsafe<{ id: number }[]>(
      `WITH bailiff AS (
         INSERT INTO "User" (role, "firstName", "lastName", email, identity, "passwordHash", "searchText", "updatedAt")
         VALUES ('BAILIFF', 'Paul', 'Lenoir', 'lease@counting.test', 'lease-counting', 'x', 'paul lenoir', now()) RETURNING id),
       report AS (
         INSERT INTO "Report" (name, "bailiffId", status, "updatedAt", "lastStatusChange")
         SELECT 'Constat lent', id, 'AR', now(), now() FROM bailiff RETURNING id)
       INSERT INTO "ReportFile" ("reportId", kind, "originalName", size, "mimeType", "storageKey", "countStatus")
       SELECT id, 'DEPOSITED', 'lent.pdf', 1000, 'application/pdf', 'lease/lent.pdf', 'PENDING' FROM report RETURNING id`,
    );
    await queue.enqueue([fileId]);
    const jobs = () =>
      db.$queryRawUnsafe<{ state: string; retry_count: number }[]>(
        `SELECT state::text AS state, retry_count FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
        COUNT_QUEUE,
        String(fileId),
      );
    for (let tries = 0; tries < 400 && (await jobs()).some((job) => job.state !== 'completed'); tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Run once, by the instance that took it: never failed by a lapse, never read again.
    expect(await jobs()).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(reads).toBe(1);
    expect(await db.reportFile.findUniqueOrThrow({ where: { id: fileId }, select: { countStatus: true, countError: true } })).toEqual({
      countStatus: 'FAILED',
      countError: 'Fichier absent du stockage.',
    });
  } finally {
    await queue.stop();
  }
}, 60_000);

it('the start-up rescan reads the pending files through their partial index, not by scanning every file', async () => {
  // A history of counted files with a few still pending, as a restart finds them.
  const [{ id: reportId }] = await db.$queryRawUnsafe<{ id: number }[]>(
    `WITH bailiff AS (
       INSERT INTO "User" (role, "firstName", "lastName", email, identity, "passwordHash", "searchText", "updatedAt")
       VALUES ('BAILIFF', 'Hélène', 'Dupré', 'rescan@counting.test', 'rescan-counting', 'x', 'helene dupre', now()) RETURNING id)
     INSERT INTO "Report" (name, "bailiffId", status, "updatedAt", "lastStatusChange")
     SELECT 'Constat', id, 'AR', now(), now() FROM bailiff RETURNING id`,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "ReportFile" ("reportId", kind, "originalName", size, "mimeType", "storageKey", "countStatus", "pageCount", "photoCount")
     SELECT $1, 'DEPOSITED', 'constat.pdf', 1000, 'application/pdf', 'rescan/' || g,
            CASE WHEN g % 10000 = 0 THEN 'PENDING' ELSE 'DONE' END::"FileCountStatus", 3, 1
       FROM generate_series(1, 30000) g`,
    reportId,
  );
  await db.$executeRawUnsafe('VACUUM ANALYZE "ReportFile"');
  const expected = await db.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM "ReportFile" WHERE "countStatus" = 'PENDING' ORDER BY id`);

  const statements: { sql: string; params: unknown[] }[] = [];
  const watched = openDb(database.url, { onQuery: (sql, params) => statements.push({ sql, params: JSON.parse(params) as unknown[] }) });
  try {
    expect(await pendingFileIds(watched)).toEqual(expected.map((row) => row.id));
    expect(expected).toHaveLength(3);
    const [statement] = statements.filter(({ sql }) => sql.includes('"ReportFile"'));
    const [{ 'QUERY PLAN': plan }] = await db.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN (FORMAT JSON) ${statement.sql}`,
      ...statement.params,
    );
    const text = JSON.stringify(plan);
    expect(text).toContain('ReportFile_pending_count_idx');
    expect(text).not.toContain('Seq Scan');
  } finally {
    await watched.$disconnect();
  }
});
