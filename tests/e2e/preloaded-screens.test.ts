// A dashboard screen's data is requested with its code, not after it: on a slow phone network the two
// downloads overlap instead of following one another. Each screen's chunk is held back here, as a
// slow network would, and its page query must leave meanwhile; a skeleton shows while both arrive.
import type { Page, Request } from 'playwright-core';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { holdFirstAnswer, openInApp, screenTitle, signedInPage, signedOutPage, signIn, userMenuButton } from '../support/pages.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '../support/wait.js';

let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ browser } = started));

afterEach(async () => {
  await page.close();
});

const CHUNK_DELAY_MS = 1_000;

interface Timeline {
  /** When the held chunk was let through. */
  chunkReleasedAt: number | null;
  /** When each GraphQL operation left the page, by operation name. */
  queries: { name: string; at: number }[];
}

/** Holds back the JS chunk named `chunk` for a second, and records the GraphQL requests meanwhile. */
async function holdChunk(target: Page, chunk: string): Promise<Timeline> {
  const timeline: Timeline = { chunkReleasedAt: null, queries: [] };
  target.on('request', (request: Request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    timeline.queries.push({ name: body?.operationName ?? '', at: Date.now() });
  });
  await target.route(
    new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`),
    async (route) => {
      await sleep(CHUNK_DELAY_MS);
      timeline.chunkReleasedAt = Date.now();
      await route.continue();
    },
    { times: 1 },
  );
  return timeline;
}

/** The page query `name` left before its screen's chunk was let through, and only once. */
function expectQueryDuringChunk(timeline: Timeline, name: string): void {
  const sent = timeline.queries.filter((query) => query.name === name);
  expect(sent).toHaveLength(1);
  expect(timeline.chunkReleasedAt).not.toBeNull();
  expect(sent[0].at).toBeLessThan(timeline.chunkReleasedAt!);
}

it("a screen's page query leaves while its code is still downloading, behind a skeleton", async () => {
  page = await signedInPage(browser, 'admin');
  await screenTitle(page, 'Constats en cours').waitFor();
  const timeline = await holdChunk(page, 'AccountsPage');
  await openInApp(page, '/dashboard/seetheaccount');
  // While the chunk is held: the screen's outline, not a blank page or a lone spinner.
  // (The route's first render and its Suspense fallback are both skeletons; React hides the former.)
  await page.locator('main .fui-Skeleton >> visible=true').waitFor();
  expect(await page.locator('main .fui-Spinner').count()).toBe(0);
  await screenTitle(page, 'Voir les comptes').waitFor();
  expectQueryDuringChunk(timeline, 'AccountsPageQuery');
  expect(await page.locator('main .fui-Skeleton').count()).toBe(0);
});

it('a screen with a path parameter starts its query for that parameter', async () => {
  page = await signedInPage(browser, 'admin');
  await openInApp(page, '/dashboard/seetheaccount');
  await screenTitle(page, 'Voir les comptes').waitFor();
  const timeline = await holdChunk(page, 'AccountEditPage');
  const variables: unknown[] = [];
  page.on('request', (request) => {
    const body = request.url().endsWith('/graphql') ? (request.postDataJSON() as { operationName?: string; variables?: unknown }) : null;
    if (body?.operationName === 'AccountEditPageQuery') variables.push(body.variables);
  });
  await openInApp(page, '/dashboard/seetheaccount/1');
  // The new screen's own heading: the list's stays on screen during the transition, and the tab
  // title changes with the route, before the screen's code has arrived.
  await screenTitle(page, "Modification d'un compte utilisateur").waitFor();
  expectQueryDuringChunk(timeline, 'AccountEditPageQuery');
  // The database id of the path, as the global id the API reads.
  expect(variables).toEqual([{ id: Buffer.from('User:1').toString('base64') }]);
});

it("the role's default screen and the shell: their queries leave with their code at sign-in", async () => {
  page = await browser.newPage();
  await signedOutPage(page);
  const shell = await holdChunk(page, 'DashboardShell');
  const screen = await holdChunk(page, 'BailiffReportsPage');
  await signIn(page, 'bailiff');
  await userMenuButton(page).waitFor();
  await screenTitle(page, 'Mes constats en cours').waitFor();
  expectQueryDuringChunk(shell, 'DashboardShellQuery');
  expectQueryDuringChunk(screen, 'BailiffReportsPageQuery');
});

it("a returning user's dashboard code starts beside the session check, not after its answer", async () => {
  page = await signedInPage(browser, 'secretary');
  const shellRequested: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/DashboardShell-[\w-]+\.js$/.test(request.url())) shellRequested.push(request.url());
  });
  const check = await holdFirstAnswer(page, (operationName) => operationName === 'SessionProviderQuery');
  await page.goto('/dashboard');
  // The session check has reached the server and its answer is held: the shell's code is on its way all the same.
  await check.answered;
  await waitFor(() => shellRequested.length > 0, { what: "the shell's code requested during the session check" });
  check.deliver();
  await screenTitle(page, 'Constats en cours').waitFor();
});

it("the default screen's query and data do not wait for the shell's (header, menu, bell)", async () => {
  page = await signedInPage(browser, 'bailiff');
  const shell = await holdFirstAnswer(page, (operationName) => operationName === 'DashboardShellQuery');
  await page.goto('/dashboard');
  await shell.answered;
  // The shell's answer is held: the screen is drawn with its own data, under the header's placeholder.
  await screenTitle(page, 'Mes constats en cours').waitFor();
  await page.locator('main .fui-Skeleton').first().waitFor({ state: 'detached' });
  expect(await userMenuButton(page).count()).toBe(0);
  shell.deliver();
  await userMenuButton(page).waitFor();
});

// Screens whose period then follows what the user picks (a month, a year, a calendar's days): the
// route starts the opening period's query with the code, and the screen reads that answer instead of
// asking again.
const periodScreens: Record<'admin' | 'bailiff' | 'secretary', [path: string, chunk: string, query: string][]> = {
  admin: [
    ['/dashboard/facturation-admin', 'BillingPage', 'BillingPageQuery'],
    ['/dashboard/statistiques', 'StatisticsPage', 'StatisticsPageQuery'],
    ['/dashboard/allAbsences', 'AdminAbsencesPage', 'AdminAbsencesPageQuery'],
    ['/dashboard/retrocessions-constats-admin', 'AdminRetrocessionReportsPage', 'AdminRetrocessionReportsPageQuery'],
    ['/dashboard/retrocessions-factures-admin', 'AdminRetrocessionBillsPage', 'AdminRetrocessionBillsPageQuery'],
  ],
  bailiff: [
    ['/dashboard/mes-factures-huissier', 'MyBillsPage', 'MyBillsPageQuery'],
    ['/dashboard/bailiffcalendar', 'MyCalendarPage', 'MyCalendarPageQuery'],
  ],
  secretary: [
    ['/dashboard/retrocessions-constats-secretaire', 'SecretaryRetrocessionPage', 'SecretaryRetrocessionPageQuery'],
    ['/dashboard/factures-mois-secretaire', 'SecretaryBillsPage', 'SecretaryBillsPageQuery'],
  ],
};

it.each(Object.keys(periodScreens) as (keyof typeof periodScreens)[])(
  '%s: a screen of a period starts its opening query with its code, and asks it once',
  async (role) => {
    page = await signedInPage(browser, role);
    await userMenuButton(page).waitFor();
    for (const [path, chunk, query] of periodScreens[role]) {
      const timeline = await holdChunk(page, chunk);
      await openInApp(page, path);
      await waitFor(() => timeline.chunkReleasedAt !== null, { what: `the chunk ${chunk}` });
      // The screen drawn with its data: no skeleton, spinner or busy list left.
      await page.waitForFunction(() => !document.querySelector('main .fui-Skeleton, main .fui-Spinner, main [aria-busy="true"]'));
      expectQueryDuringChunk(timeline, query);
    }
  },
);
