// A dashboard address arrives as the dashboard's frame, prerendered (web/src/app/prerender): the
// header's and menu's places and the title of the screen the address opens, written in by the page's
// starter from the role the last session left, before any of the app's code has run. The app then
// draws the same frame and the screen arrives under a title that has not moved.
import type { Page } from 'playwright-core';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { holdTheAppsCode } from '../support/held-code.js';
import { appRunning, screenTitle, signInWithToken, type DemoAccount } from '../support/pages.js';
import { waitFor } from '../support/wait.js';

let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ browser } = started));

beforeEach(async () => {
  page = await browser.newPage();
});

afterEach(async () => {
  await page.close();
});

/** Signed in once through the app (which leaves the role in local storage), then the address opened afresh, its code held. */
async function openAfresh(account: DemoAccount, path: string) {
  await signInWithToken(page, account, path);
  // Every layout shift of the next load, from its first paint.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const code = await holdTheAppsCode(page);
  await page.reload();
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
  await waitFor(() => code.held() > 0, { what: 'the app’s code asked for' });
  return code;
}

const frameTitle = () => page.locator('#root[data-prerendered="dashboard"] [data-screen-title]');

it.each([
  ['a desktop', null],
  ['a phone', { width: 390, height: 844 }],
])(
  'on %s, shows the admin’s home title in the frame before the app’s code has run, and the screen arrives under it, nothing moved',
  async (_, viewport) => {
    if (viewport) await page.setViewportSize(viewport);
    const code = await openAfresh('admin', '/dashboard');
    expect(await frameTitle().textContent()).toBe('Constats en cours');
    // Shown in capitals, as the screen's own title; a placeholder for assistive technologies.
    expect(await frameTitle().evaluate((title) => getComputedStyle(title).textTransform)).toBe('uppercase');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    expect(await page.getByRole('progressbar', { name: 'Chargement...' }).count()).toBe(1);
    const before = await frameTitle().boundingBox();
    await saveScreenshot(page, `dashboard-prerendered${viewport ? '-phone' : ''}`);

    code.release();
    await appRunning(page);
    const title = screenTitle(page, 'Constats en cours');
    await title.waitFor();
    await page.getByRole('progressbar', { name: 'Chargement...' }).waitFor({ state: 'detached' });
    expect(await title.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  },
);

it('writes the title of the address’s screen for the role the last session left', async () => {
  const code = await openAfresh('bailiff', '/dashboard/bailiffcalendar');
  expect(await frameTitle().textContent()).toBe('Calendrier');
  code.release();
  await screenTitle(page, 'Calendrier').waitFor();
});

it('keeps the outline of a title when no role is known, and the app still opens the screen', async () => {
  await signInWithToken(page, 'secretary', '/dashboard');
  await page.evaluate(() => localStorage.removeItem('role'));
  const code = await holdTheAppsCode(page);
  await page.reload();
  await waitFor(() => code.held() > 0, { what: 'the app’s code asked for' });
  expect(await frameTitle().textContent()).toBe('');
  code.release();
  await screenTitle(page, 'Constats en cours').waitFor();
  // The session check leaves the role for the next visit.
  expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('SECRETARY');
});

it('starts the app all the same when the page’s table of titles is unreadable', async () => {
  await signInWithToken(page, 'admin', '/dashboard');
  await page.route(/\/dashboard$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<script type="application\/json" id="screen-titles">)[^<]*/, '$1{"ADMIN": [[');
    await route.fulfill({ response, body: html });
  });
  await page.reload();
  await screenTitle(page, 'Constats en cours').waitFor();
  await page.getByRole('progressbar', { name: 'Chargement...' }).waitFor({ state: 'detached' });
});
