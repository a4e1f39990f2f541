// Backup and restore (README « Sauvegarde et restauration »): a backup taken while constats are
// being created holds one consistent snapshot and every file it names, and restores onto a fresh
// database and data folder with every row, every file's checksum and every bill PDF served.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../api/src/bootstrap.js';
import { loadConfig } from '../../api/src/config.js';
import { createBackup } from '../../api/src/infra/backup/backup.js';
import { parseManifest, storedFile, tableFile, type BackupManifest } from '../../api/src/infra/backup/manifest.js';
import { measureFile } from '../../api/src/infra/backup/measure.js';
import { restoreBackup } from '../../api/src/infra/backup/restore.js';
import { createS3Storage, parseStorageUrl } from '../../api/src/infra/s3-storage.js';
import { STORAGE_KEY_COLUMNS } from '../../api/src/infra/orphan-sweep.js';
import { createLocalStorage, FileNotFoundError, type Storage } from '../../api/src/infra/storage.js';
import { removeFiles } from '../../api/src/modules/reports/service.js';
import { startTestApp, demoViewers, serviceContext, type TestApp } from '../support/app.js';
import { emptyTarget, sortedLines, storedChecksums, tableContents, type Target } from '../support/backup.js';
import { demo, gql, loginToken } from '../support/http.js';
import { startTestS3 } from '../support/s3.js';
import { queryRows } from '../support/sql.js';
import { gqlUpload, samplePdf } from '../support/upload.js';

const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }';
const CONSTATS = 20;

let app: TestApp;
let bailiff: string;
let storage: Storage;
const cleanups: (() => Promise<unknown>)[] = [];

async function backupFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return path.join(dir, 'sauvegarde');
}

async function target(): Promise<Target> {
  const fresh = await emptyTarget();
  cleanups.push(fresh.drop);
  return fresh;
}

function createConstat(index: number) {
  return gqlUpload(
    app.url,
    CREATE,
    { input: { name: `Constat sauvegardé ${index}`, files: [null, null] } },
    [
      { path: 'input.files.0', name: 'constat.pdf', content: samplePdf(`constat ${index}`) },
      { path: 'input.files.1', name: 'notes.txt', content: `Notes du constat ${index}\n`.repeat(50) },
    ],
    bailiff,
  );
}

/** Every bill of the restored office, as an admin lists them, page after page. */
async function billPdfLinks(url: string, token: string): Promise<string[]> {
  const links: string[] = [];
  for (let after: string | null = null; ;) {
    const page: any = await gql(
      url,
      'query($after: String) { groupBills(first: 50, after: $after) { pageInfo { hasNextPage endCursor } edges { node { pdf { downloadUrl } } } } }',
      { after },
      token,
    );
    expect(page.errors).toBeUndefined();
    links.push(...page.data.groupBills.edges.map((edge: any) => edge.node.pdf.downloadUrl));
    if (!page.data.groupBills.pageInfo.hasNextPage) return links;
    after = page.data.groupBills.pageInfo.endCursor;
  }
}

beforeAll(async () => {
  app = await startTestApp();
  bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  // The raw store under the app's files: a backup reads it as it is, charging nobody.
  storage = createLocalStorage(path.join(app.dataDir, 'files'));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await app?.stop();
});

