// Zero axe-core violations (WCAG 2.2 A and AA rules, target size included) on every /dashboard route
// of product.md §2 for each role, in its loaded state, on a desktop and on a phone, and with the main
// dialogs open (tests/e2e/accessibility*.test.ts, split so that the two workers share the walk).
import axe from 'axe-core';
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import type { TestApp } from './app.js';
import { phoneContext, type TestBrowser } from './browser.js';
import { openInApp, signedInPage, type DemoAccount } from './pages.js';

export type Role = 'ADMIN' | 'BAILIFF' | 'SECRETARY';
// The routes are read from the web app's own table, so a new screen is checked without editing this
// file. The specifier is a variable: the web sources are typed by their own project (web/tsconfig).
const routesModule = '../../web/src/app/routing/dashboardRoutes.js';
const { dashboardRoutes } = (await import(routesModule)) as {
  dashboardRoutes: Record<Role, readonly { path: string; title: string; screen?: unknown }[]>;
};

// wcag22aa brings axe's target-size rule (WCAG 2.5.8: 24 × 24 px, or enough space around).
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Where the walk runs: the tests' desktop window, or a phone held upright (an iPhone's 390 × 844). */
export type Device = 'desktop' | 'phone';

/** What axe checks, and how: read by the scan in the page (axe.run's context and options). */
const scan: { options: axe.RunOptions; context: { exclude: string[][] } } = {
  // The WCAG rules only, and only the violations reported in full: axe then keeps a single node of
  // each passed or inapplicable rule instead of every one.
  options: { runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'] },
  context: {
    // Tabster's focus guards (`<i data-tabster-dummy aria-hidden tabindex="0">`, which Fluent puts
    // around focus traps and arrow-key groups) hand focus on at once and are never read: a known
    // false positive of aria-hidden-focus that Microsoft's Accessibility Insights suppresses too.
    // The e-mail preview (« Modèle d'e-mail ») is a sandboxed frame without scripts: axe cannot run
    // inside it, and trying hung the scan in CI. Its content is an e-mail, not a screen of the app.
    exclude: [['[data-tabster-dummy]'], ['iframe[sandbox]']],
  },
};

/**
 * Loads axe into a frame that does not hold it yet. A walk opens its screens inside the running
 * app (visit()), so axe stays loaded from one screen to the next: each scan then sends axe.run's
 * arguments only, instead of axe's 0.5 MB source (@axe-core/playwright sends it twice a scan, and
 * finishes each scan in a new tab: 3.0 s a scan where this takes 0.6 s on the test machine).
 */
async function loadAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate('typeof window.axe?.run === "function"')) return;
  await frame.evaluate(axe.source);
  // Frames answer the top frame's axe only from the page's own origin (no other is ever embedded).
  await frame.evaluate(`axe.configure({ allowedOrigins: ['<same_origin>'] })`);
}

/**
 * Each violated rule with the elements that break it, so a failure says what to fix: axe run in the
 * page, which scans the page's frames through the copies of axe loaded in them.
 */
export async function violations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) {
    // Never a script in the sandboxed frames the scan leaves out (see `scan`).
    const element = frame === page.mainFrame() ? null : await frame.frameElement();
    if ((await element?.getAttribute('sandbox')) != null) continue;
    await loadAxe(frame);
  }
  // Described in the page: only these lines cross to the test, not axe's whole report.
  return page.evaluate(async ({ context, options }) => {
    const { violations: found } = await (window as unknown as { axe: typeof axe }).axe.run(context, options);
    return found.map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  }, scan);
}

/**
 * The targets smaller than 24 × 24 px, described: WCAG 2.5.8 lets a target be smaller with enough
 * space around it (axe's target-size rule checks that), yet every control of the app is meant to
 * be 24 px at least. A link inside a sentence (`display: inline`, the line's height) is exempt.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const targets = document.querySelectorAll<HTMLElement | SVGElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option], [tabindex]:not([tabindex="-1"])',
    );
    return [...targets].flatMap((element) => {
      if (element.closest('[data-tabster-dummy], iframe[sandbox]')) return [];
      const { width, height } = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (width === 0 || height === 0 || style.visibility === 'hidden' || style.display === 'inline') return [];
      if (width >= 23.5 && height >= 23.5) return [];
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      return [
        `${element.tagName.toLowerCase()}.${element.getAttribute('class')?.split(' ')[0] ?? ''} « ${name} » ${Math.round(width)} × ${Math.round(height)}`,
      ];
    });
  });
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
export async function visit(page: Page, path: string, title: string): Promise<void> {
  await openInApp(page, path);
  await page.waitForFunction((expected) => document.title.startsWith(`${expected} · `), title);
  await loaded(page);
}

/** The route's path with its parameters filled from the seeded demo. */
export async function concrete(app: TestApp, path: string): Promise<string> {
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
export function routesOf(role: Role): { path: string; title: string }[] {
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
 * A check of each screen besides axe's, in the same visit (the width check on a phone,
 * layout.ts): `title` ends each test's name, `run` gets the screen once loaded and scanned.
 */
export interface ScreenCheck {
  title: string;
  run(page: Page, route: { path: string; title: string }, name: string): Promise<void>;
}

/**
 * Registers the checks of every screen of `role`, once loaded, and of its bell panel: one
 * signed-in tab reused across the role's routes. `started` gives the file's app and browser;
 * `also` is checked on each screen in the same visit.
 */
export function checkEveryScreen(
  role: Role,
  account: DemoAccount,
  started: () => { app: TestApp; browser: TestBrowser },
  device: Device = 'desktop',
  also?: ScreenCheck,
): void {
  describe(`every screen of the ${role} role on a ${device}`, () => {
    let page: Page;
    let phone: BrowserContext | undefined;
    beforeAll(async () => {
      const { app, browser } = started();
      if (device === 'phone') phone = await phoneContext(browser, app.url);
      page = await signedInPage(phone ?? browser, account);
    });
    afterAll(async () => {
      await page?.close();
      await phone?.close();
    });

    it.each(routesOf(role).map((route) => [route.path || '(accueil)', route] as const))(
      `/dashboard/%s has no WCAG 2.2 A or AA violation and no target under 24 px once loaded${also ? `, ${also.title}` : ''}`,
      async (name, route) => {
        const path = `/dashboard/${await concrete(started().app, route.path)}`.replace(/\/$/, '');
        await visit(page, path, route.title);
        expect(await violations(page)).toEqual([]);
        expect(await smallTargets(page)).toEqual([]);
        await also?.run(page, route, name);
      },
    );

    it('has none with the bell panel open', async () => {
      await page.goto('/dashboard');
      await loaded(page);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      expect(await violations(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      await page.keyboard.press('Escape');
    });
  });
}
