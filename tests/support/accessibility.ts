// Issue 23: zero axe-core violations (WCAG 2.1 A and AA rules) on every /dashboard route of product.md §2
// for each role, in its loaded state, and with the main dialogs open (tests/e2e/accessibility*.test.ts,
// split so that the two workers share the walk).
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { TestApp } from './app.js';
import type { TestBrowser } from './browser.js';
import { openInApp, signedInPage, type DemoAccount } from './pages.js';

export type Role = 'ADMIN' | 'BAILIFF' | 'SECRETARY';
// The routes are read from the web app's own table, so a new screen is checked without editing this
// file. The specifier is a variable: the web sources are typed by their own project (web/tsconfig).
const routesModule = '../../web/src/app/routing/dashboardRoutes.js';
const { dashboardRoutes } = (await import(routesModule)) as {
  dashboardRoutes: Record<Role, readonly { path: string; title: string; screen?: unknown }[]>;
};

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Each violated rule with the elements that break it, so a failure says what to fix. Tabster's
 * focus guards (`<i data-tabster-dummy aria-hidden tabindex="0">`, which Fluent puts around focus
 * traps and arrow-key groups) are left out: they hand focus on at once and are never read, a known
 * false positive of aria-hidden-focus that Microsoft's Accessibility Insights suppresses too.
 */
export async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page })
    // The WCAG rules only, and only the violations reported in full: axe then keeps a single node
    // of each passed or inapplicable rule instead of every one. (options() replaces what
    // withTags() would set, hence runOnly here.)
    .options({ runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'] })
    .exclude('[data-tabster-dummy]')
    // The e-mail preview (« Modèle d'e-mail ») is a sandboxed frame without scripts: axe cannot run
    // inside it, and trying hung the scan in CI. Its content is an e-mail, not a screen of the app.
    .exclude('iframe[sandbox]')
    .analyze();
  return found.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

/** Waits until the screen has its heading and no loading indicator left. */
export async function loaded(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.fui-Spinner, [aria-busy="true"]'), undefined, { timeout: 30_000 });
}

/**
 * Opens a screen inside the running app (as its menu links do), which spares a full page load per
 * route, and waits for the route's tab title, then for its data.
 */
async function visit(page: Page, path: string, title: string): Promise<void> {
  await openInApp(page, path);
  await page.waitForFunction((expected) => document.title.startsWith(`${expected} · `), title);
  await loaded(page);
}

/** The route's path with its parameters filled from the seeded demo. */
async function concrete(app: TestApp, path: string): Promise<string> {
  if (!path.includes(':id')) return path;
  const db = app.services.db;
  if (path.startsWith('seetheaccount')) {
    const user = await db.user.findUniqueOrThrow({ where: { email: 'helene.marchand@demo.fr' } });
    return path.replace(':id', String(user.id));
  }
  if (path.startsWith('createanews')) {
    const news = await db.news.findFirstOrThrow({ orderBy: { id: 'asc' } });
    return path.replace(':id', String(news.id));
  }
  const group = await db.group.findFirstOrThrow({ orderBy: { id: 'asc' } });
  return path.replace(':id', String(group.id));
}

// GraphiQL is the library's own editor, not a screen of product.md §2 (its buttons are not ours to fix).
const outsideSpec = new Set(['graphiql']);
// The account forms' path picks the account type, hence the fields: each is a screen of its own.
const pathPicksTheForm = new Set(['bailiffaccount', 'adminaccount', 'secretary', 'secretaryaccount', 'createmyaccount']);

/**
 * The role's routes to check: every screen once. A legacy alias that shows the very same screen
 * (product.md §2 lists several paths for « Constats en cours », « Facturation », the profile…) is
 * checked through its first path, which keeps the walk within CI's time.
 */
function routesOf(role: Role): { path: string; title: string }[] {
  const seen = new Set<unknown>();
  return dashboardRoutes[role].filter((route) => {
    if (outsideSpec.has(route.path)) return false;
    if (pathPicksTheForm.has(route.path)) return true;
    const key = route.screen ?? route.path;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Registers the checks of every screen of `role`, once loaded, and of its bell panel: one
 * signed-in tab reused across the role's routes. `started` gives the file's app and browser.
 */
export function checkEveryScreen(role: Role, account: DemoAccount, started: () => { app: TestApp; browser: TestBrowser }): void {
  describe(`every screen of the ${role} role`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(started().browser, account);
    });
    afterAll(async () => {
      await page?.close();
    });

    it.each(routesOf(role).map((route) => [route.path || '(accueil)', route] as const))(
      '/dashboard/%s has no WCAG 2.1 A or AA violation once loaded',
      async (_name, route) => {
        const path = `/dashboard/${await concrete(started().app, route.path)}`.replace(/\/$/, '');
        await visit(page, path, route.title);
        expect(await violations(page)).toEqual([]);
      },
    );

    it('has none with the bell panel open', async () => {
      await page.goto('/dashboard');
      await loaded(page);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    });
  });
}
