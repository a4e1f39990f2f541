// Spec §2 admin reports screens ('Constats en cours', 'Constats terminés', 'Constats archivés'),
// §4 (assignment, archive, unarchive), through the real server and the built web app in Chromium.
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, saveScreenshot, type TestBrowser } from '../support/browser.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage, toast } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
let adminToken: string;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser(app.url);
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
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
  const rows = table().getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  return createdAt
    ? rows.filter({ has: page.getByText(parisDateTime.format(new Date(createdAt)).replace(',', ''), { exact: true }) })
    : rows;
}

const columns = [
  'Date',
  'Huissier',
  'Secrétaire',
  'Nom du constat',
  'Éléments déposés',
  'Éléments retournés',
  'Statut',
  'Commentaires',
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
    await row.getByRole('combobox', { name: `Secrétaire du constat ${report.name}` }).selectOption(target.id);
    await row.getByRole('button', { name: `ok : Secrétaire du constat ${report.name}` }).click();
    await toast(page, 'Constat mis à jour avec succès').waitFor();
    const after = await firstReports({ search: report.name });
    expect(after.find((item) => item.id === report.id)?.secretary?.id).toBe(target.id);
    // The row shows the assignment without a reload: its 'ok' is disabled again.
    await expect(
      row.getByRole('button', { name: `ok : Secrétaire du constat ${report.name}` }).isDisabled(),
    ).resolves.toBe(true);
    await saveScreenshot(page, 'admin-reports-in-progress');
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
    await rowOf(report.name, report.createdAt).getByRole('button', { name: `Archiver ${report.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Etes-vous sûr de vouloir archiver le constat ?').waitFor();
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
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'notes-1.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
      { name: 'notes-2.txt', mimeType: 'text/plain', buffer: Buffer.from(text) },
    ]);
    await page.getByText('notes-2.txt').waitFor();
    // Every percentage the progress bar shows is recorded, however briefly it is on screen.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const match = document.body.innerText.match(/Envoi en cours… (\d+) %/);
        if (match) seen.push(match[1]);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Créer le constat' }).click();
    await toast(page, 'Constat créé avec succès').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/constats-en-cours-admin');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
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
  it('uploads a file to an in-progress report, then deletes it after the confirmation', async () => {
    const [report] = await firstReports({ statuses: ['NA', 'EC', 'RS'], archived: false });
    await screenTitle(page, 'Constats en cours').waitFor();
    const row = rowOf(report.name, report.createdAt);
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const deposited = page.getByRole('region', { name: `Éléments déposés : ${report.name}` });
    await deposited.waitFor();
    const fileName = `ajout-${Date.now()}.txt`;
    await deposited.locator('input[type="file"]').setInputFiles({
      name: fileName,
      mimeType: 'text/plain',
      buffer: Buffer.from('Pièce complémentaire du constat.'),
    });
    await deposited.getByRole('button', { name: 'Envoyer' }).click();
    await toast(page, 'Fichier téléchargé avec succès.').waitFor();
    await deposited.getByRole('button', { name: `Afficher ${fileName}` }).waitFor();
    await saveScreenshot(page, 'admin-reports-expanded');

    await deposited.getByRole('button', { name: `Supprimer ${fileName}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Etes-vous sûr de vouloir supprimer le fichier ?').waitFor();
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await deposited.getByRole('button', { name: `Afficher ${fileName}` }).waitFor({ state: 'detached' });
  });

  it('terminated reports list their files without upload or deletion', async () => {
    const [report] = await firstReports({ statuses: ['TE'], archived: false });
    await page.goto('/dashboard/constats-termines-admin');
    await screenTitle(page, 'Constats terminés').waitFor();
    await rowOf(report.name, report.createdAt).getByRole('button', { name: 'Afficher le détail' }).click();
    const deposited = page.getByRole('region', { name: `Éléments déposés : ${report.name}` });
    await deposited.getByRole('button', { name: /^Afficher / }).first().waitFor();
    await expect(deposited.getByRole('button', { name: /^Supprimer / }).count()).resolves.toBe(0);
    await expect(deposited.locator('input[type="file"]').count()).resolves.toBe(0);
  });
});
