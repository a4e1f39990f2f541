// A real Chromium for end-to-end tests: Debian's build driven by playwright-core, each browser
// in a throwaway profile so no cookie or local storage leaks from one test file to the next.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ensureChromium } from '../../scripts/ensure-chromium.js';

// Flags verified with Debian's chromium on these machines (ARCHITECTURE.md, toolchain facts).
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

export async function launchBrowser(baseURL: string): Promise<TestBrowser> {
  const executablePath = await ensureChromium();
  // launch() refuses --user-data-dir, so a fresh profile needs launchPersistentContext.
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'constats-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    args: chromiumArgs,
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 800 },
    // As a user who asked their system for less motion: Fluent's dialogs, drawers and toasts
    // appear at once instead of animating, frames a software-rendered headless Chromium would
    // otherwise paint on the test machine's two cores while every test waits for them.
    reducedMotion: 'reduce',
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

/** Saves a full-page PNG as tests/e2e/__screenshots__/<name>.png (git-ignored) for review. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  // Animations are fast-forwarded so the picture shows the resting state of toasts and cards.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
