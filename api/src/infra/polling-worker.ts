// The loop of the app's database-backed queues (mail, bills' PDFs, webhooks). Each queue's job is a
// row written in the transaction of the change it follows; the queue claims one due row at a time in
// its own SQL (SKIP LOCKED and a lease, so instances never work one row at once and a dead
// instance's row comes back after its lease) and works it. This loop is the part they share: when
// nothing is due it sleeps until woken after a commit or until its next poll, it says once (not at
// every poll) that the database is unreachable, and it stops without waiting on a slow job for long.
import { setTimeout as sleep } from 'node:timers/promises';
import { failureReason } from './mail/retry.js';

export interface PollingWorker {
  /** Looks for due jobs now (after a commit that added one) instead of at the next poll. */
  wake: () => void;
  /** Its loop runs (until stop()). */
  running: () => boolean;
  stop: () => Promise<void>;
}

export interface PollingQueue<Job> {
  /** Takes the next due job, or null when none is due. */
  claim(): Promise<Job | null>;
  /** Works a claimed job and records its outcome; `stopping` aborts when the worker stops. */
  work(job: Job, stopping: AbortSignal): Promise<void>;
  /** Told once per distinct reason while claiming or recording fails (the database unreachable). */
  unavailable(reason: string): void;
  pollMs: number;
  /** How long stop() lets the job under way end; one that does not is claimed again after its lease. */
  stopGraceMs: number;
}

export function startPollingWorker<Job>(queue: PollingQueue<Job>): PollingWorker {
  const stopping = new AbortController();
  let woken = false;
  let wakeUp: (() => void) | null = null;
  let lastFailure = '';

  const idle = async () => {
    if (woken || stopping.signal.aborted) return;
    const nap = new AbortController();
    wakeUp = () => nap.abort();
    await sleep(queue.pollMs, undefined, { signal: AbortSignal.any([nap.signal, stopping.signal]) }).catch(() => undefined);
    wakeUp = null;
  };

  const loop = async () => {
    while (!stopping.signal.aborted) {
      woken = false;
      try {
        const job = await queue.claim();
        lastFailure = '';
        if (job !== null) {
          await queue.work(job, stopping.signal);
          continue;
        }
      } catch (error) {
        const reason = failureReason(error);
        if (reason !== lastFailure) queue.unavailable(reason);
        lastFailure = reason;
      }
      await idle();
    }
  };
  const running = loop();

  return {
    wake: () => {
      woken = true;
      wakeUp?.();
    },
    running: () => !stopping.signal.aborted,
    stop: async () => {
      stopping.abort();
      wakeUp?.();
      const grace = new AbortController();
      await Promise.race([running, sleep(queue.stopGraceMs, undefined, { signal: grace.signal }).catch(() => undefined)]);
      grace.abort();
    },
  };
}
