// Every screen fits a phone (390 × 844) and a tablet (820 × 1180): nothing reaches past the
// right edge, except inside a box that scrolls sideways itself (a wide table), and each constat
// list shows its first constat's name and status at once (tests/e2e/tablet-layout.test.ts; on a
// phone, in the accessibility walk's visit of each screen, tests/e2e/accessibility*-phone.test.ts).
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { concrete, loaded, routesOf, visit, type Role, type ScreenCheck } from './accessibility.js';
import type { TestApp } from './app.js';
import { saveScreenshot, type TestBrowser } from './browser.js';
import { monthBefore, parisMonth } from './months.js';
import { selectPeriod, signedInPage, signedOutPage, type DemoAccount } from './pages.js';

export const devices = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
} as const;
export type Device = keyof typeof devices;

/** The constat lists among the routes routesOf() keeps (one path per screen): with a status or without (rétrocession). */
const constatLists: Record<Role, ReadonlyMap<string, 'status' | 'no status'>> = {
  ADMIN: new Map([
    ['', 'status'],
    ['constats-termines-admin', 'status'],
    ['constats-archives-admin', 'status'],
    ['retrocessions-constats-admin', 'no status'],
  ]),
  BAILIFF: new Map([
    ['', 'status'],
    ['constats-archives-moi-huissier', 'status'],
  ]),
  SECRETARY: new Map([
    ['', 'status'],
    ['retrocessions-constats-secretaire', 'no status'],
    ['constats-mois-secretaire', 'status'],
  ]),
};

/**
 * The visible elements whose box ends past the viewport's right edge, outside any box that scrolls
 * sideways itself, described by tag, classes and text; the page's own sideways scroll first; then
 * the table cells whose content is wider than their column.
 */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = window.innerWidth + 0.5;
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`the page is ${root.scrollWidth} px wide`);
    const scrollsSideways = (element: Element) => {
      const { overflowX } = getComputedStyle(element);
      return overflowX === 'auto' || overflowX === 'scroll';
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= edge || box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      let inScroller = false;
      for (let parent = element.parentElement; parent && !inScroller; parent = parent.parentElement) {
        inScroller = scrollsSideways(parent);
      }
      if (inScroller) continue;
      // The outermost one only: what it holds goes past the edge with it.
      const parent = element.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > edge) continue;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      const classes = String(element.className).split(' ').slice(0, 2).join(' ');
      found.push(`<${element.tagName.toLowerCase()} class="${classes}"> ends at ${Math.round(box.right)} px: ${text}`);
    }
    // A table cell's text wider than the cell runs over its neighbour's (text over text).
    for (const cell of document.querySelectorAll('td, th')) {
      if (cell.scrollWidth > cell.clientWidth + 1) {
        found.push(`<${cell.tagName.toLowerCase()}> overflows its column: ${(cell.textContent ?? '').trim().slice(0, 40)}`);
      }
    }
    return found;
  });
}

/** Whether the element is on screen, within the viewport's width and the boxes holding it (no sideways scroll to reach it). */
async function inView(element: Locator): Promise<boolean> {
  return element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) return false;
    for (let parent = target.parentElement; parent; parent = parent.parentElement) {
      const frame = parent.getBoundingClientRect();
      if (getComputedStyle(parent).overflowX !== 'visible' && (box.left < frame.left || box.right > frame.right)) return false;
    }
    return true;
  });
}

const constatListName = /^(Nom du constat|Constats de la période)$/;

/** The first constat of the list on screen, a card or a table row, and its name. */
async function firstConstat(page: Page): Promise<{ row: Locator; name: Locator }> {
  const cards = page.getByRole('list', { name: constatListName });
  if ((await cards.count()) > 0) {
    const card = cards.getByRole('listitem').first();
    return { row: card, name: card.getByRole('heading') };
  }
  const table = page.getByRole('table', { name: constatListName });
  const headers = (await table.locator('thead th').allInnerTexts()).map((header) => header.trim());
  const row = table.locator('tbody tr').first();
  return { row, name: row.locator('td').nth(headers.indexOf('Nom du constat')) };
}

/**
 * The first constat's name and status (where the list has one) are in view; its detail, opened,
 * fits the width too (photographed as `<shot>-detail`).
 */
async function checkFirstConstat(page: Page, withStatus: boolean, shot: string): Promise<void> {
  const { row, name } = await firstConstat(page);
  expect((await name.innerText()).trim()).not.toBe('');
  expect(await inView(name)).toBe(true);
  if (withStatus) expect(await inView(row.locator('.fui-Badge'))).toBe(true);
  await row.getByRole('button', { name: 'Afficher le détail' }).click();
  await loaded(page);
  await saveScreenshot(page, `${shot}-detail`);
  expect(await overflowing(page)).toEqual([]);
  await row.getByRole('button', { name: 'Masquer le détail' }).click();
}

