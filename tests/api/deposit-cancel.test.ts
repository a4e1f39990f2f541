// « Annuler le dépôt » (product.md §16), through the real server: the depositor stops a resumable
// deposit; its unfinished uploads and their staged bytes go, the files received stay on the constat,
// and the deposit completes once with what it received, the office told once, even when its last
// file arrives at the same moment. Nobody else can stop it.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { tusClient } from '../support/tus.js';
import { samplePdf } from '../support/upload.js';

let app: TestApp;
let tus: ReturnType<typeof tusClient>;
const tokens: Record<'admin' | 'bailiff' | 'secretary', string> = {} as never;
let bailiffId: number;

const CREATE = `mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } deposit { id databaseId } } }`;
const CANCEL = `mutation($input: CancelDepositInput!) { cancelDeposit(input: $input) {
  databaseId expectedFiles receivedFiles refusedFiles completedAt
} }`;

async function newDeposit(files: number) {
  const result = await gql(
    app.url,
    CREATE,
    { input: { name: 'Constat interrompu', bailiffId: encodeGlobalID('User', bailiffId), deposit: { files } } },
    tokens.bailiff,
  );
  expect(result.errors).toBeUndefined();
  const payload = result.data!.createReport;
  return {
    reportId: payload.report.databaseId as number,
    depositId: payload.deposit.databaseId as number,
    gid: payload.deposit.id as string,
  };
}

/** Creates the upload of place `index` and sends `bytes` of `content` (all of it by default): its location and last answer. */
async function send(depositId: number, index: number, content: Buffer, bytes = content.length) {
  const created = await tus.create(tokens.bailiff, { deposit: depositId, index, filename: `piece-${index}.pdf` }, content.length);
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  return { location, answer: await tus.patch(tokens.bailiff, location, 0, content.subarray(0, bytes)) };
}

const cancel = (depositId: string, token = tokens.bailiff) => gql(app.url, CANCEL, { input: { depositId } }, token);

const notificationsOf = (reportId: number) =>
  app.services.db.notification.findMany({ where: { reportId }, select: { kind: true, body: true } });

async function stagedFiles(): Promise<string[]> {
  return readdir(path.join(app.dataDir, 'uploads', 'staging')).catch(() => [] as string[]);
}

beforeAll(async () => {
  app = await startTestApp();
  tus = tusClient(app.url);
  tokens.admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  tokens.bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  tokens.secretary = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
  bailiffId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
});

afterAll(() => app?.stop());

it('keeps the files received, removes the unfinished upload and its bytes, and tells the office once', async () => {
  const { reportId, depositId, gid } = await newDeposit(4);
  const content = samplePdf();
  for (const index of [0, 1]) expect((await send(depositId, index, content)).answer.status).toBe(204);
  const long = Buffer.concat([content, Buffer.alloc(512 * 1024, 0x20)]);
  const partial = await send(depositId, 2, long, 256 * 1024);
  expect(partial.answer.status).toBe(204);
  const stagedBefore = await stagedFiles();

  const cancelled = await cancel(gid);
  expect(cancelled.errors).toBeUndefined();
  expect(cancelled.data!.cancelDeposit).toMatchObject({
    expectedFiles: 4,
    receivedFiles: 2,
    refusedFiles: 0,
    completedAt: expect.any(String),
  });

  expect(await app.services.db.reportFile.count({ where: { reportId } })).toBe(2);
  expect(await app.services.db.depositUpload.count({ where: { depositId, status: 'OPEN' } })).toBe(0);
  expect((await stagedFiles()).length).toBeLessThan(stagedBefore.length);
  // The unfinished upload is gone; the deposit takes no new file.
  expect((await tus.head(tokens.bailiff, partial.location)).status).toBe(404);
  const late = await tus.create(tokens.bailiff, { deposit: depositId, index: 3, filename: 'tard.pdf' }, content.length);
  expect(late.status).toBe(410);
  expect(await late.text()).toContain('Ce dépôt est terminé');

  const told = await notificationsOf(reportId);
  const admins = await app.services.db.user.count({ where: { role: 'ADMIN', status: 'ACTIVE' } });
  expect(told.filter((row) => row.kind === 'REPORT_CREATED')).toHaveLength(admins);
  const mine = told.filter((row) => row.kind === 'DEPOSIT_COMPLETE');
  expect(mine).toHaveLength(1);
  expect(mine[0].body).toContain('2 / 4 fichiers reçus, 2 fichiers jamais arrivés');

  // A second click answers the same deposit and tells nobody again.
  const again = await cancel(gid);
  expect(again.data!.cancelDeposit).toMatchObject({ receivedFiles: 2, completedAt: cancelled.data!.cancelDeposit.completedAt });
  expect(await notificationsOf(reportId)).toHaveLength(told.length);
  const audit = await app.services.db.auditLog.findMany({ where: { action: 'reports.deposit.cancel', entityId: String(reportId) } });
  expect(audit).toHaveLength(1);
});

