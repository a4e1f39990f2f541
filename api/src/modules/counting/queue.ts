// The counting queue, kept in PostgreSQL by pg-boss (its own `pgboss` schema, created at start):
// jobs outlive the process that queued them, are retried with backoff, are held by at most
// COUNTING_CONCURRENCY workers per instance, and a job whose instance died while running it
// expires and runs again (docs/decisions.md, product.md §10). Études take turns: each job's priority is
// its file's rank in its étude's backlog, so one étude's burst never delays another's first file.
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { CountingQueue, Services } from '../../context.js';
import { fairPriority } from './rules.js';
import { countReportFile } from './service.js';
import { DEFAULT_MEMORY_MB, STARTUP_GRACE_MS } from './worker.js';

export const COUNT_QUEUE = 'count-report-file';
/** Tries of a job whose run threw (storage or database down, worker crash); a document that cannot be counted fails at once. */
const RETRY_LIMIT = 3;
/** How often an idle loop asks for a job. */
const POLL_MS = 1000;
/** How long stop() waits for counts under way. */
const STOP_GRACE_MS = 10_000;

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
  log: (message: string) => void;
}

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

export async function startCountingQueue(
  services: Pick<Services, 'db' | 'storage' | 'pubsub'>,
  options: CountingOptions,
): Promise<CountingQueue> {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    application_name: 'constats-counting',
    max: Math.max(2, options.concurrency + 1),
    // Expired jobs (their instance died) are looked for this often; the cron scheduler is unused.
    maintenanceIntervalSeconds: Math.min(120, Math.max(1, options.timeoutSeconds)),
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
    // pg-boss's own limit comes after ours (worker.ts stops the count at timeoutSeconds of reading,
    // after at most STARTUP_GRACE_MS of loading).
    expireInSeconds: options.timeoutSeconds + STARTUP_GRACE_MS / 1000 + 5,
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

  // Files left pending by a crash between an upload's commit and its enqueue, or by an instance
  // stopped mid-count, are queued again.
  if (options.concurrency > 0) {
    const pending = await pendingFileIds(services.db);
    if (pending.length > 0) await enqueue(pending);
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
      await boss.stop({ graceful: false });
    },
  };
}
