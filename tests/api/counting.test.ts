// Automatic page/photo counting (issue 21) through the real server: uploads queue a count in
// PostgreSQL (pg-boss), the worker writes it on the file, the constat's screens learn it live,
// and one click applies it, audited.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { PDFDocument } from 'pdf-lib';
import { startTestApp, type TestApp } from '../support/app.js';
import { waitFor } from '../support/wait.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { gqlUpload } from '../support/upload.js';
import { openLiveSocket } from '../support/ws.js';
import { findSoffice } from '../../api/src/modules/counting/render.js';
import { parisYearMonth } from '../../api/src/lib/periods.js';
import { sampleDocx, samplePdf } from '../../scripts/sample-documents.js';

let app: TestApp;
const tokens: Record<'admin' | 'bailiff' | 'secretary', string> = {} as never;
let reportId: number;
const reportGid = (id: number) => encodeGlobalID('Report', id);

const FILES = `files { name pageCount photoCount countStatus countError } detected { pages photos complete estimated }`;
const REPORT = `query($id: ID!) { node(id: $id) { ... on Report {
  deposited { ${FILES} } returned { ${FILES} }
  countPagesProvisional countPhotosProvisional detectionCheck { provisional retrocession billing }
} } }`;

async function reportAs(token: string) {
  return (await gql(app.url, REPORT, { id: reportGid(reportId) }, token)).data!.node;
}

/** Until no file of the report waits for its count (the worker polls every second). */
async function countsSettled(ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await app.services.db.reportFile.count({ where: { reportId, countStatus: 'PENDING' } })) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('counting did not finish in time');
}

async function upload(token: string, kind: 'DEPOSITED' | 'RETURNED', files: { name: string; content: Buffer | string }[]) {
  const result = await gqlUpload(
    app.url,
    'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { message } }',
    { input: { reportId: reportGid(reportId), kind, files: files.map(() => null) } },
    files.map((file, index) => ({ path: `input.files.${index}`, ...file })),
    token,
  );
  expect(result.errors).toBeUndefined();
}

beforeAll(async () => {
  app = await startTestApp();
  for (const role of ['admin', 'bailiff', 'secretary'] as const)
    tokens[role] = await loginToken(app.url, demo[role].email, demo[role].password);
  const db = app.services.db;
  const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  const created = await gqlUpload(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
    { input: { name: 'Constat compté', files: [null, null] } },
    [
      { path: 'input.files.0', name: 'notes.pdf', content: await samplePdf({ pages: 4, photos: 6, decorations: true }) },
      { path: 'input.files.1', name: 'dictée.txt', content: 'ligne\n'.repeat(70) },
    ],
    tokens.bailiff,
  );
  reportId = created.data!.createReport.report.databaseId;
  const assigned = await gql(
    app.url,
    'mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { message } }',
    { input: { reportId: reportGid(reportId), secretaryId: encodeGlobalID('User', secretary.id) } },
    tokens.admin,
  );
  expect(assigned.errors).toBeUndefined();
}, 120_000);

afterAll(() => app?.stop());

it('counts the deposited files in the background: exact pages and photos, and the constat’s totals', async () => {
  await countsSettled();
  const report = await reportAs(tokens.bailiff);
  expect(report.deposited.files).toEqual([
    { name: 'notes.pdf', pageCount: 4, photoCount: 6, countStatus: 'DONE', countError: null },
    { name: 'dictée.txt', pageCount: 2, photoCount: 0, countStatus: 'DONE', countError: null },
  ]);
  expect(report.deposited.detected).toEqual({ pages: 6, photos: 6, complete: true, estimated: false });
  expect(report.returned.detected).toEqual({ pages: 0, photos: 0, complete: false, estimated: false });
  expect(report.detectionCheck).toEqual({ provisional: null, retrocession: null, billing: null });
}, 120_000);

