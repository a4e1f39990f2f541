// Restoring a damaged backup, or onto an instance that is not empty, is refused in French with
// nothing restored: no schema, no row, no file left behind (README « Sauvegarde et restauration »).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createBackup } from '../../api/src/infra/backup/backup.js';
import { BackupError, storedFile, tableFile, type BackupManifest } from '../../api/src/infra/backup/manifest.js';
import { measureFile } from '../../api/src/infra/backup/measure.js';
import { restoreBackup } from '../../api/src/infra/backup/restore.js';
import { createLocalStorage } from '../../api/src/infra/storage.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { emptyTarget, storedChecksums, tableContents, type Target } from '../support/backup.js';
import { queryRows } from '../support/sql.js';
import { createTestDatabase } from '../support/test-database.js';

let app: TestApp;
let original: string;
let manifest: BackupManifest;
const cleanups: (() => Promise<unknown>)[] = [];

/** A copy of the backup to damage. */
async function copyOfBackup(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await cp(original, path.join(dir, 'copie'), { recursive: true });
  return path.join(dir, 'copie');
}

async function target(options: { migrated?: boolean } = {}): Promise<Target> {
  const fresh = await emptyTarget(options);
  cleanups.push(fresh.drop);
  return fresh;
}

async function editManifest(dir: string, edit: (manifest: BackupManifest) => void): Promise<void> {
  const edited = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  edit(edited);
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(edited));
}

/** Nothing restored: no table (or only empty ones when the target was migrated before) and no file. */
async function expectNothingRestored(restored: Target): Promise<void> {
  for (const [table, rows] of await tableContents(restored.databaseUrl)) expect({ table, rows }).toEqual({ table, rows: [] });
  expect(await storedChecksums(restored.storage)).toEqual(new Map());
}

async function refusal(dir: string, restored: Target): Promise<string> {
  const error: unknown = await restoreBackup(dir, restored).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as Error).message;
}

const largestTable = () => manifest.tables.reduce((largest, table) => (table.rows > largest.rows ? table : largest));

beforeAll(async () => {
  app = await startTestApp();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  original = path.join(dir, 'sauvegarde');
  manifest = await createBackup({ databaseUrl: app.databaseUrl, storage: createLocalStorage(path.join(app.dataDir, 'files')) }, original);
  expect(manifest.files.length).toBeGreaterThan(0);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await app?.stop();
});

describe('a damaged backup is refused before anything is written', () => {
  it('a stored file with one byte changed: its checksum differs, named in the message', async () => {
    const dir = await copyOfBackup();
    const file = path.join(dir, storedFile(manifest.files[0].key));
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await writeFile(file, bytes);
    const restored = await target();
    const message = await refusal(dir, restored);
    expect(message).toMatch(/^Sauvegarde corrompue, rien n’a été restauré \(1 problème\(s\)\)/);
    expect(message).toContain(`files/${manifest.files[0].key} : somme de contrôle SHA-256 différente`);
    // Not even the schema: the migrations run only once the whole folder checked out.
    expect(await queryRows(restored.databaseUrl, `SELECT 1 FROM pg_class WHERE relnamespace = 'public'::regnamespace`)).toEqual([]);
    await expectNothingRestored(restored);
  });

  it('a truncated table file: its size differs', async () => {
    const dir = await copyOfBackup();
    const table = largestTable();
    await truncate(path.join(dir, tableFile(table.name)), Math.floor(table.bytes / 2));
    const restored = await target();
    expect(await refusal(dir, restored)).toContain(
      `tables/${table.name}.copy : ${Math.floor(table.bytes / 2)} octet(s) au lieu de ${table.bytes}`,
    );
    await expectNothingRestored(restored);
  });

  it('a stored file gone from the folder', async () => {
    const dir = await copyOfBackup();
    await rm(path.join(dir, storedFile(manifest.files[0].key)));
    expect(await refusal(dir, await target())).toContain(`files/${manifest.files[0].key} : fichier absent de la sauvegarde`);
  });

  it('no manifest: the backup is incomplete', async () => {
    const dir = await copyOfBackup();
    await rm(path.join(dir, 'manifest.json'));
    const restored = await target();
    expect(await refusal(dir, restored)).toBe(`Sauvegarde incomplète ou illisible : ${dir}/manifest.json introuvable.`);
    await expectNothingRestored(restored);
  });

  it('a manifest naming a file outside the folder is invalid', async () => {
    const dir = await copyOfBackup();
    await editManifest(dir, (edited) => (edited.files[0].key = '../../../etc/passwd'));
    expect(await refusal(dir, await target())).toBe('Manifeste de sauvegarde invalide : liste des fichiers.');
  });
});

