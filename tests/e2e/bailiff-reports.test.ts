// product.md §2 bailiff screens ('Mes constats en cours', 'Créer un constat', 'Mes constats archivés',
// 'Mes constats'), §4 (RS shown EC, archive), §6 (own reports only, files and statuses of role 2)
// and the role boundaries, through the real server and the built web app in Chromium.
// Over 400 lines on purpose: the bailiff's screens in one server and one Chromium.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Page } from 'playwright-core';
import type { ReportStatus } from '../../api/src/generated/prisma/enums.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage, toast, FILE_PICKER } from '../support/pages.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { watchUploadProgress } from '../support/upload-progress.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));
let bailiffToken: string;
let bailiffId: number;

beforeAll(async () => {
  bailiffToken = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  bailiffId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
});

beforeEach(async () => {
  page = await signedInPage(browser, 'bailiff');
});

afterEach(async () => {
  await page.close();
});

interface SeededReport {
  id: number;
  name: string;
  createdAt: Date;
  status: ReportStatus;
}

/** His reports in the database, newest first (the lists' order). */
async function myReports(where: { status?: { in: ReportStatus[] }; isArchived?: boolean } = {}): Promise<SeededReport[]> {
  return app.services.db.report.findMany({
    where: { bailiffId, ...where },
    select: { id: true, name: true, createdAt: true, status: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

function table() {
  return page.getByRole('table', { name: 'Nom du constat' });
}

async function columnHeaders(): Promise<string[]> {
  return (await table().getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The row of a report; seeded names repeat, so its creation date (DD/MM/YYYY HH:mm) tells them apart. */
function rowOf(report: { name: string; createdAt?: Date }) {
  const rows = table()
    .getByRole('row')
    .filter({ has: page.getByText(report.name, { exact: true }) });
  return report.createdAt
    ? rows.filter({ has: page.getByText(parisDateTime.format(report.createdAt).replace(',', ''), { exact: true }) })
    : rows;
}

async function search(text: string) {
  const box = page.getByRole('searchbox', { name: 'Rechercher...' });
  await box.fill(text);
  await box.press('Enter');
}

/** The names on the table's current page. */
async function shownNames(): Promise<string[]> {
  const rows = table()
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name: 'Afficher le détail' }) });
  return rows.evaluateAll((elements) => elements.map((row) => row.querySelectorAll('td')[4]?.textContent ?? ''));
}

async function tiles() {
  const result = await gql<{
    reportHeaders: { bailiff: { inProgressThisMonth: number; archivedThisMonth: number; invoicesThisMonth: number } };
  }>(app.url, 'query { reportHeaders { bailiff { inProgressThisMonth archivedThisMonth invoicesThisMonth } } }', {}, bailiffToken);
  return result.data!.reportHeaders.bailiff;
}

// His columns fit at 1280 px: no 'Huissier', and the comments icon sits in 'Actions' beside 'Archiver'.
// Issue 18: the date column says which date it shows.
// The alert bullets' column is headed « Alerte » for screen readers only (issue 23).
const columns = ['Alerte', 'Déposé le', 'Secrétaire', 'Nom du constat', 'Éléments déposés', 'Éléments retournés', 'Statut', 'Actions'];

describe('Mes constats en cours', () => {
  it('is his default screen: four tiles, the columns, and only his EC (RS and NA shown EC) and TE constats', async () => {
    await screenTitle(page, 'Mes constats en cours').waitFor();
    const expected = await tiles();
    await expect(page.getByRole('group', { name: 'Mes constats en cours du mois' }).innerText()).resolves.toContain(
      String(expected.inProgressThisMonth),
    );
    const archived = page.getByRole('link', { name: /^Mes constats archivés du mois/ });
    await expect(archived.innerText()).resolves.toContain(String(expected.archivedThisMonth));
    await expect(archived.getAttribute('href')).resolves.toBe('/dashboard/constats-archives-moi-huissier');
    await expect(page.getByRole('link', { name: /^Déposer un nouveau constat/ }).getAttribute('href')).resolves.toBe(
      '/dashboard/creer-un-constat-huissier',
    );
    const invoices = page.getByRole('link', { name: /^Mes factures du mois/ });
    await expect(invoices.innerText()).resolves.toContain(String(expected.invoicesThisMonth));
    await expect(invoices.getAttribute('href')).resolves.toBe('/dashboard/mes-factures-huissier');

    expect(await columnHeaders()).toEqual(columns);
    // The whole table shows at 1280 px: nothing scrolls sideways.
    const hidden = await table().evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
    expect(hidden).toBeLessThanOrEqual(0);
    // … without squeezing the names into a narrow column.
    const nameWidth = await table()
      .getByRole('columnheader', { name: 'Nom du constat' })
      .evaluate((cell) => cell.getBoundingClientRect().width);
    expect(nameWidth).toBeGreaterThanOrEqual(190);
    const mine = await myReports({ status: { in: ['NA', 'EC', 'RS', 'TE'] }, isArchived: false });
    await page.getByText(`1–${Math.min(10, mine.length)} sur ${mine.length}`, { exact: true }).waitFor();
    // Newest first: the first page is exactly his ten latest in-progress or terminated constats.
    await rowOf(mine[0]).waitFor();
    expect(await shownNames()).toEqual(mine.slice(0, 10).map((report) => report.name));
    // product.md §4: RS (and NA, older data) are shown to him as EC.
    for (const hidden of mine.filter((report) => report.status === 'RS' || report.status === 'NA').slice(0, 2)) {
      await search(hidden.name);
      await rowOf(hidden).getByText('En cours', { exact: true }).waitFor();
      await expect(
        rowOf(hidden)
          .getByText(/^(Rétrocédé|Non attribué)$/)
          .count(),
      ).resolves.toBe(0);
    }
    await search('');
    await rowOf(mine[0]).waitFor();
    await saveScreenshot(page, 'bailiff-reports-in-progress');

    await page.getByRole('button', { name: 'Signaler une absence ou un congé' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/createanalert');
  });

  it('deposits a file on an EC constat, whose returned items wait for the return', async () => {
    const [report] = await myReports({ status: { in: ['EC'] }, isArchived: false });
    await screenTitle(page, 'Mes constats en cours').waitFor();
    await search(report.name);
    await rowOf(report).getByText('En attente', { exact: true }).waitFor();
    await rowOf(report).getByRole('button', { name: 'Afficher le détail' }).click();
    await page
      .getByRole('region', { name: `Éléments retournés : ${report.name}` })
      .getByText('Les éléments retournés seront disponibles lorsque le constat sera terminé.', { exact: true })
      .waitFor();
    const deposited = page.getByRole('region', { name: `Éléments déposés : ${report.name}` });
    const fileName = `complement-${Date.now()}.txt`;
    await deposited.locator(FILE_PICKER).setInputFiles({
      name: fileName,
      mimeType: 'text/plain',
      buffer: Buffer.from('Pièce complémentaire : photos du compteur.'),
    });
    await deposited.getByRole('button', { name: 'Envoyer' }).click();
    await toast(page, 'Fichier envoyé avec succès.').waitFor();
    await deposited.getByRole('button', { name: `Afficher ${fileName}` }).waitFor();
    const stored = await app.services.db.reportFile.findMany({ where: { reportId: report.id, kind: 'DEPOSITED', originalName: fileName } });
    expect(stored).toHaveLength(1);
    await saveScreenshot(page, 'bailiff-reports-expanded-ec');
  });

  it('shows and downloads the returned items of a TE constat, where he can no longer deposit', async () => {
    const [report] = await myReports({ status: { in: ['TE'] }, isArchived: false });
    const returned = await app.services.db.reportFile.findMany({
      where: { reportId: report.id, kind: 'RETURNED' },
      orderBy: { id: 'asc' },
    });
    expect(returned.length).toBeGreaterThan(0);
    await screenTitle(page, 'Mes constats en cours').waitFor();
    await search(report.name);
    await rowOf(report)
      .getByRole('link', { name: /Tout télécharger : Éléments retournés/ })
      .waitFor();
    await rowOf(report).getByRole('button', { name: 'Afficher le détail' }).click();
    const region = page.getByRole('region', { name: `Éléments retournés : ${report.name}` });
    const download = region.getByRole('link', { name: `Télécharger ${returned[0].originalName}` });
    const href = await download.getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    const deposited = page.getByRole('region', { name: `Éléments déposés : ${report.name}` });
    await deposited
      .getByRole('button', { name: /^Afficher / })
      .first()
      .waitFor();
    await expect(deposited.locator('input[type="file"]').count()).resolves.toBe(0);
    await expect(deposited.getByRole('button', { name: /^Supprimer / }).count()).resolves.toBe(0);
    await saveScreenshot(page, 'bailiff-reports-expanded-te');
  });

  it('archives a TE constat after the confirmation; an EC one cannot be archived', async () => {
    const [ec] = await myReports({ status: { in: ['EC'] }, isArchived: false });
    const [te] = await myReports({ status: { in: ['TE'] }, isArchived: false });
    const before = await tiles();
    await screenTitle(page, 'Mes constats en cours').waitFor();
    await search(ec.name);
    await expect(
      rowOf(ec)
        .getByRole('button', { name: `Archiver ${ec.name}` })
        .isDisabled(),
    ).resolves.toBe(true);
    await search(te.name);
    await rowOf(te)
      .getByRole('button', { name: `Archiver ${te.name}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Êtes-vous sûr de vouloir archiver le constat ?', { exact: true }).waitFor();
    await saveScreenshot(page, 'bailiff-reports-archive-confirm');
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await toast(page, 'Constat archivé avec succès').waitFor();
    await rowOf(te).waitFor({ state: 'detached' });
    const stored = await app.services.db.report.findUniqueOrThrow({ where: { id: te.id } });
    expect(stored).toMatchObject({ status: 'AR', isArchived: true });
    // The month's archived tile is read again.
    await page.getByRole('link', { name: `Mes constats archivés du mois : ${before.archivedThisMonth + 1}`, exact: true }).waitFor();
  });
});

describe('Créer un constat', () => {
  it('shows the §5 messages without a bailiff select, then creates his constat with two files (progress to 100 %)', async () => {
    await page.goto('/dashboard/creer-un-constat-huissier');
    await screenTitle(page, 'Créer un constat').waitFor();
    await expect(page.getByRole('combobox', { name: /^Huissier/ }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Créer le constat' }).click();
    await page.getByText('Veuillez entrer un nom pour le constat', { exact: true }).waitFor();
    await page.getByText('Veuillez entrer un fichier', { exact: true }).waitFor();
    await saveScreenshot(page, 'bailiff-create-report-invalid');

    const name = `Constat huissier e2e ${Date.now()}`;
    await page.getByRole('textbox', { name: /^Nom du constat/ }).fill(name);
    await page.getByText('Veuillez entrer un nom pour le constat', { exact: true }).waitFor({ state: 'detached' });
    const text = 'Relevé des lieux, pièce par pièce. '.repeat(150_000);
    await page.locator(FILE_PICKER).setInputFiles([
      { name: 'releve-1.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
      { name: 'releve-2.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
    ]);
    await page.getByText('releve-2.txt').waitFor();
    const progressSeen = await watchUploadProgress(page);
    await page.getByRole('button', { name: 'Créer le constat' }).click();
    await toast(page, 'Constat créé avec succès').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/constats-en-cours-moi-huissier');
    const seen = await progressSeen();
    expect(seen).toContain('100');
    await screenTitle(page, 'Mes constats en cours').waitFor();
    await rowOf({ name }).getByText('En cours', { exact: true }).waitFor();
    const created = await app.services.db.report.findMany({ where: { name }, include: { files: true } });
    expect(created).toHaveLength(1);
    expect(created[0].bailiffId).toBe(bailiffId);
    expect(created[0].files.map((file) => file.originalName).sort()).toEqual(['releve-1.txt', 'releve-2.txt']);
    await saveScreenshot(page, 'bailiff-reports-after-create');
  });

  it("'Annuler' goes back to his default screen", async () => {
    await page.goto('/dashboard/creer-un-constat-huissier');
    await screenTitle(page, 'Créer un constat').waitFor();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await screenTitle(page, 'Mes constats en cours').waitFor();
  });
});

describe('Mes constats archivés', () => {
  it('lists his archived constats (10 to 50 rows), read-only, with the absence link', async () => {
    await page.goto('/dashboard/constats-archives-moi-huissier');
    await screenTitle(page, 'Mes constats archivés').waitFor();
    await page.getByRole('button', { name: 'Signaler une absence ou un congé' }).waitFor();
    expect(await columnHeaders()).toEqual(columns);
    const archived = await myReports({ isArchived: true });
    expect(archived.length).toBeGreaterThan(0);
    await page.getByText(`1–${Math.min(10, archived.length)} sur ${archived.length}`, { exact: true }).waitFor();
    await rowOf(archived[0]).waitFor();
    expect(await shownNames()).toEqual(archived.slice(0, 10).map((report) => report.name));
    const rowsPerPage = page.getByRole('combobox', { name: 'Lignes par page' });
    await expect(rowsPerPage.locator('option').allInnerTexts()).resolves.toEqual(['10', '20', '30', '40', '50']);

    await rowOf(archived[0]).getByRole('button', { name: 'Afficher le détail' }).click();
    const deposited = page.getByRole('region', { name: `Éléments déposés : ${archived[0].name}` });
    await deposited
      .getByRole('button', { name: /^Afficher / })
      .first()
      .waitFor();
    await expect(deposited.locator('input[type="file"]').count()).resolves.toBe(0);
    await expect(deposited.getByRole('button', { name: /^Supprimer / }).count()).resolves.toBe(0);
    await saveScreenshot(page, 'bailiff-reports-archived');

    await search('zzz-aucun-constat-zzz');
    await table().getByText('Aucun constat.', { exact: true }).waitFor();
  });

  it("'Recherche avancée' offers EC, TE and AR only and searches his whole history by status", async () => {
    await page.goto('/dashboard/constats-archives-moi-huissier');
    await screenTitle(page, 'Mes constats archivés').waitFor();
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    const status = page.getByRole('combobox', { name: 'Statut' });
    await expect(status.locator('option').allInnerTexts()).resolves.toEqual(['Tous', 'En cours', 'Terminé', 'Archivé']);
    await expect(status.inputValue()).resolves.toBe('AR');
    await expect(page.getByRole('combobox', { name: 'Huissier' }).count()).resolves.toBe(0);

    await status.selectOption({ label: 'Terminé' });
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const terminated = await myReports({ status: { in: ['TE'] } });
    expect(terminated.length).toBeGreaterThan(0);
    await page.getByText(`1–${Math.min(10, terminated.length)} sur ${terminated.length}`, { exact: true }).waitFor();
    expect(await shownNames()).toEqual(terminated.slice(0, 10).map((report) => report.name));
    await saveScreenshot(page, 'bailiff-reports-archived-advanced');

    await status.selectOption({ label: 'En cours' });
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const inProgress = await myReports({ status: { in: ['NA', 'EC', 'RS'] } });
    await page.getByText(`1–${Math.min(10, inProgress.length)} sur ${inProgress.length}`, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    const archived = await myReports({ isArchived: true });
    await page.getByText(`1–${Math.min(10, archived.length)} sur ${archived.length}`, { exact: true }).waitFor();
  });
});

describe('comments and live rows', () => {
  let report: SeededReport;
  let secretaryToken: string;

  beforeAll(async () => {
    // One of his constats in progress, typed by the demo secretary.
    const adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
    secretaryToken = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    const secretary = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    [report] = await myReports({ status: { in: ['EC'] }, isArchived: false });
    const assigned = await gql(
      app.url,
      'mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }',
      { input: { reportId: encodeGlobalID('Report', report.id), secretaryId: encodeGlobalID('User', secretary.id) } },
      adminToken,
    );
    expect(assigned.errors).toBeUndefined();
  });

  const addComment = (body: string, token: string, receiver?: 'BAILIFF' | 'SECRETARY') =>
    gql(
      app.url,
      'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { report { id } } }',
      { input: { reportId: encodeGlobalID('Report', report.id), body, receiver } },
      token,
    );

  it("shows the comments he wrote or received (not the office's to the secretary) and sends one to the secretary", async () => {
    const stamp = Date.now();
    const adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
    expect((await addComment(`Question de la secrétaire ${stamp}`, secretaryToken)).errors).toBeUndefined();
    expect((await addComment(`Note interne ${stamp}`, adminToken, 'SECRETARY')).errors).toBeUndefined();

    await screenTitle(page, 'Mes constats en cours').waitFor();
    await search(report.name);
    const row = rowOf(report);
    await row.locator('[data-unread]').waitFor();
    await row.getByRole('button', { name: /^Commentaires du constat/ }).click();
    const dialog = page.getByRole('dialog', { name: `Commentaires · ${report.name}` });
    await dialog.getByText(`Question de la secrétaire ${stamp}`).waitFor();
    await expect(dialog.getByText(`Note interne ${stamp}`).count()).resolves.toBe(0);
    // The receiver choice is the admin's: the bailiff writes to the report's secretary.
    await expect(dialog.getByRole('tab', { name: 'Secrétaire' }).count()).resolves.toBe(0);
    await row.locator('[data-unread]').waitFor({ state: 'detached' });

    const send = dialog.getByRole('button', { name: 'Envoyer' });
    await send.click();
    await dialog.getByText('Veuillez saisir un commentaire', { exact: true }).waitFor();
    const text = `Les clés sont chez le gardien (${stamp})`;
    await dialog.getByRole('textbox').fill(text);
    await send.click();
    // Listed once the server has stored it (the text box, which also holds it until then, is not
    // the list: read too early, the query below raced the mutation).
    await dialog.getByRole('list', { name: 'Commentaires' }).getByText(text).waitFor();
    await saveScreenshot(page, 'bailiff-reports-comments');
    const seen = await gql<{ node: { comments: { body: string; isRead: boolean }[] } }>(
      app.url,
      'query($id: ID!) { node(id: $id) { ... on Report { comments { body isRead } } } }',
      { id: encodeGlobalID('Report', report.id) },
      secretaryToken,
    );
    expect(seen.data!.node.comments).toContainEqual({ body: text, isRead: false });
  });

  it('his row turns TE with its returned items, live, when the secretary returns them', async () => {
    await screenTitle(page, 'Mes constats en cours').waitFor();
    await search(report.name);
    const row = rowOf(report);
    await row.getByText('En attente', { exact: true }).waitFor();
    const returned = await gqlUpload(
      app.url,
      'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { report { id status } } }',
      { input: { reportId: encodeGlobalID('Report', report.id), kind: 'RETURNED', files: [null] } },
      [{ path: 'input.files.0', name: 'PV de constat.pdf', content: samplePdf('PV de constat') }],
      secretaryToken,
    );
    expect(returned.errors).toBeUndefined();
    // No reload: the subscription brings the new status and the returned items.
    await row.getByText('Terminé', { exact: true }).waitFor();
    await row.getByRole('link', { name: /Tout télécharger : Éléments retournés/ }).waitFor();
    await expect(row.getByRole('button', { name: `Archiver ${report.name}` }).isEnabled()).resolves.toBe(true);
  });
});

describe('Mes constats and the role boundaries', () => {
  it('/dashboard/mesconstats is a static page leading to his reports screens', async () => {
    await page.goto('/dashboard/mesconstats');
    await screenTitle(page, 'Mes constats').waitFor();
    await saveScreenshot(page, 'bailiff-my-reports');
    await page.getByRole('link', { name: /^Retrouver mes constats/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/constats-archives-moi-huissier');
    await screenTitle(page, 'Mes constats archivés').waitFor();
  });

  it.each(['/dashboard/seetheaccount', '/dashboard/retrocessions-constats-secretaire', '/dashboard/constats-en-cours-admin'])(
    'typing %s (an admin or secretary screen) lands on his default screen',
    async (path) => {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await screenTitle(page, 'Mes constats en cours').waitFor();
      await table().getByRole('row').nth(1).waitFor();
    },
  );
});
