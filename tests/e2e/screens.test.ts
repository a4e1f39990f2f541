// Issue 18 « Screens »: what an office trips on, each screen through the real server and the built
// web app in Chromium. Screenshots at 1280 and 1366 px go to tests/e2e/__screenshots__ for review.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage, toast } from '../support/pages.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { billingAmounts, retrocessionAmounts } from '../../api/src/lib/line-amounts.js';
import { formatMoney } from '../../web/src/ui/format.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));
let adminToken: string;
let secretaryToken: string;

beforeAll(async () => {
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
  secretaryToken = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
});

afterEach(async () => {
  await page?.close();
});

/** Screenshots of the current screen at the two widths the offices use. */
async function shots(name: string): Promise<void> {
  for (const width of [1280, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function call<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, token = adminToken): Promise<T> {
  const result = await gql<T>(app.url, query, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

async function userId(email: string): Promise<string> {
  const user = await app.services.db.user.findUniqueOrThrow({ where: { email } });
  return Buffer.from(`User:${user.id}`).toString('base64');
}

/** An executable (MZ header) under a name the screens accept: only the server can tell. */
const disguisedExecutable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(512, 0x41)]);

describe('3. a refused file says why', () => {
  it("« Créer un constat »: an executable renamed .pdf shows the server's reason, not « Essayer plus tard »", async () => {
    page = await signedInPage(browser, 'bailiff');
    await page.goto('/dashboard/creer-un-constat-huissier');
    await screenTitle(page, 'Créer un constat').waitFor();
    await page.getByRole('textbox', { name: /^Nom du constat/ }).fill(`Exécutable ${Date.now()}`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'acte.pdf', mimeType: 'application/pdf', buffer: disguisedExecutable });
    await page.getByText('acte.pdf').waitFor();
    await page.getByRole('button', { name: 'Créer le constat' }).click();
    await toast(page, 'Type de fichier non autorisé : « acte.pdf ». Formats acceptés').waitFor();
    await expect(page.getByText('Essayer plus tard').count()).resolves.toBe(0);
    await shots('screens-upload-refused');
  });

  it('the avatar of a profile: a disguised picture shows the server’s reason', async () => {
    page = await signedInPage(browser, 'admin');
    await page.goto('/dashboard/adminprofile');
    await screenTitle(page, 'Mon profil').waitFor();
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: disguisedExecutable });
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Type de fichier non autorisé : « photo.png »').waitFor();
    await expect(page.getByText('Essayer plus tard').count()).resolves.toBe(0);
  });

  it('the returned items of a constat: the same reason', async () => {
    const report = await newReport('Retour refusé', true);
    page = await signedInPage(browser, 'admin');
    const row = await showOnly(report.name);
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const returned = page.getByRole('region', { name: `Éléments retournés : ${report.name}` });
    await returned.locator('input[type="file"]').setInputFiles({ name: 'retour.pdf', mimeType: 'application/pdf', buffer: disguisedExecutable });
    await returned.getByRole('button', { name: 'Envoyer' }).click();
    await toast(page, 'Type de fichier non autorisé : « retour.pdf »').waitFor();
  });
});

describe('7. pending accounts are offered nowhere', () => {
  it('the admin’s « Recherche avancée » lists active bailiffs, never the pending registrant', async () => {
    page = await signedInPage(browser, 'admin');
    await page.goto('/dashboard/constats-en-cours-admin');
    await screenTitle(page, 'Constats en cours').waitFor();
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    const select = page.getByRole('combobox', { name: 'Huissier', exact: true });
    await select.waitFor();
    const options = await select.locator('option').allInnerTexts();
    expect(options).toContain('Hélène Marchand');
    expect(options).not.toContain('Jérôme Bréval');
    await shots('screens-advanced-search');
  });
});

async function newReport(prefix: string, assigned: boolean): Promise<{ id: string; name: string }> {
  const name = `${prefix} ${Date.now()}`;
  const created = await gqlUpload<{ createReport: { report: { id: string; name: string } } }>(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id name } } }',
    { input: { bailiffId: await userId(demo.bailiff.email), name, files: [null] } },
    [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf(name), type: 'application/pdf' }],
    adminToken,
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  const report = created.data.createReport.report;
  if (assigned) {
    await call('mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }', {
      input: { reportId: report.id, secretaryId: await userId(demo.secretary.email) },
    });
  }
  return report;
}

function table() {
  return page.getByRole('table', { name: 'Nom du constat' });
}

async function showOnly(name: string) {
  await page.goto('/dashboard/constats-en-cours-admin');
  await screenTitle(page, 'Constats en cours').waitFor();
  const search = page.getByRole('searchbox', { name: 'Rechercher...' });
  await search.fill(name);
  await search.press('Enter');
  const row = table().getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  await row.waitFor();
  await table().getByRole('row').nth(2).waitFor({ state: 'detached' });
  return row;
}

describe('4. amounts follow the counts', () => {
  it('ticking Rétrocession / Facturation shows the amounts at once, equal to what the server stores', async () => {
    const report = await newReport('Montants e2e', true);
    await call(
      'mutation($input: SetRetrocessionInput!) { setRetrocession(input: $input) { report { id } } }',
      { input: { reportId: report.id, countPagesProvisional: 12, countPhotosProvisional: 5 } },
      secretaryToken,
    );
    const tariffs = await call<{ node: { retrocessionAmounts: { pricePage: string; pricePhoto: string }; billingAmounts: { pricePage: string; pricePhoto: string } } }>(
      'query($id: ID!) { node(id: $id) { ... on Report { retrocessionAmounts { pricePage pricePhoto } billingAmounts { pricePage pricePhoto } } } }',
      { id: report.id },
    );
    const retrocession = retrocessionAmounts({ pages: 12, photos: 5, ...tariffs.node.retrocessionAmounts }).total.toFixed(2);
    const billing = billingAmounts({ pages: 12, photos: 5, ...tariffs.node.billingAmounts }).total.toFixed(2);
    expect(Number(retrocession)).toBeGreaterThan(0);
    expect(Number(billing)).toBeGreaterThan(0);

    page = await signedInPage(browser, 'admin');
    const row = await showOnly(report.name);
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const counters = page.getByRole('group', { name: `Comptes du constat : ${report.name}` });
    await counters.waitFor();
    await expect(counters.getByText(formatMoney('0'), { exact: true }).count()).resolves.toBe(2);
    await counters.getByRole('checkbox', { name: 'Rétrocession' }).check();
    await counters.getByText(formatMoney(retrocession), { exact: true }).first().waitFor();
    await counters.getByRole('checkbox', { name: 'Facturation' }).check();
    await counters.getByText(formatMoney(billing), { exact: true }).first().waitFor();
    await shots('screens-counters-amounts');
    await counters.getByRole('button', { name: 'Facturer' }).click();
    await toast(page, 'Rapport facturé').waitFor();
    // The server's own amounts, once saved, are those shown before.
    const saved = await call<{ node: { retrocessionAmounts: { total: string }; billingAmounts: { total: string } } }>(
      'query($id: ID!) { node(id: $id) { ... on Report { retrocessionAmounts { total } billingAmounts { total } } } }',
      { id: report.id },
    );
    expect(saved.node.retrocessionAmounts.total).toBe(retrocession);
    expect(saved.node.billingAmounts.total).toBe(billing);
  });
});
