// Constats through the real server: creation, the workflow (assignment, counts, return, archive),
// files, comments, lists and their headers, and the REST shims of the workflow (product.md §7).
// Over 400 lines on purpose: one file per capability's API contract, its describe blocks sharing
// the people and sessions that beforeAll sets up once.
import { sampleDocx } from '../support/office.js';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { mailQueueDrained, startTestApp, type TestApp } from '../support/app.js';
import { countFiles } from '../support/files.js';
import { demo, gql, loginToken, readOutbox, rest } from '../support/http.js';
import { gqlUpload, restForm, samplePdf } from '../support/upload.js';
import { expectEvery } from '../support/expect-every.js';

let app: TestApp;
const tokens: Record<'admin' | 'bailiff' | 'otherBailiff' | 'secretary' | 'otherSecretary', string> = {} as never;
const ids: Record<'bailiff' | 'otherBailiff' | 'secretary' | 'otherSecretary', number> = {} as never;

const userGid = (id: number) => encodeGlobalID('User', id);
const reportGid = (id: number) => encodeGlobalID('Report', id);

const CREATE = `mutation($input: CreateReportInput!) { createReport(input: $input) { message report { id databaseId name status deposited { count files { name } } } } }`;
const REPORT = `query($id: ID!) { node(id: $id) { ... on Report {
  databaseId name status isArchived alert delayHours
  secretary { databaseId }
  deposited { count totalSize archiveUrl files { id name size url downloadUrl } }
  returned { count files { id name url } }
  countPagesProvisional countPagesBilling retrocessionAmounts { pages photos total } billingAmounts { pages photos total }
  comments { body authorRole isMine isRead } unreadCommentCount unreadCommentIds
} } }`;

const storedFileCount = () => countFiles(path.join(app.dataDir, 'files'));

async function createReport(
  token: string,
  name: string,
  files: { name: string; content: Buffer | string }[] = [{ name: 'constat.pdf', content: samplePdf() }],
  extra: Record<string, unknown> = {},
) {
  return gqlUpload(
    app.url,
    CREATE,
    { input: { name, files: files.map(() => null), ...extra } },
    files.map((file, index) => ({ path: `input.files.${index}`, ...file })),
    token,
  );
}

async function report(token: string, id: number) {
  return (await gql(app.url, REPORT, { id: reportGid(id) }, token)).data?.node;
}

async function mutate(token: string, name: string, inputType: string, input: Record<string, unknown>) {
  return gql(
    app.url,
    `mutation($input: ${inputType}!) { ${name}(input: $input) { message report { databaseId status } } }`,
    { input },
    token,
  );
}

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const bailiffs = await db.user.findMany({ where: { role: 'BAILIFF', status: 'ACTIVE' }, orderBy: { id: 'asc' } });
  const secretaries = await db.user.findMany({ where: { role: 'SECRETARY', status: 'ACTIVE' }, orderBy: { id: 'asc' } });
  const bailiff = bailiffs.find((user) => user.email === demo.bailiff.email)!;
  const otherBailiff = bailiffs.find((user) => user.id !== bailiff.id)!;
  const secretary = secretaries.find((user) => user.email === demo.secretary.email)!;
  const otherSecretary = secretaries.find((user) => user.id !== secretary.id)!;
  Object.assign(ids, { bailiff: bailiff.id, otherBailiff: otherBailiff.id, secretary: secretary.id, otherSecretary: otherSecretary.id });
  Object.assign(tokens, {
    admin: await loginToken(app.url, demo.admin.email, demo.admin.password),
    bailiff: await loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    otherBailiff: await loginToken(app.url, otherBailiff.email, demo.bailiff.password),
    secretary: await loginToken(app.url, demo.secretary.email, demo.secretary.password),
    otherSecretary: await loginToken(app.url, otherSecretary.email, demo.secretary.password),
  });
});

afterAll(async () => {
  await app?.stop();
});

