// Resumable deposits (issue 33, items 3 and 4), through the real server: a deposit announced with
// its constat or on an existing one, its files sent over the tus endpoint /api/v1/uploads — refused
// unread without their creator, resumed from the offset HEAD gives, checked by content, picture size
// and quota once whole — and the office told once when the last file arrives, even when they all
// arrive together; abandoned uploads and deposits swept.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { request as httpRequest } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { pngHeaderOnly } from '../support/images.js';
import { heicHeader, m4aHeader, sampleAac, sampleJpeg, sampleMp3, sampleOpus, samplePng, sampleWav, webpHeader } from '../support/media.js';
import { tusClient, tusHeaders, tusMetadata, TUS_ENDPOINT } from '../support/tus.js';
import { samplePdf } from '../support/upload.js';
import { validAccountInput } from '../support/accounts.js';
import { anyServerDate } from '../support/worker-import.js';
import { sweepAbandonedDeposits } from '../../api/src/modules/reports/deposits.js';

let app: TestApp;
let tus: ReturnType<typeof tusClient>;
const tokens: Record<'admin' | 'bailiff' | 'secretary' | 'stranger', string> = {} as never;
let bailiffId: number;

const reportGid = (id: number) => encodeGlobalID('Report', id);
const CREATE = `mutation($input: CreateReportInput!) { createReport(input: $input) {
  message report { databaseId deposit { expectedFiles receivedFiles refusedFiles } } deposit { id databaseId expectedFiles completedAt }
} }`;
const START = `mutation($input: StartDepositInput!) { startDeposit(input: $input) { message deposit { databaseId expectedFiles } } }`;
const PROGRESS = `query($id: ID!) { node(id: $id) { ... on Report { deposit { expectedFiles receivedFiles refusedFiles } deposited { count } } } }`;

/** One file of a deposit, created then sent whole: the answer to its last chunk. */
async function send(depositId: number, index: number, name: string, content: Buffer, token = tokens.bailiff) {
  const created = await tus.create(token, { deposit: depositId, index, filename: name }, content.length);
  expect(created.status).toBe(201);
  return tus.patch(token, created.headers.get('location')!, 0, content);
}

async function newDeposit(files: number, token = tokens.bailiff) {
  const result = await gql(
    app.url,
    CREATE,
    { input: { name: 'Constat reprenable', bailiffId: encodeGlobalID('User', bailiffId), deposit: { files } } },
    token,
  );
  expect(result.errors).toBeUndefined();
  const payload = result.data!.createReport;
  return { reportId: payload.report.databaseId as number, depositId: payload.deposit.databaseId as number, payload };
}

/** Every file under the staging folder (data/uploads): chunks land nowhere else. */
async function stagedBytes(): Promise<number> {
  const dir = path.join(app.dataDir, 'uploads', 'staging');
  const names = await readdir(dir).catch(() => [] as string[]);
  let total = 0;
  for (const name of names.filter((entry) => !entry.endsWith('.json'))) total += (await stat(path.join(dir, name))).size;
  return total;
}

const notificationsOf = (reportId: number) =>
  app.services.db.notification.findMany({ where: { reportId }, select: { userId: true, kind: true, body: true } });

beforeAll(async () => {
  app = await startTestApp();
  tus = tusClient(app.url);
  tokens.admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  tokens.bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  tokens.secretary = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
  const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  bailiffId = bailiff.id;
  // A bailiff of another étude.
  const other = await app.services.db.group.findFirstOrThrow({ where: { id: { not: bailiff.groupId! } } });
  const account = validAccountInput('BAILIFF', encodeGlobalID('Group', other.id));
  const created = await gql(
    app.url,
    'mutation($input: CreateAccountInput!) { createAccount(input: $input) { user { id } } }',
    { input: account },
    tokens.admin,
  );
  expect(created.errors).toBeUndefined();
  tokens.stranger = await loginToken(app.url, account.email as string, account.password as string);
}, 120_000);

