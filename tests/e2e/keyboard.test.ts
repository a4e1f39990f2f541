// Issue 23 item 2: journeys made with the keyboard only (page.keyboard, never a click), asserting
// where the focus is at each step, that it shows, that it goes into every dialog and back to its
// opener, and that Escape closes dialogs. One app for the file and one sign-in per role: the admin's
// journeys run in order on one tab (the constat created first is assigned, counted and billed next).
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import {
  expectAnnounced,
  recordAnnouncements,
  expectFocusOnTitle,
  expectVisibleFocus,
  focusIsWithin,
  isFocused,
  focusReturnsTo,
  logInWithKeyboard,
  tabTo,
} from '../support/keyboard.js';
import { namesOf, screenTitle, toast } from '../support/pages.js';
import { liveSubscription } from '../support/live.js';
import { gqlUpload, samplePdf } from '../support/upload.js';

let app: TestApp;
let browser: TestBrowser;
useAppInBrowser((started) => ({ app, browser } = started));
jest.setTimeout(120_000);

/** Today in Paris, 'DD/MM/YYYY', on the `day`-th of the month. */
function dayOfThisMonth(day: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()).split('-');
  return `${String(day).padStart(2, '0')}/${month}/${year}`;
}

describe('keyboard only: the bell', () => {
  let page: Page;
  afterAll(async () => {
    await page?.close();
  });

  it('logs in: the email field first, Tab to the password, Enter signs in, the home title takes the focus', async () => {
    page = await browser.newPage();
    await logInWithKeyboard(page, 'secretary');
    await expectFocusOnTitle(page, 'Constats en cours');
  });

  it('opens the bell, reads a notification in its dialog, and Escape brings the focus back to the bell', async () => {
    const bell = page.getByRole('button', { name: /^Notifications/ });
    // The bell is in the header, before the screen's title.
    await tabTo(page, bell, { backwards: true });
    await expectVisibleFocus(page, bell);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    expect(await focusIsWithin(panel)).toBe(true);

    const firstItem = panel.getByRole('listitem').first().getByRole('button');
    const title = (await firstItem.locator('.fui-Text').first().innerText()).trim();
    await tabTo(page, firstItem);
    await expectVisibleFocus(page, firstItem);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await focusIsWithin(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusReturnsTo(bell)).toBe(true);
  });
});

