// product.md §2 admin reports screens ('Constats en cours', 'Constats terminés', 'Constats archivés'),
// §4 (assignment, archive, unarchive), through the real server and the built web app in Chromium.
// Over 400 lines on purpose: the three admin reports screens share their journeys and one server
// and Chromium.
import type { Page } from 'playwright-core';
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
let adminToken: string;
let secretaryToken: string;
let bailiffToken: string;

beforeAll(async () => {
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
  secretaryToken = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
  bailiffToken = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
});

beforeEach(async () => {
  page = await signedInPage(browser, 'admin');
});

afterEach(async () => {
  await page.close();
});

interface ReportNode {
  id: string;
  name: string;
  status: string;
  createdAt: string;
  secretary: { id: string; fullName: string } | null;
}

async function firstReports(filter: Record<string, unknown>): Promise<ReportNode[]> {
  const result = await gql<{ reports: { edges: { node: ReportNode }[] } }>(
    app.url,
    'query($filter: ReportFilter) { reports(filter: $filter, first: 10) { edges { node { id name status createdAt secretary { id fullName } } } } }',
    { filter },
    adminToken,
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.reports.edges.map((edge) => edge.node);
}

function table() {
  return page.getByRole('table', { name: 'Nom du constat' });
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
function rowOf(name: string, createdAt?: string) {
  const rows = table()
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
  return createdAt
    ? rows.filter({ has: page.getByText(parisDateTime.format(new Date(createdAt)).replace(',', ''), { exact: true }) })
    : rows;
}

// Issue 18: the date column says which date it shows. Issue 23: the alert bullets' column is headed
// « Alerte » for screen readers only.
const columns = [
  'Alerte',
  'Déposé le',
  'Huissier',
  'Secrétaire',
  'Nom du constat',
  'Éléments déposés',
  'Éléments retournés',
  'Statut',
  'Actions',
];

describe('Constats en cours', () => {
  it('shows the cards and the columns on /dashboard, and assigns a secretary', async () => {
    await screenTitle(page, 'Constats en cours').waitFor();
    for (const card of ['CA en cours', 'Nombre de constats', 'Constats en alerte', 'Délai moyen de retour']) {
      await page.getByRole('group', { name: card }).waitFor();
    }
    await expect(page.getByRole('group', { name: 'Délai moyen de retour' }).innerText()).resolves.toMatch(/\d+ h \d{2} min/);
    const headers = (await table().getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(headers).toEqual(columns);
    // The whole table shows at 1280 px (comments sit beside 'Archiver'): nothing scrolls sideways…
    await table().getByRole('row').nth(1).waitFor();
    const hidden = await table().evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
    expect(hidden).toBeLessThanOrEqual(0);
    // … and the names keep a readable column.
    const nameWidth = await table()
      .getByRole('columnheader', { name: 'Nom du constat' })
      .evaluate((cell) => cell.getBoundingClientRect().width);
    expect(nameWidth).toBeGreaterThanOrEqual(160);

    const [report] = await firstReports({ statuses: ['NA', 'EC', 'RS'], archived: false });
    const secretaries = await gql<{ users: { edges: { node: { id: string; fullName: string } }[] } }>(
      app.url,
      'query { users(role: SECRETARY, first: 100) { edges { node { id fullName } } } }',
      {},
      adminToken,
    );
    const target = secretaries.data!.users.edges.map((edge) => edge.node).find((user) => user.id !== report.secretary?.id)!;
    const row = rowOf(report.name, report.createdAt);
    await row.waitFor();
    await row.locator('[data-alert]').waitFor();
    // The select and its 'ok' open beside the secretary's name; 'ok' waits for a change.
    const openAssign = row.getByRole('button', { name: `Attribuer une secrétaire au constat ${report.name}` });
    await openAssign.click();
    const select = page.getByRole('combobox', { name: `Secrétaire du constat ${report.name}` });
    const ok = page.getByRole('button', { name: `ok : Secrétaire du constat ${report.name}` });
    await expect(ok.isDisabled()).resolves.toBe(true);
    await select.selectOption(target.id);
    await ok.click();
    await toast(page, 'Constat mis à jour avec succès').waitFor();
    const after = await firstReports({ search: report.name });
    expect(after.find((item) => item.id === report.id)?.secretary?.id).toBe(target.id);
    // The row shows the assignment without a reload: the secretary's full name, not cut…
    const assigned = row.getByText(target.fullName, { exact: true });
    await assigned.waitFor();
    const clipped = await assigned.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const cell = element.closest('td')!.getBoundingClientRect();
      return element.scrollWidth > element.clientWidth || box.left < cell.left || box.right > cell.right || box.width === 0;
    });
    expect(clipped).toBe(false);
    // Playwright's click retries while the popover slid in scrolled 'ok' to the top: the picture
    // shows the page as a user sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'admin-reports-in-progress');
    // … and, opened again, the select holds her with its 'ok' disabled.
    await select.waitFor({ state: 'detached' });
    await openAssign.click();
    await expect(select.inputValue()).resolves.toBe(target.id);
    await expect(ok.isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, 'admin-reports-assign-popover');
  });

  it("searches by name and shows 'Aucun constat.' when nothing matches", async () => {
    await page.goto('/dashboard/constats-en-cours-admin');
    await screenTitle(page, 'Constats en cours').waitFor();
    await table().getByRole('row').nth(1).waitFor();
    const search = page.getByRole('searchbox', { name: 'Rechercher...' });
    await search.fill('zzz-aucun-constat-zzz');
    await search.press('Enter');
    await table().getByText('Aucun constat.', { exact: true }).waitFor();
  });
});

describe('Constats terminés and archivés', () => {
  it('archives a terminated report, then unarchives it from the archived list', async () => {
    const [report] = await firstReports({ statuses: ['TE'], archived: false });
    await page.goto('/dashboard/constats-termines-admin');
    await screenTitle(page, 'Constats terminés').waitFor();
    const headers = (await table().getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(headers).toEqual(columns);
    await saveScreenshot(page, 'admin-reports-done');
    const search = page.getByRole('searchbox', { name: 'Rechercher...' });
    await search.fill(report.name);
    await search.press('Enter');
    await rowOf(report.name, report.createdAt)
      .getByRole('button', { name: `Archiver ${report.name}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Êtes-vous sûr de vouloir archiver le constat ?').waitFor();
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await toast(page, 'Constat archivé avec succès').waitFor();
    await rowOf(report.name, report.createdAt).waitFor({ state: 'detached' });

    await page.goto('/dashboard/constats-archives-admin');
    await screenTitle(page, 'Constats archivés').waitFor();
    const archivedSearch = page.getByRole('searchbox', { name: 'Rechercher...' });
    await archivedSearch.fill(report.name);
    await archivedSearch.press('Enter');
    const archivedRow = rowOf(report.name, report.createdAt);
    await archivedRow.getByText('Archivé', { exact: true }).waitFor();
    await saveScreenshot(page, 'admin-reports-archived');
    await archivedRow.getByRole('button', { name: `Désarchiver ${report.name}` }).click();
    await toast(page, 'Constat mis à jour avec succès').waitFor();
    await rowOf(report.name, report.createdAt).waitFor({ state: 'detached' });
    const back = await firstReports({ search: report.name, archived: false });
    expect(back.find((item) => item.id === report.id)?.status).toBe('TE');
  });
});

describe('Créer un constat', () => {
  it('shows the §5 messages, then creates a report with two files and a progress bar reaching 100 %', async () => {
    await page.goto('/dashboard/creer-un-constat-admin');
    await screenTitle(page, 'Créer un constat').waitFor();
    await page.getByRole('button', { name: 'Créer le constat' }).click();
    await page.getByText('Veuillez sélectionner un huissier', { exact: true }).waitFor();
    await page.getByText('Veuillez entrer un nom pour le constat', { exact: true }).waitFor();
    await page.getByText('Veuillez entrer un fichier', { exact: true }).waitFor();
    await saveScreenshot(page, 'admin-create-report-invalid');

    const bailiffs = await gql<{ users: { edges: { node: { id: string; fullName: string } }[] } }>(
      app.url,
      'query { users(role: BAILIFF, status: ACTIVE, first: 40) { edges { node { id fullName } } } }',
      {},
      adminToken,
    );
    const bailiff = bailiffs.data!.users.edges[0].node;
    const name = `Constat e2e ${Date.now()}`;
    await page.getByRole('combobox', { name: /^Huissier/ }).selectOption(bailiff.id);
    await page.getByRole('textbox', { name: /^Nom du constat/ }).fill(name);
    await expect(page.getByRole('textbox', { name: /^Nom du constat/ }).getAttribute('maxlength')).resolves.toBe('90');
    const text = 'Procès-verbal de constat. '.repeat(200_000);
    await page.locator(FILE_PICKER).setInputFiles([
      { name: 'notes-1.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
      { name: 'notes-2.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
    ]);
    await page.getByText('notes-2.txt').waitFor();
    const progressSeen = await watchUploadProgress(page);
    await page.getByRole('button', { name: 'Créer le constat' }).click();
    await toast(page, 'Constat créé avec succès').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/constats-en-cours-admin');
    const seen = await progressSeen();
    expect(seen).toContain('100');
    await screenTitle(page, 'Constats en cours').waitFor();
    await rowOf(name).waitFor();
    const created = await firstReports({ search: name });
    expect(created).toHaveLength(1);
    await saveScreenshot(page, 'admin-reports-after-create');
  });

  it("'Annuler' goes back to /dashboard/constatsencours", async () => {
    await page.goto('/dashboard/creer-un-constat-admin');
    await screenTitle(page, 'Créer un constat').waitFor();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/constatsencours');
    await screenTitle(page, 'Constats en cours').waitFor();
  });
});

describe('expanded rows', () => {
  it('asks before leaving the screen with a returned file picked but not sent', async () => {
    const [report] = await firstReports({ statuses: ['NA', 'EC', 'RS'], archived: false });
    await screenTitle(page, 'Constats en cours').waitFor();
    await rowOf(report.name, report.createdAt).getByRole('button', { name: 'Afficher le détail' }).click();
    const returned = page.getByRole('region', { name: `Éléments retournés : ${report.name}` });
    await returned
      .locator(FILE_PICKER)
      .setInputFiles({ name: 'pv-dactylographie.txt', mimeType: 'text/plain', buffer: Buffer.from('PV.') });
    await returned.getByRole('button', { name: 'Envoyer' }).waitFor();

    const screen = new URL(page.url()).pathname;
    const menu = page.locator('.fui-NavDrawer');
    await menu.getByRole('link', { name: 'Absences', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Fichiers non envoyés' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Rester sur la page' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(screen);
    await returned.getByText('pv-dactylographie.txt').waitFor();

    await menu.getByRole('link', { name: 'Absences', exact: true }).click();
    await question.getByRole('button', { name: 'Quitter sans envoyer' }).click();
    await screenTitle(page, 'Absences').waitFor();
  });

  it('uploads a file to an in-progress report, then deletes it after the confirmation', async () => {
    const [report] = await firstReports({ statuses: ['NA', 'EC', 'RS'], archived: false });
    await screenTitle(page, 'Constats en cours').waitFor();
    const row = rowOf(report.name, report.createdAt);
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const deposited = page.getByRole('region', { name: `Éléments déposés : ${report.name}` });
    await deposited.waitFor();
    const fileName = `ajout-${Date.now()}.txt`;
    await deposited.locator(FILE_PICKER).setInputFiles({
      name: fileName,
      mimeType: 'text/plain',
      buffer: Buffer.from('Pièce complémentaire du constat.'),
    });
    await deposited.getByRole('button', { name: 'Envoyer' }).click();
    await toast(page, 'Fichier envoyé avec succès.').waitFor();
    await deposited.getByRole('button', { name: `Afficher ${fileName}` }).waitFor();
    await saveScreenshot(page, 'admin-reports-expanded');

    await deposited.getByRole('button', { name: `Supprimer ${fileName}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Êtes-vous sûr de vouloir supprimer le fichier ?').waitFor();
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await deposited.getByRole('button', { name: `Afficher ${fileName}` }).waitFor({ state: 'detached' });
  });

  it('terminated reports list their files without upload or deletion', async () => {
    const [report] = await firstReports({ statuses: ['TE'], archived: false });
    await page.goto('/dashboard/constats-termines-admin');
    await screenTitle(page, 'Constats terminés').waitFor();
    await rowOf(report.name, report.createdAt).getByRole('button', { name: 'Afficher le détail' }).click();
    const deposited = page.getByRole('region', { name: `Éléments déposés : ${report.name}` });
    await deposited
      .getByRole('button', { name: /^Afficher / })
      .first()
      .waitFor();
    await expect(deposited.getByRole('button', { name: /^Supprimer / }).count()).resolves.toBe(0);
    await expect(deposited.locator('input[type="file"]').count()).resolves.toBe(0);
  });
});

// --- Reports made for one test, through the API, so that their state is known -----------------

async function call<T>(query: string, variables: Record<string, unknown>, token = adminToken): Promise<T> {
  const result = await gql<T>(app.url, query, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

async function userId(account: 'admin' | 'bailiff' | 'secretary'): Promise<string> {
  const data = await call<{ login: { user: { id: string } } }>('mutation($input: LoginInput!) { login(input: $input) { user { id } } }', {
    input: demo[account],
  });
  return data.login.user.id;
}

/** A new in-progress report of `bailiffId` (demo bailiff by default), assigned to the demo secretary if asked. */
async function newReport(prefix: string, options: { assigned: boolean; bailiffId?: string }): Promise<ReportNode> {
  const name = `${prefix} ${Date.now()}`;
  const created = await gqlUpload<{ createReport: { report: ReportNode } }>(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id name status createdAt secretary { id fullName } } } }',
    { input: { bailiffId: options.bailiffId ?? (await userId('bailiff')), name, files: [null] } },
    [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf(name), type: 'application/pdf' }],
    adminToken,
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  const report = created.data.createReport.report;
  if (options.assigned) {
    await call('mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }', {
      input: { reportId: report.id, secretaryId: await userId('secretary') },
    });
  }
  return report;
}

async function countsOf(reportId: string) {
  const data = await call<{ node: Record<string, number> }>(
    `query($id: ID!) { node(id: $id) { ... on Report {
      countPagesProvisional countPhotosProvisional countPagesRetrocession countPhotosRetrocession countPagesBilling countPhotosBilling
    } } }`,
    { id: reportId },
  );
  return data.node;
}

/** Opens the in-progress list on `report` alone (search by its name). */
async function showOnly(report: ReportNode) {
  await page.goto('/dashboard/constats-en-cours-admin');
  await screenTitle(page, 'Constats en cours').waitFor();
  const search = page.getByRole('searchbox', { name: 'Rechercher...' });
  await search.fill(report.name);
  await search.press('Enter');
  const row = rowOf(report.name);
  await row.waitFor();
  // The header row and this report's: the search has replaced the first page.
  await table().getByRole('row').nth(2).waitFor({ state: 'detached' });
  await expect(table().getByRole('row').count()).resolves.toBe(2);
  return row;
}

async function expand(report: ReportNode) {
  const row = await showOnly(report);
  await row.getByRole('button', { name: 'Afficher le détail' }).click();
  const counters = page.getByRole('group', { name: `Comptes du constat : ${report.name}` });
  await counters.waitFor();
  return { row, counters };
}

const inputValues = async (scope: ReturnType<Page['getByRole']>, line: string) => [
  await scope.getByRole('textbox', { name: `Pages ${line}` }).inputValue(),
  await scope.getByRole('textbox', { name: `Photos ${line}` }).inputValue(),
];

describe('rétrocession and facturation counters (product.md §4)', () => {
  it("mirrors the counts through the checkboxes and saves them: 'Rapport facturé'", async () => {
    const report = await newReport('Comptes e2e', { assigned: true });
    await call(
      'mutation($input: SetRetrocessionInput!) { setRetrocession(input: $input) { report { id status } } }',
      { input: { reportId: report.id, countPagesProvisional: 12, countPhotosProvisional: 4 } },
      secretaryToken,
    );
    const { counters } = await expand(report);
    await expect(inputValues(counters, 'provisoires')).resolves.toEqual(['12', '4']);
    await expect(inputValues(counters, 'rétrocession')).resolves.toEqual(['0', '0']);
    const facturer = counters.getByRole('button', { name: 'Facturer' });
    await expect(facturer.isDisabled()).resolves.toBe(true);

    // 'Rétrocession' copies the provisional counts and locks them; 'Facturation' copies those.
    await counters.getByRole('checkbox', { name: 'Rétrocession' }).check();
    await expect(inputValues(counters, 'rétrocession')).resolves.toEqual(['12', '4']);
    await expect(counters.getByRole('textbox', { name: 'Pages rétrocession' }).getAttribute('readonly')).resolves.not.toBeNull();
    await counters.getByRole('checkbox', { name: 'Facturation' }).check();
    await expect(inputValues(counters, 'facturation')).resolves.toEqual(['12', '4']);
    await expect(facturer.isDisabled()).resolves.toBe(false);
    await saveScreenshot(page, 'admin-reports-counters');

    // Unchecking 'Rétrocession' sets 0 (and billing follows, being checked); typed retrocession
    // counts keep digits only and are mirrored into billing.
    await counters.getByRole('checkbox', { name: 'Rétrocession' }).uncheck();
    await expect(inputValues(counters, 'rétrocession')).resolves.toEqual(['0', '0']);
    await expect(inputValues(counters, 'facturation')).resolves.toEqual(['0', '0']);
    await counters.getByRole('textbox', { name: 'Pages rétrocession' }).fill('1x0');
    await counters.getByRole('textbox', { name: 'Photos rétrocession' }).fill('3');
    await expect(inputValues(counters, 'rétrocession')).resolves.toEqual(['10', '3']);
    await expect(inputValues(counters, 'facturation')).resolves.toEqual(['10', '3']);

    await facturer.click();
    await toast(page, 'Rapport facturé').waitFor();
    await expect(countsOf(report.id)).resolves.toMatchObject({
      countPagesRetrocession: 10,
      countPhotosRetrocession: 3,
      countPagesBilling: 10,
      countPhotosBilling: 3,
    });

    await page.reload();
    const again = await expand(report);
    await expect(inputValues(again.counters, 'rétrocession')).resolves.toEqual(['10', '3']);
    await expect(inputValues(again.counters, 'facturation')).resolves.toEqual(['10', '3']);
    await expect(again.counters.getByRole('checkbox', { name: 'Rétrocession' }).isChecked()).resolves.toBe(false);
    await expect(again.counters.getByRole('checkbox', { name: 'Facturation' }).isChecked()).resolves.toBe(true);
    await saveScreenshot(page, 'admin-reports-expanded-counters');
  });

  it("refuses to bill a report without a secretary: 'Veuillez sélectionner un secrétaire'", async () => {
    const report = await newReport('Sans secrétaire e2e', { assigned: false });
    const { counters } = await expand(report);
    const facturer = counters.getByRole('button', { name: 'Facturer' });
    await expect(facturer.isDisabled()).resolves.toBe(true);
    await counters.getByRole('textbox', { name: 'Pages facturation' }).fill('3');
    await expect(facturer.isDisabled()).resolves.toBe(false);
    await facturer.click();
    await counters.getByRole('alert').getByText('Veuillez sélectionner un secrétaire', { exact: true }).waitFor();
    await expect(countsOf(report.id)).resolves.toMatchObject({ countPagesBilling: 0 });
  });
});

describe('comments modal', () => {
  it('shows 3 comments, older ones on demand, requires a text and a receiver, and sends to the secretary', async () => {
    const report = await newReport('Commentaires e2e', { assigned: true });
    const add = (body: string, token: string) =>
      call(
        'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { report { id } } }',
        { input: { reportId: report.id, body } },
        token,
      );
    await add('Premier message (huissier)', bailiffToken);
    await add('Deuxième message (secrétaire)', secretaryToken);
    await add('Troisième message (huissier)', bailiffToken);
    await add('Quatrième message (secrétaire)', secretaryToken);

    const row = await showOnly(report);
    const button = row.getByRole('button', { name: /^Commentaires du constat/ });
    await row.locator('[data-unread="4"]').waitFor();
    await button.click();
    const dialog = page.getByRole('dialog', { name: `Commentaires · ${report.name}` });
    const items = dialog.getByRole('listitem').filter({ has: page.getByText(/message \(/) });
    await dialog.getByText('Quatrième message (secrétaire)').waitFor();
    await expect(items.count()).resolves.toBe(3);
    await expect(dialog.getByText('Premier message (huissier)').count()).resolves.toBe(0);
    // Opening marked them read: the red dot is gone.
    await row.locator('[data-unread]').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Voir les anciens messages' }).click();
    await dialog.getByText('Premier message (huissier)').waitFor();
    await expect(items.count()).resolves.toBe(4);
    await expect(dialog.getByRole('button', { name: 'Voir les anciens messages' }).count()).resolves.toBe(0);

    // The filter: 'Huissier' keeps what the bailiff wrote or received.
    await dialog.getByRole('tab', { name: 'Huissier' }).click();
    await dialog.getByRole('tab', { name: 'Huissier', selected: true }).waitFor();
    await dialog.getByRole('tab', { name: 'Tous' }).click();

    const send = dialog.getByRole('button', { name: 'Envoyer' });
    await send.click();
    await dialog.getByText('Veuillez saisir un commentaire', { exact: true }).waitFor();
    const text = `Merci de relire la page 3 (${Date.now()})`;
    await dialog.getByRole('textbox').fill(text);
    await send.click();
    await dialog.getByText('Veuillez choisir le destinataire : Huissier ou Secrétaire.', { exact: true }).waitFor();
    await saveScreenshot(page, 'admin-reports-comments-invalid');
    await dialog.getByRole('tab', { name: 'Secrétaire' }).click();
    await send.click();
    await dialog.getByText(text).waitFor();
    // Sent: the text area is emptied.
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('[role="dialog"] textarea')?.value === '');
    await saveScreenshot(page, 'admin-reports-comments');

    // The receiver's side: the secretary has it, unread.
    const seen = await call<{ node: { comments: { body: string; isRead: boolean }[]; unreadCommentCount: number } }>(
      'query($id: ID!) { node(id: $id) { ... on Report { comments { body isRead } unreadCommentCount } } }',
      { id: report.id },
      secretaryToken,
    );
    expect(seen.node.comments).toContainEqual({ body: text, isRead: false });
    // Unread for her: the bailiff's two messages and this one.
    expect(seen.node.unreadCommentCount).toBe(3);
  });
});

describe('bailiff info modal', () => {
  it("shows the bailiff's instructions and matrices, or the warning when there are none", async () => {
    const withInstructions = await newReport('Consignes e2e', { assigned: false });
    const bailiffs = await call<{ users: { edges: { node: { id: string; fullName: string; instructions: string | null } }[] } }>(
      'query { users(role: BAILIFF, status: ACTIVE, first: 100) { edges { node { id fullName instructions } } } }',
      {},
    );
    const without = bailiffs.users.edges.map((edge) => edge.node).find((user) => !user.instructions);
    expect(without).toBeDefined();

    const row = await showOnly(withInstructions);
    await row.getByRole('button', { name: /^Informations sur / }).click();
    const dialog = page.getByRole('dialog', { name: "Informations de l'huissier" });
    await dialog.getByRole('region', { name: 'Consignes aux secrétaires' }).getByText("trame de l'étude").waitFor();
    const matrices = dialog.getByRole('region', { name: 'Matrices associées' }).getByRole('button');
    await matrices.first().waitFor();
    await saveScreenshot(page, 'admin-reports-bailiff-info');
    // A matrix card opens the document viewer.
    const matrixName = await matrices.first().getAttribute('title');
    await matrices.first().click();
    await page.getByRole('dialog', { name: matrixName! }).getByRole('button', { name: 'Fermer' }).last().click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    const other = await newReport('Sans consignes e2e', { assigned: false, bailiffId: without!.id });
    const otherRow = await showOnly(other);
    await otherRow.getByRole('button', { name: `Informations sur ${without!.fullName}` }).click();
    await page
      .getByRole('dialog', { name: "Informations de l'huissier" })
      .getByText("Il n'y a pas de consignes assignées aux secrétaires", { exact: true })
      .waitFor();
  });
});

describe('live updates (reportChanged)', () => {
  it("shows another user's changes to a row without a reload, and drops a row that leaves the list", async () => {
    const report = await newReport('En direct e2e', { assigned: true });
    const row = await showOnly(report);
    await row.getByText('En cours', { exact: true }).waitFor();
    await expect(row.locator('[data-unread]').count()).resolves.toBe(0);

    // The secretary sends her counts and writes a comment, through the API.
    await call(
      'mutation($input: SetRetrocessionInput!) { setRetrocession(input: $input) { report { id } } }',
      { input: { reportId: report.id, countPagesProvisional: 7, countPhotosProvisional: 2 } },
      secretaryToken,
    );
    await row.getByText('Rétrocédé', { exact: true }).waitFor();
    await call(
      'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { report { id } } }',
      { input: { reportId: report.id, body: 'Comptes envoyés.' } },
      secretaryToken,
    );
    await row.locator('[data-unread="1"]').waitFor();

    // Another admin archives it: it leaves the in-progress list.
    await call('mutation($input: ArchiveReportInput!) { archiveReport(input: $input) { report { id } } }', {
      input: { reportId: report.id },
    });
    await row.waitFor({ state: 'detached' });
  });
});