it('is refused to anyone but the depositor, and to ids of anything else, the deposit untouched', async () => {
  const { reportId, depositId, gid } = await newDeposit(2);
  const admin = await cancel(gid, tokens.admin);
  expect(admin.errors?.[0]).toMatchObject({ message: 'Dépôt introuvable.', extensions: { code: 'NOT_FOUND' } });
  const secretary = await cancel(gid, tokens.secretary);
  expect(secretary.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const anonymous = await gql(app.url, CANCEL, { input: { depositId: gid } });
  expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  for (const other of [encodeGlobalID('Report', reportId), encodeGlobalID('Deposit', 'x'), encodeGlobalID('Deposit', '-1')]) {
    const answer = await cancel(other);
    expect(answer.errors?.[0]).toMatchObject({ message: 'Dépôt introuvable.', extensions: { code: 'NOT_FOUND' } });
  }
  // Not global IDs at all: refused by the schema's ID parsing before the resolver.
  for (const malformed of ['bm9wZQ==', 'x'.repeat(5000)]) {
    const answer = await cancel(malformed);
    expect(answer.data?.cancelDeposit ?? null).toBeNull();
    expect(answer.errors?.length).toBeGreaterThan(0);
  }
  const deposit = await app.services.db.deposit.findUniqueOrThrow({ where: { id: depositId } });
  expect(deposit.completedAt).toBeNull();
  expect(await notificationsOf(reportId)).toHaveLength(0);
});

it('racing the last file, completes once: every file on the constat counted, the office told once', async () => {
  const content = samplePdf();
  const admins = await app.services.db.user.count({ where: { role: 'ADMIN', status: 'ACTIVE' } });
  for (let round = 0; round < 5; round += 1) {
    const { reportId, depositId, gid } = await newDeposit(2);
    expect((await send(depositId, 0, content)).answer.status).toBe(204);
    const created = await tus.create(tokens.bailiff, { deposit: depositId, index: 1, filename: 'dernier.pdf' }, content.length);
    const [last, cancelled] = await Promise.all([tus.patch(tokens.bailiff, created.headers.get('location')!, 0, content), cancel(gid)]);
    expect(cancelled.errors).toBeUndefined();
    // The last file either arrived before the cancel (204) or found its upload gone (404) or its
    // deposit over (410: a deposit's conflicts are 410, which tus clients do not retry).
    expect([204, 404, 410]).toContain(last.status);
    const deposit = await app.services.db.deposit.findUniqueOrThrow({ where: { id: depositId } });
    expect(deposit.completedAt).not.toBeNull();
    expect(await app.services.db.reportFile.count({ where: { reportId } })).toBe(deposit.receivedFiles);
    expect(deposit.receivedFiles).toBe(last.status === 204 ? 2 : 1);
    const told = await notificationsOf(reportId);
    expect(told.filter((row) => row.kind === 'REPORT_CREATED')).toHaveLength(admins);
    expect(told.filter((row) => row.kind === 'DEPOSIT_COMPLETE')).toHaveLength(1);
  }
});
