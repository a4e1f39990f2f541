// The pages the build prerenders, as the server sends them: the login page for /login, the
// dashboard's frame for every dashboard address (with the table of screen titles its starter reads),
// the app's plain shell for the other addresses.
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

async function page(route: string): Promise<{ prerendered: string | null; html: string }> {
  const response = await fetch(`${app.url}${route}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return { prerendered: response.headers.get('x-prerendered'), html: await response.text() };
}

test.each(['/dashboard', '/dashboard/', '/dashboard/seetheaccount/VXNlcjox', '/dashboard/nimportequoi?mois=2'])(
  '%s is the dashboard’s frame, with an empty screen title and every role’s titles',
  async (route) => {
    const { prerendered, html } = await page(route);
    expect(prerendered).toBe('dashboard.html');
    expect(html).toContain('<div id="root" data-prerendered="dashboard">');
    expect(html).toMatch(/<p [^>]*data-screen-title="" aria-hidden="true"[^>]*><\/p>/);
    const table = /<script type="application\/json" id="screen-titles">([^<]*)<\/script>/.exec(html)?.[1];
    const titles = JSON.parse(table ?? 'null') as Record<string, [string, string][]>;
    expect(Object.keys(titles).sort()).toEqual(['ADMIN', 'BAILIFF', 'SECRETARY']);
    expect(titles.ADMIN).toContainEqual(['', 'Constats en cours']);
    expect(titles.BAILIFF).toContainEqual(['', 'Mes constats en cours']);
    expect(titles.ADMIN).toContainEqual(['seetheaccount/:id', "Modification d'un compte utilisateur"]);
    // The app's code comes through the starter, after the first paint: no module script of its own.
    expect(html).toMatch(/<script type="module" src="\/assets\/start-after-paint-[\w-]+\.js" fetchpriority="low" data-app-entry="/);
    expect(html).not.toContain('rel="modulepreload"');
  },
);

test.each([
  ['/login', 'login.html'],
  ['/dashboardx', null],
  ['/', null],
  ['/recover/request', null],
])('%s is sent as %s', async (route, expected) => {
  const { prerendered, html } = await page(route);
  expect(prerendered).toBe(expected);
  if (expected === null) expect(html).toContain('<div id="root"></div>');
});
