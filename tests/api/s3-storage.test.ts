// STORAGE_URL: files on S3-compatible object storage, against s3rver (signatures v4 checked,
// multipart uploads). The store keeps the local store's contract; the app runs on it end to end.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createS3Storage, PART_SIZE, parseStorageUrl } from '../../api/src/infra/s3-storage.js';
import { FileNotFoundError, FileTooLargeError, InvalidStorageKeyError, type Storage } from '../../api/src/infra/storage.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { startTestS3, type TestS3 } from '../support/s3.js';
import { digestOf, generatedStream, readAll } from '../support/streams.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { toneWav } from '../support/media.js';
import { tusClient, tusHeaders } from '../support/tus.js';

let s3: TestS3;
let storage: Storage;

beforeAll(async () => {
  s3 = await startTestS3();
  storage = createS3Storage(parseStorageUrl(s3.storageUrl));
});

afterAll(async () => {
  await s3?.stop();
});

describe('STORAGE_URL', () => {
  it('reads the endpoint, bucket, region and credentials', () => {
    expect(parseStorageUrl('https://AKIA%2B1:s%2Fecret@s3.fr-par.scw.cloud/constats/?region=fr-par')).toEqual({
      base: 'https://s3.fr-par.scw.cloud/constats',
      region: 'fr-par',
      accessKeyId: 'AKIA+1',
      secretAccessKey: 's/ecret',
    });
    expect(parseStorageUrl('https://KEY:SECRET@constats.s3.eu-west-3.amazonaws.com').base).toBe(
      'https://constats.s3.eu-west-3.amazonaws.com',
    );
    expect(() => parseStorageUrl('https://s3.example/constats')).toThrow(/access key/);
  });
});

