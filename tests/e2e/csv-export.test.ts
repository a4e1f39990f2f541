// Issue 17 item 5 in Chromium: « Exporter (CSV) » on the admin's « Constats en cours » downloads the
// file the server streamed (the browser only counts its rows and saves it), holding the list's constats.
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

  page = await signedInPage(browser, 'admin');
  await page.goto('/dashboard/constats-en-cours-admin');
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
