// Issue 16, class 14: crash leftovers are cleaned (spooled parts, partial writes, stored files
// without a row, local and S3), and a HEAD on a file link holds no file handle.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.js';
import { exited, startChild, until } from '../support/child-server.js';
import { demo, loginToken } from '../support/http.js';
import { multipart, sendRaw } from '../support/raw-http.js';
import { createTestDatabase } from '../support/test-database.js';
import { startTestS3 } from '../support/s3.js';
import { restForm, samplePdf } from '../support/upload.js';
import { ORPHAN_AGE_MS, STORAGE_KEY_COLUMNS, sweepOrphanFiles } from '../../api/src/infra/orphan-sweep.js';
import { createS3Storage, parseStorageUrl } from '../../api/src/infra/s3-storage.js';
import { newStorageKey } from '../../api/src/infra/storage.js';

const TWO_DAYS_AGO = new Date(Date.now() - 2 * ORPHAN_AGE_MS);

/** Every file under `dir`, relative, hidden ones included. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(path.join(dir, entry.name), relative)));
    else files.push(relative);
  }
  return files.sort();
}

/** Sets every file under `dir` back to `when`, as if a crash had left it there long ago. */
async function age(dir: string, when = TWO_DAYS_AGO): Promise<void> {
  for (const file of await filesUnder(dir)) await utimes(path.join(dir, file), when, when);
}

/** The storage keys some row refers to, read straight from the database. */
async function referencedKeys(databaseUrl: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const union = STORAGE_KEY_COLUMNS.map(
      ([table, column]) => `SELECT "${column}" AS key FROM "${table}" WHERE "${column}" IS NOT NULL`,
    ).join(' UNION ');
    return new Set((await client.query<{ key: string }>(union)).rows.map((row) => row.key));
  } finally {
    await client.end();
  }
}

describe('the orphan sweep', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('knows every column of prisma/schema.prisma that holds a storage key', async () => {
    const schema = await readFile('prisma/schema.prisma', 'utf8');
    const found: string[] = [];
    for (const [, model, body] of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
      for (const [, field] of body.matchAll(/^\s+(\w*Key)\s+String/gm)) found.push(`${model}.${field}`);
    }
    expect(found.sort()).toEqual(STORAGE_KEY_COLUMNS.map(([table, column]) => `${table}.${column}`).sort());
  });

  it('removes spooled parts, partial writes and files without a row older than a day; keeps the rest', async () => {
    const filesDir = path.join(app.dataDir, 'files');
    const tmpDir = path.join(app.dataDir, 'tmp');
    // Every stored file of the demo data has its row: set them all back two days.
    await age(filesDir);
    const referenced = await filesUnder(filesDir);
    expect(referenced.length).toBeGreaterThan(0);

    const orphan = newStorageKey('reports', 'x.pdf');
    await app.services.storage.put(orphan, samplePdf());
    const freshOrphan = newStorageKey('reports', 'y.pdf');
    await app.services.storage.put(freshOrphan, samplePdf());
    const partial = path.join(filesDir, path.dirname(orphan), `.${randomUUID()}.pdf.${randomUUID()}.tmp`);
    await writeFile(partial, 'partie');
    await mkdir(tmpDir, { recursive: true });
    await writeFile(path.join(tmpDir, 'upload-old'), 'partie');
    await writeFile(path.join(tmpDir, 'upload-fresh'), 'en cours');
    for (const file of [path.join(filesDir, orphan), partial, path.join(tmpDir, 'upload-old')])
      await utimes(file, TWO_DAYS_AGO, TWO_DAYS_AGO);

    // Two instances sweeping at once: removals are idempotent.
    // (The start-up sweep may still be running too, so outcomes are checked, not counts.)
    await Promise.all([sweepOrphanFiles(app.services), sweepOrphanFiles(app.services)]);
    expect(await app.services.storage.exists(orphan)).toBe(false);
    expect(await app.services.storage.exists(freshOrphan)).toBe(true);
    expect(await filesUnder(tmpDir)).toEqual(['upload-fresh']);
    expect((await filesUnder(filesDir)).filter((file) => file.endsWith('.tmp'))).toEqual([]);
    for (const file of referenced) expect(await app.services.storage.exists(file)).toBe(true);

    // With age 0 (what the kill -9 test relies on) the fresh ones go too.
    await sweepOrphanFiles(app.services, 0);
    expect(await app.services.storage.exists(freshOrphan)).toBe(false);
    expect(await filesUnder(tmpDir)).toEqual([]);
    expect(await filesUnder(filesDir)).toEqual(referenced);
  });

  it('on S3: lists the bucket and removes the objects without a row, never a referenced one', async () => {
    const s3 = await startTestS3();
    try {
      const storage = createS3Storage(parseStorageUrl(s3.storageUrl));
      const referenced = (await app.services.db.reportFile.findFirstOrThrow()).storageKey;
      const orphans = Array.from({ length: 3 }, () => newStorageKey('reports', 'z.pdf'));
      for (const key of [referenced, ...orphans]) await storage.put(key, samplePdf());
      const listed = [];
      for await (const object of storage.list()) listed.push(object.key);
      expect(listed.sort()).toEqual([referenced, ...orphans].sort());
      // Just stored: younger than a day, kept.
      expect((await sweepOrphanFiles({ ...app.services, storage })).orphans).toBe(0);
      expect((await sweepOrphanFiles({ ...app.services, storage }, 0)).orphans).toBe(3);
      for (const key of orphans) expect(await storage.exists(key)).toBe(false);
      expect(await storage.exists(referenced)).toBe(true);
    } finally {
      await s3.stop();
    }
  });
});