describe('createReport', () => {
  it('a bailiff deposits a constat with two files: EC, stored, admins notified and e-mailed', async () => {
    const before = await storedFileCount();
    const result = await createReport(
      tokens.bailiff,
      'Constat d’état des lieux – 4 rue Mercière',
      [
        { name: 'PV état des lieux.pdf', content: samplePdf() },
        { name: 'notes.txt', content: 'Pièce 1 : séjour, RAS.\n' },
      ],
      { comment: 'Urgent : remise des clés vendredi' },
    );
    expect(result.errors).toBeUndefined();
    const created = result.data!.createReport;
    expect(created.message).toBe('Constat créé avec succès');
    expect(created.report).toMatchObject({ name: 'Constat d’état des lieux – 4 rue Mercière', status: 'EC', deposited: { count: 2 } });
    expect(await storedFileCount()).toBe(before + 2);

    const notifications = await app.services.db.notification.findMany({
      where: { kind: 'REPORT_CREATED', reportId: created.report.databaseId },
    });
    const admins = await app.services.db.user.count({ where: { role: 'ADMIN', status: 'ACTIVE' } });
    expect(notifications).toHaveLength(admins);
    await mailQueueDrained(app);
    const mail = (await readOutbox(app.outboxDir)).find((m) => m.subject === 'Nouveau Constat' && m.text?.includes('4 rue Mercière'));
    expect(mail).toBeDefined();
    const audit = await app.services.db.auditLog.findFirst({
      where: { action: 'reports.create', entityId: String(created.report.databaseId) },
    });
    expect(audit?.actorId).toBe(ids.bailiff);
  });

  it('an admin creates for a chosen bailiff, and must choose one', async () => {
    const missing = await createReport(tokens.admin, 'Constat de chantier');
    expect(missing.errors![0].extensions!.fields).toMatchObject({ bailiffId: 'Veuillez sélectionner un huissier' });
    const ok = await createReport(tokens.admin, 'Constat de chantier', undefined, { bailiffId: userGid(ids.otherBailiff) });
    expect(ok.data!.createReport.report.status).toBe('EC');
    const row = await app.services.db.report.findUniqueOrThrow({ where: { id: ok.data!.createReport.report.databaseId } });
    expect(row.bailiffId).toBe(ids.otherBailiff);
  });

  it('a bailiff cannot create for another bailiff, a secretary not at all', async () => {
    const forOther = await createReport(tokens.bailiff, 'Constat', undefined, { bailiffId: userGid(ids.otherBailiff) });
    const created = await app.services.db.report.findFirst({ where: { name: 'Constat', bailiffId: ids.otherBailiff } });
    expect(forOther.errors).toBeUndefined();
    expect(created).toBeNull(); // the bailiff's own id wins: a bailiff always deposits for himself
    const secretary = await createReport(tokens.secretary, 'Constat');
    expect(secretary.errors![0].extensions!.code).toBe('FORBIDDEN');
  });

  it.each([
    ['', 'name', 'Veuillez entrer un nom pour le constat'],
    ['x'.repeat(91), 'name', 'Le nom du constat ne doit pas dépasser 90 caractères.'],
  ])('name "%s" is refused: %s → %s', async (name, field, message) => {
    const before = await app.services.db.report.count();
    const result = await createReport(tokens.bailiff, name);
    expect(result.errors![0].extensions!.fields![field]).toBe(message);
    expect(await app.services.db.report.count()).toBe(before);
  });

  it('at least one file is required', async () => {
    const result = await gql(app.url, CREATE, { input: { name: 'Sans fichier', files: [] } }, tokens.bailiff);
    expect(result.errors![0].extensions!.fields).toMatchObject({ files: 'Veuillez entrer un fichier' });
  });

  it('an .exe renamed .pdf is refused with a French message and nothing is stored', async () => {
    const [reportsBefore, filesBefore] = [await app.services.db.report.count(), await storedFileCount()];
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2048)]);
    const result = await createReport(tokens.bailiff, 'Constat piégé', [
      { name: 'bon.pdf', content: samplePdf() },
      { name: 'facture.pdf', content: exe },
    ]);
    expect(result.errors![0].message).toBe(
      'Type de fichier non autorisé : « facture.pdf ». Formats acceptés : documents (.doc, .docx, .odt, .pdf, .txt), ' +
        'photos (.jpg, .jpeg, .png, .webp, .heic, .heif), dictées (.mp3, .m4a, .aac, .wav, .ogg, .opus).',
    );
    expect(await app.services.db.report.count()).toBe(reportsBefore);
    expect(await storedFileCount()).toBe(filesBefore);
  });

  it('REST report/create takes deposited_items[] and answers in the legacy shape', async () => {
    const response = await restForm(
      app.url,
      '/api/v1/report/create',
      { bailiff_id: String(ids.bailiff), name: 'Constat REST – 12 quai Saint-Antoine', comment: 'Via l’ancien formulaire' },
      [
        { field: 'deposited_items[]', name: 'acte.pdf', content: samplePdf() },
        { field: 'deposited_items[]', name: 'Procès-verbal.txt', content: 'Texte' },
      ],
      tokens.bailiff,
    );
    expect(response.body.message).toBe('Constat créé avec succès');
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Constat créé avec succès');
    expect(response.body.report).toMatchObject({ name: 'Constat REST – 12 quai Saint-Antoine', status: 'EC', bailiff_id: ids.bailiff });
    expect(response.body.report.deposited_items.map((item: { originalname: string }) => item.originalname)).toEqual([
      'acte.pdf',
      'Procès-verbal.txt',
    ]);
    expect(response.body.report.deposited_items[0]).toEqual(
      expect.objectContaining({ linkUrl: expect.stringMatching(/^\/files\//), file_url: expect.any(String), size: expect.any(Number) }),
    );
    expect(await readdir(path.join(app.dataDir, 'tmp'))).toEqual([]);
  });

  it('REST report/create refuses a forbidden type with 400 and the message', async () => {
    const response = await restForm(
      app.url,
      '/api/v1/report/create',
      { name: 'Constat' },
      [{ field: 'deposited_items[]', name: 'x.docx', content: samplePdf() }],
      tokens.bailiff,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Type de fichier non autorisé/);
  });
});

describe('workflow: assignment, counts, return, archive', () => {
  let reportId: number;

  beforeAll(async () => {
    reportId = (await createReport(tokens.bailiff, 'Constat de livraison – entrepôt Vénissieux')).data!.createReport.report.databaseId;
  });

  it('the assigned secretary (and only she) sees the report once the admin assigns it', async () => {
    expect(await report(tokens.secretary, reportId)).toBeNull();
    const result = await mutate(tokens.admin, 'assignSecretary', 'AssignSecretaryInput', {
      reportId: reportGid(reportId),
      secretaryId: userGid(ids.secretary),
    });
    expect(result.data!.assignSecretary.message).toBe('Constat mis à jour avec succès');
    expect((await report(tokens.secretary, reportId)).secretary.databaseId).toBe(ids.secretary);
    expect(await report(tokens.otherSecretary, reportId)).toBeNull();
    const notification = await app.services.db.notification.findFirst({
      where: { kind: 'REPORT_ASSIGNED', reportId, userId: ids.secretary },
    });
    expect(notification).not.toBeNull();
    const row = await app.services.db.report.findUniqueOrThrow({ where: { id: reportId }, include: { secretary: true } });
    expect(row.secretaryPricePage?.toString()).toBe(row.secretary!.secretaryPricePage.toString());
  });

  it('a secretary list holds only her own reports', async () => {
    const result = await gql(
      app.url,
      'query { reports(first: 100) { totalCount edges { node { secretary { databaseId } } } } }',
      {},
      tokens.secretary,
    );
    const mine = await app.services.db.report.count({ where: { secretaryId: ids.secretary } });
    expect(result.data!.reports.totalCount).toBe(mine);
    expectEvery(result.data!.reports.edges, (edge: any) => edge.node.secretary.databaseId === ids.secretary);
  });

  it('a bailiff never sees another bailiff’s report', async () => {
    expect(await report(tokens.otherBailiff, reportId)).toBeNull();
    const list = await rest(app.url, 'GET', '/api/v1/report/get_all?without_filter_archived=true', { token: tokens.otherBailiff });
    expectEvery(list.body.reports, (r: { bailiff_id: number }) => r.bailiff_id === ids.otherBailiff);
    const touch = await mutate(tokens.otherBailiff, 'archiveReport', 'ArchiveReportInput', { reportId: reportGid(reportId) });
    expect(touch.errors![0].extensions!.code).toBe('NOT_FOUND');
  });

  it('retrocession needs provisional pages > 0, then EC becomes RS (shown EC to the bailiff)', async () => {
    const zero = await mutate(tokens.secretary, 'setRetrocession', 'SetRetrocessionInput', {
      reportId: reportGid(reportId),
      countPagesProvisional: 0,
      countPhotosProvisional: 2,
    });
    expect(zero.errors![0].message).toBe('Le nombre de pages doit être supérieur à 0.');
    const ok = await mutate(tokens.secretary, 'setRetrocession', 'SetRetrocessionInput', {
      reportId: reportGid(reportId),
      countPagesProvisional: 12,
      countPhotosProvisional: 5,
      comment: 'Photos floues en page 3',
    });
    expect(ok.data!.setRetrocession).toMatchObject({ message: 'Rapport rétrocédé', report: { status: 'RS' } });
    expect((await report(tokens.bailiff, reportId)).status).toBe('EC');
  });

  it('returned files stay hidden from the bailiff until the constat is terminated', async () => {
    // A returned file on a report still in progress (possible only through an admin correction).
    await app.services.db.reportFile.create({
      data: {
        reportId,
        kind: 'RETURNED',
        originalName: 'brouillon.pdf',
        size: 10,
        mimeType: 'application/pdf',
        storageKey: `reports/test/${reportId}-draft.pdf`,
      },
    });
    expect((await report(tokens.bailiff, reportId)).returned.count).toBe(0);
    expect((await report(tokens.admin, reportId)).returned.count).toBe(1);
    await app.services.db.reportFile.deleteMany({ where: { reportId, kind: 'RETURNED' } });
  });

  it('the secretary returns the typed file: TE, the bailiff is notified and now sees it', async () => {
    const result = await gqlUpload(
      app.url,
      'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { message report { status returned { count } } } }',
      { input: { reportId: reportGid(reportId), kind: 'RETURNED', files: [null] } },
      [{ path: 'input.files.0', name: 'Constat dactylographié.docx', content: await sampleDocx('Constat dactylographié') }],
      tokens.secretary,
    );
    expect(result.data!.addReportFiles).toMatchObject({
      message: 'Fichier envoyé avec succès.',
      report: { status: 'TE', returned: { count: 1 } },
    });
    expect((await report(tokens.bailiff, reportId)).returned.files[0].name).toBe('Constat dactylographié.docx');
    expect(
      await app.services.db.notification.findFirst({ where: { kind: 'REPORT_RETURNED', reportId, userId: ids.bailiff } }),
    ).not.toBeNull();
  });

  it('a bailiff cannot upload to a TE report', async () => {
    const result = await gqlUpload(
      app.url,
      'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { message } }',
      { input: { reportId: reportGid(reportId), kind: 'DEPOSITED', files: [null] } },
      [{ path: 'input.files.0', name: 'encore.pdf', content: samplePdf() }],
      tokens.bailiff,
    );
    expect(result.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect(await app.services.db.reportFile.count({ where: { reportId, originalName: 'encore.pdf' } })).toBe(0);
  });

  it('billing needs billing pages > 0 and computes the amounts with the étude tariffs', async () => {
    const zero = await mutate(tokens.admin, 'setBilling', 'SetBillingInput', {
      reportId: reportGid(reportId),
      countPagesRetrocession: 12,
      countPhotosRetrocession: 5,
      countPagesBilling: 0,
      countPhotosBilling: 5,
    });
    expect(zero.errors![0].message).toBe('Le nombre de pages facturées doit être supérieur à 0.');
    const ok = await mutate(tokens.admin, 'setBilling', 'SetBillingInput', {
      reportId: reportGid(reportId),
      countPagesRetrocession: 12,
      countPhotosRetrocession: 5,
      countPagesBilling: 12,
      countPhotosBilling: 5,
    });
    expect(ok.data!.setBilling.message).toBe('Rapport facturé');
    const row = await app.services.db.report.findUniqueOrThrow({
      where: { id: reportId },
      include: { bailiff: { include: { group: true } } },
    });
    expect(row.groupPricePage!.toString()).toBe(row.bailiff.group!.pricePage.toString());
    const shown = await report(tokens.admin, reportId);
    // (12 − round(5/2) = 9) × page price + 5 × photo price
    const expectedPages = (9 * Number(row.groupPricePage)).toFixed(2);
    const expectedPhotos = (5 * Number(row.groupPricePhoto)).toFixed(2);
    expect(shown.billingAmounts).toMatchObject({ pages: expectedPages, photos: expectedPhotos });
    // round(12 − 5/2) = round(9.5) = 10 text pages for the secretary
    expect(shown.retrocessionAmounts.pages).toBe((10 * Number(row.secretaryPricePage)).toFixed(2));
    expect((await report(tokens.secretary, reportId)).billingAmounts).toBeNull();
  });

  it('billing a report without secretary is refused with product.md’s message', async () => {
    const orphan = (await createReport(tokens.bailiff, 'Constat sans secrétaire')).data!.createReport.report.databaseId;
    const result = await mutate(tokens.admin, 'setBilling', 'SetBillingInput', {
      reportId: reportGid(orphan),
      countPagesRetrocession: 1,
      countPhotosRetrocession: 0,
      countPagesBilling: 1,
      countPhotosBilling: 0,
    });
    expect(result.errors![0].message).toBe('Veuillez sélectionner un secrétaire');
  });

  it('the bailiff archives his TE report; the admin unarchives it back to TE', async () => {
    const archived = await mutate(tokens.bailiff, 'archiveReport', 'ArchiveReportInput', { reportId: reportGid(reportId) });
    expect(archived.data!.archiveReport).toMatchObject({ message: 'Constat archivé avec succès', report: { status: 'AR' } });
    expect((await report(tokens.bailiff, reportId)).isArchived).toBe(true);
    const bailiffUnarchive = await mutate(tokens.bailiff, 'unarchiveReport', 'UnarchiveReportInput', { reportId: reportGid(reportId) });
    expect(bailiffUnarchive.errors![0].extensions!.code).toBe('FORBIDDEN');
    const back = await rest(app.url, 'POST', '/api/v1/report/set_unarchive', { json: { report_id: reportId }, token: tokens.admin });
    expect(back.status).toBe(200);
    expect(back.body.report).toMatchObject({ status: 'TE', is_archived: false });
  });

  it('a bailiff cannot archive a report still in progress', async () => {
    const fresh = (await createReport(tokens.bailiff, 'Constat en cours')).data!.createReport.report.databaseId;
    const result = await rest(app.url, 'POST', '/api/v1/report/set_archive', { json: { report_id: fresh }, token: tokens.bailiff });
    expect(result.status).toBe(403);
    const admin = await rest(app.url, 'POST', '/api/v1/report/set_archive', { json: { report_id: fresh }, token: tokens.admin });
    expect(admin.body).toMatchObject({ message: 'Constat archivé avec succès', report: { status: 'AR', is_archived: true } });
  });
});

describe('files', () => {
  let reportId: number;
  let shown: any;

  beforeAll(async () => {
    reportId = (
      await createReport(tokens.bailiff, 'Constat « doublons »', [
        { name: 'pièce.pdf', content: samplePdf('un') },
        { name: 'pièce.pdf', content: samplePdf('deux') },
      ])
    ).data!.createReport.report.databaseId;
    shown = await report(tokens.bailiff, reportId);
  });

  it('a signed link serves the file with its original name; a tampered one is refused', async () => {
    const file = shown.deposited.files[0];
    const response = await fetch(app.url + file.downloadUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="piece.pdf"; filename*=UTF-8''pi%C3%A8ce.pdf`);
    expect((await response.text()).startsWith('%PDF-1.4')).toBe(true);
    expect((await fetch(app.url + file.url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(403);
    expect(shown.deposited.totalSize).toBe(shown.deposited.files[0].size + shown.deposited.files[1].size);
  });

  it('"download all" streams a zip of the deposited files with distinct names', async () => {
    const response = await fetch(app.url + shown.deposited.archiveUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04'));
    expect(zip.includes(Buffer.from('pièce.pdf'))).toBe(true);
    expect(zip.includes(Buffer.from('pièce (2).pdf'))).toBe(true);
  });

  it('the bailiff removes a deposited file (REST remove_files by linkUrl); it leaves storage', async () => {
    const [first] = shown.deposited.files;
    const response = await rest(app.url, 'POST', '/api/v1/report/remove_files', {
      json: { report_id: reportId, deposited_items: [first.url] },
      token: tokens.bailiff,
    });
    expect(response.status).toBe(200);
    expect(response.body.report.deposited_items).toHaveLength(1);
    expect((await fetch(app.url + first.downloadUrl)).status).toBe(404);
  });

  it('a secretary cannot remove deposited files', async () => {
    await mutate(tokens.admin, 'assignSecretary', 'AssignSecretaryInput', {
      reportId: reportGid(reportId),
      secretaryId: userGid(ids.secretary),
    });
    const file = (await report(tokens.secretary, reportId)).deposited.files[0];
    const result = await mutate(tokens.secretary, 'removeReportFiles', 'RemoveReportFilesInput', {
      reportId: reportGid(reportId),
      fileIds: [file.id],
    });
    expect(result.errors![0].extensions!.code).toBe('FORBIDDEN');
  });
});

describe('comments', () => {
  let reportId: number;

  beforeAll(async () => {
    reportId = (await createReport(tokens.bailiff, 'Constat avec échanges')).data!.createReport.report.databaseId;
    await mutate(tokens.admin, 'assignSecretary', 'AssignSecretaryInput', {
      reportId: reportGid(reportId),
      secretaryId: userGid(ids.secretary),
    });
  });

  const comment = (token: string, body: string, receiver?: string) =>
    mutate(token, 'addReportComment', 'AddReportCommentInput', { reportId: reportGid(reportId), body, ...(receiver && { receiver }) });

  it('an empty comment is refused; an admin must pick Huissier or Secrétaire', async () => {
    expect((await comment(tokens.secretary, '   ')).errors![0].message).toBe('Veuillez saisir un commentaire');
    expect((await comment(tokens.admin, 'Bonjour')).errors![0].message).toBe('Veuillez choisir le destinataire : Huissier ou Secrétaire.');
  });

  it('a secretary writes to the bailiff: unread for him until he marks it read', async () => {
    await comment(tokens.secretary, 'La page 4 est illisible, pouvez-vous renvoyer le scan ?');
    const seen = await report(tokens.bailiff, reportId);
    expect(seen.unreadCommentCount).toBe(1);
    expect(seen.comments).toEqual([
      { body: 'La page 4 est illisible, pouvez-vous renvoyer le scan ?', authorRole: 'SECRETARY', isMine: false, isRead: false },
    ]);
    const notification = await app.services.db.notification.findFirst({ where: { kind: 'COMMENT', reportId, userId: ids.bailiff } });
    expect(notification?.body).toContain('illisible');

    const marked = await rest(app.url, 'POST', '/api/v1/report/mark_as_read', {
      json: { report_id: reportId, comments_ids: seen.unreadCommentIds },
      token: tokens.bailiff,
    });
    expect(marked.body.report.comments_without_read).toEqual([]);
    expect((await report(tokens.bailiff, reportId)).unreadCommentCount).toBe(0);
  });

  it('an admin writes to the secretary only: the bailiff does not see it', async () => {
    await comment(tokens.admin, 'Merci de traiter en priorité.', 'SECRETARY');
    expect((await report(tokens.secretary, reportId)).comments.map((c: any) => c.body)).toContain('Merci de traiter en priorité.');
    expect((await report(tokens.bailiff, reportId)).comments.map((c: any) => c.body)).not.toContain('Merci de traiter en priorité.');
  });

  it('REST add_comment maps receiver_id onto the report’s bailiff or secretary', async () => {
    const response = await rest(app.url, 'POST', '/api/v1/report/add_comment', {
      json: { report_id: reportId, id: 1, comment: 'Dossier complet reçu.', receiver_id: ids.bailiff },
      token: tokens.admin,
    });
    expect(response.status).toBe(200);
    const last = response.body.report.comments.at(-1);
    expect(last).toMatchObject({ comment: 'Dossier complet reçu.', receiver_id: ids.bailiff });
  });
});

describe('lists and headers', () => {
  it('the admin in-progress list and its headers agree with the database', async () => {
    const db = app.services.db;
    const inProgress = await db.report.findMany({ where: { status: { in: ['EC', 'RS'] } }, select: { createdAt: true } });
    const result = await gql(
      app.url,
      `query { reports(first: 5, filter: { statuses: [EC, RS] }) { totalCount edges { node { status } } }
        reportHeaders(filter: { statuses: [EC, RS] }) { totalReports reportsInAlert averageDelay { hours minutes } currentRevenue } }`,
      {},
      tokens.admin,
    );
    expect(result.data!.reports.totalCount).toBe(inProgress.length);
    expect(result.data!.reportHeaders.totalReports).toBe(inProgress.length);
    const now = Date.now();
    const inAlert = inProgress.filter((r) => (now - r.createdAt.getTime()) / 3_600_000 >= 30).length;
    expect(result.data!.reportHeaders.reportsInAlert).toBe(inAlert);
    expect(result.data!.reportHeaders.currentRevenue).toMatch(/^\d+\.\d{2,3}$/);
  });

  it('the list pages forwards with first/after and backwards with last/before, newest first', async () => {
    const expected = (
      await app.services.db.report.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } })
    ).map((r) => r.id);
    const PAGE = `query($first: Int, $after: String, $last: Int, $before: String) {
      reports(first: $first, after: $after, last: $last, before: $before) {
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { databaseId } } } }`;
    type Page = {
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
      edges: { node: { databaseId: number } }[];
    };
    const page = async (variables: Record<string, unknown>) =>
      (await gql<{ reports: Page }>(app.url, PAGE, variables, tokens.admin)).data!.reports;

    const forwards: number[] = [];
    let after: string | undefined;
    for (;;) {
      const current = await page({ first: 2, after });
      forwards.push(...current.edges.map((edge) => edge.node.databaseId));
      if (!current.pageInfo.hasNextPage) break;
      after = current.pageInfo.endCursor;
    }
    expect(forwards).toEqual(expected);

    const backwards: number[] = [];
    let before: string | undefined;
    for (;;) {
      const current = await page({ last: 2, before });
      backwards.unshift(...current.edges.map((edge) => edge.node.databaseId));
      if (!current.pageInfo.hasPreviousPage) break;
      before = current.pageInfo.startCursor;
    }
    expect(backwards).toEqual(expected);

    const cursor = (await page({ first: 1 })).pageInfo.endCursor;
    const mixed = await gql(app.url, PAGE, { first: 2, before: cursor }, tokens.admin);
    expect(mixed.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('REST get_all filters by states and bailiff (baliff_id spelt as in product.md §7)', async () => {
    const response = await rest(app.url, 'GET', `/api/v1/report/get_all?states=TE&baliff_id=${ids.bailiff}`, { token: tokens.admin });
    const expected = await app.services.db.report.count({ where: { status: 'TE', bailiffId: ids.bailiff, isArchived: false } });
    expect(response.status).toBe(200);
    expect(response.body.reports).toHaveLength(expected);
    expectEvery(response.body.reports, (r: any) => r.status === 'TE' && r.bailiff_id === ids.bailiff);
  });

  it('REST get_headers gives the secretary tiles', async () => {
    const response = await rest(app.url, 'GET', '/api/v1/report/get_headers', { token: tokens.secretary });
    const mine = await app.services.db.report.count({ where: { secretaryId: ids.secretary } });
    expect(response.body.headers).toMatchObject({
      all_reports: mine,
      time_delay: { hours: expect.any(Number), minutes: expect.any(Number) },
    });
  });

  it('a bailiff sees his unassigned (NA) constats as EC, with an EC alert bullet, and his EC filter finds them', async () => {
    const db = app.services.db;
    const unassigned = await db.report.findMany({
      where: { bailiffId: ids.bailiff, status: 'NA', isArchived: false },
      select: { id: true },
    });
    expect(unassigned.length).toBeGreaterThan(0);
    const inProgress = await db.report.count({ where: { bailiffId: ids.bailiff, status: { in: ['NA', 'EC', 'RS'] }, isArchived: false } });
    const result = await gql(
      app.url,
      'query { reports(first: 100, filter: { statuses: [EC], archived: false }) { totalCount edges { node { databaseId status alert } } } }',
      {},
      tokens.bailiff,
    );
    expect(result.data!.reports.totalCount).toBe(inProgress);
    const nodes: { databaseId: number; status: string; alert: string }[] = result.data!.reports.edges.map((edge: any) => edge.node);
    for (const { id } of unassigned) {
      const node = nodes.find((candidate) => candidate.databaseId === id);
      expect(node?.status).toBe('EC');
      // Its bullet is that of a constat in progress (grey only for NA, TE and AR, product.md §4).
      expect(node?.alert).not.toBe('DEFAULT');
    }
  });

  it('assignedBailiffs gives a secretary exactly the bailiffs of her constats, by name; others are refused', async () => {
    const db = app.services.db;
    const mine = await db.user.findMany({
      where: { role: 'BAILIFF', bailiffReports: { some: { secretaryId: ids.secretary } } },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    });
    // A bailiff she types nothing for: the list must not leak him.
    const stranger = await db.user.findFirst({ where: { role: 'BAILIFF', bailiffReports: { none: { secretaryId: ids.secretary } } } });
    expect(mine.length).toBeGreaterThan(1);
    expect(stranger).not.toBeNull();
    const QUERY = 'query { assignedBailiffs { id databaseId fullName } }';
    const result = await gql(app.url, QUERY, {}, tokens.secretary);
    expect(result.errors).toBeUndefined();
    expect(result.data!.assignedBailiffs).toEqual(
      mine.map((user) => ({ id: userGid(user.id), databaseId: user.id, fullName: `${user.firstName} ${user.lastName}` })),
    );
    expect(result.data!.assignedBailiffs.map((user: { databaseId: number }) => user.databaseId)).not.toContain(stranger!.id);
    // Another secretary gets her own bailiffs, not these.
    const theirs = await db.user.count({ where: { role: 'BAILIFF', bailiffReports: { some: { secretaryId: ids.otherSecretary } } } });
    expect((await gql(app.url, QUERY, {}, tokens.otherSecretary)).data!.assignedBailiffs).toHaveLength(theirs);
    expect((await gql(app.url, QUERY)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const token of [tokens.bailiff, tokens.admin]) {
      const refused = await gql(app.url, QUERY, {}, token);
      expect(refused.data?.assignedBailiffs ?? null).toBeNull();
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('a year/month filter keeps reports created that Paris month', async () => {
    const parisMonth = (date: Date) =>
      new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', month: 'numeric', year: 'numeric' }).format(date);
    const [month, year] = parisMonth(new Date()).split('/').map(Number);
    const result = await gql(
      app.url,
      'query($filter: ReportFilter) { reports(first: 100, filter: $filter) { edges { node { createdAt } } } }',
      { filter: { year, month } },
      tokens.admin,
    );
    expect(result.data!.reports.edges.length).toBeGreaterThan(0);
    for (const edge of result.data!.reports.edges) expect(parisMonth(new Date(edge.node.createdAt))).toBe(parisMonth(new Date()));
  });
});

describe('REST shims of the workflow (product.md §7)', () => {
  let reportId: number;

  beforeAll(async () => {
    reportId = (await createReport(tokens.bailiff, 'Constat de réception de travaux')).data!.createReport.report.databaseId;
  });

  it('update_secretary assigns; a non-admin gets 403', async () => {
    const denied = await rest(app.url, 'POST', '/api/v1/report/update_secretary', {
      json: { report_id: reportId, secretary_id: ids.secretary },
      token: tokens.bailiff,
    });
    expect(denied.status).toBe(403);
    const response = await rest(app.url, 'POST', '/api/v1/report/update_secretary', {
      json: { report_id: reportId, secretary_id: ids.secretary },
      token: tokens.admin,
    });
    expect(response.status).toBe(200);
    expect(response.body.report).toMatchObject({ secretary_id: ids.secretary, secretary: { id: ids.secretary } });
  });

  it('add_files takes deposited_items[] from the bailiff while in progress', async () => {
    const response = await restForm(
      app.url,
      '/api/v1/report/add_files',
      { report_id: String(reportId) },
      [{ field: 'deposited_items[]', name: 'complément.pdf', content: samplePdf() }],
      tokens.bailiff,
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Fichier envoyé avec succès.');
    expect(response.body.report.deposited_items.map((item: any) => item.originalname)).toContain('complément.pdf');
  });

  it('set_retrocession checks digits and answers « Rapport rétrocédé »', async () => {
    const letters = await rest(app.url, 'POST', '/api/v1/report/set_retrocession', {
      json: { report_id: reportId, count_pages_provisional: 'douze', count_photos_provisional: '2' },
      token: tokens.secretary,
    });
    expect(letters.status).toBe(400);
    expect(letters.body.message).toBe('Saisissez un nombre entier positif.');
    const response = await rest(app.url, 'POST', '/api/v1/report/set_retrocession', {
      json: { report_id: reportId, count_pages_provisional: '8', count_photos_provisional: '2', comment: 'RAS' },
      token: tokens.secretary,
    });
    expect(response.body).toMatchObject({
      message: 'Rapport rétrocédé',
      report: { status: 'RS', count_pages_provisional: 8, retrocession_comment: 'RAS' },
    });
  });

  it('add_files with returned_items[] from the secretary terminates the constat', async () => {
    const response = await restForm(
      app.url,
      '/api/v1/report/add_files',
      { report_id: String(reportId) },
      [{ field: 'returned_items[]', name: 'constat final.pdf', content: samplePdf() }],
      tokens.secretary,
    );
    expect(response.body.report).toMatchObject({
      status: 'TE',
      returned_items: [expect.objectContaining({ originalname: 'constat final.pdf' })],
    });
  });

  it('set_billing answers « Rapport facturé » with the amounts', async () => {
    const response = await rest(app.url, 'POST', '/api/v1/report/set_billing', {
      json: {
        report_id: reportId,
        count_pages_retrocession: '8',
        count_photos_retrocession: '2',
        count_pages_billing: '8',
        count_photos_billing: '2',
      },
      token: tokens.admin,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Rapport facturé');
    const row = await app.services.db.report.findUniqueOrThrow({ where: { id: reportId } });
    // (8 − round(2/2) = 7) × page price and 2 × photo price, as exact strings
    expect(response.body.report.amount_without_taxes_pages).toBe((7 * Number(row.groupPricePage)).toFixed(2));
    expect(response.body.report.amount_without_taxes_photos).toBe((2 * Number(row.groupPricePhoto)).toFixed(2));
  });
});
