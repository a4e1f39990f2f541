// Accessibility of every bailiff and secretary screen on a desktop and of the main dialogs
// (tests/support/accessibility.ts); on a phone: accessibility-phone.test.ts; the admin's screens:
// accessibility-admin*.test.ts.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { checkEveryScreen, loaded, smallTargets, violations } from '../support/accessibility.js';
import type { TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { signedInPage } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
useAppInBrowser((started) => ({ app, browser } = started));
// One screen: opened, loaded, then scanned by axe (seconds on a quiet machine, a minute on a busy one).
jest.setTimeout(120_000);

checkEveryScreen('BAILIFF', 'bailiff', () => ({ app, browser }));
checkEveryScreen('SECRETARY', 'secretary', () => ({ app, browser }));

describe('the main dialogs', () => {
  let page: Page;
  afterEach(async () => {
    await page?.close();
  });

  /** The first report row of the list, expanded with its details. */
  async function firstRow(path: string) {
    await page.goto(path);
    await loaded(page);
    return page.locator('tbody tr').first();
  }

  it('advanced search, comments, document viewer and archive confirmation (admin)', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/constats-en-cours-admin');
    await loaded(page);
    await page.getByRole('button', { name: 'Recherche avancée' }).click();
    await page.getByRole('combobox', { name: /^Statut/ }).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);

    const row = await firstRow('/dashboard/constats-en-cours-admin');
    await row.getByRole('button', { name: /^Commentaires du constat/ }).click();
    const comments = page.getByRole('dialog', { name: /^Commentaires · / });
    await comments.waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] .fui-Spinner'));
    expect(await violations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await comments.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: /^Informations sur / }).click();
    const info = page.getByRole('dialog', { name: "Informations de l'huissier" });
    await info.waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] .fui-Spinner'));
    expect(await violations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    const matrices = info.getByRole('region', { name: 'Matrices associées' }).getByRole('button');
    if ((await matrices.count()) > 0) {
      const name = await matrices.first().getAttribute('title');
      await matrices.first().click();
      await page.getByRole('dialog', { name: name! }).waitFor();
      expect(await violations(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
    }
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/constats-termines-admin');
    await loaded(page);
    await page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Archiver / })
      .click();
    await page.getByRole('alertdialog').waitFor();
    expect(await violations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Non' }).click();
  });

  it('bill selection (admin)', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/facturation');
    await loaded(page);
    await page
      .getByRole('button', { name: /^Constats à facturer de / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Facturation de / });
    await dialog.waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] .fui-Spinner'));
    expect(await violations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
  });
});
