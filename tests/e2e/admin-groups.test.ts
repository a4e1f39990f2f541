// product.md §2 'Voir les groupes', 'CRÉATION D'UN GROUPE' and the group edit form, §5 (group rules),
// §8 (toasts), through the real server and the built web app in Chromium.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { fieldMessage, screenTitle, signedInPage, toast } from '../support/pages.js';

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

function groupsTable() {
  return page.getByRole('table', { name: 'Voir les groupes' });
}

describe('Voir les groupes', () => {
  it('lists the seeded études with their number of people; a row expands to its members with edit links', async () => {
    await page.goto('/dashboard/voirlesgroupes');
    await screenTitle(page, 'Voir les groupes').waitFor();
    const table = groupsTable();
    await table.getByText('SCP Dubois & Associés').waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['', 'Nom du groupe', 'Nombre de personnes', 'Éditer']);
    const row = table.locator('tbody tr', { hasText: 'SCP Dubois & Associés' });
    await row.getByRole('button', { name: 'Afficher le détail' }).click();
    const members = table.getByRole('list', { name: 'Membres du groupe' });
    await members.getByRole('listitem').first().waitFor();
    await saveScreenshot(page, 'admin-groups');
    await members
      .getByRole('button', { name: /^Éditer / })
      .first()
      .click();
    await page.waitForURL((url) => /^\/dashboard\/seetheaccount\/\d+$/.test(url.pathname));

    await page.goto('/dashboard/voirlesgroupes');
    const search = page.getByRole('searchbox', { name: 'Rechercher...' });
    await search.fill('aucune-etude-de-ce-nom');
    await search.press('Enter');
    await groupsTable().getByText('Aucun groupe.').waitFor();
    await search.fill('fabre');
    await search.blur();
    await groupsTable().getByText('SELARL Fabre Commissaires de justice').waitFor();
    await groupsTable().getByText('SCP Dubois & Associés').waitFor({ state: 'detached' });
  });
});

describe('CRÉATION D’UN GROUPE', () => {
  it('shows the live messages of §5, creates the group and returns to the list with the toast', async () => {
    await page.goto('/dashboard/voirlesgroupes');
    await page.getByRole('button', { name: 'Créer un groupe' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/creerungroupe');
    await screenTitle(page, "Création d'un groupe").waitFor();

    // Invalid input: the phone needs 9 characters; the postal code keeps digits only.
    await page.getByLabel(/^Téléphone de l'étude/).fill('01 23');
    await page.getByLabel(/^Téléphone de l'étude/).blur();
    expect(await fieldMessage(page, /^Téléphone de l'étude/).innerText()).toBe('Doit contenir au moins 9 caractères');
    await page.getByLabel(/^Code postal(?! de facturation)/).fill('69a0 02');
    expect(await page.getByLabel(/^Code postal(?! de facturation)/).inputValue()).toBe('69002');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Tous les champs obligatoires ne sont pas remplis.').waitFor();
    expect(await fieldMessage(page, /^Nom de l'étude/).innerText()).toBe('Champ requis');
    await saveScreenshot(page, 'admin-group-create-errors');

    await page.getByLabel(/^Nom de l'étude/).fill('Étude Caron & Meyer');
    await page.getByLabel(/^Siret/).fill('812 345 678 00021');
    await page.getByLabel(/^Adresse(?! de facturation| électronique)/).fill('12 quai Saint-Antoine');
    await page.getByLabel(/^Ville(?! de facturation)/).fill('Lyon');
    await page.getByLabel(/^Téléphone de l'étude/).fill('04 78 00 11 22');
    await page.getByLabel(/^E-mail de la comptabilité/).fill('compta@caron-meyer.fr');
    await page.getByLabel(/^Tarif\/page/).fill('2,50');
    await page.getByLabel(/^Tarif\/photo/).fill('0.80');
    await page.getByLabel(/^Adresse électronique de facturation/).fill('812345678_00021');
    expect(await fieldMessage(page, /^Téléphone de l'étude/).count()).toBe(0);
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Groupe créé avec succès.').waitFor();
    expect(await app.services.db.group.findFirstOrThrow({ where: { name: 'Étude Caron & Meyer' } })).toMatchObject({
      electronicAddress: '812345678_00021',
    });
    await page.waitForURL((url) => url.pathname === '/dashboard/voirlesgroupes');
    const row = groupsTable().locator('tbody tr', {
      hasText: 'Étude Caron & Meyer',
    });
    await row.waitFor();
    // Nobody linked yet: no expand button.
    expect(await row.getByRole('button', { name: 'Afficher le détail' }).count()).toBe(0);
    expect(await row.locator('td').nth(2).innerText()).toBe('0');
  });

  it('edits a group: fields prefilled, server-side rules, toast and back to the list', async () => {
    await page.goto('/dashboard/voirlesgroupes');
    const row = groupsTable().locator('tbody tr', {
      hasText: 'Étude Lefèvre-Gauthier',
    });
    await row.getByRole('button', { name: 'Éditer Étude Lefèvre-Gauthier' }).click();
    await page.waitForURL((url) => /^\/dashboard\/editvoirlesgroupes\/\d+$/.test(url.pathname));
    await screenTitle(page, "Modification d'un groupe").waitFor();
    const name = page.getByLabel(/^Nom de l'étude/);
    expect(await name.inputValue()).toBe('Étude Lefèvre-Gauthier');
    await page.getByLabel(/^E-mail de la comptabilité/).fill('ab');
    await page.getByLabel(/^E-mail de la comptabilité/).blur();
    expect(await fieldMessage(page, /^E-mail de la comptabilité/).innerText()).toBe('Adresse e-mail invalide.');
    await page.getByLabel(/^E-mail de la comptabilité/).fill('facturation@lefevre-gauthier.fr');
    await page.getByLabel(/^Ville(?! de facturation)/).fill('Villeurbanne');
    await saveScreenshot(page, 'admin-group-edit');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Groupe modifié avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/voirlesgroupes');
    await groupsTable().locator('tbody tr', { hasText: 'Étude Lefèvre-Gauthier' }).getByText('Villeurbanne').waitFor();
  });

  it("'Annuler' leaves the edit form for /dashboard/facturation", async () => {
    await page.goto('/dashboard/editvoirlesgroupes/1');
    await screenTitle(page, "Modification d'un groupe").waitFor();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/facturation');
  });
});
