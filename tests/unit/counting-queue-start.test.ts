import type { CountingQueue } from '../../api/src/context.js';
import { queueWhenStarted } from '../../api/src/modules/counting/queue.js';

function fakeQueue() {
  const queued: number[][] = [];
  let stopped = 0;
  const queue: CountingQueue = {
    running: () => stopped === 0,
    enqueue: (fileIds) => {
      queued.push(fileIds);
      return Promise.resolve();
    },
    stop: () => {
      stopped += 1;
      return Promise.resolve();
    },
  };
  return { queue, queued, stopped: () => stopped };
}

describe('the counting queue while it starts (queueWhenStarted)', () => {
  it('holds files queued before the start has finished, then queues them', async () => {
    const { queue, queued } = fakeQueue();
    let started!: (queue: CountingQueue) => void;
    const starting = queueWhenStarted(new Promise<CountingQueue>((resolve) => (started = resolve)));
    const early = starting.enqueue([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queued).toEqual([]);
    expect(starting.running()).toBe(false);
    started(queue);
    await early;
    expect(queued).toEqual([[1, 2]]);
    expect(starting.running()).toBe(true);
    await starting.stop();
    expect(starting.running()).toBe(false);
  });

  it('after a failed start, queues nothing and stops without throwing', async () => {
    const failed = Promise.reject(new Error('pg-boss: schéma illisible'));
    const starting = queueWhenStarted(failed);
    await expect(failed).rejects.toThrow('schéma illisible');
    await expect(starting.enqueue([3])).resolves.toBeUndefined();
    await expect(starting.stop()).resolves.toBeUndefined();
    expect(starting.running()).toBe(false);
  });

  it('stops the started queue', async () => {
    const { queue, stopped } = fakeQueue();
    await queueWhenStarted(Promise.resolve(queue)).stop();
    expect(stopped()).toBe(1);
  });
});
