// product.md §2 'Voir les comptes' and the account forms, §5 (account rules), §8 (toasts, server field
// errors), through the real server and the built web app in Chromium.
import type { Page } from 'playwright-core';
import { mailQueueDrained, type TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { findLink, readOutbox, rest } from '../support/http.js';
import { fieldMessage, screenTitle, signedInPage, toast, FILE_PICKER } from '../support/pages.js';

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

function accountsTable() {
  return page.getByRole('table', { name: 'Voir les comptes' });
}

describe('account forms', () => {
  it("'Créer un compte' opens the bailiff form; live §5 messages; the account is created and listed", async () => {
    await page.goto('/dashboard/seetheaccount');
    await screenTitle(page, 'Voir les comptes').waitFor();
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/bailiffaccount');
    await screenTitle(page, "Création d'un compte utilisateur").waitFor();
    expect(await page.getByRole('combobox', { name: 'Type de compte' }).inputValue()).toBe('BAILIFF');
    expect(await page.getByRole('radio', { name: 'Monsieur' }).isChecked()).toBe(true);

    // Invalid input.
    await page.getByLabel(/^Téléphone/).fill('12345');
    await page.getByLabel(/^Téléphone/).blur();
    expect(await fieldMessage(page, /^Téléphone/).innerText()).toBe('Numéro de téléphone invalide.');
    await page.getByLabel(/^Nom/).fill('Li');
    await page.getByLabel(/^Nom/).blur();
    expect(await fieldMessage(page, /^Nom/).innerText()).toBe('Doit contenir au moins 3 caractères');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Tous les champs obligatoires ne sont pas remplis.').waitFor();
    expect(await fieldMessage(page, /^Lier à/).innerText()).toBe('Sélectionnez un groupe');
    await saveScreenshot(page, 'admin-account-create-errors');

    await page.getByRole('radio', { name: 'Maître' }).check();
    await page.getByLabel(/^Nom/).fill('Perrin');
    await page.getByLabel(/^Prénom/).fill('Mathilde');
    await page.getByLabel(/^Téléphone/).fill('0612345678');
    await page.getByRole('combobox', { name: /^Lier à/ }).selectOption({ label: 'SCP Dubois & Associés (Lyon)' });
    await page.getByLabel(/^Email/).fill('mathilde.perrin@demo.fr');
    await page.getByLabel(/^Identifiant/).fill('mathilde.perrin');
    await page.getByLabel(/^Mot de passe/).fill('Perrin#2026');
    await page.getByLabel(/^Confirmer le mot de passe/).fill('Perrin#2027');
    await page.getByLabel(/^Confirmer le mot de passe/).blur();
    expect(await fieldMessage(page, /^Confirmer le mot de passe/).innerText()).toBe('Mot de passe incorrect.');
    await page.getByLabel(/^Confirmer le mot de passe/).fill('Perrin#2026');
    // A matrix for her secretaries.
    await page
      .getByRole('group', { name: 'Matrices associées' })
      .locator(FILE_PICKER)
      .setInputFiles([{ name: 'Trame Perrin.txt', mimeType: 'text/plain', buffer: Buffer.from('Trame de constat Perrin') }]);
    await page.getByText('Trame Perrin.txt').waitFor();
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Compte créé avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/seetheaccount');
    const search = page.getByRole('searchbox', { name: 'Rechercher...' });
    await search.fill('mathilde.perrin');
    await search.press('Enter');
    await accountsTable().locator('tbody tr', { hasText: 'Perrin Mathilde' }).getByText('Huissier').waitFor();
    // Her edit form lists the matrix sent with the account.
    await accountsTable()
      .locator('tbody tr', { hasText: 'Perrin Mathilde' })
      .getByRole('button', { name: /^Éditer / })
      .click();
    await page.getByRole('list', { name: 'Matrices enregistrées' }).getByText('Trame Perrin.txt').waitFor();
  });

  it('the server refuses an e-mail already taken: its message shows under the field', async () => {
    await page.goto('/dashboard/secretary');
    await screenTitle(page, "Création d'un compte utilisateur").waitFor();
    expect(await page.getByRole('combobox', { name: 'Type de compte' }).inputValue()).toBe('SECRETARY');
    await page.getByLabel(/^Nom/).fill('Rolland');
    await page.getByLabel(/^Prénom/).fill('Claire');
    await page.getByLabel(/^Téléphone/).fill('0611223344');
    await page.getByLabel(/^RIB/).fill('FR76 3000 4000 0500 0012 3456 789');
    await page.getByLabel(/^Siret/).fill('512 345 678 00012');
    await page.getByLabel(/^Adresse postale/).fill('4 rue des Lilas');
    await page.getByLabel(/^Code postal/).fill('69003');
    await page.getByLabel(/^Ville/).fill('Lyon');
    await page.getByLabel(/^Tarif\/page/).fill('1,20');
    await page.getByLabel(/^Email/).fill('secretaire@demo.fr');
    await page.getByLabel(/^Identifiant/).fill('clairerolland');
    await page.getByLabel(/^Mot de passe/).fill('Rolland#2026');
    await page.getByLabel(/^Confirmer le mot de passe/).fill('Rolland#2026');
    await page.getByRole('button', { name: 'Valider' }).click();
    await fieldMessage(page, /^Email/)
      .getByText('Cet email existe déjà.')
      .waitFor();
    await saveScreenshot(page, 'admin-account-secretary');
    expect(page.url()).toContain('/dashboard/secretary');
  });

  it("'Éditer' opens the edit form: type, civility and e-mail locked; the change is saved", async () => {
    await page.goto('/dashboard/seetheaccount');
    const search = page.getByRole('searchbox', { name: 'Rechercher...' });
    await search.fill('huissier@demo.fr');
    await search.press('Enter');
    const row = accountsTable().locator('tbody tr', { hasText: 'huissier@demo.fr' });
    await row.getByRole('button', { name: /^Éditer / }).click();
    await page.waitForURL((url) => /^\/dashboard\/seetheaccount\/\d+$/.test(url.pathname));
    await screenTitle(page, "Modification d'un compte utilisateur").waitFor();
    expect(await page.getByRole('combobox', { name: 'Type de compte' }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Monsieur' }).isDisabled()).toBe(true);
    expect(await page.getByLabel(/^Email/).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('huissier@demo.fr');
    await page.getByLabel(/^Téléphone/).fill('0699887766');
    await saveScreenshot(page, 'admin-account-edit');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Compte modifié avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/seetheaccount');
  });
});

describe('account requests (hardening, issue 16)', () => {
  /** Registers a bailiff and returns the approve and deny links of the admins' e-mail, as paths. */
  async function register(email: string, identity: string) {
    const form = {
      first_name: 'Léa',
      last_name: 'Fontaine',
      telephone: '0611223344',
      address: '2 rue Neuve',
      zip: '69003',
      city: 'Lyon',
      identity,
      email,
      password: 'Constat#2026',
    };
    expect((await rest(app.url, 'POST', '/api/v1/auth/register', { form })).status).toBe(201);
    await mailQueueDrained(app);
    const mail = (await readOutbox(app.outboxDir)).find((m) => m.text?.includes(email))!;
    const path = (link: string) => new URL(link).pathname + new URL(link).search;
    return { approve: path(findLink(mail, '?action=approve')), deny: path(findLink(mail, '?action=deny')) };
  }
  const statusOf = async (email: string) => (await app.services.db.user.findUnique({ where: { email } }))?.status ?? null;

  it('the e-mailed approve link opens the pending account; only « Approuver » activates it', async () => {
    const links = await register('lea.fontaine@etude.fr', 'l.fontaine');
    await page.goto(links.approve);
    await screenTitle(page, "Modification d'un compte utilisateur").waitFor();
    await page.getByText('Demande de création de compte en attente').waitFor();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('lea.fontaine@etude.fr');
    await saveScreenshot(page, 'account-request');
    // Opening the page decided nothing.
    expect(await statusOf('lea.fontaine@etude.fr')).toBe('PENDING');

    await page.getByRole('button', { name: 'Approuver' }).click();
    await toast(page, 'La demande de création de compte a été approuvée. Le nouveau compte est maintenant actif.').waitFor();
    await page.getByText('Demande de création de compte en attente').waitFor({ state: 'detached' });
    expect(await statusOf('lea.fontaine@etude.fr')).toBe('ACTIVE');
  });

  it('the deny link asks first; « Refuser » deletes the account and goes back to the list', async () => {
    const links = await register('hugo.blanc@etude.fr', 'h.blanc');
    await page.goto(links.deny);
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Refuser la demande de création de compte de Léa Fontaine ? Le compte sera supprimé.').waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    // Closed before the page's own « Refuser » is pressed: a dialog still leaving has one too.
    await dialog.waitFor({ state: 'detached' });
    expect(await statusOf('hugo.blanc@etude.fr')).toBe('PENDING');

    await page.getByRole('button', { name: 'Refuser' }).click();
    await dialog.getByRole('button', { name: 'Refuser' }).click();
    await toast(page, 'La demande de création de compte a été refusée. Le nouveau compte a été supprimé.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/seetheaccount');
    expect(await statusOf('hugo.blanc@etude.fr')).toBeNull();
  });

  it('the bell’s account request offers « Approuver » in its dialog', async () => {
    await register('alix.morel@etude.fr', 'a.morel');
    // A fresh page: the shell reads the bell with the new request in it.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel
      .getByText(/alix\.morel@etude\.fr/)
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Demande de création de compte' });
    await dialog.getByRole('button', { name: 'Approuver' }).click();
    await toast(page, 'La demande de création de compte a été approuvée. Le nouveau compte est maintenant actif.').waitFor();
    await dialog.getByRole('button', { name: 'Approuver' }).waitFor({ state: 'detached' });
    expect(await statusOf('alix.morel@etude.fr')).toBe('ACTIVE');
  });
});
