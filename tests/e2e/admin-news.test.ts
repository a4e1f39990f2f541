// product.md §2 'TOUTES LES ACTUALITÉS', 'CRÉER UNE ACTUALITÉ' and the news edit screen, §5 (news rules),
// §8 (toasts): an admin publishes, a secretary's bell receives it live in another browser.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { launchBrowser, saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { fieldMessage, screenTitle, signIn, signedInPage, signedOutPage, toast, userMenuButton } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

beforeEach(async () => {
  page = await signedInPage(browser, 'admin');
});

afterEach(async () => {
  await page.close();
});

function newsTable(target: Page = page) {
  return target.getByRole('table', { name: 'Toutes les actualités' });
}

describe('TOUTES LES ACTUALITÉS', () => {
  it('lists the seeded news (Important, Date, Actualité, Modifier) and searches on Enter or blur', async () => {
    await page.goto('/dashboard/viewnews');
    await screenTitle(page, 'Toutes les actualités').waitFor();
    const table = newsTable();
    await table.getByText('Rappel : délai de retour de 36 heures').waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Important', 'Date', 'Actualité', 'Modifier']);
    expect(await table.getByRole('img', { name: /^(Importante|Non importante)$/ }).count()).toBe(await table.locator('tbody tr').count());
    expect(await table.locator('tbody tr time').first().innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await saveScreenshot(page, 'admin-news');

    const search = page.getByRole('searchbox', { name: 'Rechercher...' });
    await search.fill('aucune-actualite-de-ce-nom');
    await search.press('Enter');
    await table.getByText('Aucune actualité associée').waitFor();
    await search.fill('facturation');
    await search.blur();
    await table.getByText('Facturation de fin de mois').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
  });
});

describe('CRÉER UNE ACTUALITÉ', () => {
  it("shows §5's message, publishes to the secretaries (live in their bell) and returns to the list", async () => {
    // A secretary is signed in in another browser.
    const secretaryBrowser = await launchBrowser(app.url);
    try {
      const secretary = await secretaryBrowser.newPage();
      await signedOutPage(secretary);
      await signIn(secretary, 'secretary');
      await secretary.waitForURL((url) => url.pathname === '/dashboard');
      await userMenuButton(secretary).waitFor();

      await page.goto('/dashboard/viewnews');
      await page.getByRole('button', { name: 'Créer une actualité' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/createanews');
      await screenTitle(page, 'Créer une actualité').waitFor();

      // Invalid input: nothing typed.
      await page.getByRole('button', { name: 'Envoyer' }).click();
      expect(await fieldMessage(page, /^Titre de l'actualité/).innerText()).toBe("Entrez votre Titre de l'actualité, s'il vous plaît !");
      await page.getByLabel(/^Titre de l'actualité/).fill('Ab');
      expect(await fieldMessage(page, /^Titre de l'actualité/).innerText()).toBe('Doit contenir au moins 3 caractères');

      await page.getByLabel(/^Titre de l'actualité/).fill('Nouvelle grille tarifaire');
      const editor = page.getByRole('textbox', { name: /^Actualité/ });
      await editor.click();
      await page.getByRole('button', { name: 'Gras' }).click();
      await page.keyboard.type('Attention');
      await page.getByRole('button', { name: 'Gras' }).click();
      await page.keyboard.type(' : les tarifs changent au 1er janvier.');
      await page.getByRole('checkbox', { name: 'IMPORTANT' }).check();
      await saveScreenshot(page, 'admin-news-create');
      await page.getByRole('button', { name: 'Envoyer' }).click();
      await toast(page, 'Actualités envoyées aux secrétaires avec succès').waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard/viewnews');
      const row = newsTable().locator('tbody tr', { hasText: 'Nouvelle grille tarifaire' });
      await row.getByRole('img', { name: 'Importante' }).waitFor();
      // Bold as typed (Chromium's editor writes <b>, kept by the server's allow-list).
      expect(await row.locator('b, strong').innerText()).toBe('Attention');

      // The secretary's bell: red dot and the item, without a reload.
      await secretary.getByTestId('bell-dot').waitFor();
      await secretary.getByRole('button', { name: /^Notifications/ }).click();
      const panel = secretary.getByRole('dialog', { name: 'Notifications' });
      await panel.getByRole('tab', { name: /Actualités/ }).click();
      await panel.getByRole('list', { name: 'Actualités' }).getByRole('listitem').first().getByText('Nouvelle grille tarifaire').waitFor();
    } finally {
      await secretaryBrowser.close();
    }
  });

  it("edits a news item: 'Importante', 'Champ requis' when the title is emptied, toast and back to the list", async () => {
    await page.goto('/dashboard/viewnews');
    const row = newsTable().locator('tbody tr', { hasText: 'Nouvelle trame de procès-verbal' });
    await row.getByRole('button', { name: 'Modifier Nouvelle trame de procès-verbal' }).click();
    await page.waitForURL((url) => /^\/dashboard\/createanews\/\d+$/.test(url.pathname));
    await screenTitle(page, "Modifier l'actualité").waitFor();
    const title = page.getByLabel(/^Titre de l'actualité/);
    expect(await title.inputValue()).toBe('Nouvelle trame de procès-verbal');
    await title.fill('');
    await title.blur();
    expect(await fieldMessage(page, /^Titre de l'actualité/).innerText()).toBe('Champ requis');
    await title.fill('Nouvelle trame de procès-verbal (v2)');
    const important = page.getByRole('checkbox', { name: 'Importante' });
    const wasImportant = await important.isChecked();
    await important.setChecked(!wasImportant);
    await saveScreenshot(page, 'admin-news-edit');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Actualités mises à jour avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/viewnews');
    const edited = newsTable().locator('tbody tr', { hasText: 'Nouvelle trame de procès-verbal (v2)' });
    await edited.getByRole('img', { name: wasImportant ? 'Non importante' : 'Importante' }).waitFor();
  });
});
