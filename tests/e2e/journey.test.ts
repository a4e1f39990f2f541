// The cross-role journey of issue 8, each role in its own browser (separate profiles, so separate
// sessions), through the real server: the bailiff deposits a constat with a file → the admin
// assigns the secretary → her 'Constats en cours' shows it live (reportChanged, no reload) → she
// sends her counts ('Rapport rétrocédé') and returns the typed file → the bailiff, who saw neither
// the RS status nor the returned file before, downloads it once TE and archives the constat.
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, saveScreenshot, type TestBrowser } from '../support/browser.js';
import { demo, gql, loginToken } from '../support/http.js';
import { namesOf, screenTitle, signedInPage, toast, FILE_PICKER } from '../support/pages.js';

let app: TestApp;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await app?.stop();
});

async function open(account: 'admin' | 'bailiff' | 'secretary'): Promise<Page> {
  const browser = await launchBrowser(app.url);
  browsers.push(browser);
  return signedInPage(browser, account);
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Nom du constat' });
}

function rowOf(page: Page, name: string) {
  return table(page)
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Rechercher...' });
  await box.fill(text);
  await box.press('Enter');
}

it('bailiff deposits → admin assigns → secretary counts and returns live → bailiff downloads and archives', async () => {
  const [bailiff, admin, secretary] = await Promise.all([open('bailiff'), open('admin'), open('secretary')]);
  const secretaryName = (await namesOf(app.url, 'secretary')).fullName;
  const name = `Constat du parcours ${Date.now()}`;
  const deposited = 'notes-sur-place.txt';
  const returned = 'constat-dactylographie.txt';

  // The secretary watches her list from the start: nothing of this constat yet.
  await screenTitle(secretary, 'Constats en cours').waitFor();
  await table(secretary).locator('tbody tr:has(> td > button[aria-expanded])').first().waitFor();

  // 1. The bailiff deposits the constat with a file.
  await bailiff.goto('/dashboard/creer-un-constat-huissier');
  await screenTitle(bailiff, 'Créer un constat').waitFor();
  await bailiff.getByRole('textbox', { name: /^Nom du constat/ }).fill(name);
  await bailiff.locator(FILE_PICKER).setInputFiles({
    name: deposited,
    mimeType: 'text/plain',
    buffer: Buffer.from('Constatations faites sur place, pièce par pièce.'),
  });
  await bailiff.getByText(deposited).waitFor();
  await bailiff.getByRole('button', { name: 'Créer le constat' }).click();
  await toast(bailiff, 'Constat créé avec succès').waitFor();
  await screenTitle(bailiff, 'Mes constats en cours').waitFor();
  await rowOf(bailiff, name).getByText('En cours', { exact: true }).waitFor();

  // 2. The admin assigns it to the demo secretary.
  await screenTitle(admin, 'Constats en cours').waitFor();
  await search(admin, name);
  const adminRow = rowOf(admin, name);
  await adminRow.getByRole('button', { name: `Attribuer une secrétaire au constat ${name}` }).click();
  await admin.getByRole('combobox', { name: `Secrétaire du constat ${name}` }).selectOption({ label: secretaryName });
  await admin.getByRole('button', { name: `ok : Secrétaire du constat ${name}` }).click();
  await toast(admin, 'Constat mis à jour avec succès').waitFor();

  // 3. Her list shows it without a reload.
  const secretaryRow = rowOf(secretary, name);
  await secretaryRow.waitFor();
  await secretaryRow.getByText('En cours', { exact: true }).waitFor();
  await saveScreenshot(secretary, 'journey-secretary-live');

  // 4. She sends her counts: EC → RS, which the bailiff still sees as EC (product.md §4).
  await secretaryRow.getByRole('button', { name: 'Afficher le détail' }).click();
  const entry = secretary.getByRole('region', { name: `Rétrocession : ${name}` });
  await entry.getByRole('textbox', { name: /^Pages \(provisoire\)/ }).fill('8');
  await entry.getByRole('textbox', { name: /^Photos \(provisoire\)/ }).fill('3');
  await entry.getByRole('button', { name: 'Rapport rétrocédé' }).click();
  await toast(secretary, 'Rapport rétrocédé').waitFor();
  await secretaryRow.getByText('Rétrocédé', { exact: true }).waitFor();
  await bailiff.reload();
  await screenTitle(bailiff, 'Mes constats en cours').waitFor();
  await rowOf(bailiff, name).getByText('En cours', { exact: true }).waitFor();
  await expect(
    rowOf(bailiff, name)
      .getByRole('link', { name: /Tout télécharger : Éléments retournés/ })
      .count(),
  ).resolves.toBe(0);

  // 5. She returns the typed constat: TE.
  await secretaryRow.locator(FILE_PICKER).setInputFiles({
    name: returned,
    mimeType: 'text/plain',
    buffer: Buffer.from('Procès-verbal de constat, dactylographié.'),
  });
  await toast(secretary, 'Fichier envoyé avec succès.').waitFor();
  await secretaryRow.getByText('Terminé', { exact: true }).waitFor();

  // 6. The bailiff finds the returned file on his terminated constat, then archives it.
  const bailiffRow = rowOf(bailiff, name);
  await bailiffRow.getByText('Terminé', { exact: true }).waitFor();
  await bailiffRow.getByRole('link', { name: `Tout télécharger : Éléments retournés ${name}` }).waitFor();
  await bailiffRow.getByRole('button', { name: 'Afficher le détail' }).click();
  await bailiff
    .getByRole('region', { name: `Éléments retournés : ${name}` })
    .getByRole('link', { name: `Télécharger ${returned}` })
    .waitFor();
  await saveScreenshot(bailiff, 'journey-bailiff-returned');
  await bailiffRow.getByRole('button', { name: `Archiver ${name}` }).click();
  await bailiff.getByRole('alertdialog').getByRole('button', { name: 'Oui' }).click();
  await toast(bailiff, 'Constat archivé avec succès').waitFor();
  await bailiffRow.waitFor({ state: 'detached' });

  const token = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const result = await gql<{ reports: { edges: { node: Record<string, unknown> }[] } }>(
    app.url,
    `query($filter: ReportFilter) { reports(filter: $filter, first: 5) { edges { node {
       status isArchived countPagesProvisional countPhotosProvisional secretary { fullName } returned { count } deposited { count } } } } }`,
    { filter: { search: name } },
    token,
  );
  expect(result.data?.reports.edges.map((edge) => edge.node)).toEqual([
    {
      status: 'AR',
      isArchived: true,
      countPagesProvisional: 8,
      countPhotosProvisional: 3,
      secretary: { fullName: secretaryName },
      returned: { count: 1 },
      deposited: { count: 1 },
    },
  ]);
  // Three browsers on a shared machine: more than the suite's default minute.
}, 240_000);