describe('a truncated table whose manifest was rewritten to match', () => {
  it('cut between rows: the row count differs, the transaction rolls back and the files written are removed', async () => {
    const dir = await copyOfBackup();
    const table = largestTable();
    const file = path.join(dir, tableFile(table.name));
    const lines = (await readFile(file, 'utf8')).split('\n');
    await writeFile(file, `${lines.slice(0, table.rows - 1).join('\n')}\n`);
    const measured = (await measureFile(file))!;
    await editManifest(dir, (edited) =>
      Object.assign(
        edited.tables.find((entry) => entry.name === table.name)!,
        measured,
      ),
    );
    const restored = await target();
    expect(await refusal(dir, restored)).toBe(`Table ${table.name} : ${table.rows - 1} ligne(s) chargée(s) au lieu de ${table.rows}`);
    await expectNothingRestored(restored);
  });

  it('cut inside a row: PostgreSQL refuses the line, nothing is restored', async () => {
    const dir = await copyOfBackup();
    const table = largestTable();
    const file = path.join(dir, tableFile(table.name));
    const content = await readFile(file, 'utf8');
    await writeFile(file, content.slice(0, content.lastIndexOf('\t', content.length - 2)) + '\n');
    const measured = (await measureFile(file))!;
    await editManifest(dir, (edited) =>
      Object.assign(
        edited.tables.find((entry) => entry.name === table.name)!,
        measured,
      ),
    );
    const restored = await target();
    expect(await refusal(dir, restored)).toMatch(/^Échec du chargement des données, rien n’a été restauré : /);
    await expectNothingRestored(restored);
  });
});

describe('the target must be empty', () => {
  it('a database holding rows is refused, and left as it was', async () => {
    const database = await createTestDatabase({ seeded: true });
    cleanups.push(database.drop);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'constats-restore-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const before = await tableContents(database.url);
    const occupied: Target = { databaseUrl: database.url, dataDir, storage: createLocalStorage(dataDir), drop: async () => {} };
    expect(await refusal(original, occupied)).toMatch(
      /^La cible n’est pas vide \(table \w+\) : la restauration ne se fait que dans une instance vide\.$/,
    );
    expect(await tableContents(database.url)).toEqual(before);
    expect(await storedChecksums(occupied.storage)).toEqual(new Map());
  });

  it('a file store holding a file is refused', async () => {
    const restored = await target({ migrated: true });
    await restored.storage.put('reports/2026/01/ancien.pdf', Buffer.from('%PDF-1.4 ancien'));
    expect(await refusal(original, restored)).toBe(
      'La cible n’est pas vide (fichier reports/2026/01/ancien.pdf) : la restauration ne se fait que dans une instance vide.',
    );
    expect([...(await storedChecksums(restored.storage)).keys()]).toEqual(['reports/2026/01/ancien.pdf']);
  });

  it('a database migrated by a first start, without a row, is empty: the restore fills it', async () => {
    const restored = await target({ migrated: true });
    await restoreBackup(original, restored);
    const [{ count }] = await queryRows<{ count: number }>(restored.databaseUrl, 'SELECT count(*)::int AS count FROM "Report"');
    expect(count).toBe(manifest.tables.find((table) => table.name === 'Report')!.rows);
  });

  it('a backup is never written into a folder that holds something', async () => {
    await expect(createBackup({ databaseUrl: app.databaseUrl, storage: createLocalStorage(app.dataDir) }, original)).rejects.toThrow(
      `Le dossier de sauvegarde ${original} n’est pas vide : choisissez un dossier neuf.`,
    );
  });
});

describe('npm run restore', () => {
  it('exits with status 1 and says why in French when a checksum differs', async () => {
    const dir = await copyOfBackup();
    await writeFile(path.join(dir, storedFile(manifest.files[0].key)), 'remplacement');
    const restored = await target();
    const run = await promisify(execFile)('npx', ['tsx', 'scripts/restore.ts', dir], {
      env: { ...process.env, DATABASE_URL: restored.databaseUrl, DATA_DIR: restored.dataDir },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Sauvegarde corrompue, rien n’a été restauré');
    expect(run.stderr).toContain(`files/${manifest.files[0].key} : 12 octet(s) au lieu de ${manifest.files[0].bytes}`);
    await expectNothingRestored(restored);
  }, 60_000);
});