describe('keyboard only: the admin’s day', () => {
  let page: Page;
  const name = `Constat au clavier ${Date.now()}`;
  let bailiff: { fullName: string };
  let group: string;
  let secretary: string;

  beforeAll(async () => {
    bailiff = await namesOf(app.url, 'bailiff');
    secretary = (await namesOf(app.url, 'secretary')).fullName;
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const me = await gql<{ me: { group: { name: string } } }>(app.url, 'query { me { group { name } } }', {}, token);
    group = me.data!.me.group.name;
    page = await browser.newPage();
    await logInWithKeyboard(page, 'admin');
    await expectFocusOnTitle(page, 'Constats en cours');
  });

  afterAll(async () => {
    await page?.close();
  });

  it('creates a constat with a file picked from « Parcourir… », and lands on the list with its title focused', async () => {
    await page.goto('/dashboard/creer-un-constat-admin');
    await expectFocusOnTitle(page, 'Créer un constat');
    const select = page.getByRole('combobox', { name: /^Huissier/ });
    await tabTo(page, select);
    await expectVisibleFocus(page, select);
    // A closed native select changes its value with the arrows.
    for (
      let presses = 0;
      presses < 40 && (await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text)) !== bailiff.fullName;
      presses++
    ) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, page.getByRole('textbox', { name: /^Nom du constat/ }));
    await page.keyboard.type(name);

    const browse = page.getByRole('button', { name: 'Parcourir…' });
    // Listening first turns on Chromium's file-chooser interception well before Enter: armed in the
    // same breath as the key press, it lost the race on a loaded CI machine and no event came.
    const chooserOpened = page.waitForEvent('filechooser');
    await tabTo(page, browse);
    await expectVisibleFocus(page, browse);
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles({ name: 'notes-clavier.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes prises sur place.') });
    await page.getByText('notes-clavier.txt').waitFor();
    // The file is listed and the focus has stayed on the button that opened the chooser.
    expect(await isFocused(browse)).toBe(true);

    const submit = page.getByRole('button', { name: 'Créer le constat' });
    await tabTo(page, submit);
    await expectVisibleFocus(page, submit);
    await page.keyboard.press('Enter');
    await toast(page, 'Constat créé avec succès').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/constats-en-cours-admin');
    // The button that sent the form is gone: the focus is on the new screen's title, not on <body>.
    await expectFocusOnTitle(page, 'Constats en cours');
  });

  it('assigns a secretary from the row’s popover: focus in, Escape out, « ok » back to the row’s button', async () => {
    const search = page.getByRole('searchbox', { name: 'Rechercher...' });
    await tabTo(page, search);
    await expectVisibleFocus(page, search);
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    const row = page.getByRole('table', { name: 'Nom du constat' }).getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await page.getByRole('table', { name: 'Nom du constat' }).locator('tbody tr').nth(1).waitFor({ state: 'detached' });

    const opener = row.getByRole('button', { name: `Attribuer une secrétaire au constat ${name}` });
    await tabTo(page, opener);
    await expectVisibleFocus(page, opener);
    const select = page.getByRole('combobox', { name: `Secrétaire du constat ${name}` });
    // Escape closes the popover and gives the focus back.
    await page.keyboard.press('Enter');
    await select.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'SELECT');
    await page.keyboard.press('Escape');
    await select.waitFor({ state: 'detached' });
    expect(await focusReturnsTo(opener)).toBe(true);

    await page.keyboard.press('Enter');
    await select.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'SELECT');
    await expectVisibleFocus(page, select);
    for (
      let presses = 0;
      presses < 40 && (await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text)) !== secretary;
      presses++
    ) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Tab');
    const ok = page.getByRole('button', { name: `ok : Secrétaire du constat ${name}` });
    await expectVisibleFocus(page, ok);
    await page.keyboard.press('Enter');
    await toast(page, 'Constat mis à jour avec succès').waitFor();
    await select.waitFor({ state: 'detached' });
    await row.getByText(secretary, { exact: true }).waitFor();
    expect(await focusReturnsTo(opener)).toBe(true);
  });

  it('counts and invoices it in its expanded row: « Facturer » keeps the focus', async () => {
    const row = page.getByRole('table', { name: 'Nom du constat' }).getByRole('row').filter({ hasText: name });
    const expand = row.getByRole('button', { name: 'Afficher le détail' });
    await tabTo(page, expand, { backwards: true });
    await expectVisibleFocus(page, expand);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Masquer le détail' }).waitFor();
    const pages = page.getByRole('textbox', { name: 'Pages rétrocession' });
    await tabTo(page, pages, { limit: 40 });
    await expectVisibleFocus(page, pages);
    await page.keyboard.type('8');
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, page.getByRole('textbox', { name: 'Photos rétrocession' }));
    await page.keyboard.type('2');
    const billing = page.getByRole('checkbox', { name: 'Facturation' });
    await tabTo(page, billing);
    await expectVisibleFocus(page, billing);
    await page.keyboard.press('Space');
    expect(await billing.isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Pages facturation' }).inputValue()).toBe('8');
    const facturer = page.getByRole('button', { name: 'Facturer' });
    await tabTo(page, facturer);
    await expectVisibleFocus(page, facturer);
    await recordAnnouncements(page);
    await page.keyboard.press('Enter');
    await toast(page, 'Rapport facturé').waitFor();
    // The toast is announced through a live region; the focus has not moved.
    await expectAnnounced(page, 'Rapport facturé');
    expect(await isFocused(facturer)).toBe(true);
  });

  it('generates the bill of its étude: focus into the selection dialog, Escape back to its opener', async () => {
    await page.goto('/dashboard/Facturationtable');
    await expectFocusOnTitle(page, 'Facturation');
    const opener = page.getByRole('button', { name: `Constats à facturer de ${group}` });
    await opener.waitFor();
    await tabTo(page, opener, { limit: 80 });
    await expectVisibleFocus(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(group) });
    await dialog.waitFor();
    expect(await focusIsWithin(dialog)).toBe(true);

    const pick = dialog.getByRole('checkbox', { name: `Sélectionner ${name}` });
    await tabTo(page, pick, { limit: 60 });
    await expectVisibleFocus(page, pick);
    await page.keyboard.press('Space');
    expect(await pick.isChecked()).toBe(true);
    // « Générer la facture » closes the dialog, after every row's box and discount: as a keyboard user
    // would in a long list, Shift+Tab from the top wraps round to it (the dialog keeps the focus in).
    const generate = dialog.getByRole('button', { name: 'Générer la facture' });
    await tabTo(page, generate, { limit: 20, backwards: true });
    await expectVisibleFocus(page, generate);
    await page.keyboard.press('Enter');
    await toast(page, 'Facture créée avec succès').waitFor();
    // « Générer la facture » is gone: the new bill's number takes the focus, in the dialog.
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Facture n° '));
    expect(await focusIsWithin(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusReturnsTo(opener)).toBe(true);
  });

  it('creates a news item: the title, the editor, « IMPORTANT », « Envoyer », and the list’s title focused', async () => {
    await page.goto('/dashboard/createanews');
    await expectFocusOnTitle(page, 'Créer une actualité');
    const title = page.getByLabel(/^Titre de l'actualité/);
    await tabTo(page, title);
    await expectVisibleFocus(page, title);
    await page.keyboard.type('Actualité saisie au clavier');
    const editor = page.getByRole('textbox', { name: /^Actualité/ });
    await tabTo(page, editor);
    await expectVisibleFocus(page, editor);
    await page.keyboard.type('Le bureau ferme à 17 h vendredi.');
    const important = page.getByRole('checkbox', { name: 'IMPORTANT' });
    await tabTo(page, important);
    await expectVisibleFocus(page, important);
    await page.keyboard.press('Space');
    expect(await important.isChecked()).toBe(true);
    const send = page.getByRole('button', { name: 'Envoyer' });
    await tabTo(page, send);
    await expectVisibleFocus(page, send);
    await page.keyboard.press('Enter');
    await toast(page, 'Actualités envoyées aux secrétaires avec succès').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/viewnews');
    await expectFocusOnTitle(page, 'Toutes les actualités');
    await page.getByRole('table', { name: 'Toutes les actualités' }).getByText('Actualité saisie au clavier').waitFor();
  });
});

