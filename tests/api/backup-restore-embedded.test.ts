// `npm run backup` and `npm run restore` with the embedded database (no DATABASE_URL): the backup
// reaches the server the running app started rather than starting a second one on its cluster,
// and the restore starts a server on a new data folder, fills it, and stops it.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '../../api/src/bootstrap.js';
import { loadConfig } from '../../api/src/config.js';
import { demo, gql, loginToken } from '../support/http.js';

const TIMEOUT = 180_000;
const dirs: string[] = [];

async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'constats-embedded-backup-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter it.
  await fs.chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

function start(dir: string): Promise<RunningServer> {
  return startServer(
    loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dir,
      SEED_DEMO_DATA: 'true',
      WEB_DIR: path.resolve('dist/web'),
    }),
    { log: () => {} },
  );
}

/** The command as an office runs it, with the app's configuration: only DATA_DIR. */
async function run(script: string, dir: string, dataDirectory: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _database, STORAGE_URL: _storage, NODE_OPTIONS: _jest, ...env } = process.env;
  return promisify(execFile)('npx', ['tsx', script, dir], { env: { ...env, DATA_DIR: dataDirectory } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const postmaster = async (dir: string) => (await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0];

afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

test(
  'a backup of the running app’s embedded database restores into a new data folder the app then starts on',
  async () => {
    const source = await dataDir();
    const app = await start(source);
    const archive = path.join(await dataDir(), 'sauvegarde');
    let reports: number;
    try {
      const server = await postmaster(source);
      const backup = await run('scripts/backup.ts', archive, source);
      expect(backup.stderr).toBe('');
      expect(backup).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^Sauvegarde écrite dans .+ : \d+ ligne\(s\) de \d+ table\(s\), \d+ fichier\(s\)\.$/m),
      });
      // The app's own server served the backup and still runs: no second server was started.
      expect(await postmaster(source)).toBe(server);
      reports = await app.services.db.report.count();
      expect(reports).toBeGreaterThan(0);
    } finally {
      await app.stop();
    }

    const fresh = await dataDir();
    const restore = await run('scripts/restore.ts', archive, fresh);
    expect(restore.stderr).toBe('');
    expect(restore).toMatchObject({ code: 0, stdout: expect.stringContaining('Restauration terminée depuis') });
    // The restore stopped the server it started.
    await expect(fs.access(path.join(fresh, 'pg', 'postmaster.pid'))).rejects.toThrow();

    const restored = await start(fresh);
    try {
      expect(restored.seeded).toEqual([]);
      expect(await restored.services.db.report.count()).toBe(reports);
      const url = restored.url.replace('localhost', '127.0.0.1');
      const admin = await loginToken(url, demo.admin.email, demo.admin.password);
      const bills = await gql(url, 'query { groupBills(first: 1) { edges { node { pdf { downloadUrl } } } } }', {}, admin);
      const pdf = await fetch(`${url}${bills.data!.groupBills.edges[0].node.pdf.downloadUrl}`);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    } finally {
      await restored.stop();
    }
  },
  TIMEOUT,
);
