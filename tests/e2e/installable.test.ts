// The app installs on a phone's home screen and opens without a network: its web manifest is served
// and valid for Chromium, its service worker registers and controls the page, keeps the app shell
// (and nothing of the API), removes the caches of older builds, and /login reloads offline.
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, type TestBrowser } from '../support/browser.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser(app.url, { serviceWorkers: 'allow' });
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Width and height from a PNG's header (IHDR). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the web manifest names the app, starts on the dashboard and has its icons', async () => {
  const response = await fetch(`${app.url}/manifest.webmanifest`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Constats',
    short_name: 'Constats',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#1F4E8C',
  });
  const wanted = [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ];
  expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual(wanted);
  for (const icon of manifest.icons) {
    const image = await fetch(`${app.url}${icon.src}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width, height });
  }
});

test('the service worker controls the page, keeps the shell and nothing of the API, and drops older caches', async () => {
  // A cache of an older build, made before this build's worker is installed (no page of the app
  // has been opened yet).
  await page.goto('/favicon.svg');
  await page.evaluate(async () => {
    const old = await caches.open('constats-shell-0000000000000000');
    await old.put('/index.html', new Response('old'));
  });
  await page.goto('/login');
  await page.getByLabel(/^Votre identifiant/).waitFor();
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(worker).toBe(`${app.url}/sw.js`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Signed in and out once: the login and session answers travel through the controlled page.
  await page.getByLabel(/^Votre identifiant/).fill('admin@demo.fr');
  await page.getByLabel(/^Mot de passe/).fill('Admin#2026');
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
  await page.evaluate(() => localStorage.clear());

  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const entries: Record<string, string[]> = {};
    for (const name of names) entries[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return entries;
  });
  const names = Object.keys(cached);
  expect(names).toEqual([expect.stringMatching(/^constats-shell-[0-9a-f]{16}$/)]);
  expect(names[0]).not.toBe('constats-shell-0000000000000000');
  const paths = cached[names[0]];
  const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.getAttribute('src'));
  expect(paths).toEqual(expect.arrayContaining(['/index.html', entry]));
  expect(paths.filter((path) => !path.startsWith('/assets/') && path !== '/index.html')).toEqual([]);
});

test('Chromium reads the manifest without error, from the link in the page', async () => {
  await page.goto('/login');
  await page.getByLabel(/^Votre identifiant/).waitFor();
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  const cdp = await browser.context.newCDPSession(page);
  const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
  expect(read.url).toBe(`${app.url}/manifest.webmanifest`);
  expect(read.errors).toEqual([]);
  await cdp.detach();
});

test('offline, a reload of /login shows the app from the kept shell', async () => {
  await page.goto('/login');
  await page.getByLabel(/^Votre identifiant/).waitFor();
  await browser.context.setOffline(true);
  try {
    await page.reload();
    await page.getByLabel(/^Votre identifiant/).waitFor();
    await page.getByRole('button', { name: 'Connexion', exact: true }).waitFor();
  } finally {
    await browser.context.setOffline(false);
  }
  // The prerendered login page is kept under its own address, never as the app's shell (which
  // every other address falls back to offline).
  const kept = await page.evaluate(async () => {
    const text = async (path: string) => (await caches.match(path))?.text();
    return { login: await text('/login'), shell: await text('/index.html') };
  });
  expect(kept.login).toContain('data-prerendered="login"');
  expect(kept.shell).toContain('<div id="root"></div>');
});
