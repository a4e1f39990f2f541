// What a phone downloads to show the login page, as the server sends it to a browser (brotli): the
// page and what it loads (its starter script and the app's chunks that starter fetches, its
// styles), within a budget, and nothing of the dashboard, which loads once signed in. The page
// arrives prerendered: the form is in the HTML with its styles.
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

/**
 * 309 KiB on 30 November 2026 (the prerendered login page, 11 KiB of it, and its 9 files, brotli);
 * a little room for the app to grow. It was 222 KiB in 36 files before Fluent UI went into one
 * chunk (web/vite.config.ts): more bytes, but fewer round trips, which a phone network charges
 * more for (Lighthouse's figures in docs/benchmarks.md, « Web »).
 */
const LOGIN_BUDGET_BYTES = 320 * 1024;

/** Bytes on the wire (fetch decodes, so the length is read from the header). */
async function sent(route: string): Promise<{ bytes: number; text: string; encoding: string | null }> {
  const response = await fetch(`${app.url}${route}`, { headers: { 'accept-encoding': 'br' } });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { bytes: Number(response.headers.get('content-length')), text, encoding: response.headers.get('content-encoding') };
}

test('the login page weighs at most its budget compressed, and loads nothing of the dashboard', async () => {
  const page = await sent('/login');
  // Files the page names (its starter, its icons) and the chunks its starter fetches after the first paint.
  const files = [...page.text.matchAll(/(?:src|href|data-app-entry|data-app-chunks)="([^"]+)"/g)]
    .flatMap((match) => match[1].split(' '))
    .filter((file) => file.startsWith('/assets/'));
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

test('/login arrives prerendered: the form and its styles in the page, a form that never submits by itself; / stays the app', async () => {
  const login = await sent('/login');
  expect(login.encoding).toBe('br');
  expect(login.text).toContain('<div id="root" data-prerendered="login">');
  expect(login.text).toContain('Connexion à votre espace');
  for (const name of ['email', 'password', 'remember']) expect(login.text).toMatch(new RegExp(`<input[^>]* name="${name}"`));
  // Griffel's style elements, adopted by the app when it takes over.
  expect(login.text).toMatch(/<style data-make-styles-bucket="d"[^>]*>/);
  // Sent before the app has loaded, the form must not put the password in the address.
  expect(login.text).toMatch(/<form [^>]*method="dialog"/);
  // No inline script: the page's only script is the starter, from /assets (the CSP forbids inline code).
  expect([...login.text.matchAll(/<script[^>]*>/g)].map((match) => match[0])).toEqual([
    expect.stringMatching(/^<script type="module" src="\/assets\/start-after-paint-[\w-]+\.js"/),
  ]);

  const shell = await sent('/');
  expect(shell.text).toContain('<div id="root"></div>');
  expect(shell.text).not.toContain('data-prerendered');
});
