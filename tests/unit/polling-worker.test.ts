// The loop shared by the mail, bill PDF and webhook queues: woken after a commit, quiet about a
// database that stays down, and a stop that does not wait on a stuck job.
import { startPollingWorker, type PollingQueue, type PollingWorker } from '../../api/src/infra/polling-worker.js';

/** Resolves once `condition` holds, checked on each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** A queue whose jobs are the items pushed to `due`; every claim and work is recorded. */
function fakeQueue(overrides: Partial<PollingQueue<string>> = {}) {
  const due: string[] = [];
  const worked: string[] = [];
  const said: string[] = [];
  let claims = 0;
  const queue: PollingQueue<string> = {
    claim: () => {
      claims += 1;
      return Promise.resolve(due.shift() ?? null);
    },
    work: (job) => {
      worked.push(job);
      return Promise.resolve();
    },
    unavailable: (reason) => said.push(reason),
    // Never reached within a test: anything that happens was woken, not polled.
    pollMs: 3_600_000,
    stopGraceMs: 50,
    ...overrides,
  };
  return { queue, due, worked, said, claims: () => claims };
}

describe('startPollingWorker', () => {
  let worker: PollingWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
  });

  it('works every due job, then sleeps until woken instead of polling at once', async () => {
    const fake = fakeQueue();
    fake.due.push('a', 'b');
    worker = startPollingWorker(fake.queue);
    await until(() => fake.worked.length === 2);
    await until(() => fake.claims() === 3);
    // Asleep now: a job added after the commit waits for the wake.
    fake.due.push('c');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.worked).toEqual(['a', 'b']);
    worker.wake();
    await until(() => fake.worked.length === 3);
    expect(fake.worked).toEqual(['a', 'b', 'c']);
  });

  it('does not miss a wake that comes while it claims', async () => {
    const fake = fakeQueue();
    let release!: () => void;
    let first = true;
    fake.queue.claim = async () => {
      if (first) {
        first = false;
        // The commit's wake arrives while this claim, which did not see its row, is under way.
        await new Promise<void>((resolve) => (release = resolve));
        return null;
      }
      return fake.due.shift() ?? null;
    };
    worker = startPollingWorker(fake.queue);
    await until(() => release !== undefined);
    fake.due.push('late');
    worker.wake();
    release();
    await until(() => fake.worked.length === 1);
    expect(fake.worked).toEqual(['late']);
  });

  it('says once that the database is unreachable, again when the reason changes or after it came back', async () => {
    const failures = ['refusée', 'refusée', 'refusée', 'délai dépassé', null, 'refusée'];
    const fake = fakeQueue({ pollMs: 1 });
    fake.queue.claim = async () => {
      const failure = failures.shift();
      if (failure === undefined) return new Promise<null>(() => {});
      if (failure !== null) throw new Error(`connexion ${failure}`);
      return null;
    };
    worker = startPollingWorker(fake.queue);
    await until(() => failures.length === 0);
    await until(() => fake.said.length === 3);
    expect(fake.said).toEqual(['connexion refusée', 'connexion délai dépassé', 'connexion refusée']);
  });

  it('aborts the job under way on stop and returns after its grace even if the job does not end', async () => {
    let signal: AbortSignal | undefined;
    const fake = fakeQueue({
      work: async (_job, stopping) => {
        signal = stopping;
        await new Promise(() => {});
      },
    });
    fake.due.push('stuck');
    worker = startPollingWorker(fake.queue);
    await until(() => signal !== undefined);
    expect(worker.running()).toBe(true);
    await worker.stop();
    expect(signal!.aborted).toBe(true);
    expect(worker.running()).toBe(false);
    worker = undefined;
  });
});
