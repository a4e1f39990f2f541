// Issue 21 in Chromium: a secretary returns a typed constat, the automatic counting appears live
// in her counting row and applies in one click; the admin applies it to rétrocession and
// facturation and the amounts follow.
import type { Page } from 'playwright-core';
import { formatMoney } from '../../web/src/ui/format.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage, toast, FILE_PICKER } from '../support/pages.js';
import { gqlUpload } from '../support/upload.js';
import { findSoffice } from '../../api/src/modules/counting/render.js';
import { sampleDocx, samplePdf } from '../../scripts/sample-documents.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

async function query<T>(text: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const result = await gql<T>(app.url, text, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

afterEach(async () => {
  await page?.close();
});

it('a returned constat is counted live, applied in one click by the secretary, then by the admin: the amounts follow', async () => {
  const adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const secretaryToken = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
  const secretaryId = (await query<{ me: { id: string } }>('query { me { id } }', {}, secretaryToken)).me.id;
  const bailiffId = (
    await query<{ users: { edges: { node: { id: string } }[] } }>(
      'query { users(role: BAILIFF, status: ACTIVE, first: 1) { edges { node { id } } } }',
      {},
      adminToken,
    )
  ).users.edges[0].node.id;
  const name = `Constat compté ${Date.now()}`;
  const created = await gqlUpload<{ createReport: { report: { id: string } } }>(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
    { input: { bailiffId, name, files: [null] } },
    [{ path: 'input.files.0', name: 'notes.pdf', content: await samplePdf({ pages: 2, photos: 1 }), type: 'application/pdf' }],
    adminToken,
  );
  const id = created.data!.createReport.report.id;
  await query(
    'mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }',
    { input: { reportId: id, secretaryId } },
    adminToken,
  );

  // The secretary returns the typed constat from her row.
  page = await signedInPage(browser, 'secretary', '/dashboard/constats-en-cours-secretaire');
  await screenTitle(page, 'Constats en cours').waitFor();
  const box = page.getByRole('searchbox', { name: 'Rechercher...' });
  await box.fill(name);
  await box.press('Enter');
  const row = page
    .getByRole('table', { name: 'Nom du constat' })
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
  await row.getByRole('button', { name: 'Afficher le détail' }).click();
  const docx = await sampleDocx({ pages: 3, photos: 5, decorations: true });
  await row.locator(FILE_PICKER).setInputFiles({
    name: 'Constat dactylographié.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await toast(page, 'Fichier envoyé avec succès.').waitFor();

  // Counted in the background; the line follows live (reportChanged), no reload.
  const line = page.getByRole('status', { name: 'Comptage automatique' });
  await line.getByText('3 pages, 5 photos').waitFor({ timeout: 180_000 });
  if (!findSoffice()) await line.getByText(/estimation/).waitFor();
  // Each count that differs is named, with what was counted and what was entered.
  await line.getByText('Différent des comptes saisis (pages : 3 comptées, 0 saisie ; photos : 5 comptées, 0 saisie)').waitFor();
  await saveScreenshot(page, 'counting-detected-secretary');
  await line.getByRole('button', { name: 'Appliquer' }).click();
  await toast(page, 'Comptes du comptage automatique appliqués').waitFor();
  const entry = page.getByRole('region', { name: `Rétrocession : ${name}` });
  await expect(entry.getByRole('textbox', { name: /^Pages \(provisoire\)/ }).inputValue()).resolves.toBe('3');
  await expect(entry.getByRole('textbox', { name: /^Photos \(provisoire\)/ }).inputValue()).resolves.toBe('5');
  await line.getByText('Différent des comptes saisis').waitFor({ state: 'detached' });
  await page.close();

  // The admin takes the same counts for rétrocession and facturation: the amounts follow.
  page = await signedInPage(browser, 'admin', '/dashboard/constats-termines-admin');
  await screenTitle(page, 'Constats terminés').waitFor();
  const search = page.getByRole('searchbox', { name: 'Rechercher...' });
  await search.fill(name);
  await search.press('Enter');
  const adminRow = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
  await adminRow.getByRole('button', { name: 'Afficher le détail' }).click();
  const adminLine = page.getByRole('status', { name: 'Comptage automatique' });
  await adminLine.getByText('3 pages, 5 photos').waitFor();
  await adminLine.getByRole('button', { name: 'Appliquer' }).click();
  await toast(page, 'Comptes du comptage automatique appliqués').waitFor();
  const { node } = await query<{
    node: {
      countPagesBilling: number;
      countPhotosBilling: number;
      billingAmounts: { total: string };
      retrocessionAmounts: { total: string };
    };
  }>(
    'query($id: ID!) { node(id: $id) { ... on Report { countPagesBilling countPhotosBilling billingAmounts { total } retrocessionAmounts { total } } } }',
    { id },
    adminToken,
  );
  expect(node).toMatchObject({ countPagesBilling: 3, countPhotosBilling: 5 });
  expect(Number(node.billingAmounts.total)).toBeGreaterThan(0);
  const counters = page.getByRole('group', { name: `Comptes du constat : ${name}` });
  await counters.getByText(formatMoney(node.billingAmounts.total), { exact: true }).waitFor();
  await counters.getByText(formatMoney(node.retrocessionAmounts.total), { exact: true }).waitFor();
  await saveScreenshot(page, 'counting-applied-admin');
}, 300_000);
