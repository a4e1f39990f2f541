// Where the benchmark's data lives, under bench/.data (git-ignored), one folder per engine, dataset
// version and size:
//   embedded   the product's default: the server starts PostgreSQL 18 itself from DATA_DIR/pg, as
//              `npm start` does; the bench only opens it between server runs (dataset, reset).
//   postgres   Debian's PostgreSQL 15, a cluster of the bench's own, started for the whole run and
//              handed to the server as DATABASE_URL.
// The generated dataset is kept as a template database; every run starts from a fresh copy of it
// (CREATE DATABASE … TEMPLATE, a file copy), so what one run wrote never skews the next.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort, startEmbeddedPostgres } from '../../api/src/infra/embedded-postgres.js';
import { applyMigrations } from '../../api/src/infra/migrate.js';
import { debianServerBinaries, withDatabase } from '../throwaway-postgres.js';
import { DATASET_VERSION, generateDataset, type DatasetSummary } from './dataset.js';

export type Engine = 'embedded' | 'postgres';

const TEMPLATE = 'bench_dataset';
/** The database the server uses: the embedded server's fixed name, kept for both engines. */
const RUN_DATABASE = 'constats';
const execFileAsync = promisify(execFile);
const isRoot = process.getuid?.() === 0;

export interface BenchDatabase {
  engine: Engine;
  /** DATA_DIR of the server (files, outbox, app secret; the embedded cluster in DATA_DIR/pg). */
  appDataDir: string;
  /** Extra environment of the server process (DATABASE_URL for an external PostgreSQL). */
  serverEnv: Record<string, string>;
  /** The postmaster of the Debian cluster (its CPU is counted with the server's); null when embedded, below the server. */
  databasePid: number | null;
  /** "18.x" / "15.x (Debian …)". */
  serverVersion: string;
  dataset: DatasetSummary;
  /** Fresh copy of the dataset for the next run (no server may be running). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface PrepareOptions {
  engine: Engine;
  root: string;
  reports: number;
  fanoutSessions: number;
  fresh: boolean;
  maxAgeHours: number;
  /** Use the dataset only if it is already built, whatever its age (the 1,000,000 one beside a 100,000 run); null otherwise. */
  reuseOnly?: boolean;
  log: (message: string) => void;
}

interface Cluster {
  /** postgres://… on the `postgres` database. */
  adminUrl: string;
  /** The postmaster, when it runs apart from the measured server. */
  pid: number | null;
  stop(): Promise<void>;
}

