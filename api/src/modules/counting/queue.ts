// The counting queue, kept in PostgreSQL by pg-boss (its own `pgboss` schema, created at start):
// jobs outlive the process that queued them, are retried with backoff, are held by at most
// COUNTING_CONCURRENCY workers per instance, and a job whose instance died while running it
// runs again within a minute: a running job is held by a short lease its instance renews while the
// count goes on (docs/decisions.md, product.md §10). Études take turns: each job's priority is
// its file's rank in its étude's backlog, so one étude's burst never delays another's first file.
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { CountingQueue, Services } from '../../context.js';
import { fairPriority } from './rules.js';
import { countReportFile } from './service.js';
import { DEFAULT_MEMORY_MB } from './worker.js';

export const COUNT_QUEUE = 'count-report-file';
/** pg-boss's own schema, beside the application's tables. */
const BOSS_SCHEMA = 'pgboss';
/** Tries of a job whose run threw (storage or database down, worker crash); a document that cannot be counted fails at once. */
const RETRY_LIMIT = 3;
/** How often an idle loop asks for a job. */
const POLL_MS = 1000;
/** How long stop() waits for counts under way. */
const STOP_GRACE_MS = 10_000;
/**
 * A running job's lease, seconds. pg-boss 10 has no heartbeat: its expiry is the lease, and the
 * instance pushes it back (renewLeases) while the count runs, so a count of any length is never
 * taken from a live instance, and a dead instance's job lapses this long after its last renewal.
 */
const LEASE_SECONDS = 30;

export interface CountingOptions {
  databaseUrl: string;
  /** Jobs this instance runs at once; 0 queues without counting (another instance counts). */
  concurrency: number;
  /** Each count's time limit (LibreOffice renderings included). */
  timeoutSeconds: number;
  /** Time limit of a file read without LibreOffice (PDF, TXT, zip entries); 60 s by default. */
  readTimeoutSeconds?: number;
  /** Memory cap of each counting process, MB; 512 by default. */
  memoryMb?: number;
  /** Seconds a running job is held without renewal (LEASE_SECONDS by default; tests shorten it). */
  leaseSeconds?: number;
  log: (message: string) => void;
}

/**
 * How often the leases are renewed: a third of the lease, so two renewals may fail (a slow
 * database) before a live count loses its job. Lapsed ones are looked for (pg-boss's maintenance)
 * twice as often: a dead instance's job runs again at most a lease, a half renewal interval and its
 * retry delay (5 to 10 s) after its last renewal.
 */
const leaseRenewalSeconds = (leaseSeconds: number) => Math.max(1, Math.floor(leaseSeconds / 3));
const lapseCheckSeconds = (leaseSeconds: number) => Math.max(1, Math.floor(leaseSeconds / 6));

/**
 * The queue while it starts: pg-boss checks its schema and the rescan reads the pending files while
 * the server already answers (a cold start's first answer need not wait for them). Files queued
 * meanwhile wait for the start; a queue that failed to start queues nothing (its start's error is
 * what the caller reports) and stops at once.
 */
export function queueWhenStarted(starting: Promise<CountingQueue>): CountingQueue {
  let ready: CountingQueue | null = null;
  const started = starting.then(
    (queue) => (ready = queue),
    () => null,
  );
  return {
    enqueue: async (fileIds) => (await started)?.enqueue(fileIds),
    running: () => ready?.running() ?? false,
    stop: async () => (await started)?.stop(),
  };
}

interface CountJob {
  fileId: number;
}

/**
 * The files not counted yet, read through their partial index (`ReportFile_pending_count_idx`),
 * not by scanning every file. In SQL rather than through Prisma: Prisma sends the status as a cast
 * parameter, which the planner cannot match to the index's `WHERE "countStatus" = 'PENDING'`.
 */
export async function pendingFileIds(db: Services['db']): Promise<number[]> {
  const pending = await db.$queryRaw<{ id: number }[]>`SELECT id FROM "ReportFile" WHERE "countStatus" = 'PENDING' ORDER BY id`;
  return pending.map((file) => file.id);
}

/**
 * Each file's rank in its étude's backlog (its files still PENDING, oldest first): 0 for the first.
 * A bailiff without an étude is a backlog of his own. Read through the pending files' partial index.
 */
export async function backlogRanks(db: Services['db'], fileIds: number[]): Promise<Map<number, number>> {
  const rows = await db.$queryRaw<{ id: number; rank: bigint }[]>`
    WITH pending AS (
      SELECT f.id, COALESCE('g' || u."groupId", 'b' || r."bailiffId") AS backlog
        FROM "ReportFile" f
        JOIN "Report" r ON r.id = f."reportId"
        JOIN "User" u ON u.id = r."bailiffId"
       WHERE f."countStatus" = 'PENDING'
    ), ranked AS (
      SELECT id, row_number() OVER (PARTITION BY backlog ORDER BY id) - 1 AS rank FROM pending
    )
    SELECT id, rank FROM ranked WHERE id = ANY(${fileIds})`;
  return new Map(rows.map((row) => [row.id, Number(row.rank)]));
}

/**
 * Of these files, those whose job waits or runs (created, retry, active): already in the queue.
 * Read from pg-boss's table (its version is pinned): its API has no look-up by singleton key.
 */
async function queuedFileIds(boss: PgBoss, fileIds: number[]): Promise<Set<number>> {
  if (fileIds.length === 0) return new Set();
  const { rows } = await boss
    .getDb()
    .executeSql(
      `SELECT singleton_key FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state < 'completed' AND singleton_key = ANY($2::text[])`,
      [COUNT_QUEUE, fileIds.map(String)],
    );
  return new Set((rows as { singleton_key: string }[]).map((row) => Number(row.singleton_key)));
}

