// Storage quota and upload rate per account and per étude, through the real server: parallel
// uploads near the quota never pass it, refusals are French 413 / 429 (Retry-After), nothing
// refused stays on disk, removals give the bytes back, and a spent budget refuses the next upload
// before its body is read.
import path from 'node:path';
import { sweepOpenCharges } from '../../api/src/infra/storage-quota.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { countFiles } from '../support/files.js';
import { demo, loginToken } from '../support/http.js';

const MB = 1024 * 1024;
const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { message report { id } } }';
const REMOVE = 'mutation($input: RemoveReportFilesInput!) { removeReportFiles(input: $input) { message } }';

/** A PDF of `size` bytes (a header, then spaces). */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A constat created with one file through the GraphQL multipart endpoint, status and headers kept. */
async function createWithFile(app: TestApp, token: string, name: string, content: Buffer): Promise<Answer> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: CREATE, variables: { input: { name, files: [null] } } }));
  form.append('map', JSON.stringify({ 0: ['variables.input.files.0'] }));
  form.append('0', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), `${name}.pdf`);
  const response = await fetch(`${app.url}/graphql`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** The same through the legacy REST shim. */
async function restCreate(app: TestApp, token: string, name: string, content: Buffer): Promise<Answer> {
  const form = new FormData();
  form.append('name', name);
  form.append('deposited_items', new Blob([new Uint8Array(content)]), `${name}.pdf`);
  const response = await fetch(`${app.url}/api/v1/report/create`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/**
 * An upload whose body never ends: only a refusal made before reading the body can answer it.
 * Resolves with the answer, or null if none came within `ms`.
 */
async function endlessUpload(app: TestApp, token: string, ms = 5000): Promise<Answer | null> {
  const boundary = '----quota';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n` +
      `${JSON.stringify({ query: CREATE, variables: { input: { name: 'Sans fin', files: [null] } } })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.input.files.0"]}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="sans-fin.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const controller = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      stream.enqueue(new Uint8Array(head));
      // Nothing more is ever sent.
    },
  });
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      body,
      duplex: 'half',
      signal: controller.signal,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    return { status: response.status, headers: response.headers, body: await response.json() };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

async function usage(app: TestApp, scope: 'user' | 'group', ownerId: number): Promise<number> {
  const row = await app.services.db.storageUsage.findUnique({ where: { scope_ownerId: { scope, ownerId } } });
  return Number(row?.bytes ?? 0);
}

/** Bytes of the constat files this account has in the database. */
async function storedBytes(app: TestApp, userId: number): Promise<number> {
  const total = await app.services.db.reportFile.aggregate({ where: { uploadedById: userId }, _sum: { size: true } });
  return total._sum.size ?? 0;
}

describe('storage quota per account and per étude', () => {
  let app: TestApp;
  let bailiff: string;
  let bailiffId: number;
  let groupId: number;
  const filesOnDisk = () => countFiles(path.join(app.dataDir, 'files'));

  beforeAll(async () => {
    app = await startTestApp({ env: { STORAGE_QUOTA_USER_MB: '2', STORAGE_QUOTA_GROUP_MB: '3' } });
    bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const user = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    bailiffId = user.id;
    groupId = user.groupId!;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('eight parallel uploads near the quota never store more than it, and the refused ones leave nothing', async () => {
    const [filesBefore, seeded] = [await filesOnDisk(), await storedBytes(app, bailiffId)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => createWithFile(app, bailiff, `Constat parallèle ${index}`, pdfOf(600 * 1024))),
    );
    const accepted = answers.filter((answer) => answer.status === 200 && answer.body.data?.createReport);
    const refused = answers.filter((answer) => answer.status === 413);
    expect(accepted.length + refused.length).toBe(8);
    // Three fit in 2 Mo. Fewer may pass: parallel uploads reserve as their bytes come, and a
    // reservation held by an upload refused later is given back only then.
    expect(accepted.length).toBeLessThanOrEqual(3);
    for (const answer of refused) {
      expect(answer.body.errors[0].message).toMatch(/^Quota de stockage atteint/);
      expect(answer.body.errors[0].extensions).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', reason: 'STORAGE_QUOTA' });
    }
    // What is stored is within the quota, and the totals are exactly what is stored: every
    // reservation of a refused upload was given back.
    // The demo data's files were never charged: only what this test sent counts.
    const stored = (await storedBytes(app, bailiffId)) - seeded;
    expect(stored).toBe(accepted.length * 600 * 1024);
    expect(stored).toBeLessThanOrEqual(2 * MB);
    expect(await usage(app, 'user', bailiffId)).toBe(stored);
    expect(await usage(app, 'group', groupId)).toBe(stored);
    expect(await filesOnDisk()).toBe(filesBefore + accepted.length);
    expect(await app.services.db.storageCharge.count({ where: { complete: false } })).toBe(0);
  });

  it('the legacy REST upload gets the same French 413, and stores nothing', async () => {
    const [reports, files] = [await app.services.db.report.count(), await filesOnDisk()];
    const answer = await restCreate(app, bailiff, 'Constat de trop', pdfOf(1536 * 1024));
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('Quota de stockage atteint : vos fichiers occupent déjà la place permise (2 Mo).');
    expect(await app.services.db.report.count()).toBe(reports);
    expect(await filesOnDisk()).toBe(files);
  });

  it('removing a file gives its bytes back', async () => {
    if ((await usage(app, 'user', bailiffId)) === 0)
      expect((await createWithFile(app, bailiff, 'Constat à retirer', pdfOf(600 * 1024))).status).toBe(200);
    const charged = await usage(app, 'user', bailiffId);
    const file = await app.services.db.reportFile.findFirstOrThrow({ where: { uploadedById: bailiffId, size: 600 * 1024 } });
    const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const removed = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        query: REMOVE,
        variables: { input: { reportId: Buffer.from(`Report:${file.reportId}`).toString('base64'), fileIds: [String(file.id)] } },
      }),
    }).then(async (response) => (await response.json()) as { errors?: unknown });
    expect(removed.errors).toBeUndefined();
    expect(await usage(app, 'user', bailiffId)).toBe(charged - file.size);
    expect(await usage(app, 'group', groupId)).toBe(charged - file.size);
    expect(await app.services.db.storageCharge.findUnique({ where: { file: file.storageKey } })).toBeNull();
  });

  it('the étude quota holds across its accounts', async () => {
    // A second bailiff of the same étude: the étude has 3 Mo, the first bailiff holds part of it.
    const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const created = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        query: 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { user { databaseId } } }',
        variables: {
          input: {
            role: 'BAILIFF',
            firstName: 'Claire',
            lastName: 'Voisin',
            telephone: '0612345678',
            email: 'voisin@etude.fr',
            identity: 'cvoisin',
            password: 'Constat#2026',
            groupId: Buffer.from(`Group:${groupId}`).toString('base64'),
          },
        },
      }),
    }).then(async (response) => (await response.json()) as { data: { createAccount: { user: { databaseId: number } } } });
    const colleagueId = created.data.createAccount.user.databaseId;
    const colleague = await loginToken(app.url, 'voisin@etude.fr', 'Constat#2026');
    // The first bailiff holds at least 1.2 Mo of the étude's 3 Mo: less than 1.8 Mo is left.
    while ((await usage(app, 'user', bailiffId)) < 1200 * 1024)
      expect((await createWithFile(app, bailiff, 'Constat complémentaire', pdfOf(600 * 1024))).status).toBe(200);
    const room = 3 * MB - (await usage(app, 'group', groupId));
    // Within the colleague's own 2 Mo, beyond what the étude has left.
    const answer = await createWithFile(app, colleague, 'Constat du confrère', pdfOf(room + 128 * 1024));
    expect(answer.status).toBe(413);
    expect(answer.body.errors[0].message).toMatch(/^Quota de stockage atteint : les fichiers de votre étude/);
    expect(await usage(app, 'user', colleagueId)).toBe(0);
    expect(await usage(app, 'group', groupId)).toBe(3 * MB - room);
  });

  it('an upload a crash left half-charged is refunded by the hourly sweep a day later', async () => {
    const [user, group] = [await usage(app, 'user', bailiffId), await usage(app, 'group', groupId)];
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    await app.services.db.storageCharge.create({
      data: { file: 'reports/2026/01/coupure.pdf', userId: bailiffId, groupId, bytes: 1000n, complete: false, updatedAt: twoDaysAgo },
    });
    for (const [scope, ownerId] of [
      ['user', bailiffId],
      ['group', groupId],
    ] as const)
      await app.services.db.storageUsage.update({ where: { scope_ownerId: { scope, ownerId } }, data: { bytes: { increment: 1000 } } });
    expect(await sweepOpenCharges(app.services.db, new Date(Date.now() - 24 * 3600_000))).toBe(1);
    expect(await usage(app, 'user', bailiffId)).toBe(user);
    expect(await usage(app, 'group', groupId)).toBe(group);
    expect(await app.services.db.storageCharge.count({ where: { complete: false } })).toBe(0);
  });
});