afterAll(() => app?.stop());

describe('a deposit announced with its constat', () => {
  it('exists at once with its progress, receives every accepted type by content, and tells the office once', async () => {
    const files: [string, Buffer][] = [
      ['acte.pdf', samplePdf()],
      ['IMG_0001.JPG', sampleJpeg(40, 30)],
      ['plan.png', samplePng(40, 30)],
      ['façade.webp', webpHeader(640, 480)],
      ['IMG_0002.HEIC', heicHeader(4032, 3024)],
      ['photo.heif', heicHeader(4032, 3024, { brand: 'mif1' })],
      ['dictée.mp3', sampleMp3({ id3: true })],
      ['mémo.m4a', m4aHeader('mp42')],
      ['mémo.aac', sampleAac()],
      ['dictée.wav', sampleWav()],
      ['note-vocale.ogg', sampleOpus()],
    ];
    const { reportId, depositId, payload } = await newDeposit(files.length);
    expect(payload.report.deposit).toEqual({ expectedFiles: files.length, receivedFiles: 0, refusedFiles: 0 });
    expect(payload.deposit).toMatchObject({ expectedFiles: files.length, completedAt: null });
    // Nobody is told of a constat whose files are still coming.
    expect(await notificationsOf(reportId)).toEqual([]);

    const first = await send(depositId, 0, ...files[0]);
    expect(first.status).toBe(204);
    const progress = await gql(app.url, PROGRESS, { id: reportGid(reportId) }, tokens.admin);
    expect(progress.data!.node.deposit).toEqual({ expectedFiles: files.length, receivedFiles: 1, refusedFiles: 0 });

    for (const [index, [name, content]] of files.entries()) {
      if (index === 0) continue;
      const answer = await send(depositId, index, name, content);
      expect([name, answer.status, answer.status === 204 ? '' : await answer.text()]).toEqual([name, 204, '']);
    }
    const rows = await app.services.db.reportFile.findMany({ where: { reportId }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => row.originalName)).toEqual(files.map(([name]) => name));
    expect(rows.map((row) => row.mimeType)).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/heic',
      'image/heif',
      'audio/mpeg',
      'audio/mp4',
      'audio/aac',
      'audio/wav',
      'audio/ogg',
    ]);
    const done = await gql(app.url, PROGRESS, { id: reportGid(reportId) }, tokens.admin);
    expect(done.data!.node).toEqual({ deposit: null, deposited: { count: files.length } });

    const admins = await app.services.db.user.count({ where: { role: 'ADMIN', status: 'ACTIVE' } });
    const told = await notificationsOf(reportId);
    expect(told.filter((row) => row.kind === 'REPORT_CREATED')).toHaveLength(admins);
    expect(told.find((row) => row.kind === 'REPORT_CREATED')!.body).toContain(`11 / 11 fichiers reçus`);
    expect(told.filter((row) => row.kind === 'DEPOSIT_COMPLETE')).toEqual([
      expect.objectContaining({ userId: bailiffId, body: expect.stringContaining('est terminé') }),
    ]);
    // Nothing is left staged once the files are stored.
    expect(await stagedBytes()).toBe(0);
  });

  it('refuses « files » and « deposit » together, and a count out of bounds, in French', async () => {
    for (const files of [0, -3, 1001]) {
      const result = await gql(
        app.url,
        CREATE,
        { input: { name: 'Constat', bailiffId: encodeGlobalID('User', bailiffId), deposit: { files } } },
        tokens.bailiff,
      );
      expect(result.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0].extensions?.fields).toEqual({
        files: files === 1001 ? expect.stringContaining('au plus 1') : 'Le nombre de fichiers annoncé doit être un entier d’au moins 1.',
      });
    }
  });
});

