// The embedded default database (api/src/infra/embedded-postgres.ts): a cluster that survives
// restarts, crashes of the Node process that owns it, and PostgreSQL dying underneath it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../api/src/infra/embedded-postgres.js';
import { exited, startChild } from '../support/child-server.js';
import { waitFor } from '../support/wait.js';

// initdb and server starts on a shared 2-core machine: generous, not default, timeouts.
const TIMEOUT = 60_000;
const MODULE = path.resolve('api/src/infra/embedded-postgres.ts');

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-pg-test-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter it.
  await fs.chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}
afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function postmasterPid(dir: string): Promise<number> {
  return Number.parseInt(await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8'), 10);
}

/** Running, and not a zombie (an orphan whose new parent does not reap it only looks alive). */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

test(
  'initialises once, then restarts with its data and its password',
  async () => {
    const dir = await dataDir();
    const first = await startEmbeddedPostgres({ dataDir: dir });
    expect(first.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/constats$/);
    expect((await fs.stat(path.join(dir, 'pg-password'))).mode & 0o777).toBe(0o600);
    await sql(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    await first.stop();
    await expect(sql(first.url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);

    const second = await startEmbeddedPostgres({ dataDir: dir });
    try {
      expect(new URL(second.url).password).toBe(new URL(first.url).password);
      expect(await sql(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    } finally {
      await second.stop();
    }
  },
  TIMEOUT,
);

test(
  'recovers the cluster of a Node process killed with SIGKILL',
  async () => {
    const dir = await dataDir();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        `import { startEmbeddedPostgres } from ${JSON.stringify(MODULE)};
       const { url } = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dir)} });
       console.log(url);
       setInterval(() => {}, 60_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [line] = await once(child.stdout, 'data');
    const url = line.toString().trim();
    await sql(url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('survived')");
    const orphan = await postmasterPid(dir);

    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(await isRunning(orphan)).toBe(true); // still holding the cluster, now without its owner

    const recovered = await startEmbeddedPostgres({ dataDir: dir });
    try {
      expect(await isRunning(orphan)).toBe(false);
      expect(await sql(recovered.url, 'SELECT v FROM kept')).toEqual([{ v: 'survived' }]);
    } finally {
      await recovered.stop();
    }
  },
  TIMEOUT,
);

test(
  'refuses a cluster that another live instance is running',
  async () => {
    const dir = await dataDir();
    const running = await startEmbeddedPostgres({ dataDir: dir });
    try {
      await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toThrow(/already in use by a running server/);
      expect(await sql(running.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await running.stop();
    }
  },
  TIMEOUT,
);

test(
  'stop() is idempotent and returns even when PostgreSQL already died',
  async () => {
    const dir = await dataDir();
    const db = await startEmbeddedPostgres({ dataDir: dir });
    await db.stop();
    await db.stop();

    const notices: string[] = [];
    const again = await startEmbeddedPostgres({ dataDir: dir, notice: (line) => notices.push(line) });
    const pid = await postmasterPid(dir);
    process.kill(pid, 'SIGKILL');
    while (await isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    // Stopped while the supervisor waits to restart it: it is not restarted.
    await again.stop();
    await again.stop();
    expect(notices).toEqual([expect.stringMatching(/arrêté de façon inattendue \(signal SIGKILL\)/)]);

    // What it left behind is a postmaster.pid naming a dead process: the next start clears it.
    const restarted = await startEmbeddedPostgres({ dataDir: dir });
    try {
      expect(await sql(restarted.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await restarted.stop();
    }
  },
  TIMEOUT,
);

test(
  'a server killed with SIGKILL is restarted on the same port, with its data, one line for its death and one for its return',
  async () => {
    const dir = await dataDir();
    const notices: string[] = [];
    const running = await startEmbeddedPostgres({ dataDir: dir, notice: (line) => notices.push(line) });
    try {
      await sql(running.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('acknowledged')");
      const killed = await postmasterPid(dir);
      process.kill(killed, 'SIGKILL');
      let rows: { v: string }[] | undefined;
      await waitFor(async () => (rows = await sql<{ v: string }>(running.url, 'SELECT v FROM kept').catch(() => undefined)) !== undefined, {
        timeout: 30_000,
        interval: 100,
        what: 'the restarted server answering',
      });
      expect(rows).toEqual([{ v: 'acknowledged' }]);
      expect(await postmasterPid(dir)).not.toBe(killed);
      expect(notices[0]).toMatch(/^\[base\] PostgreSQL intégré arrêté de façon inattendue \(signal SIGKILL\)/);
      expect(notices.at(-1)).toMatch(/^\[base\] PostgreSQL intégré redémarré après \d+\.\d s/);
      // Between them, at most one line per distinct reason a start was refused.
      const refusals = notices.slice(1, -1);
      expect(new Set(refusals).size).toBe(refusals.length);
    } finally {
      await running.stop();
    }
    expect(await sql(running.url, 'SELECT 1').catch((error: Error) => error.message)).toMatch(/ECONNREFUSED/);
  },
  TIMEOUT,
);

// api/src/main.ts starts the embedded PostgreSQL before it imports the application, so that both
// take their time at once: the server still waits for it, and stops it with itself.
test(
  'the real server starts on its embedded PostgreSQL, answers, and stops it on SIGTERM',
  async () => {
    const dir = await dataDir();
    const { child, url } = await startChild({ DATA_DIR: dir, SEED_DEMO_DATA: 'false' });
    let postmaster = 0;
    try {
      postmaster = await postmasterPid(dir);
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { id } }' }),
      });
      expect(await response.json()).toEqual({ data: { me: null }, extensions: { cost: { requested: 2, actual: 1 } } });
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
    expect(child.exitCode).toBe(0);
    expect(await isRunning(postmaster)).toBe(false);
  },
  TIMEOUT,
);

test(
  'the real server reports an embedded PostgreSQL that cannot start, and exits',
  async () => {
    const dir = await dataDir();
    const running = await startEmbeddedPostgres({ dataDir: dir });
    try {
      await expect(startChild({ DATA_DIR: dir, SEED_DEMO_DATA: 'false' })).rejects.toThrow(
        /server exited \(1\):[^]*already in use by a running server/,
      );
      expect(await sql(running.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await running.stop();
    }
  },
  TIMEOUT,
);
