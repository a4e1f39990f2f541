// A throwaway Redis server (Debian's redis-server, installed through apt when missing and we are
// root) on a free loopback port, with persistence off: the event bus of several test instances.
import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { findFreePort } from '../../api/src/infra/embedded-postgres.js';
import { ensureSystemPackages } from '../../scripts/system-packages.js';

const REDIS_SERVER = '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  /** Kills the server outright (SIGKILL): its clients see their connections cut. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty, and waits until it answers (nothing when running). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  await ensureSystemPackages([{ path: REDIS_SERVER, pkg: 'redis-server' }]);
  const port = await findFreePort();
  const url = `redis://127.0.0.1:${port}`;
  let running: { signal(name: NodeJS.Signals): Promise<void> } | null = null;
  const launch = async () => {
    if (running) return;
    const server = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    running = {
      signal: async (name) => {
        server.kill(name);
        await exited;
      },
    };
    await waitForPing(url);
  };
  const halt = async (name: NodeJS.Signals) => {
    const server = running;
    running = null;
    await server?.signal(name);
  };
  try {
    await launch();
  } catch (err) {
    await halt('SIGTERM');
    throw err;
  }
  return { url, kill: () => halt('SIGKILL'), restart: launch, stop: () => halt('SIGTERM') };
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