describe('the endpoint refuses before storing a byte', () => {
  it('refuses anonymous and foreign creations, chunks and HEADs, leaving nothing on disk', async () => {
    const { depositId } = await newDeposit(2);
    const anonymous = await tus.create(undefined, { deposit: depositId, index: 0, filename: 'a.pdf' }, 10);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ code: 401, message: 'Veuillez vous connecter.' });
    // Another étude's bailiff, a secretary and an admin: the deposit is its creator's.
    for (const token of [tokens.stranger, tokens.secretary, tokens.admin]) {
      const foreign = await tus.create(token, { deposit: depositId, index: 0, filename: 'a.pdf' }, 10);
      expect([foreign.status, (await foreign.json()).message]).toEqual([404, 'Dépôt introuvable.']);
    }
    expect(await app.services.db.depositUpload.count({ where: { depositId } })).toBe(0);

    const content = samplePdf();
    const created = await tus.create(tokens.bailiff, { deposit: depositId, index: 0, filename: 'a.pdf' }, content.length);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
    for (const token of [undefined, tokens.stranger, tokens.admin]) {
      const chunk = await tus.patch(token, location, 0, content);
      expect(chunk.status).toBe(token ? 404 : 401);
      expect((await tus.head(token, location)).status).toBe(token ? 404 : 401);
      const removal = await fetch(new URL(location, app.url), { method: 'DELETE', headers: tusHeaders(token) });
      expect(removal.status).toBe(token ? 404 : 401);
    }
    expect(await stagedBytes()).toBe(0);
    const mine = await tus.head(tokens.bailiff, location);
    expect([mine.status, mine.headers.get('upload-offset'), mine.headers.get('upload-length')]).toEqual([200, '0', String(content.length)]);
  });

  it('refuses hostile headers with a French message and the right status', async () => {
    const { depositId, reportId } = await newDeposit(2);
    const valid = { deposit: depositId, index: 0, filename: 'a.pdf' };
    const cases: [string, Response, number, string][] = [
      [
        'length over the limit',
        await tus.create(tokens.bailiff, valid, 300 * 1024 * 1024),
        413,
        'dépasse la taille maximale autorisée (200 Mo)',
      ],
      ['negative length', await tus.create(tokens.bailiff, valid, -5), 400, 'Taille du fichier invalide'],
      ['garbage length', await tus.create(tokens.bailiff, valid, 'douze'), 400, 'Taille du fichier invalide'],
      ['empty file', await tus.create(tokens.bailiff, valid, 0), 400, 'est vide'],
      [
        'deferred length',
        await fetch(`${app.url}${TUS_ENDPOINT}`, {
          method: 'POST',
          headers: tusHeaders(tokens.bailiff, { 'upload-defer-length': '1', 'upload-metadata': tusMetadata(valid) }),
        }),
        400,
        'Upload-Length',
      ],
      [
        'malformed metadata',
        await fetch(`${app.url}${TUS_ENDPOINT}`, {
          method: 'POST',
          headers: tusHeaders(tokens.bailiff, { 'upload-length': '10', 'upload-metadata': 'deposit @@@,index' }),
        }),
        400,
        'Upload-Metadata invalide',
      ],
      [
        'oversized metadata',
        await tus.create(tokens.bailiff, { ...valid, filename: 'x'.repeat(2000), note: 'y'.repeat(2000) }, 10),
        400,
        'Upload-Metadata trop long',
      ],
      ['name too long', await tus.create(tokens.bailiff, { ...valid, filename: `${'é'.repeat(256)}.pdf` }, 10), 400, '255 caractères'],
      ['no name', await tus.create(tokens.bailiff, { deposit: depositId, index: 0 }, 10), 400, 'métadonnée « filename »'],
      ['no deposit', await tus.create(tokens.bailiff, { index: 0, filename: 'a.pdf' }, 10), 400, 'métadonnée « deposit »'],
      ['place past the count', await tus.create(tokens.bailiff, { ...valid, index: 2 }, 10), 400, 'un entier de 0 à 1'],
      [
        'no protocol',
        await fetch(`${app.url}${TUS_ENDPOINT}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.bailiff}`, 'upload-length': '10' },
        }),
        412,
        'Tus-Resumable',
      ],
    ];
    for (const [what, response, status, message] of cases) {
      const body = (await response.json()) as { message: string };
      expect([what, response.status, body.message]).toEqual([what, status, expect.stringContaining(message)]);
    }
    expect(await app.services.db.depositUpload.count({ where: { depositId } })).toBe(0);

    // A wrong offset is refused without touching the upload.
    const content = samplePdf();
    const created = await tus.create(tokens.bailiff, valid, content.length);
    const location = created.headers.get('location')!;
    const wrong = await tus.patch(tokens.bailiff, location, 5, content.subarray(5));
    expect([wrong.status, (await wrong.json()).message]).toEqual([409, expect.stringContaining('Position d’envoi incorrecte')]);
    expect((await tus.head(tokens.bailiff, location)).headers.get('upload-offset')).toBe('0');

    // A finished deposit takes no more files.
    expect((await tus.patch(tokens.bailiff, location, 0, content)).status).toBe(204);
    expect((await send(depositId, 1, 'b.pdf', samplePdf())).status).toBe(204);
    const late = await tus.create(tokens.bailiff, { ...valid, index: 1 }, 10);
    expect([late.status, (await late.json()).message]).toEqual([410, 'Ce dépôt est terminé : il ne reçoit plus de fichier.']);
    // The finished upload answers its whole length: a client resuming it sends nothing again.
    const finished = await tus.head(tokens.bailiff, location);
    expect([finished.status, finished.headers.get('upload-offset')]).toEqual([200, String(content.length)]);
    expect(await app.services.db.reportFile.count({ where: { reportId } })).toBe(2);
  });
});