/**
 * The width check of a screen of `role` already open on `page` at `device`'s size (`name`: the
 * route's path, for the screenshots): the window is the device's width (a phone's browser would
 * zoom out on a page wider than its screen), the screen is photographed, nothing reaches past the
 * right edge, and a constat list's first constat is in view.
 */
export async function checkScreenFits(page: Page, device: Device, role: Role, route: { path: string }, name: string): Promise<void> {
  expect(await page.evaluate(() => window.innerWidth)).toBe(devices[device].width);
  const shot = `${device}-${role.toLowerCase()}-${name.replace(/[^\w-]+/g, '_')}`;
  await saveScreenshot(page, shot);
  expect(await overflowing(page)).toEqual([]);
  const list = constatLists[role].get(route.path);
  if (list === 'no status') await showAMonthWithConstats(page);
  if (list) await checkFirstConstat(page, list === 'status', shot);
}

/**
 * A rétrocession list opens on the current month, which has no constat yet in the first hours of a
 * month; the seed's last month always has some.
 */
async function showAMonthWithConstats(page: Page): Promise<void> {
  if (!(await page.getByText('Aucun constat.', { exact: true }).isVisible())) return;
  const { year, month } = monthBefore(parisMonth());
  await selectPeriod(page, year, month);
  await page.getByText('Aucun constat.', { exact: true }).waitFor({ state: 'hidden' });
  await loaded(page);
}

/**
 * The width check as a check of the accessibility walk (accessibility.ts), which visits every
 * screen of `role` on a phone already: one visit for both.
 */
export function fitsTheWidth(device: Device, role: Role): ScreenCheck {
  return { title: 'and fits the width', run: (page, route, name) => checkScreenFits(page, device, role, route, name) };
}

/** Registers the check of every screen of `role` on `device`, one signed-in tab for them all. */
export function checkEveryScreenFits(
  device: Device,
  role: Role,
  account: DemoAccount,
  started: () => { app: TestApp; browser: TestBrowser },
): void {
  describe(`every screen of the ${role} role on a ${device}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(started().browser, account);
      await page.setViewportSize(devices[device]);
    });
    afterAll(async () => {
      await page?.close();
    });

    it.each(routesOf(role).map((route) => [route.path || '(accueil)', route] as const))(
      '/dashboard/%s fits the width',
      async (name, route) => {
        const path = `/dashboard/${await concrete(started().app, route.path)}`.replace(/\/$/, '');
        await visit(page, path, route.title);
        await checkScreenFits(page, device, role, route, name);
      },
    );
  });
}

const publicPages = ['/login', '/createaccount', '/recover/request', '/forgotpassword', '/reset-password?token=x'];

/** Registers the check of the public pages on `device`. */
export function checkPublicPagesFit(device: Device, started: () => { browser: TestBrowser }): void {
  describe(`the public pages on a ${device}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await started().browser.newPage();
      await page.setViewportSize(devices[device]);
    });
    afterAll(async () => {
      await page?.close();
    });

    it.each(publicPages)('%s fits the width', async (path) => {
      await signedOutPage(page, path);
      await loaded(page);
      await saveScreenshot(page, `${device}-public-${path.replace(/\W+/g, '_').replace(/^_|_$/g, '')}`);
      expect(await overflowing(page)).toEqual([]);
    });
  });
}

/** Registers the check of the main dialogs on `device`: each fits the width, its wide content scrolling inside it. */
export function checkDialogsFit(device: Device, started: () => { browser: TestBrowser }): void {
  describe(`the main dialogs on a ${device}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(started().browser, 'admin');
      await page.setViewportSize(devices[device]);
    });
    afterAll(async () => {
      await page?.close();
    });

    async function open(dialog: Locator, shot: string): Promise<void> {
      await dialog.waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="dialog"] .fui-Spinner'));
      await saveScreenshot(page, `${device}-dialog-${shot}`);
      expect(await overflowing(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }

    it("a constat's comments fit the width", async () => {
      await visit(page, '/dashboard/constats-termines-admin', 'Constats terminés');
      await page
        .getByRole('button', { name: /^Commentaires du constat/ })
        .first()
        .click();
      await open(page.getByRole('dialog', { name: /^Commentaires · / }), 'comments');
    });

    it("an étude's bill selection fits the width", async () => {
      await visit(page, '/dashboard/facturation', 'Facturation');
      await page
        .getByRole('button', { name: /^Constats à facturer de / })
        .first()
        .click();
      await open(page.getByRole('dialog', { name: /^Facturation de / }), 'bill-selection');
    });
  });
}
