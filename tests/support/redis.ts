// A throwaway Redis server (Debian's redis-server, installed through apt when missing and we are
// root) on a free loopback port, with persistence off: the event bus of several test instances.
import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { findFreePort } from '../../api/src/infra/embedded-postgres.js';
import { ensureSystemPackages } from '../../scripts/system-packages.js';

const REDIS_SERVER = '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  await ensureSystemPackages([{ path: REDIS_SERVER, pkg: 'redis-server' }]);
  const port = await findFreePort();
  const server = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForPing(url);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

async function waitForPing(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${url}: ${(err as Error).message}`);
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