describe('the assembled file', () => {
  it('refuses a disguised executable and a 20,000 × 20,000 picture by content, counted refused', async () => {
    const { reportId, depositId } = await newDeposit(3);
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096)]);
    const refused = await send(depositId, 0, 'facture.pdf', executable);
    expect([refused.status, (await refused.json()).message]).toEqual([
      400,
      expect.stringContaining('Type de fichier non autorisé : « facture.pdf »'),
    ]);
    const huge = await send(depositId, 1, 'plan.png', pngHeaderOnly(20_000, 20_000));
    expect([huge.status, (await huge.json()).message]).toEqual([400, expect.stringMatching(/plan\.png.*20.000 × 20.000 pixels/)]);
    // The refusal stands when the last chunk is sent again.
    const again = await tus.head(tokens.bailiff, refused.url);
    expect(again.status).toBe(400);
    const progress = await gql(app.url, PROGRESS, { id: reportGid(reportId) }, tokens.bailiff);
    expect(progress.data!.node.deposit).toEqual({ expectedFiles: 3, receivedFiles: 0, refusedFiles: 2 });
    expect(await app.services.db.reportFile.count({ where: { reportId } })).toBe(0);
    expect(await stagedBytes()).toBe(0);
  });

  it('applies the quota to the assembled file and to the announced length', async () => {
    const { depositId, reportId } = await newDeposit(2);
    const limit = app.services.config.storageQuotaUserBytes;
    const setUsage = (bytes: number) =>
      app.services.db.storageUsage.upsert({
        where: { scope_ownerId: { scope: 'user', ownerId: bailiffId } },
        create: { scope: 'user', ownerId: bailiffId, bytes },
        update: { bytes },
      });
    const before = await app.services.db.storageUsage.findUnique({ where: { scope_ownerId: { scope: 'user', ownerId: bailiffId } } });
    try {
      const content = samplePdf();
      await setUsage(limit - content.length + 1);
      const announced = await tus.create(tokens.bailiff, { deposit: depositId, index: 0, filename: 'a.pdf' }, content.length);
      expect([announced.status, (await announced.json()).message]).toEqual([413, expect.stringContaining('Quota de stockage atteint')]);
      await setUsage(0);
      const created = await tus.create(tokens.bailiff, { deposit: depositId, index: 0, filename: 'a.pdf' }, content.length);
      expect(created.status).toBe(201);
      // Others' files took the room meanwhile: the whole file is refused, counted refused.
      await setUsage(limit - 10);
      const finished = await tus.patch(tokens.bailiff, created.headers.get('location')!, 0, content);
      expect([finished.status, (await finished.json()).message]).toEqual([413, expect.stringContaining('Quota de stockage atteint')]);
      expect(await app.services.db.deposit.findUniqueOrThrow({ where: { id: depositId } })).toMatchObject({
        receivedFiles: 0,
        refusedFiles: 1,
      });
      expect(await app.services.db.reportFile.count({ where: { reportId } })).toBe(0);
    } finally {
      await setUsage(Number(before?.bytes ?? 0));
    }
  });
});

