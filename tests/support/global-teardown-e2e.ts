// Jest global teardown of the "e2e" project: closes the run's Chromium, then what global-setup.ts started.
import type { BrowserServer } from 'playwright-core';

export default async function globalTeardownE2e(): Promise<void> {
  await (globalThis as { testBrowser?: BrowserServer }).testBrowser?.close();
  // See global-setup.ts: our ES modules load through tsx here.
  const { tsImport } = await import('tsx/esm/api');
  const { default: globalTeardown } = (await tsImport('./global-teardown.ts', import.meta.url)) as typeof import('./global-teardown.js');
  await globalTeardown();
}