it('a returned typed constat is counted, announced live by reportChanged, and applied in one audited click', async () => {
  const socket = await openLiveSocket(app.url, tokens.secretary, 'subscription { reportChanged { reportId } }');
  try {
    const docx = await sampleDocx({ pages: 3, photos: 5, decorations: true });
    await upload(tokens.secretary, 'RETURNED', [{ name: 'Constat dactylographié.docx', content: docx }]);
    const before = socket.events.length;
    await countsSettled(180_000);
    // The upload's own event, then the count's, which leaves once the count is stored.
    await waitFor(() => socket.events.length > before, { what: "the count's reportChanged" });
    expect(socket.events.length).toBeGreaterThan(before);
    expect(socket.events.at(-1)).toEqual({ data: { reportChanged: { reportId: reportGid(reportId) } } });
  } finally {
    await socket.client.dispose();
  }
  const report = await reportAs(tokens.secretary);
  const exact = findSoffice() !== null;
  expect(report.returned.files[0]).toEqual({
    name: 'Constat dactylographié.docx',
    pageCount: 3,
    photoCount: 5,
    countStatus: exact ? 'DONE' : 'ESTIMATED',
    countError: null,
  });
  expect(report.returned.detected).toEqual({ pages: 3, photos: 5, complete: true, estimated: !exact });
  expect(report.detectionCheck.provisional).toBe(true); // 0 / 0 entered so far

  const applied = await gql(
    app.url,
    'mutation($input: ApplyDetectedCountsInput!) { applyDetectedCounts(input: $input) { message report { status countPagesProvisional countPhotosProvisional detectionCheck { provisional } } } }',
    { input: { reportId: reportGid(reportId), target: 'PROVISIONAL' } },
    tokens.secretary,
  );
  expect(applied.data!.applyDetectedCounts).toEqual({
    message: 'Rapport rétrocédé',
    report: { status: 'TE', countPagesProvisional: 3, countPhotosProvisional: 5, detectionCheck: { provisional: false } },
  });
  const audit = await app.services.db.auditLog.findFirst({
    where: { action: 'reports.set_retrocession', entityId: String(reportId) },
    orderBy: { id: 'desc' },
  });
  expect(audit!.data).toMatchObject({ countPagesProvisional: 3, countPhotosProvisional: 5, source: 'detected' });

  // The admin's line: rétrocession and facturation from detection, audited the same way; the
  // statistics' agreement counts one more billed constat, agreeing.
  const agreement = async () => {
    const { year, month } = parisYearMonth(new Date());
    const stats = await gql(
      app.url,
      'query($year: Int!, $month: Int) { statistics(year: $year, month: $month) { detectionAgreement { compared agreeing rate } } }',
      { year, month },
      tokens.admin,
    );
    return stats.data!.statistics.detectionAgreement as { compared: number; agreeing: number; rate: number | null };
  };
  const before = await agreement();
  const billed = await gql(
    app.url,
    'mutation($input: ApplyDetectedCountsInput!) { applyDetectedCounts(input: $input) { message report { countPagesBilling countPhotosBilling countPagesRetrocession detectionCheck { retrocession billing } } } }',
    { input: { reportId: reportGid(reportId), target: 'BILLING' } },
    tokens.admin,
  );
  expect(billed.data!.applyDetectedCounts).toEqual({
    message: 'Rapport facturé',
    report: {
      countPagesBilling: 3,
      countPhotosBilling: 5,
      countPagesRetrocession: 3,
      detectionCheck: { retrocession: false, billing: false },
    },
  });
  const after = await agreement();
  expect(after).toEqual({
    compared: before.compared + 1,
    agreeing: before.agreeing + 1,
    rate: (before.agreeing + 1) / (before.compared + 1),
  });
  // A secretary cannot bill, even from detection.
  const refused = await gql(
    app.url,
    'mutation($input: ApplyDetectedCountsInput!) { applyDetectedCounts(input: $input) { message } }',
    { input: { reportId: reportGid(reportId), target: 'BILLING' } },
    tokens.secretary,
  );
  expect(refused.errors![0].extensions!.code).toBe('FORBIDDEN');
}, 240_000);

it('a file that cannot be counted ends FAILED with its reason shown to admins only; applying is refused until every returned file is counted', async () => {
  await app.services.db.report.update({ where: { id: reportId }, data: { status: 'EC', invoiced: false } });
  const encrypted = await PDFDocument.load(await samplePdf({ pages: 1, photos: 0 }));
  encrypted.context.trailerInfo.Encrypt = encrypted.context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4 });
  await upload(tokens.secretary, 'RETURNED', [{ name: 'protégé.pdf', content: Buffer.from(await encrypted.save()) }]);
  await countsSettled();
  const admin = await reportAs(tokens.admin);
  expect(admin.returned.files[1]).toEqual({
    name: 'protégé.pdf',
    pageCount: null,
    photoCount: null,
    countStatus: 'FAILED',
    countError: 'PDF protégé par un mot de passe ou chiffré : impossible de le compter.',
  });
  expect((await reportAs(tokens.secretary)).returned.files[1].countError).toBeNull();
  expect(admin.returned.detected.complete).toBe(false);
  const refused = await gql(
    app.url,
    'mutation($input: ApplyDetectedCountsInput!) { applyDetectedCounts(input: $input) { message } }',
    { input: { reportId: reportGid(reportId), target: 'PROVISIONAL' } },
    tokens.secretary,
  );
  expect(refused.errors![0].message).toBe(
    'Le comptage automatique des éléments retournés n’est pas terminé : impossible d’appliquer ses résultats.',
  );
}, 120_000);

it('REST file entries carry page_count, photo_count and count_status, the constat its detected totals', async () => {
  const response = await rest(app.url, 'GET', '/api/v1/report/get_all?without_filter_archived=true', { token: tokens.bailiff });
  expect(response.status).toBe(200);
  const body = response.body.reports.find((report: { id: number }) => report.id === reportId);
  expect(body.deposited_items[0]).toMatchObject({
    originalname: 'notes.pdf',
    page_count: 4,
    photo_count: 6,
    count_status: 'DONE',
    count_error: null,
  });
  expect(body.deposited_detected_counts).toEqual({ pages: 6, photos: 6 });
});
