// Jest global teardown of the "e2e" project: closes the run's Chromium, then what global-setup.ts started.
import type { BrowserServer } from 'playwright-core';
// Extensionless: see global-setup-e2e.ts.
import globalTeardown from './global-teardown';

export default async function globalTeardownE2e(): Promise<void> {
  await (globalThis as { testBrowser?: BrowserServer }).testBrowser?.close();
  await globalTeardown();
}
