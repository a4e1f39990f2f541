// What a phone downloads to show the login page, as the server sends it to a browser (brotli): the
// page and what it loads (its script, the modules it preloads, its styles), within a budget, and
// nothing of the dashboard, which loads once signed in.
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

/**
 * 297.5 KiB on 30 November 2026 (the login page and its 7 files, brotli); a little room for the app
 * to grow. It was 222 KiB in 36 files before Fluent UI went into one chunk (web/vite.config.ts):
 * more bytes, but fewer round trips, which a phone network charges more for (Lighthouse's figures
 * in docs/benchmarks.md, « Web »).
 */
const LOGIN_BUDGET_BYTES = 310 * 1024;

/** Bytes on the wire (fetch decodes, so the length is read from the header). */
async function sent(route: string): Promise<{ bytes: number; text: string; encoding: string | null }> {
  const response = await fetch(`${app.url}${route}`, { headers: { 'accept-encoding': 'br' } });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { bytes: Number(response.headers.get('content-length')), text, encoding: response.headers.get('content-encoding') };
}

test('the login page weighs at most its budget compressed, and loads nothing of the dashboard', async () => {
  const page = await sent('/login');
  const files = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  expect(files.length).toBeGreaterThan(1);
  expect(files.filter((file) => /DashboardShell|Page-|GraphiQL|codemirror|Statistics/.test(file))).toEqual([]);
  let total = page.bytes;
  for (const file of files) {
    const asset = await sent(file);
    // Only a file too small to gain from it is sent as it is.
    if (asset.encoding !== 'br') expect(asset.bytes).toBeLessThan(1024);
    total += asset.bytes;
  }
  console.log(`login page: ${files.length + 1} files, ${(total / 1024).toFixed(1)} KiB compressed`);
  expect(total).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});