describe('S3 storage', () => {
  it('stores, reads back, reports and removes a file', async () => {
    const key = 'reports/2026/11/constat.txt';
    const body = Buffer.from("Constat d'état des lieux – 12 rue Mercière, Lyon", 'utf8');
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.put(key, body)).toEqual({ size: body.length });
    expect(await storage.exists(key)).toBe(true);
    expect(await readAll(await storage.get(key))).toEqual(body);
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('stores an empty file and replaces the content of an existing key', async () => {
    expect(await storage.put('bills/vide.txt', Readable.from([]))).toEqual({ size: 0 });
    expect(await readAll(await storage.get('bills/vide.txt'))).toEqual(Buffer.alloc(0));
    await storage.put('bills/facture.pdf', Buffer.from('première version'));
    await storage.put('bills/facture.pdf', Buffer.from('seconde'));
    expect((await readAll(await storage.get('bills/facture.pdf'))).toString()).toBe('seconde');
  });

  it('rejects reading a missing key with FileNotFoundError, and invalid keys', async () => {
    await expect(storage.get('reports/absent.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.put('../dehors.txt', Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get('reports/.cache')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('streams a body of several parts without loss', async () => {
    const total = 2 * PART_SIZE + 123;
    const expected = await digestOf(generatedStream(total));
    expect(await storage.put('reports/big.bin', generatedStream(total), { maxBytes: total })).toEqual({ size: total });
    expect(await digestOf(await storage.get('reports/big.bin'))).toEqual({ size: total, sha256: expected.sha256 });
  });

  it('refuses a stream over maxBytes, even after parts were sent, and stores nothing', async () => {
    const put = storage.put('reports/too-big.pdf', generatedStream(2 * PART_SIZE + 4096), { maxBytes: 2 * PART_SIZE + 1024 });
    await expect(put).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.exists('reports/too-big.pdf')).toBe(false);
    await expect(storage.put('reports/too-big.txt', Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.exists('reports/too-big.txt')).toBe(false);
  });

  it('keeps the previous content when a replacing write fails midway', async () => {
    await storage.put('reports/kept.txt', Buffer.from('version validée'));
    let pushed = 0;
    const failing = new Readable({
      read() {
        if (pushed++ < 200) this.push(Buffer.alloc(64 * 1024, 0x62));
        else this.destroy(new Error('connexion interrompue'));
      },
    });
    await expect(storage.put('reports/kept.txt', failing)).rejects.toThrow('connexion interrompue');
    expect((await readAll(await storage.get('reports/kept.txt'))).toString()).toBe('version validée');
  });
});

describe('the app on S3', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { STORAGE_URL: s3.storageUrl } });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('keeps the demo files and a new constat’s file in the bucket, none in DATA_DIR, and serves them', async () => {
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const pdf = samplePdf('Constat sur S3');
    const created = await gqlUpload<{ createReport: { report: { id: string } } }>(
      app.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
      { input: { name: 'Constat sur S3', files: [null] } },
      [{ path: 'input.files.0', name: 'constat-s3.pdf', content: pdf, type: 'application/pdf' }],
      token,
    );
    expect(created.errors).toBeUndefined();
    const report = await gql<{ node: { deposited: { files: { name: string; url: string }[] } } }>(
      app.url,
      'query($id: ID!) { node(id: $id) { ... on Report { deposited { files { name url } } } } }',
      { id: created.data!.createReport.report.id },
      token,
    );
    const [file] = report.data!.node.deposited.files;
    expect(file.name).toBe('constat-s3.pdf');
    const download = await fetch(`${app.url}${file.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);

    const stored = await app.services.db.reportFile.findFirstOrThrow({ where: { originalName: 'constat-s3.pdf' } });
    expect(await storage.exists(stored.storageKey)).toBe(true);
    const seeded = await app.services.db.reportFile.findFirstOrThrow({ where: { NOT: { id: stored.id } } });
    expect(await storage.exists(seeded.storageKey)).toBe(true);
    const local = await readdir(path.join(app.dataDir, 'files'), { recursive: true }).catch(() => []);
    expect(local).toEqual([]);
  });

  /** The keys of the bucket under the resumable uploads' staging folder. */
  async function stagedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of storage.list()) if (object.key.startsWith('staging/')) keys.push(object.key);
    return keys;
  }

  it('stages a resumable upload in the bucket: parts acknowledged, resumed from HEAD, assembled, then removed', async () => {
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const created = await gql<{ createReport: { report: { databaseId: number }; deposit: { databaseId: number } } }>(
      app.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } deposit { databaseId } } }',
      { input: { name: 'Dictée sur S3', deposit: { files: 1 } } },
      token,
    );
    expect(created.errors).toBeUndefined();
    const { report, deposit } = created.data!.createReport;
    // Past one 8 MiB part of the staging store, so that a whole part and a partial one are both stored.
    const dictation = toneWav(1200);
    expect(dictation.length).toBeGreaterThan(9 * 1024 * 1024);
    const tus = tusClient(app.url);
    const upload = await tus.create(token, { deposit: deposit.databaseId, index: 0, filename: 'dictee.wav' }, dictation.length);
    expect(upload.status).toBe(201);
    const location = upload.headers.get('location')!;

    const firstChunk = 8 * 1024 * 1024 + 512 * 1024;
    const first = await tus.patch(token, location, 0, dictation.subarray(0, firstChunk));
    expect(first.status).toBe(204);
    expect((await stagedKeys()).length).toBeGreaterThan(0);
    // The offset comes back from the bucket's parts (ListParts) and the partial part: nothing to resend.
    const head = await tus.head(token, location);
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(firstChunk);

    const rest = await tus.patch(token, location, firstChunk, dictation.subarray(firstChunk));
    expect(rest.status).toBe(204);
    const file = await app.services.db.reportFile.findFirstOrThrow({ where: { reportId: report.databaseId } });
    expect(file).toMatchObject({ originalName: 'dictee.wav', size: dictation.length });
    expect((await readAll(await storage.get(file.storageKey))).equals(dictation)).toBe(true);
    expect(await stagedKeys()).toEqual([]);
    expect(await readdir(path.join(app.dataDir, 'uploads')).catch(() => [])).toEqual([]);
  });

  it('leaves nothing in the bucket of an upload cancelled with a whole part and a partial one', async () => {
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const created = await gql<{ createReport: { deposit: { databaseId: number } } }>(
      app.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { deposit { databaseId } } }',
      { input: { name: 'Dépôt annulé sur S3', deposit: { files: 1 } } },
      token,
    );
    expect(created.errors).toBeUndefined();
    const dictation = toneWav(1200);
    const tus = tusClient(app.url);
    const upload = await tus.create(
      token,
      { deposit: created.data!.createReport.deposit.databaseId, index: 0, filename: 'dictee.wav' },
      dictation.length,
    );
    const location = upload.headers.get('location')!;
    expect((await tus.patch(token, location, 0, dictation.subarray(0, 8 * 1024 * 1024 + 1000))).status).toBe(204);
    expect((await stagedKeys()).length).toBeGreaterThan(0);

    const cancelled = await fetch(new URL(location, `${app.url}/api/v1/uploads/`), { method: 'DELETE', headers: tusHeaders(token) });
    expect(cancelled.status).toBe(204);
    expect(await stagedKeys()).toEqual([]);
  });
});