describe('HEAD on a /files link', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** Descriptors of this process (the server runs in it) open on `file`. */
  const handlesOn = async (file: string) => {
    let count = 0;
    for (const fd of await readdir('/proc/self/fd')) if ((await readlink(`/proc/self/fd/${fd}`).catch(() => '')) === file) count += 1;
    return count;
  };

  it('answers 200 with the headers and holds no file handle', async () => {
    const file = await app.services.db.reportFile.findFirstOrThrow();
    const onDisk = path.join(app.dataDir, 'files', file.storageKey);
    const link = `${app.url}${app.services.files.file(file.storageKey, file.originalName)}`;
    let held = 0;
    for (let i = 0; i < 20; i++) {
      const head = await fetch(link, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-disposition')).toContain('inline');
      expect(head.headers.get('content-type')).toBeTruthy();
      // A leaked handle stays open until garbage collection closes it (with a warning).
      held = Math.max(held, await handlesOn(onDisk));
    }
    expect(held).toBe(0);
    // A missing file is a 404 for HEAD too; GET still streams the content.
    expect((await fetch(`${app.url}${app.services.files.file('reports/2000/01/absent.pdf', 'x.pdf')}`, { method: 'HEAD' })).status).toBe(
      404,
    );
    const get = await fetch(link);
    expect(get.status).toBe(200);
    expect((await get.arrayBuffer()).byteLength).toBe(file.size);
  });
});

