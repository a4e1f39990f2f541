// The login page arrives prerendered (web/src/app/prerender): the form is on screen before the
// app's code runs, and whatever the visitor did on it meanwhile — typing, unticking, the focus, a
// press on « Connexion » — carries over when the app takes the page over. The app's chunks are
// held back here to play a slow phone network.
import type { Page } from 'playwright-core';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { holdTheAppsCode } from '../support/held-code.js';
import { demo } from '../support/http.js';
import { loginButton, signedOutPage } from '../support/pages.js';
import { waitFor } from '../support/wait.js';

let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ browser } = started));

beforeEach(async () => {
  page = await browser.newPage();
  await signedOutPage(page, '/favicon.svg');
});

afterEach(async () => {
  await page.close();
});

/** Marks the prerendered form, then waits until the app has put its own in its place. */
async function markPrerenderedForm(): Promise<void> {
  await page.locator('form').evaluate((form) => form.setAttribute('data-prerendered-form', ''));
}
async function takenOver(): Promise<void> {
  await page.waitForFunction(() => document.querySelector('form') !== null && !document.querySelector('form[data-prerendered-form]'));
}

it('shows the form, styled and focused in its first field, before any of the app’s code has run', async () => {
  const code = await holdTheAppsCode(page);
  await page.goto('/login');
  await page.getByRole('heading', { level: 1, name: 'Connexion à votre espace' }).waitFor();
  // The starter asks for the app's code once the page is painted: it is held, not run.
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
  await waitFor(() => code.held() > 0, { what: 'the app’s code asked for' });
  expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('login');
  expect(await page.getByLabel(/^Votre identifiant/).evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'Se rappeler de moi' }).isChecked()).toBe(true);
  // Styled: the primary button has the brand's colour, not a browser's grey.
  expect(await loginButton(page).evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(31, 78, 140)');
  await saveScreenshot(page, 'login-prerendered');
  code.release();
});

it('hands over what was typed, unticked and focused, and signs in on a « Connexion » pressed before the app had loaded', async () => {
  const code = await holdTheAppsCode(page);
  await page.goto('/login');
  await markPrerenderedForm();
  await page.getByLabel(/^Votre identifiant/).fill(demo.secretary.email);
  await page.getByLabel(/^Mot de passe/).fill(demo.secretary.password);
  await page.getByRole('checkbox', { name: 'Se rappeler de moi' }).uncheck();
  await loginButton(page).click();
  // Nothing left: the page is still the prerendered one, the password in no address.
  expect(new URL(page.url()).search).toBe('');
  expect(await page.locator('form[data-prerendered-form]').count()).toBe(1);

  const login = page.waitForRequest((request) => request.url().endsWith('/graphql') && (request.postData() ?? '').includes('login'));
  code.release();
  const sent = (await login).postDataJSON() as { variables: { input: { email: string; password: string; remember: boolean } } };
  expect(sent.variables.input).toEqual({ email: demo.secretary.email, password: demo.secretary.password, remember: false });
  await page.waitForURL(/\/dashboard/);
});

it('keeps the focus where the visitor had put it, with what they typed so far', async () => {
  const code = await holdTheAppsCode(page);
  await page.goto('/login');
  await markPrerenderedForm();
  await page.getByLabel(/^Votre identifiant/).fill('quelqu');
  await page.getByLabel(/^Mot de passe/).focus();
  code.release();
  await takenOver();
  expect(await page.getByLabel(/^Votre identifiant/).inputValue()).toBe('quelqu');
  expect(await page.getByLabel(/^Mot de passe/).evaluate((input) => input === document.activeElement)).toBe(true);
});

it('is only for /login: the app’s other addresses start from the empty shell', async () => {
  await page.goto('/');
  await page.getByLabel(/^Votre identifiant/).waitFor();
  expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull();
});