describe('keyboard only: an absence', () => {
  it('bailiff: the date picker opens on Enter and closes on Escape back to its button; Valider lands on his calendar', async () => {
    const page = await browser.newPage();
    try {
      await logInWithKeyboard(page, 'bailiff');
      await expectFocusOnTitle(page, 'Mes constats en cours');
      await page.goto('/dashboard/createanalert');
      await expectFocusOnTitle(page, 'Signaler une absence ou un congé');
      const start = page.getByLabel(/^Date de début/);
      await tabTo(page, start);
      await expectVisibleFocus(page, start);
      await page.keyboard.type(dayOfThisMonth(5));

      const picker = page.getByRole('button', { name: 'Ouvrir le calendrier' }).first();
      await tabTo(page, picker);
      await expectVisibleFocus(page, picker);
      await page.keyboard.press('Enter');
      const calendar = page.locator('.react-calendar');
      await calendar.waitFor();
      expect(await focusIsWithin(calendar)).toBe(true);
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'detached' });
      expect(await focusReturnsTo(picker)).toBe(true);
      expect(await start.inputValue()).toBe(dayOfThisMonth(5));

      const end = page.getByLabel(/^Date de fin/);
      await tabTo(page, end);
      await expectVisibleFocus(page, end);
      await page.keyboard.type(dayOfThisMonth(6));
      const comment = page.getByLabel(/^Commentaire/);
      await tabTo(page, comment);
      await expectVisibleFocus(page, comment);
      await page.keyboard.type('Formation au clavier');
      const submit = page.getByRole('button', { name: 'Valider' });
      await tabTo(page, submit);
      await expectVisibleFocus(page, submit);
      await page.keyboard.press('Enter');
      await toast(page, 'Indisponibilité créée avec succès.').waitFor();
      await page.waitForURL((url) => url.pathname === '/dashboard/bailiffcalendar');
      await expectFocusOnTitle(page, 'Calendrier');
      await screenTitle(page, 'Calendrier').waitFor();
    } finally {
      await page.close();
    }
  });
});

describe('live regions', () => {
  it('a notification arriving and a constat another user changes are announced politely, the focus staying put', async () => {
    const adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const secretaryToken = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    const idOf = async (token: string) => (await gql<{ me: { id: string } }>(app.url, 'query { me { id } }', {}, token)).data!.me.id;
    const bailiffToken = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const page = await browser.newPage();
    try {
      const listening = liveSubscription(app, page, 'reportChanged');
      await logInWithKeyboard(page, 'secretary');
      await expectFocusOnTitle(page, 'Constats en cours');
      await listening;
      const search = page.getByRole('searchbox', { name: 'Rechercher...' });
      await tabTo(page, search);

      // The admin deposits a constat for her and assigns it: the notification and the new row arrive.
      const name = `Constat en direct ${Date.now()}`;
      const created = await gqlUpload<{ createReport: { report: { id: string } } }>(
        app.url,
        'mutation($input: CreateReportInput!) { createReport(input: $input) { report { id } } }',
        { input: { bailiffId: await idOf(bailiffToken), name, files: [null] } },
        [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf(name), type: 'application/pdf' }],
        adminToken,
      );
      const reportId = created.data!.createReport.report.id;
      await recordAnnouncements(page);
      await gql(
        app.url,
        'mutation($input: AssignSecretaryInput!) { assignSecretary(input: $input) { report { id } } }',
        { input: { reportId, secretaryId: await idOf(secretaryToken) } },
        adminToken,
      );
      await expectAnnounced(page, 'Nouvelle notification : Constat attribué');
      await page.getByRole('table', { name: 'Nom du constat' }).getByText(name, { exact: true }).waitFor();
      expect(await isFocused(search)).toBe(true);

      // Its counts are sent (from her phone, say): the row on screen changes and says so.
      await gql(
        app.url,
        'mutation($input: SetRetrocessionInput!) { setRetrocession(input: $input) { report { id } } }',
        { input: { reportId, countPagesProvisional: 4, countPhotosProvisional: 1 } },
        secretaryToken,
      );
      await expectAnnounced(page, `Constat ${name} mis à jour : Rétrocédé`);
      expect(await isFocused(search)).toBe(true);
    } finally {
      await page.close();
    }
  });
});
