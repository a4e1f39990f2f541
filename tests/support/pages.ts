// Helpers shared by the end-to-end tests: what a user does on the public pages and the shell.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import { demo, gql, loginToken } from './http.js';

export type DemoAccount = keyof typeof demo;

/**
 * A form's file picker, as « Parcourir… » opens it: the deposit forms also hold the camera's own
 * input (« Prendre une photo », `capture`), which a test picking files must not take.
 */
export const FILE_PICKER = 'input[type="file"]:not([capture])';

/**
 * Starts signed out: the profile's tabs share local storage, so it is cleared from a page of the
 * same origin that does not start the app (whose session check would act on an old token). Returns
 * once the app runs the page (see appRunning).
 */
export async function signedOutPage(page: Page, path = '/login'): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.clear());
  await page.goto(path);
  await appRunning(page);
}

/**
 * Waits until the app's code runs the page. The login page arrives prerendered and the app then
 * replaces its markup (web/src/app/prerender): an element read before that swap and inspected after
 * it would be the detached copy. Other pages start with the app.
 */
export async function appRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
}

export async function fillLoginForm(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.getByLabel(/^Votre identifiant/).fill(credentials.email);
  await page.getByLabel(/^Mot de passe/).fill(credentials.password);
}

export function loginButton(page: Page) {
  return page.getByRole('button', { name: 'Connexion', exact: true });
}

/** Submits the login form and waits for the server's answer to the login mutation. */
export async function submitLogin(page: Page): Promise<void> {
  await Promise.all([page.waitForResponse((response) => response.url().endsWith('/graphql')), loginButton(page).click()]);
}

export async function signIn(page: Page, account: DemoAccount): Promise<void> {
  await fillLoginForm(page, demo[account]);
  await submitLogin(page);
}

/** Toast texts are also copied into an aria-live region; this finds the visible toast. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.fui-ToastTitle', { hasText: text });
}

export function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Opens a path inside the running app as its menu links do (a history entry, then the router's
 * popstate): the same route table as a typed address, without reloading the bundle.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Picks a period in a screen's « Année » and « Mois » selects (month null: the whole year). */
export async function selectPeriod(page: Page, year: number, month: number | null): Promise<void> {
  await page.getByRole('combobox', { name: 'Année' }).selectOption(String(year));
  await page.getByRole('combobox', { name: 'Mois' }).selectOption(month === null ? '' : String(month));
}

/** The h1 of the current dashboard screen. */
export function screenTitle(page: Page, title: string) {
  return page.getByRole('heading', { level: 1, name: title, exact: true });
}

/** The user menu button in the header: « Prénom Nom Rôle, menu du compte », its visible text first. */
export function userMenuButton(page: Page, fullName?: string) {
  return page.getByRole('button', { name: fullName ? new RegExp(`^${fullName} .*menu du compte$`) : /menu du compte$/ });
}

export async function namesOf(baseUrl: string, account: DemoAccount): Promise<{ firstName: string; lastName: string; fullName: string }> {
  const result = await gql<{ login: { user: { firstName: string; lastName: string; fullName: string } } }>(
    baseUrl,
    'mutation($input: LoginInput!) { login(input: $input) { user { firstName lastName fullName } } }',
    { input: demo[account] },
  );
  if (!result.data) throw new Error(`login ${account} failed: ${JSON.stringify(result.errors)}`);
  return result.data.login.user;
}

/** The messages shown under the form fields (Fluent's Field validation messages). */
export async function fieldMessages(page: Page): Promise<string[]> {
  return page.locator('.fui-Field__validationMessage').allInnerTexts();
}

/** The validation message of the field labelled `label`. */
export function fieldMessage(page: Page, label: RegExp) {
  return page.locator('.fui-Field', { has: page.getByLabel(label) }).locator('.fui-Field__validationMessage');
}

/**
 * A new tab signed in as a demo account, on `path` (its home screen by default) with the shell
 * ready. With E2E_DEBUG set, the page's console and errors are echoed to the test output.
 */
export async function signedInPage(browser: { newPage(): Promise<Page> }, account: DemoAccount, path = '/dashboard'): Promise<Page> {
  const page = await browser.newPage();
  if (process.env.E2E_DEBUG) {
    page.on('console', (message) => console.log(`[console.${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => console.log(`[pageerror] ${error.stack}`));
  }
  await signInWithToken(page, account, path);
  return page;
}

/**
 * Signs `page`'s tab in as a demo account, on `path` with the shell ready: through the API, the
 * token stored where the login form stores it (the form itself is what tests/e2e/login.test.ts
 * checks, not every other file's business), the app loaded once, on the screen the test wants
 * rather than on the home screen first (a dashboard's first render is the costliest of the app's).
 */
export async function signInWithToken(page: Page, account: DemoAccount, path = '/dashboard'): Promise<void> {
  await page.goto('/favicon.svg');
  const token = await loginToken(new URL(page.url()).origin, demo[account].email, demo[account].password);
  await page.evaluate((value) => {
    localStorage.clear();
    localStorage.setItem('token', value);
  }, token);
  await page.goto(path);
  await userMenuButton(page).waitFor();
}

/**
 * A constat list (`path`, titled `title`) narrowed by a search to the constat `name`, its row opened:
 * the region of its deposited items (« Éléments déposés : <name> »).
 */
export async function openDepositedItems(page: Page, path: string, title: string, name: string): Promise<Locator> {
  await page.goto(path);
  await screenTitle(page, title).waitFor();
  const search = page.getByRole('searchbox', { name: 'Rechercher...' });
  await search.fill(name);
  await search.press('Enter');
  const row = page
    .getByRole('table', { name: 'Nom du constat' })
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
  await row.getByRole('button', { name: 'Afficher le détail' }).click();
  return page.getByRole('region', { name: `Éléments déposés : ${name}` });
}

/**
 * Holds the first GraphQL answer `matches` picks: the request reaches the server at once (the answer is read then,
 * `answered` resolves), and the page receives it only when the test calls `deliver` — an answer older than a change
 * made meanwhile, as a slow network gives one. Every other request goes through.
 */
export async function holdFirstAnswer(
  page: Page,
  matches: (operationName: string | undefined, variables: Record<string, unknown> | undefined) => boolean,
): Promise<{ answered: Promise<void>; deliver: () => void }> {
  let deliver!: () => void;
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  let read!: () => void;
  const answered = new Promise<void>((resolve) => (read = resolve));
  let held = false;
  await page.route('**/graphql', async (route) => {
    const { operationName, variables } = JSON.parse(route.request().postData() ?? '{}') as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    if (held || !matches(operationName, variables)) {
      await route.fallback();
      return;
    }
    held = true;
    const response = await route.fetch();
    read();
    await delivered;
    await route.fulfill({ response });
  });
  return { answered, deliver };
}

/** The next GraphQL request is answered `ms` late, as on a slow network (the ones after it on time). */
export async function answerNextQueryLate(page: Page, ms = 2_000): Promise<void> {
  await page.route(
    '**/graphql',
    async (route) => {
      await sleep(ms);
      await route.continue();
    },
    { times: 1 },
  );
}
