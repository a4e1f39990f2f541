// Jest global setup of the "e2e" project: the database cluster and templates (global-setup.ts),
// and the run's one Chromium, which every test file's contexts share (browser.ts).
import type { BrowserServer } from 'playwright-core';

type Global = { testBrowser?: BrowserServer };

export default async function globalSetupE2e(): Promise<void> {
  // See global-setup.ts: our ES modules load through tsx here.
  const { tsImport } = await import('tsx/esm/api');
  const { default: globalSetup } = (await tsImport('./global-setup.ts', import.meta.url)) as typeof import('./global-setup.js');
  await globalSetup();
  if ((globalThis as Global).testBrowser) return;
  const { launchBrowserServer } = (await tsImport('./browser.ts', import.meta.url)) as typeof import('./browser.js');
  const server = await launchBrowserServer();
  process.env.TEST_BROWSER_ENDPOINT = server.wsEndpoint();
  (globalThis as Global).testBrowser = server;
}
