// Issue 23 item 2: journeys made with the keyboard only, asserting where the focus is at each step
// (into every dialog, back out of it, Escape closing it).
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo } from '../support/http.js';
import { screenTitle, signedOutPage, userMenuButton } from '../support/pages.js';

let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ browser } = started));
jest.setTimeout(120_000);

afterEach(async () => {
  await page?.close();
});

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

async function focusIsWithin(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

/** Presses Tab until `target` has the focus; fails if it takes more than `limit` presses. */
async function tabTo(target: Locator, limit = 15): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  if (!(await isFocused(target))) throw new Error(`not reached with ${limit} presses of Tab`);
}

/** Signs in from /login with the keyboard only; the email field has the focus on arrival. */
async function logInWithKeyboard(account: keyof typeof demo): Promise<void> {
  await signedOutPage(page);
  const email = page.getByLabel(/^Votre identifiant/);
  await email.waitFor();
  expect(await isFocused(email)).toBe(true);
  await page.keyboard.type(demo[account].email);
  await page.keyboard.press('Tab');
  expect(await isFocused(page.getByLabel(/^Mot de passe/))).toBe(true);
  await page.keyboard.type(demo[account].password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await userMenuButton(page).waitFor();
}

describe('keyboard only', () => {
  it('logs in: the email field first, Tab to the password, Enter signs in', async () => {
    page = await browser.newPage();
    await logInWithKeyboard('secretary');
    await screenTitle(page, 'Constats en cours').waitFor();
  });

  it('opens the bell, reads a notification in its dialog, and Escape brings the focus back to the bell', async () => {
    page = await browser.newPage();
    await logInWithKeyboard('admin');
    await screenTitle(page, 'Constats en cours').waitFor();
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await tabTo(bell);
    // A visible focus ring: Fluent draws it only for keyboard focus.
    expect(await bell.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    expect(await focusIsWithin(panel)).toBe(true);

    const firstItem = panel.getByRole('listitem').first().getByRole('button');
    const title = (await firstItem.locator('.fui-Text').first().innerText()).trim();
    await tabTo(firstItem);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await focusIsWithin(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(bell)).toBe(true);
  });
});
