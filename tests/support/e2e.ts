// The fixture every end-to-end file shares: the real app on a fresh database and one Chromium on
// it, started before the file's tests and closed after them.
import { startTestApp, type TestApp } from './app.js';
import { launchBrowser, type TestBrowser } from './browser.js';

/**
 * Registers the file's start and stop hooks; `onStarted` receives the app and the browser. Call it
 * before the file's own `beforeAll`, which then runs with both started (jest runs hooks in order).
 * `env`: the server's configuration beyond the test defaults.
 */
export function useAppInBrowser(
  onStarted: (started: { app: TestApp; browser: TestBrowser }) => void,
  options: { env?: Record<string, string> } = {},
): void {
  let app: TestApp | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    app = await startTestApp({ env: options.env });
    browser = await launchBrowser(app.url);
    onStarted({ app, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
}