describe('upload rate per account', () => {
  let app: TestApp;
  let bailiff: string;
  const filesOnDisk = () => countFiles(path.join(app.dataDir, 'files'));

  beforeAll(async () => {
    app = await startTestApp({ env: { UPLOAD_MB_PER_HOUR: '1' } });
    bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('past the hourly budget: a French 429 with Retry-After, then refusals before the body is read', async () => {
    const first = await createWithFile(app, bailiff, 'Premier envoi', pdfOf(700 * 1024));
    expect(first.status).toBe(200);
    expect(first.body.errors).toBeUndefined();

    const files = await filesOnDisk();
    const second = await createWithFile(app, bailiff, 'Second envoi', pdfOf(700 * 1024));
    expect(second.status).toBe(429);
    expect(second.body.errors[0].message).toMatch(/^Trop de fichiers envoyés en peu de temps : réessayez dans \d+ minute\(s\)\.$/);
    expect(second.body.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'UPLOAD_RATE' });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await filesOnDisk()).toBe(files);

    // The budget is spent: the next upload is answered while its body is still unsent.
    const third = await endlessUpload(app, bailiff);
    expect(third).not.toBeNull();
    expect(third!.status).toBe(429);
    expect(Number(third!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third!.body.errors[0].message).toMatch(/^Trop de fichiers envoyés/);

    const legacy = await restCreate(app, bailiff, 'Envoi REST', pdfOf(10 * 1024));
    expect(legacy.status).toBe(429);
    expect(Number(legacy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(legacy.body.message).toMatch(/^Trop de fichiers envoyés/);
    expect(await filesOnDisk()).toBe(files);
  });
});
