// Spec §2 (public routes), §4 (login, logout, session check), §5 (login validation), through
// the real server and the built web app in Chromium.
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, saveScreenshot, type TestBrowser } from '../support/browser.js';
import { demo, gql } from '../support/http.js';

type Account = keyof typeof demo;

let app: TestApp;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser(app.url);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

beforeEach(async () => {
  page = await browser.newPage();
  // Every test starts signed out on /login. The profile's tabs share local storage, so it is
  // cleared first from a page of the same origin that does not start the app (whose session
  // check would otherwise act on the previous test's token).
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
});

afterEach(async () => {
  await page.close();
});

async function namesOf(account: Account): Promise<{ firstName: string; lastName: string }> {
  const result = await gql<{ login: { user: { firstName: string; lastName: string } } }>(
    app.url,
    'mutation($input: LoginInput!) { login(input: $input) { user { firstName lastName } } }',
    { input: demo[account] },
  );
  if (!result.data) throw new Error(`login ${account} failed: ${JSON.stringify(result.errors)}`);
  return result.data.login.user;
}

async function fillLoginForm(credentials: { email: string; password: string }): Promise<void> {
  await page.getByLabel(/^Votre identifiant/).fill(credentials.email);
  await page.getByLabel(/^Mot de passe/).fill(credentials.password);
}

function submitButton() {
  return page.getByRole('button', { name: 'Connexion', exact: true });
}

/** Submits the form and waits for the server's answer to the login mutation. */
async function submitLogin(): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/graphql')),
    submitButton().click(),
  ]);
}

async function signIn(account: Account): Promise<void> {
  await fillLoginForm(demo[account]);
  await submitLogin();
}

/** Toast texts are also copied into an aria-live region; this finds the visible toast. */
function toast(text: string) {
  return page.locator('.fui-ToastTitle', { hasText: text });
}

function pathname(): string {
  return new URL(page.url()).pathname;
}

describe('page de connexion', () => {
  it('shows the spec labels, links and the checked "Se rappeler de moi"', async () => {
    await page.goto('/login');
    await page.getByLabel(/^Votre identifiant/).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Se rappeler de moi' }).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe(
      '/recover/request',
    );
    expect(await page.getByRole('link', { name: 'Pas encore enregistré ?' }).getAttribute('href')).toBe(
      '/createaccount',
    );
    await submitButton().waitFor();
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
    await submitButton().click();
    await page.getByText('Veuillez entrer votre email').waitFor();
    await page.getByText('Veuillez entrer votre mot de passe').waitFor();
    expect(graphqlCalls).toBe(0);
    await saveScreenshot(page, 'login-required-fields');
  });

  it('says nothing and stays on /login when the password is wrong', async () => {
    await page.getByLabel(/^Votre identifiant/).waitFor();
    const before = await page.locator('body').innerText();
    await fillLoginForm({ email: demo.admin.email, password: 'Mauvais#2026' });
    await submitLogin();
    await page.getByRole('button', { name: 'Connexion', exact: true, disabled: false }).waitFor();
    expect(pathname()).toBe('/login');
    expect(await page.locator('body').innerText()).toBe(before);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it.each([
    ['denyUser', 'La demande de création de compte a été refusée. Le nouveau compte a été supprimé.'],
    ['approveUser', 'La demande de création de compte a été approuvée. Le nouveau compte est maintenant actif.'],
  ])('announces ?action=%s with a toast', async (action, message) => {
    await page.goto(`/login?action=${action}`);
    await toast(message).waitFor();
    await saveScreenshot(page, `login-${action}`);
  });
});

describe('session', () => {
  it.each([
    ['admin', 'Administrateur'],
    ['bailiff', 'Huissier'],
    ['secretary', 'Secrétaire'],
  ] as const)('%s signs in and lands on /dashboard with their name and role', async (account, role) => {
    const { firstName, lastName } = await namesOf(account);
    await signIn(account);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText(`Bonjour ${firstName} ${lastName}`).waitFor();
    await page.getByText(role, { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await saveScreenshot(page, `dashboard-${account}`);

    // A valid session skips the login page, including after a reload.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText(`Bonjour ${firstName} ${lastName}`).waitFor();
  });

  it('signs out: back to /login with a toast, and the old token no longer opens the dashboard', async () => {
    await signIn('admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await toast('Vous êtes déconnecté(e).').waitFor();
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
    const { firstName, lastName } = await namesOf('bailiff');
    await page.goto('/dashboard/xyz?onglet=2');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn('bailiff');
    await page.waitForURL((url) => url.pathname === '/dashboard/xyz' && url.search === '?onglet=2');
    await page.getByText(`Bonjour ${firstName} ${lastName}`).waitFor();
  });
});
