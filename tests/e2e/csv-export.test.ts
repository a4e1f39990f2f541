// Issue 17 item 5 in Chromium: « Exporter (CSV) » on the admin's « Constats en cours » downloads the
// file the server streamed (the browser only counts its rows and saves it), holding the list's constats.
// Issue 37 item 5: the file is saved under the server's name (the list and the period filtered), and
// its « Statut » says what the list's badges say.
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage, toast } from '../support/pages.js';
import { readAll } from '../support/streams.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

afterEach(async () => {
  await page?.close();
});

it('the admin exports « Constats en cours »: the downloaded CSV holds the list, in its order', async () => {
  const token = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const filter = { statuses: ['NA', 'EC', 'RS'], archived: false };
  const ids: number[] = [];
  let after: string | null = null;
  for (;;) {
    const result: { data?: any; errors?: any[] } = await gql(
      app.url,
      'query($filter: ReportFilter, $after: String) { reports(filter: $filter, first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { databaseId name } } } }',
      { filter, after },
      token,
    );
    ids.push(...result.data!.reports.edges.map((edge: any) => edge.node.databaseId));
    if (!result.data!.reports.pageInfo.hasNextPage) break;
    after = result.data!.reports.pageInfo.endCursor;
  }
  expect(ids.length).toBeGreaterThan(0);

  page = await signedInPage(browser, 'admin', '/dashboard/constats-en-cours-admin');
  await screenTitle(page, 'Constats en cours').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('constats.csv');
  // Streamed from the browser: the run's Chromium is reached remotely, so the file has no local path.
  const bytes = await readAll(await download.createReadStream());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: Record<string, string>[] = parse(bytes, { bom: true, delimiter: ';', columns: true });
  expect(rows.map((row) => Number(row['N°']))).toEqual(ids);
  await toast(page, `${ids.length} constat${ids.length > 1 ? 's' : ''} exporté${ids.length > 1 ? 's' : ''}.`).waitFor();
});

it('a month picked in « Recherche avancée » names the file constats-YYYY-MM.csv; « Statut » and « Étude » read as on screen', async () => {
  // A month of their own: a new deposit (no secretary), one being typed, one rétrocédé.
  const YEAR = 2021;
  const MONTH = 3;
  const db = app.services.db;
  const bailiff = await db.user.findFirstOrThrow({ where: { email: demo.bailiff.email }, include: { group: true } });
  const secretary = await db.user.findFirstOrThrow({ where: { email: demo.secretary.email } });
  await db.report.createMany({
    data: [
      { name: 'Mars nouveau dépôt', status: 'EC' as const, secretaryId: null },
      { name: 'Mars en cours', status: 'EC' as const, secretaryId: secretary.id },
      { name: 'Mars rétrocédé', status: 'RS' as const, secretaryId: secretary.id },
    ].map((report, index) => ({ ...report, bailiffId: bailiff.id, createdAt: new Date(Date.UTC(YEAR, MONTH - 1, 10 + index, 9)) })),
  });
  const token = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const listed: { data?: any } = await gql(
    app.url,
    'query($filter: ReportFilter) { reports(filter: $filter, first: 100) { edges { node { databaseId } } } }',
    { filter: { statuses: ['NA', 'EC', 'RS'], archived: false, year: YEAR, month: MONTH } },
    token,
  );
  const ids: number[] = listed.data!.reports.edges.map((edge: any) => edge.node.databaseId);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  expect(ids.length).toBeLessThanOrEqual(10);

  page = await signedInPage(browser, 'admin', '/dashboard/constats-en-cours-admin');
  await screenTitle(page, 'Constats en cours').waitFor();
  await page.getByRole('button', { name: 'Recherche avancée' }).click();
  await page.getByRole('combobox', { name: 'Année' }).selectOption(String(YEAR));
  await page.getByRole('combobox', { name: 'Mois' }).selectOption(String(MONTH));
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await page.getByText(`1–${ids.length} sur ${ids.length}`, { exact: true }).waitFor();
  const table = page.getByRole('table', { name: 'Nom du constat' });
  const badges = await table.locator('tbody tr:has(> td > button[aria-expanded]) .fui-Badge').allInnerTexts();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe(`constats-${YEAR}-0${MONTH}.csv`);
  const rows: Record<string, string>[] = parse(await readAll(await download.createReadStream()), {
    bom: true,
    delimiter: ';',
    columns: true,
  });
  expect(rows.map((row) => Number(row['N°']))).toEqual(ids);
  expect(rows.map((row) => row.Statut)).toEqual(badges.map((badge) => badge.trim()));
  const byName = new Map(rows.map((row) => [row.Constat, row]));
  expect(byName.get('Mars nouveau dépôt')).toMatchObject({ Statut: 'Non attribué', Étude: bailiff.group!.name });
  expect(byName.get('Mars rétrocédé')).toMatchObject({ Statut: 'Rétrocédé', Étude: bailiff.group!.name });
});
