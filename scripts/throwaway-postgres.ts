// Throwaway PostgreSQL clusters for tests and migration authoring: a fresh temp directory, a free
// loopback port, everything removed on stop(). 'embedded' is the PostgreSQL 18 the app ships with;
// 'debian' is Debian's PostgreSQL 15, the oldest server the app supports.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort, startEmbeddedPostgres } from '../api/src/infra/embedded-postgres.js';
import { aptInstall } from './system-packages.js';

export type PostgresEngine = 'embedded' | 'debian';

export interface ThrowawayPostgres {
  /** A database named `constats`, empty. */
  url: string;
  /** The superuser on the `postgres` database: create, clone and drop databases with it. */
  adminUrl: string;
  /** The server's version, e.g. "15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
  /** Stops the server and removes its directory; safe to call twice. */
  stop: () => Promise<void>;
}

const DEBIAN_VERSION = '15';
const execFileAsync = promisify(execFile);
const isRoot = process.getuid?.() === 0;

export async function startThrowawayPostgres(opts: { engine: PostgresEngine }): Promise<ThrowawayPostgres> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `pg-${opts.engine}-`));
  // As root the server runs as the `postgres` user, which must be able to enter the directory.
  await fs.chmod(dir, 0o755);
  const removeDir = () => fs.rm(dir, { recursive: true, force: true });
  let server: { url: string; stop: () => Promise<void> };
  try {
    server = opts.engine === 'debian' ? await startDebian(dir) : await startEmbeddedPostgres({ dataDir: dir });
  } catch (err) {
    await removeDir();
    throw err;
  }
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= server.stop().finally(removeDir));

  const adminUrl = withDatabase(server.url, 'postgres');
  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
      // The embedded server creates it on start; Debian's does not.
      const database = new URL(server.url).pathname.slice(1);
      if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount) {
        await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
      }
      return { url: server.url, adminUrl, version, stop };
    } finally {
      await admin.end();
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

async function startDebian(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const bin = await debianServerBinaries();
  const dataDir = path.join(dir, 'data');
  const passwordFile = path.join(dir, 'password');
  const password = randomBytes(18).toString('base64url');
  await fs.writeFile(passwordFile, password, { mode: 0o600 });
  if (isRoot) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    await fs.chown(dir, Number(uid), Number(gid));
    await fs.chown(passwordFile, Number(uid), Number(gid));
  }
  // PostgreSQL refuses to run as root.
  const asServerUser = (tool: string, args: string[]) =>
    isRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  await asServerUser('initdb', [
    `--pgdata=${dataDir}`,
    '--username=postgres',
    '--auth=scram-sha-256',
    `--pwfile=${passwordFile}`,
    '--encoding=UTF8',
    '--locale=C.UTF-8', // same ordering and case mapping as the embedded cluster
    '--no-sync', // throwaway: durability is irrelevant
  ]);
  const port = await findFreePort();
  await asServerUser('pg_ctl', [
    'start',
    '--pgdata',
    dataDir,
    '--log',
    path.join(dir, 'server.log'),
    '--wait',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
  ]);
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/constats`;
  // Immediate: no shutdown checkpoint, the directory is deleted right after.
  const stop = async () => {
    await asServerUser('pg_ctl', ['stop', '--pgdata', dataDir, '--mode', 'immediate', '--wait']);
  };
  return { url, stop };
}

let installing: Promise<void> | undefined;

/** Debian's server binaries; as root, installs them with apt when missing (the bench's cluster uses it too). */
export async function debianServerBinaries(): Promise<string> {
  const found = debianBinDir();
  if (found) return found;
  if (!isRoot) {
    throw new Error(
      `Debian's PostgreSQL ${DEBIAN_VERSION} server is not installed: run \`apt-get install postgresql-${DEBIAN_VERSION}\` as root.`,
    );
  }
  installing ??= installDebianServer();
  await installing;
  const installed = debianBinDir();
  if (!installed) throw new Error('apt-get installed PostgreSQL, but no server binaries under /usr/lib/postgresql/*/bin');
  return installed;
}

/** PostgreSQL 15 when present, else the only version a `postgresql` install may have brought. */
function debianBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  return [DEBIAN_VERSION, ...versions]
    .map((version) => path.join(root, version, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'pg_ctl')));
}

async function installDebianServer() {
  // Older or newer Debian releases may not carry postgresql-15: take their default server then.
  await aptInstall([`postgresql-${DEBIAN_VERSION}`]).catch(() => aptInstall(['postgresql']));
}

async function run(command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args);
    return stdout.trim();
  } catch (err) {
    const { stderr } = err as { stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr?.trim() || (err as Error).message}`);
  }
}