describe('a cut upload', () => {
  it('resumes from the offset HEAD gives: nothing acknowledged is sent again', async () => {
    const { reportId, depositId } = await newDeposit(1);
    // A real PDF padded past a few chunks: the server reads what arrived before the cut.
    const content = Buffer.concat([samplePdf(), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const created = await tus.create(tokens.bailiff, { deposit: depositId, index: 0, filename: 'long.pdf' }, content.length);
    const location = created.headers.get('location')!;
    const sentBeforeCut = 1024 * 1024;
    await new Promise<void>((resolve) => {
      const url = new URL(location, app.url);
      const cut = httpRequest(url, {
        method: 'PATCH',
        headers: {
          ...tusHeaders(tokens.bailiff, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
          'content-length': String(content.length),
        },
      });
      cut.on('error', () => resolve());
      cut.write(content.subarray(0, sentBeforeCut), () => setTimeout(() => cut.destroy(), 300));
      cut.on('close', () => resolve());
    });
    // The server acknowledges what it stored of the cut chunk (the lock of the cut request may linger a moment).
    let offset = -1;
    for (let attempt = 0; attempt < 50 && offset <= 0; attempt += 1) {
      const answer = await tus.head(tokens.bailiff, location);
      if (answer.status === 200) offset = Number(answer.headers.get('upload-offset'));
      if (offset <= 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sentBeforeCut);
    const rest = content.subarray(offset);
    const resumed = await tus.patch(tokens.bailiff, location, offset, rest);
    expect(resumed.status).toBe(204);
    // Bytes counted: the cut part once, then the rest only.
    expect(offset + rest.length).toBe(content.length);
    const [file] = await app.services.db.reportFile.findMany({ where: { reportId } });
    expect(file).toMatchObject({ originalName: 'long.pdf', size: content.length });
    const stored = Buffer.from(await (await fetch(new URL(app.services.files.file(file.storageKey, 'long.pdf'), app.url))).arrayBuffer());
    expect(stored.equals(content)).toBe(true);
  });
});

describe('concurrent completions', () => {
  it('never count more than announced and tell the office exactly once', async () => {
    const files = 8;
    const { reportId, depositId } = await newDeposit(files);
    const content = samplePdf();
    const created = await Promise.all(
      Array.from({ length: files }, (_, index) =>
        tus.create(tokens.bailiff, { deposit: depositId, index, filename: `piece-${index}.pdf` }, content.length),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(files).fill(201));
    // Every last chunk at once, and each sent twice.
    const answers = await Promise.all(
      created.flatMap((answer) => [answer, answer].map((same) => tus.patch(tokens.bailiff, same.headers.get('location')!, 0, content))),
    );
    // The second of a pair finds the file stored (204, or 410 for its stale offset), its offset passed
    // (409), its staged copy gone (404) or the first still holding the upload (423): never a second file.
    expect(answers.every((answer) => [204, 404, 409, 410, 423].includes(answer.status))).toBe(true);
    const deposit = await app.services.db.deposit.findUniqueOrThrow({ where: { id: depositId } });
    expect(deposit).toMatchObject({ expectedFiles: files, receivedFiles: files, refusedFiles: 0, completedAt: anyServerDate() });
    expect(await app.services.db.reportFile.count({ where: { reportId } })).toBe(files);
    const admins = await app.services.db.user.count({ where: { role: 'ADMIN', status: 'ACTIVE' } });
    const told = await notificationsOf(reportId);
    expect(told.filter((row) => row.kind === 'REPORT_CREATED')).toHaveLength(admins);
    expect(told.filter((row) => row.kind === 'DEPOSIT_COMPLETE')).toHaveLength(1);
    // One place too many is refused.
    const extra = await tus.create(tokens.bailiff, { deposit: depositId, index: files, filename: 'extra.pdf' }, content.length);
    expect(extra.status).toBe(400);
  });
});

describe('a deposit on an existing constat', () => {
  it('takes the rights of adding deposited files, and tells the assigned secretary once', async () => {
    const report = await app.services.db.report.findFirstOrThrow({
      where: { bailiffId, status: 'EC', isArchived: false, secretaryId: { not: null } },
      select: { id: true, secretaryId: true },
    });
    const denied = await gql(app.url, START, { input: { reportId: reportGid(report.id), files: 2 } }, tokens.stranger);
    expect(denied.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const secretary = await gql(app.url, START, { input: { reportId: reportGid(report.id), files: 2 } }, tokens.secretary);
    expect(secretary.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const started = await gql(app.url, START, { input: { reportId: reportGid(report.id), files: 2 } }, tokens.bailiff);
    expect(started.errors).toBeUndefined();
    const depositId = started.data!.startDeposit.deposit.databaseId as number;
    const before = (await notificationsOf(report.id)).length;
    expect((await send(depositId, 0, 'a.pdf', samplePdf())).status).toBe(204);
    expect((await notificationsOf(report.id)).length).toBe(before);
    expect((await send(depositId, 1, 'b.pdf', samplePdf())).status).toBe(204);
    const told = (await notificationsOf(report.id)).slice(before);
    expect(told.filter((row) => row.kind === 'REPORT_FILES_ADDED' && row.userId === report.secretaryId)).toHaveLength(1);
  });
});

describe('the sweep', () => {
  it('removes abandoned uploads and closes their deposit with what arrived, telling the office once', async () => {
    const { reportId, depositId } = await newDeposit(3);
    expect((await send(depositId, 0, 'a.pdf', samplePdf())).status).toBe(204);
    const content = Buffer.concat([samplePdf(), Buffer.alloc(1000, 0x20)]);
    const created = await tus.create(tokens.bailiff, { deposit: depositId, index: 1, filename: 'b.pdf' }, content.length);
    const location = created.headers.get('location')!;
    expect((await tus.patch(tokens.bailiff, location, 0, content.subarray(0, 100))).status).toBe(204);
    expect(await stagedBytes()).toBe(100);

    // Not yet idle long enough: nothing goes.
    expect(await sweepAbandonedDeposits(app.services, new Date(Date.now() - 60_000))).toEqual({ uploads: 0, deposits: 0 });
    const swept = await sweepAbandonedDeposits(app.services, new Date(Date.now() + 1000));
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(await stagedBytes()).toBe(0);
    expect((await tus.head(tokens.bailiff, location)).status).toBe(404);
    const deposit = await app.services.db.deposit.findUniqueOrThrow({ where: { id: depositId } });
    expect(deposit).toMatchObject({ receivedFiles: 1, refusedFiles: 0, completedAt: anyServerDate() });
    const told = await notificationsOf(reportId);
    expect(told.find((row) => row.kind === 'REPORT_CREATED')!.body).toContain('1 / 3 fichiers reçus, 2 fichiers jamais arrivés');
    // Idempotent: a second sweep tells nobody again.
    await sweepAbandonedDeposits(app.services, new Date(Date.now() + 1000));
    expect((await notificationsOf(reportId)).length).toBe(told.length);
  });
});