describe('backup while constats are being created, restore onto a fresh instance', () => {
  let dir: string;
  let manifest: BackupManifest;
  let before: number;
  let restored: Target;

  beforeAll(async () => {
    before = await app.services.db.report.count();
    // The backup starts once half the constats are in: the others are uploading meanwhile.
    let done = 0;
    let halfway!: () => void;
    const half = new Promise<void>((resolve) => (halfway = resolve));
    const creations = Array.from({ length: CONSTATS }, (_, index) =>
      createConstat(index).then((result) => {
        if (++done === CONSTATS / 2) halfway();
        return result;
      }),
    );
    await half;
    dir = await backupFolder();
    manifest = await createBackup({ databaseUrl: app.databaseUrl, storage }, dir);
    for (const result of await Promise.all(creations)) expect(result.errors).toBeUndefined();
    restored = await target();
    await restoreBackup(dir, restored);
  }, 180_000);

  it('the snapshot holds the constats created before it, with their files, and nothing is missing', async () => {
    const reports = manifest.tables.find((table) => table.name === 'Report')!;
    expect(reports.rows).toBeGreaterThanOrEqual(before + CONSTATS / 2);
    expect(reports.rows).toBeLessThanOrEqual(before + CONSTATS);
    expect(manifest.missingFiles).toEqual([]);
    expect(await app.services.db.report.count()).toBe(before + CONSTATS);
  });

  it('every row of every table is restored as the snapshot has it', async () => {
    const contents = await tableContents(restored.databaseUrl);
    expect([...contents.keys()].sort()).toEqual(manifest.tables.map((table) => table.name).sort());
    for (const table of manifest.tables) {
      const archived = sortedLines(await readFile(path.join(dir, tableFile(table.name)), 'utf8'));
      expect({ table: table.name, rows: contents.get(table.name) }).toEqual({ table: table.name, rows: archived });
      expect(archived).toHaveLength(table.rows);
    }
  });

  it('every file a restored row names is stored with the checksum of the original', async () => {
    const original = await storedChecksums(storage);
    const copies = await storedChecksums(restored.storage);
    expect([...copies.keys()].sort()).toEqual(manifest.files.map((file) => file.key).sort());
    for (const file of manifest.files) {
      expect({ key: file.key, sha256: copies.get(file.key) }).toEqual({ key: file.key, sha256: original.get(file.key) });
      expect((await measureFile(path.join(dir, storedFile(file.key))))!.sha256).toBe(file.sha256);
    }
    expect((await restoredKeys(restored.databaseUrl)).sort()).toEqual([...copies.keys()].sort());
  });

  it('the restored office starts, signs in and serves every bill PDF', async () => {
    const running = await startRestored(restored);
    try {
      const admin = await loginToken(running.url, demo.admin.email, demo.admin.password);
      const links = await billPdfLinks(running.url, admin);
      expect(links).toHaveLength(manifest.tables.find((table) => table.name === 'GroupBill')!.rows);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const response = await fetch(`${running.url}${link}`);
        expect({ link, status: response.status, type: response.headers.get('content-type') }).toEqual({
          link,
          status: 200,
          type: 'application/pdf',
        });
        expect(
          Buffer.from(await response.arrayBuffer())
            .subarray(0, 5)
            .toString('latin1'),
        ).toBe('%PDF-');
      }
      // The sequences go on from where the backed-up office left them: a new constat takes a new id.
      const token = await loginToken(running.url, demo.bailiff.email, demo.bailiff.password);
      const created = await gqlUpload(
        running.url,
        CREATE,
        { input: { name: 'Constat après restauration', files: [null] } },
        [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf('après') }],
        token,
      );
      expect(created.errors).toBeUndefined();
      expect(created.data!.createReport.report.databaseId).toBeGreaterThan(Math.max(...(await reportIds(dir))));
    } finally {
      await running.stop();
    }
  });

  it('restored onto S3, then backed up from there: the same rows and the same files', async () => {
    const s3 = await startTestS3();
    cleanups.push(() => s3.stop());
    const onS3 = { ...(await target()), storage: createS3Storage(parseStorageUrl(s3.storageUrl)) };
    await restoreBackup(dir, onS3);
    const again = await createBackup(onS3, await backupFolder());
    expect(again.files).toEqual(manifest.files);
    expect(again.tables).toEqual(manifest.tables);
    expect(again.sequences).toEqual(manifest.sequences);
  });
});

describe('a file deleted between the snapshot and its copy', () => {
  it('takes another snapshot, in which neither the file nor its row is left', async () => {
    const created = await createConstat(99);
    expect(created.errors).toBeUndefined();
    const reportId = created.data!.createReport.report.databaseId as number;
    const file = await app.services.db.reportFile.findFirstOrThrow({ where: { reportId }, select: { id: true, storageKey: true } });
    const viewers = await demoViewers(app);
    // The bailiff removes the file right when the backup comes to copy it.
    let removed = false;
    const racing: Storage = {
      ...storage,
      async get(key) {
        if (key === file.storageKey && !removed) {
          removed = true;
          await removeFiles(serviceContext(app, viewers.BAILIFF), reportId, [file.id]);
        }
        return storage.get(key);
      },
    };
    const dir = await backupFolder();
    const logs: string[] = [];
    const manifest = await createBackup({ databaseUrl: app.databaseUrl, storage: racing }, dir, { log: (line) => logs.push(line) });
    expect(removed).toBe(true);
    await expect(storage.get(file.storageKey)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(logs).toEqual([expect.stringMatching(/^1 fichier\(s\) supprimé\(s\) pendant la copie : nouvel instantané/)]);
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.files.map((entry) => entry.key)).not.toContain(file.storageKey);
    expect(await measureFile(path.join(dir, storedFile(file.storageKey)))).toBeNull();
    const rows = sortedLines(await readFile(path.join(dir, tableFile('ReportFile')), 'utf8'));
    expect(rows.some((row) => row.includes(file.storageKey))).toBe(false);
    expect(parseManifest(await readFile(path.join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);

    const restored = await target();
    await restoreBackup(dir, restored);
    expect(await storedChecksums(restored.storage)).toEqual(
      new Map(manifest.files.map((entry) => [entry.key, entry.sha256] as [string, string])),
    );
  }, 120_000);
});

/** The ids of the constats in a backup folder (the first column of its Report rows). */
async function reportIds(dir: string): Promise<number[]> {
  return sortedLines(await readFile(path.join(dir, tableFile('Report')), 'utf8')).map((row) => Number(row.split('\t')[0]));
}

/** Every storage key the restored rows name (orphan-sweep.ts's columns). */
async function restoredKeys(databaseUrl: string): Promise<string[]> {
  const union = STORAGE_KEY_COLUMNS.map(([table, column]) => `SELECT "${column}" AS key FROM "${table}"`).join(' UNION ');
  return (await queryRows<{ key: string }>(databaseUrl, `SELECT key FROM (${union}) k WHERE key IS NOT NULL`)).map((row) => row.key);
}

async function startRestored(restored: Target): Promise<RunningServer & { url: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: restored.dataDir,
    DATABASE_URL: restored.databaseUrl,
    SEED_DEMO_DATA: 'false',
    WEB_DIR: path.resolve('dist/web'),
  });
  const running = await startServer(config, { log: () => {} });
  return { ...running, url: running.url.replace('localhost', '127.0.0.1') };
}