export async function startCountingQueue(
  services: Pick<Services, 'db' | 'storage' | 'pubsub'>,
  options: CountingOptions,
): Promise<CountingQueue> {
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const renewalSeconds = leaseRenewalSeconds(leaseSeconds);
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: BOSS_SCHEMA,
    application_name: 'constats-counting',
    max: Math.max(2, options.concurrency + 1),
    // Lapsed leases (their instance died) are looked for this often; the cron scheduler is unused.
    maintenanceIntervalSeconds: lapseCheckSeconds(leaseSeconds),
    schedule: false,
  });
  boss.on('error', (error: Error) => options.log(`[comptage] ${error.message}`));
  await boss.start();
  // `stately`: at most one queued job per file, so the rescan below never doubles a waiting job.
  await boss.createQueue(COUNT_QUEUE, { name: COUNT_QUEUE, policy: 'stately' });

  const jobOptions: Omit<PgBoss.JobInsert, 'name'> = {
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
    // The lease, not a time limit: worker.ts stops a count over its time (timeoutSeconds of reading).
    expireInSeconds: leaseSeconds,
  };
  const enqueue = async (fileIds: number[]) => {
    try {
      const ranks = await backlogRanks(services.db, fileIds);
      await boss.insert(
        fileIds.map((fileId) => ({
          name: COUNT_QUEUE,
          data: { fileId },
          singletonKey: String(fileId),
          priority: fairPriority(ranks.get(fileId) ?? 0),
          ...jobOptions,
        })),
      );
    } catch (error) {
      options.log(`[comptage] mise en file impossible : ${(error as Error).message}`);
    }
  };

  // Our own fetch loops rather than `boss.work`: stop() then knows when every loop has ended.
  // pg-boss's workers keep polling (and timing) in the background after its stop() resolves.
  const stopping = new AbortController();
  // Aborted once stop()'s grace is over: the counting processes still running are stopped.
  const abandon = new AbortController();
  const running = new Set<string>();
  const runOne = async (job: PgBoss.JobWithMetadata<CountJob>) => {
    // A job fetched while this instance stops goes back to the queue (retried, by another
    // instance or at the next start) instead of starting a count that would outlive stop().
    if (stopping.signal.aborted) throw new Error("arrêt de l'instance, comptage reporté");
    await countReportFile(services, job.data.fileId, {
      limits: { timeoutSeconds: options.timeoutSeconds, readTimeoutSeconds: options.readTimeoutSeconds ?? 60 },
      memoryMb: options.memoryMb ?? DEFAULT_MEMORY_MB,
      signal: abandon.signal,
      lastAttempt: job.retryCount >= job.retryLimit,
    });
  };
  const loop = async () => {
    while (!stopping.signal.aborted) {
      try {
        const [job] = await boss.fetch<CountJob>(COUNT_QUEUE, { batchSize: 1, includeMetadata: true });
        if (!job) {
          await sleep(POLL_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
          continue;
        }
        running.add(job.id);
        await runOne(job)
          .then(
            () => boss.complete(COUNT_QUEUE, job.id),
            (error: Error) => boss.fail(COUNT_QUEUE, job.id, { message: error.message }),
          )
          .finally(() => running.delete(job.id));
      } catch (error) {
        // The database is unreachable: logged, tried again after a pause.
        options.log(`[comptage] ${(error as Error).message}`);
        await sleep(POLL_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  };
  const loops = Array.from({ length: options.concurrency }, loop);

  // The leases of the counts under way are pushed back: pg-boss's expiry reads `started_on`.
  const renewLeases = async () => {
    if (running.size === 0) return;
    await boss
      .getDb()
      .executeSql(`UPDATE ${BOSS_SCHEMA}.job SET started_on = now() WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`, [
        COUNT_QUEUE,
        [...running],
      ])
      .catch((error: Error) => options.log(`[comptage] bail non renouvelé : ${error.message}`));
  };
  const renewals = setInterval(() => void renewLeases(), renewalSeconds * 1000);
  renewals.unref();

  // Files left pending by a crash between an upload's commit and its enqueue are queued again. One
  // whose job waits or runs (a dead instance's, until its lease lapses) is not queued twice: under
  // the `stately` policy a second job of a file cannot start while the first is active, and pg-boss's
  // fetch, stalling on it, would hold up every file behind it.
  if (options.concurrency > 0) {
    const pending = await pendingFileIds(services.db);
    const queued = await queuedFileIds(boss, pending);
    const unqueued = pending.filter((fileId) => !queued.has(fileId));
    if (unqueued.length > 0) await enqueue(unqueued);
  }

  return {
    enqueue,
    running: () => !stopping.signal.aborted,
    stop: async () => {
      stopping.abort();
      // A count under way gets STOP_GRACE_MS to finish; one still running after that is failed,
      // so that it is counted again (retried) once this process has gone.
      const grace = new AbortController();
      await Promise.race([Promise.all(loops), sleep(STOP_GRACE_MS, undefined, { signal: grace.signal }).catch(() => undefined)]);
      grace.abort();
      // Then the counting processes are stopped; their loops fail their jobs as they end.
      abandon.abort();
      const ended = new AbortController();
      await Promise.race([Promise.all(loops), sleep(STOP_GRACE_MS / 2, undefined, { signal: ended.signal }).catch(() => undefined)]);
      ended.abort();
      // One by one: pg-boss types a message only with a single id.
      for (const id of running)
        await boss.fail(COUNT_QUEUE, id, { message: "arrêt de l'instance pendant le comptage" }).catch(() => undefined);
      clearInterval(renewals);
      await boss.stop({ graceful: false });
    },
  };
}