describe('kill -9 during uploads', () => {
  it('after restart and the sweep, no temporary or orphaned file remains and no acknowledged upload is lost', async () => {
    const database = await createTestDatabase();
    const dataDir = path.join(os.tmpdir(), `constats-kill-${randomUUID()}`);
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, WEB_DIR: path.resolve('dist/web') };
    const filesDir = path.join(dataDir, 'files');
    const tmpDir = path.join(dataDir, 'tmp');
    let server = await startChild(env);
    try {
      const token = await loginToken(server.url, demo.bailiff.email, demo.bailiff.password);
      // Acknowledged before the crash.
      const acknowledged: string[] = [];
      for (let i = 0; i < 3; i++) {
        const name = `Constat avant le crash ${i}`;
        const created = await restForm(
          server.url,
          '/api/v1/report/create',
          { name },
          [{ field: 'deposited_items[]', name: `acte-${i}.pdf`, content: samplePdf(name) }],
          token,
        );
        expect(created.status).toBe(201);
        acknowledged.push(name);
      }

      // In flight when the process dies: legacy forms spooling to DATA_DIR/tmp, GraphQL uploads
      // streaming into the store's temporary files. 20 MB announced, 3 MB sent, then nothing.
      const big = Buffer.concat([samplePdf(), Buffer.alloc(20 * 1024 * 1024, 0x20)]);
      const legacy = multipart([
        { name: 'name', content: 'Constat en cours' },
        { name: 'deposited_items[]', filename: 'gros.pdf', content: big },
      ]);
      const graphql = multipart([
        {
          name: 'operations',
          content: JSON.stringify({
            query: 'mutation($input: CreateReportInput!) { createReport(input: $input) { message } }',
            variables: { input: { name: 'Constat en cours', files: [null] } },
          }),
        },
        { name: 'map', content: JSON.stringify({ 0: ['variables.input.files.0'] }) },
        { name: '0', filename: 'gros.pdf', content: big },
      ]);
      const inFlight = [
        ...[1, 2].map(() =>
          sendRaw(server.url, '/api/v1/report/create', {
            body: legacy.body.subarray(0, 3 * 1024 * 1024),
            headers: { authorization: `Bearer ${token}`, 'content-type': legacy.contentType, 'content-length': legacy.body.length },
            holdOpen: true,
          }),
        ),
        ...[1, 2].map(() =>
          sendRaw(server.url, '/graphql', {
            body: graphql.body.subarray(0, 3 * 1024 * 1024),
            headers: { authorization: `Bearer ${token}`, 'content-type': graphql.contentType, 'content-length': graphql.body.length },
            holdOpen: true,
          }),
        ),
      ];
      await until(async () => (await filesUnder(tmpDir)).length >= 2 && (await filesUnder(filesDir)).some((file) => file.endsWith('.tmp')));
      server.child.kill('SIGKILL');
      await exited(server.child);
      await Promise.all(inFlight);

      // What the crash left, plus a stored file whose row never came (killed between the two).
      const orphanKey = newStorageKey('reports', 'orphelin.pdf');
      await mkdir(path.dirname(path.join(filesDir, orphanKey)), { recursive: true });
      await writeFile(path.join(filesDir, orphanKey), samplePdf('orphelin'));
      expect((await filesUnder(tmpDir)).filter((file) => file.startsWith('upload-')).length).toBeGreaterThanOrEqual(2);
      // A day later: everything, acknowledged files included, is older than the sweep's age.
      await age(tmpDir);
      await age(filesDir);

      // The restart sweeps at start.
      server = await startChild(env);
      await until(
        async () =>
          (await filesUnder(tmpDir)).length === 0 &&
          !(await filesUnder(filesDir)).some((file) => file.endsWith('.tmp')) &&
          !(await filesUnder(filesDir)).includes(orphanKey),
      );
      const referenced = await referencedKeys(database.url);
      const stored = await filesUnder(filesDir);
      expect(stored.filter((key) => !referenced.has(key))).toEqual([]);
      expect([...referenced].filter((key) => !stored.includes(key))).toEqual([]);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        for (const name of acknowledged) {
          const { rows } = await client.query<{ storageKey: string; size: number }>(
            'SELECT f."storageKey", f."size" FROM "ReportFile" f JOIN "Report" r ON r.id = f."reportId" WHERE r.name = $1',
            [name],
          );
          expect(rows).toHaveLength(1);
          expect((await stat(path.join(filesDir, rows[0].storageKey))).size).toBe(Number(rows[0].size));
        }
        expect((await client.query('SELECT 1 FROM "Report" WHERE name = $1', ['Constat en cours'])).rows).toEqual([]);
      } finally {
        await client.end();
      }
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
