// The counting queue's own fetch loops (not pg-boss's workers, which went on polling after their
// stop): what stop() leaves in the queue is taken by the next start, not by the stopped instance.
import { pendingFileIds, startCountingQueue, COUNT_QUEUE } from '../../api/src/modules/counting/queue.js';
import { openDb, type Db } from '../../api/src/infra/db.js';
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