export async function prepareDatabase(options: PrepareOptions & { reuseOnly: true }): Promise<BenchDatabase | null>;
export async function prepareDatabase(options: PrepareOptions): Promise<BenchDatabase>;
export async function prepareDatabase(options: PrepareOptions): Promise<BenchDatabase | null> {
  const dir = path.join(options.root, `${options.engine}-v${DATASET_VERSION}-${options.reports}`);
  const appDataDir = options.engine === 'embedded' ? dir : path.join(dir, 'app');
  const markerFile = path.join(dir, 'dataset.json');
  // Not even a cluster to open: nothing to reuse.
  if (options.reuseOnly && !existsSync(markerFile)) return null;
  await fs.mkdir(appDataDir, { recursive: true });

  const open = (): Promise<Cluster> => (options.engine === 'embedded' ? openEmbedded(appDataDir) : openDebian(dir));
  // The embedded cluster is only open between server runs; the Debian one stays up throughout.
  let cluster = await open();
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: cluster.adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  let dataset: DatasetSummary | undefined;
  let serverVersion = '';
  try {
    serverVersion = await admin(async (client) => (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version);
    const marker = await fs.readFile(markerFile, 'utf8').then((text) => JSON.parse(text) as DatasetSummary, () => undefined);
    const templateExists = await admin(async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE])).rowCount === 1);
    const ageHours = marker ? (Date.now() - Date.parse(marker.generatedAt)) / 3_600_000 : Infinity;
    const missing = !templateExists || !marker || marker.version !== DATASET_VERSION || marker.reports !== options.reports;
    if (missing && options.reuseOnly) {
      await cluster.stop();
      return null;
    }
    const stale = missing || (!options.reuseOnly && (options.fresh || (options.maxAgeHours > 0 && ageHours > options.maxAgeHours)));
    const templateUrl = withDatabase(cluster.adminUrl, TEMPLATE);
    if (stale) {
      options.log(`Dataset: generating ${options.reports} constats (${options.engine}) …`);
      await fs.rm(markerFile, { force: true });
      await admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${TEMPLATE}`);
      });
      await applyMigrations(templateUrl);
      dataset = await generateDataset(templateUrl, { reports: options.reports, fanoutSessions: options.fanoutSessions, now: new Date(), log: options.log });
      await fs.writeFile(markerFile, `${JSON.stringify(dataset, null, 2)}\n`);
      options.log(`Dataset ready in ${dataset.seconds} s`);
    } else {
      dataset = marker!;
      // Migrations authored since the dataset was built (new indexes…) apply to the template once.
      const applied = await applyMigrations(templateUrl);
      if (applied.length > 0) {
        options.log(`Dataset: migrations applied to the template: ${applied.join(', ')}`);
        const client = new pg.Client({ connectionString: templateUrl });
        await client.connect();
        await client.query('ANALYZE').finally(() => client.end());
      }
      options.log(`Dataset reused (${marker.reports} constats, generated ${marker.generatedAt})`);
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }

  const reset = async () => {
    if (options.engine === 'embedded') cluster = await open();
    try {
      await admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${RUN_DATABASE} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${RUN_DATABASE} TEMPLATE ${TEMPLATE} STRATEGY FILE_COPY`);
      });
    } finally {
      if (options.engine === 'embedded') await cluster.stop();
    }
    // What the previous run uploaded or mailed.
    await fs.rm(path.join(appDataDir, 'files', 'reports'), { recursive: true, force: true });
    await fs.rm(path.join(appDataDir, 'outbox'), { recursive: true, force: true });
  };

  // From here on the embedded cluster belongs to the server processes.
  if (options.engine === 'embedded') await cluster.stop();
  return {
    engine: options.engine,
    appDataDir,
    // The measured servers queue counts but never run them: the dataset's files are not real
    // documents, and a count after the 200 MB upload would land in the upload's memory figure.
    // Counting has its own figures (counting.ts).
    serverEnv: { COUNTING_CONCURRENCY: '0', ...(options.engine === 'postgres' ? { DATABASE_URL: withDatabase(cluster.adminUrl, RUN_DATABASE) } : {}) },
    databasePid: cluster.pid,
    serverVersion,
    dataset,
    reset,
    close: () => (options.engine === 'postgres' ? cluster.stop() : Promise.resolve()),
  };
}

async function openEmbedded(appDataDir: string): Promise<Cluster> {
  const server = await startEmbeddedPostgres({ dataDir: appDataDir });
  // The bench's copy stops before the server starts its own, below it (counted there).
  return { adminUrl: withDatabase(server.url, 'postgres'), pid: null, stop: server.stop };
}

/** Debian's PostgreSQL 15 in `${dir}/cluster`, initialised on first use, on a free loopback port. */
async function openDebian(dir: string): Promise<Cluster> {
  const bin = await debianServerBinaries();
  const clusterDir = path.join(dir, 'cluster');
  const passwordFile = path.join(dir, 'password');
  const socketDir = path.join(dir, 'socket');
  // PostgreSQL refuses to run as root: as root, its files belong to the `postgres` user.
  const owner = isRoot ? { uid: Number(await run('id', ['-u', 'postgres'])), gid: Number(await run('id', ['-g', 'postgres'])) } : undefined;
  const tool = (name: string, args: string[]) =>
    isRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await fs.rm(clusterDir, { recursive: true, force: true });
    await fs.mkdir(socketDir, { recursive: true });
    await fs.writeFile(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
    if (owner) for (const entry of [dir, socketDir, passwordFile]) await fs.chown(entry, owner.uid, owner.gid);
    await tool('initdb', [`--pgdata=${clusterDir}`, '--username=postgres', '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C.UTF-8']);
  }
  const password = (await fs.readFile(passwordFile, 'utf8')).trim();
  // A server left running by an interrupted bench: stop it first, it holds the cluster.
  if (await tool('pg_ctl', ['status', '--pgdata', clusterDir]).then(() => true, () => false)) {
    await tool('pg_ctl', ['stop', '--pgdata', clusterDir, '--mode', 'fast', '--wait']);
  }
  const port = await findFreePort();
  await tool('pg_ctl', ['start', '--pgdata', clusterDir, '--log', path.join(dir, 'server.log'), '--wait', '-o', `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1`]);
  return {
    adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    // postmaster.pid's first line.
    pid: Number.parseInt(await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8'), 10),
    stop: async () => {
      await tool('pg_ctl', ['stop', '--pgdata', clusterDir, '--mode', 'fast', '--wait']);
    },
  };
}

async function run(command: string, args: string[]): Promise<string> {
  try {
    return (await execFileAsync(command, args)).stdout.trim();
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr?.trim() || (error as Error).message}`);
  }
}
