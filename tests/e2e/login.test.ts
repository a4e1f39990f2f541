// product.md §2 (public routes), §4 (login, logout, session check), §5 (login validation), through
// the real server and the built web app in Chromium.
import type { Page } from 'playwright-core';
import { violations } from '../support/accessibility.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql } from '../support/http.js';
import {
  fillLoginForm,
  loginButton,
  namesOf,
  screenTitle,
  signIn,
  signedOutPage,
  submitLogin,
  toast,
  userMenuButton,
} from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

beforeEach(async () => {
  page = await browser.newPage();
  // Every test starts signed out on /login.
  await signedOutPage(page);
});

afterEach(async () => {
  await page.close();
});

describe('page de connexion', () => {
  it('shows product.md’s labels, links and the checked "Se rappeler de moi"', async () => {
    await page.goto('/login');
    await page.getByLabel(/^Votre identifiant/).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Se rappeler de moi' }).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/recover/request');
    expect(await page.getByRole('link', { name: 'Pas encore enregistré ?' }).getAttribute('href')).toBe('/createaccount');
    await loginButton(page).waitFor();
    expect(await page.title()).toBe('Extranet Constats');
    await saveScreenshot(page, 'login');
  });

  it('is also served on / and is where unknown routes lead', async () => {
    await page.goto('/');
    await page.getByLabel(/^Votre identifiant/).waitFor();
    await page.goto('/une-page-qui-n-existe-pas');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel(/^Votre identifiant/).waitFor();
  });

  it('requires both fields before calling the server', async () => {
    let graphqlCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) graphqlCalls += 1;
    });
    await loginButton(page).click();
    await page.getByText('Veuillez entrer votre email').waitFor();
    await page.getByText('Veuillez entrer votre mot de passe').waitFor();
    expect(graphqlCalls).toBe(0);
    await saveScreenshot(page, 'login-required-fields');
  });

  it('says « Identifiant ou mot de passe incorrect. » and stays on /login, the same for an unknown account', async () => {
    await page.getByLabel(/^Votre identifiant/).waitFor();
    for (const email of [demo.admin.email, 'personne@inconnu.fr']) {
      await fillLoginForm(page, { email, password: 'Mauvais#2026' });
      await submitLogin(page);
      await page.getByRole('button', { name: 'Connexion', exact: true, disabled: false }).waitFor();
      await page.getByText('Identifiant ou mot de passe incorrect.', { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    }
    expect(await violations(page)).toEqual([]);
    await saveScreenshot(page, 'login-wrong-password');
  });

  it.each([
    ['denyUser', 'La demande de création de compte a été refusée. Le nouveau compte a été supprimé.'],
    ['approveUser', 'La demande de création de compte a été approuvée. Le nouveau compte est maintenant actif.'],
  ])('announces ?action=%s with a toast', async (action, message) => {
    await page.goto(`/login?action=${action}`);
    await toast(page, message).waitFor();
    await saveScreenshot(page, `login-${action}`);
  });
});

describe('session', () => {
  it.each([
    ['admin', 'Administrateur', 'Constats en cours'],
    ['bailiff', 'Huissier', 'Mes constats en cours'],
    ['secretary', 'Secrétaire', 'Constats en cours'],
  ] as const)('%s signs in and lands on their default screen with their name and role', async (account, role, home) => {
    const { firstName, lastName, fullName } = await namesOf(app.url, account);
    await signIn(page, account);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await screenTitle(page, home).waitFor();
    const menuButton = userMenuButton(page, fullName);
    await menuButton.getByText(`${firstName} ${lastName}`).waitFor();
    await menuButton.getByText(role, { exact: true }).waitFor();
    expect(await page.title()).toBe(`${home} · Extranet Constats`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await saveScreenshot(page, `dashboard-${account}`);

    // A valid session skips the login page, including after a reload.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await screenTitle(page, home).waitFor();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await screenTitle(page, home).waitFor();
  });

  it('signs out: back to /login with a toast, and the old token no longer opens the dashboard', async () => {
    await signIn(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await toast(page, 'Vous êtes déconnecté(e).').waitFor();
    // The server closed the revoked session's socket: a sign-out, not an expired session.
    expect(await page.getByText('Votre session a expiré').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await saveScreenshot(page, 'logout');

    // The server revoked the token: putting it back does not restore the session.
    const me = await gql<{ me: unknown }>(app.url, '{ me { id } }', {}, token!);
    expect(me.data?.me ?? null).toBeNull();
    await page.evaluate((stale) => localStorage.setItem('token', stale!), token);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel(/^Votre identifiant/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('sends a signed-out visitor of a dashboard page to /login, then back to that page', async () => {
    await page.goto('/dashboard/bailiffcalendar?mois=2');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'bailiff');
    await page.waitForURL((url) => url.pathname === '/dashboard/bailiffcalendar' && url.search === '?mois=2');
    await screenTitle(page, 'Calendrier').waitFor();
  });

  it('shows the dashboard’s frame, busy with « Chargement... », while a stored session is checked', async () => {
    await signIn(page, 'secretary');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // Hold the session check so the spinner can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('progressbar', { name: 'Chargement...' }).waitFor();
    expect(await page.locator('[data-screen-title]').textContent()).toBe('Constats en cours');
    release();
    await screenTitle(page, 'Constats en cours').waitFor();
    await page.unroute('**/graphql');
  });

  it('keeps the session when the server cannot be reached, and checks it again on "Réessayer"', async () => {
    await signIn(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText('Le serveur est injoignable. Vérifiez votre connexion puis réessayez.').waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBe(token);
    await saveScreenshot(page, 'session-unreachable');

    await page.unroute('**/graphql');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await screenTitle(page, 'Constats en cours').waitFor();
  });
});
