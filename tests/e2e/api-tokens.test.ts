// Issue 37 item 1: a bailiff creates his own read-only API token on « Jetons d'API », with its
// scopes, then uses it: it reads his constats only, and nothing beyond its scopes.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo } from '../support/http.js';
import { screenTitle, signedInPage } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

afterEach(async () => {
  await page?.close();
});

async function read(token: string, query: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: await response.json() };
}

it("a bailiff creates a token on « Jetons d'API » and it reads his constats only", async () => {
  page = await signedInPage(browser, 'bailiff');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('link', { name: "Jetons d'API" }).click();
  await screenTitle(page, "Jetons d'API").waitFor();
  const table = page.getByRole('table', { name: "Jetons d'API" });
  await table.getByText("Aucun jeton d'API.").waitFor();

  await page.getByRole('button', { name: 'Créer un jeton' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom').fill('Mon tableur');
  // A bailiff is offered what his role reads, and no étude limit.
  const scopes = dialog.getByRole('group', { name: 'Portées' }).getByRole('checkbox');
  expect(await scopes.evaluateAll((boxes) => boxes.map((box) => box.closest('.fui-Checkbox')?.textContent?.trim()))).toEqual([
    'Constats',
    'Facturation des études',
    'Notifications',
    'Absences',
    'Comptes et études',
  ]);
  expect(await dialog.getByRole('combobox', { name: 'Études' }).count()).toBe(0);
  // Each scope ticked by its own label (not the first box whatever the label clicked).
  await dialog.getByText('Constats', { exact: true }).click();
  await dialog.getByText('Notifications', { exact: true }).click();
  expect(await scopes.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked))).toEqual([
    true,
    false,
    true,
    false,
    false,
  ]);
  await saveScreenshot(page, 'api-token-bailiff-create');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  const secretField = page.getByRole('alertdialog').getByLabel('Jeton');
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^cst_/);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Fermer' }).click();
  const row = table.locator('tbody tr', { hasText: 'Mon tableur' });
  await row.getByText('Actif').waitFor();
  // Its scopes, named as the dialog names them.
  await row.getByText(/Constats/).waitFor();
  expect(await row.innerText()).toContain('Notifications');
  const stored = await app.services.db.apiToken.findFirstOrThrow({ where: { name: 'Mon tableur' } });
  expect([...stored.scopes].sort()).toEqual(['NOTIFICATIONS', 'REPORTS']);

  const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const reports = await read(secret, '{ reports(first: 100) { totalCount edges { node { bailiff { databaseId } } } } }');
  expect(reports.status).toBe(200);
  expect(reports.body.data.reports.totalCount).toBe(await app.services.db.report.count({ where: { bailiffId: bailiff.id } }));
  expect(new Set(reports.body.data.reports.edges.map((edge: any) => edge.node.bailiff.databaseId))).toEqual(new Set([bailiff.id]));
  // Bills were not among its scopes.
  const bills = await read(secret, '{ groupBills(first: 1) { totalCount } }');
  expect(bills.status).toBe(403);
  expect(bills.body.errors[0].extensions.missingScopes).toEqual(['BILLING']);
}, 120_000);

it('an admin limits a token to one étude: the list names it and the token reads that étude’s constats only', async () => {
  const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email }, include: { group: true } });
  const group = bailiff.group!;
  page = await signedInPage(browser, 'admin', '/dashboard/jetons-api');
  await screenTitle(page, "Jetons d'API").waitFor();
  await page.getByRole('button', { name: 'Créer un jeton' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom').fill('Étude limitée');
  await dialog.getByLabel('Constats').check();
  await dialog.getByRole('combobox', { name: 'Études' }).click();
  // Fluent's multiselect options are menu item checkboxes.
  await page.getByRole('menuitemcheckbox', { name: `${group.name} (${group.city})` }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  const secretField = page.getByRole('alertdialog').getByLabel('Jeton');
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Fermer' }).click();
  const row = page.getByRole('table', { name: "Jetons d'API" }).locator('tbody tr', { hasText: 'Étude limitée' });
  await row.getByText(`Études : ${group.name}`).waitFor();

  const reports = await read(secret, '{ reports(first: 1) { totalCount } }');
  expect(reports.body.data.reports.totalCount).toBe(await app.services.db.report.count({ where: { bailiff: { groupId: group.id } } }));
  expect(reports.body.data.reports.totalCount).toBeLessThan(await app.services.db.report.count());
}, 120_000);
