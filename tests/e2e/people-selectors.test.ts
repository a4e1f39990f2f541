// Issue 20 item 4: past 50 people a selector is a searchable combobox holding every one of them; the
// 40- and 50-row lists it replaces could not offer the 41st secretary.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage, toast } from '../support/pages.js';
import { gqlUpload, samplePdf } from '../support/upload.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));
let adminToken: string;

const EXTRA = 55;
/** Sorted after every demo secretary: the last of them is beyond any 50-row page. */
const lastName = (n: number) => `Zzchoix ${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
  await app.services.db.user.createMany({
    data: Array.from({ length: EXTRA }, (_, n) => ({
      role: 'SECRETARY' as const,
      firstName: 'Élise',
      lastName: lastName(n),
      email: `zzchoix.${n}@etude.fr`,
      identity: `zzchoix-${n}`,
      passwordHash: 'x',
    })),
  });
});

beforeEach(async () => {
  page = await signedInPage(browser, 'admin');
});

afterEach(async () => {
  await page.close();
});

async function newReport(name: string): Promise<string> {
  const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const created = await gqlUpload<{ createReport: { report: { id: string } } }>(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
    { input: { bailiffId: Buffer.from(`User:${bailiff.id}`).toString('base64'), name, files: [null] } },
    [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf(name), type: 'application/pdf' }],
    adminToken,
  );
  if (!created.data) throw new Error(JSON.stringify(created.errors));
  return created.data.createReport.report.id;
}

describe('people selectors past 50 entries', () => {
  it('assigns the last of 55 more secretaries through the searchable combobox', async () => {
    const name = `Combobox e2e ${Date.now()}`;
    const reportId = await newReport(name);
    await screenTitle(page, 'Constats en cours').waitFor();
    await page.getByRole('searchbox', { name: 'Rechercher...' }).fill(name);
    await page.keyboard.press('Enter');
    const row = page
      .getByRole('table', { name: 'Nom du constat' })
      .getByRole('row')
      .filter({ has: page.getByText(name, { exact: true }) });
    await row.waitFor();
    await row.getByRole('button', { name: `Attribuer une secrétaire au constat ${name}` }).click();

    const combobox = page.getByRole('combobox', { name: `Secrétaire du constat ${name}` });
    // A combobox to type in, not a select: more than 50 secretaries.
    await expect(combobox.evaluate((element) => element.tagName)).resolves.toBe('INPUT');
    const target = `Élise ${lastName(EXTRA - 1)}`;
    // Typed without accents or capitals, as the server's searches allow.
    await combobox.pressSequentially(`elise ${lastName(EXTRA - 1).toLowerCase()}`);
    const options = page.getByRole('option');
    await options.filter({ hasText: target }).waitFor();
    await expect(options.count()).resolves.toBe(1);
    await options.filter({ hasText: target }).click();
    await expect(combobox.inputValue()).resolves.toBe(target);
    await page.getByRole('button', { name: `ok : Secrétaire du constat ${name}` }).click();
    await toast(page, 'Constat mis à jour avec succès').waitFor();
    await row.getByText(target, { exact: true }).waitFor();

    const saved = await gql<{ node: { secretary: { fullName: string } | null } }>(
      app.url,
      'query($id: ID!) { node(id: $id) { ... on Report { secretary { fullName } } } }',
      { id: reportId },
      adminToken,
    );
    expect(saved.data?.node.secretary?.fullName).toBe(target);
  });

  it('says so when nothing matches', async () => {
    await screenTitle(page, 'Constats en cours').waitFor();
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    const filter = page.getByRole('combobox', { name: 'Secrétaire' });
    await filter.pressSequentially('personne');
    await page.getByRole('option', { name: 'Aucun résultat.' }).waitFor();
    // Every one of them is offered once the text is cleared.
    await filter.clear();
    await page.getByRole('option', { name: `Élise ${lastName(EXTRA - 1)}` }).waitFor();
  });
});
