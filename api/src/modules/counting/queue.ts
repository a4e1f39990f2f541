// The counting queue, kept in PostgreSQL by pg-boss (its own `pgboss` schema, created at start):
// jobs outlive the process that queued them, are retried with backoff, are held by at most
// COUNTING_CONCURRENCY workers per instance, and a job whose instance died while running it
// expires and runs again (docs/decisions.md, issue 21).
import PgBoss from 'pg-boss';
import type { Services } from '../../context.js';
import { countReportFile } from './service.js';

export const COUNT_QUEUE = 'count-report-file';
/** Tries of a job whose run threw (storage or database down, worker crash); a document that cannot be counted fails at once. */
const RETRY_LIMIT = 3;

export interface CountingOptions {
  databaseUrl: string;
  /** Jobs this instance runs at once; 0 queues without counting (another instance counts). */
  concurrency: number;
  /** Each count's time limit. */
  timeoutSeconds: number;
  log: (message: string) => void;
}

export interface CountingQueue {
  /** Queues the count of these report files; never throws (a failure is logged, the start-up rescan catches up). */
  enqueue(fileIds: number[]): Promise<void>;
  stop(): Promise<void>;
}

interface CountJob {
  fileId: number;
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
    // pg-boss's own limit comes after ours (worker.ts stops the count at timeoutSeconds).
    expireInSeconds: options.timeoutSeconds + 5,
  };
  const enqueue = async (fileIds: number[]) => {
    try {
      await boss.insert(fileIds.map((fileId) => ({ name: COUNT_QUEUE, data: { fileId }, singletonKey: String(fileId), ...jobOptions })));
    } catch (error) {
      options.log(`[comptage] mise en file impossible : ${(error as Error).message}`);
    }
  };

  let stopping = false;
  for (let i = 0; i < options.concurrency; i++) {
    await boss.work<CountJob>(COUNT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
      // A job fetched while this instance stops goes back to the queue (retried, by another
      // instance or at the next start) instead of starting a count that would outlive stop():
      // pg-boss keeps polling its workers until their handler returns, after the pool is closed.
      if (stopping) throw new Error("arrêt de l'instance, comptage reporté");
      await countReportFile(services, job.data.fileId, {
        timeoutMs: options.timeoutSeconds * 1000,
        lastAttempt: job.retryCount >= job.retryLimit,
      });
    });
  }

  // Files left pending by a crash between an upload's commit and its enqueue, or by an instance
  // stopped mid-count, are queued again.
  if (options.concurrency > 0) {
    const pending = await services.db.reportFile.findMany({
      where: { countStatus: 'PENDING' },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    if (pending.length > 0) await enqueue(pending.map((file) => file.id));
  }

  return {
    enqueue,
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
