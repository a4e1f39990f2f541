// A real Chromium for end-to-end tests: Debian's build driven by playwright-core, one for the whole
// run, each test file in a context of its own so no cookie or local storage leaks from one file to
// the next.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, BrowserServer, Page } from 'playwright-core';
import { ensureChromium } from '../../scripts/ensure-chromium.js';
import { importByWorkerNode } from './worker-import.js';

// Playwright's client, loaded once per jest worker (worker-import.ts).
const playwright = () => importByWorkerNode<typeof import('playwright-core')>('playwright-core');

// Flags verified with Debian's Chromium on these machines.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const screenshotDir = path.resolve('tests/e2e/__screenshots__');

export interface TestBrowser {
  context: BrowserContext;
  /** A new tab whose relative URLs (`page.goto('/login')`) resolve against the app. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /**
   * The app's service worker (web/pwa/sw.js) runs only where a test asks for it: a request it
   * answers escapes the routes the other tests set on their pages (Playwright's documented limit).
   */
  serviceWorkers?: 'allow' | 'block';
}

const contextOptions = (baseURL: string, options: BrowserOptions) =>
  ({
    baseURL,
    serviceWorkers: options.serviceWorkers ?? 'block',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 800 },
    // As a user who asked their system for less motion: Fluent's dialogs, drawers and toasts
    // appear at once instead of animating, frames a software-rendered headless Chromium would
    // otherwise paint on the test machine's two cores while every test waits for them.
    reducedMotion: 'reduce',
  }) as const;

/**
 * A phone held upright in the run's Chromium (an iPhone's 390 × 844, touch, mobile layout): a
 * context of its own, to close after use.
 */
export async function phoneContext(browser: TestBrowser, baseURL: string): Promise<BrowserContext> {
  const chromium = browser.context.browser();
  if (!chromium) throw new Error('the e2e global setup shares one Chromium (TEST_BROWSER_ENDPOINT)');
  return chromium.newContext({ ...contextOptions(baseURL, {}), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
}

/** Starts the run's one Chromium (e2e global setup); test files open contexts in it by its endpoint. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  // The global setup runs outside jest's sandbox already: a plain import.
  const { chromium } = await import('playwright-core');
  return chromium.launchServer({ executablePath: await ensureChromium(), args: chromiumArgs });
}

/**
 * A browser of its own for a test file (or a second user in it): a new context, with its own
 * cookies and local storage, in the run's Chromium (TEST_BROWSER_ENDPOINT, set by the e2e global
 * setup), or, without it, a Chromium launched on a throwaway profile.
 */
export async function launchBrowser(baseURL: string, options: BrowserOptions = {}): Promise<TestBrowser> {
  const endpoint = process.env.TEST_BROWSER_ENDPOINT;
  const { chromium } = await playwright();
  if (endpoint) {
    const browser = await chromium.connect(endpoint);
    const context = await browser.newContext(contextOptions(baseURL, options));
    return {
      context,
      newPage: () => context.newPage(),
      close: async () => {
        await context.close();
        await browser.close();
      },
    };
  }
  // launch() refuses --user-data-dir, so a fresh profile needs launchPersistentContext.
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'constats-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: await ensureChromium(),
    args: chromiumArgs,
    ...contextOptions(baseURL, options),
  });
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** The tallest page a screenshot shows whole (a longer one is cut there). */
const SCREENSHOT_MAX_HEIGHT = 6000;

/**
 * Saves a PNG of the whole page as tests/e2e/__screenshots__/<name>.png (git-ignored) for review.
 *
 * Not Playwright's `fullPage`: Chromium captures beyond the viewport by resizing it for a moment,
 * and the page's width media queries flip while it does; a list switching to cards and back
 * remounts its open rows, losing what the test had typed in them. The viewport grows to the
 * page's height here instead, its width unchanged; a page showing a dialog keeps its viewport
 * (the dialog is sized by it, and the page behind does not matter).
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  // Pictures for a person to look at after a local run; CI, where nobody does, opts out
  // (.ci/run): they cost a tenth of a screen test's CPU and assert nothing.
  if (process.env.TEST_SCREENSHOTS === '0') return;
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  const viewport = page.viewportSize();
  const { height, scrollX, scrollY } = await page.evaluate(() => ({
    height: document.querySelector('[role="dialog"], [role="alertdialog"]') ? 0 : document.documentElement.scrollHeight,
    scrollX: window.scrollX,
    scrollY: window.scrollY,
  }));
  const grow = viewport !== null && height > viewport.height;
  if (grow) await page.setViewportSize({ width: viewport.width, height: Math.min(height, SCREENSHOT_MAX_HEIGHT) });
  try {
    // Animations are fast-forwarded so the picture shows the resting state of toasts and cards.
    await page.screenshot({ path: file, animations: 'disabled' });
  } finally {
    if (grow) {
      await page.setViewportSize(viewport);
      // The test goes on where the page was scrolled.
      await page.evaluate(([x, y]) => window.scrollTo(x, y), [scrollX, scrollY]);
    }
  }
}
