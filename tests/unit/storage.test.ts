import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  createLocalStorage,
  FileNotFoundError,
  FileTooLargeError,
  InvalidStorageKeyError,
  newStorageKey,
  type Storage,
} from '../../api/src/infra/storage.js';
import { digestOf, generatedStream, readAll } from '../support/streams.js';

/** Every file under `dir`, hidden temporary files included. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('local storage', () => {
  let root: string;
  let storage: Storage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
    storage = createLocalStorage(root);
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

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

  it('replaces the content of an existing key', async () => {
    await storage.put('bills/facture.pdf', Buffer.from('première version'));
    await storage.put('bills/facture.pdf', Buffer.from('seconde'));
    expect((await readAll(await storage.get('bills/facture.pdf'))).toString()).toBe('seconde');
  });

  it('rejects reading a missing key with FileNotFoundError', async () => {
    await expect(storage.get('reports/absent.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('does not take a folder of keys for a stored file', async () => {
    await storage.put('reports/2026/11/a.pdf', Buffer.from('%PDF-1.4'));
    expect(await storage.exists('reports/2026')).toBe(false);
    await expect(storage.get('reports/2026')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('streams a large body without loss', async () => {
    const total = 24 * 1024 * 1024 + 123;
    const expected = await digestOf(generatedStream(total));
    expect(await storage.put('reports/big.bin', generatedStream(total), { maxBytes: total })).toEqual({ size: total });
    expect(await digestOf(await storage.get('reports/big.bin'))).toEqual({ size: total, sha256: expected.sha256 });
  });

  it('refuses a stream over maxBytes and keeps nothing', async () => {
    const put = storage.put('reports/too-big.pdf', generatedStream(3 * 1024 * 1024), { maxBytes: 1024 * 1024 });
    await expect(put).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(put).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', maxBytes: 1024 * 1024 });
    expect(await storage.exists('reports/too-big.pdf')).toBe(false);
    expect(await listFiles(root)).toEqual([]);
  });

  it('refuses a buffer over maxBytes and keeps nothing', async () => {
    await expect(storage.put('reports/too-big.txt', Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await listFiles(root)).toEqual([]);
  });

  it('keeps the previous content when a replacing write fails', async () => {
    await storage.put('reports/kept.txt', Buffer.from('version validée'));
    await expect(storage.put('reports/kept.txt', generatedStream(4096), { maxBytes: 100 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect((await readAll(await storage.get('reports/kept.txt'))).toString()).toBe('version validée');
    expect(await listFiles(root)).toEqual([path.join(root, 'reports', 'kept.txt')]);
  });

  it('leaves nothing behind when the source stream fails midway', async () => {
    let pushed = 0;
    const failing = new Readable({
      read() {
        if (pushed++ < 3) this.push(Buffer.alloc(1024, 0x62));
        else this.destroy(new Error('connexion interrompue'));
      },
    });
    await expect(storage.put('reports/aborted.pdf', failing)).rejects.toThrow('connexion interrompue');
    expect(await listFiles(root)).toEqual([]);
  });

  it.each([
    '',
    '../outside.txt',
    'reports/../../outside.txt',
    'reports/./x.pdf',
    '/etc/passwd',
    'reports//x.pdf',
    'reports/',
    'reports\\..\\x.pdf',
    '.hidden',
    'reports/.x.pdf.tmp',
    'reports/x\u0000.pdf',
    'reports/%2e%2e/x.pdf',
    'C:/Windows/x.pdf',
  ])('rejects the key %j in every operation', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.remove(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await listFiles(root)).toEqual([]);
  });
});

describe('newStorageKey', () => {
  const now = new Date('2026-11-05T10:00:00Z');
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

  it('builds folder/year/month/uuid with the lower-cased extension', () => {
    expect(newStorageKey('reports', 'Procès-verbal Hélène.PDF', now)).toMatch(new RegExp(`^reports/2026/11/${uuid}\\.pdf$`));
  });

  it('gives a new name on every call', () => {
    expect(newStorageKey('reports', 'a.pdf', now)).not.toBe(newStorageKey('reports', 'a.pdf', now));
  });

  it.each([
    ['../../etc/passwd', ''],
    ['C:\\Users\\loic\\Bail signé.DOCX', '.docx'],
    ['archive.tar.gz', '.gz'],
    ['sans extension', ''],
    ['bizarre.p;h p', ''],
  ])('never lets the original name %j shape the path', (originalName, extension) => {
    const key = newStorageKey('reports', originalName, now);
    expect(key).toMatch(new RegExp(`^reports/2026/11/${uuid}${extension.replace('.', '\\.')}$`));
  });

  it('produces keys the storage accepts', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'storage-key-'));
    try {
      const key = newStorageKey('secretary-bills', 'facture novembre.pdf');
      await createLocalStorage(root).put(key, Buffer.from('%PDF-1.4'));
      expect(await createLocalStorage(root).exists(key)).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('rejects an invalid folder', () => {
    expect(() => newStorageKey('../reports', 'a.pdf')).toThrow(InvalidStorageKeyError);
  });
});
