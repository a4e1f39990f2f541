// Redis is optional at run time (README « When Redis is away »): a secretary's news list open on
// one instance, a news item published on the other while Redis is away never reaches her socket.
// Once Redis is back her instance makes the socket reconnect, and the list reads the server again.
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage } from '../support/pages.js';
import { startTestRedis, type TestRedis } from '../support/redis.js';
import { liveSubscriptions } from '../support/wait.js';

let redis: TestRedis;
let first: TestApp;
let second: TestApp;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  redis = await startTestRedis();
  first = await startTestApp({ env: { REDIS_URL: redis.url } });
  second = await startTestApp({ env: { REDIS_URL: redis.url }, shareDatabaseWith: first });
  browser = await launchBrowser(second.url);
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await second?.stop();
  await first?.stop();
  await redis?.stop();
});

it('a news item published while Redis was away shows in the open list once the live socket is back', async () => {
  const listening = liveSubscriptions(second).whenStarted('newsPublished');
  page = await signedInPage(browser, 'secretary', '/dashboard/viewnewsecretarie');
  const table = page.getByRole('table', { name: 'Voir les actualités' });
  await screenTitle(page, 'Voir les actualités').waitFor();
  await table.getByText('Nouvelle trame de procès-verbal').waitFor();
  await listening;

  await redis.kill();
  const admin = await loginToken(first.url, demo.admin.email, demo.admin.password);
  const published = await gql(
    first.url,
    'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
    { input: { title: 'Publiée pendant la panne', body: '<p>Redis était arrêté.</p>' } },
    admin,
  );
  expect(published.errors).toBeUndefined();
  const recovered = new Promise<void>((resolve) => second.services.pubsub.onRecovered(resolve));
  await redis.restart();
  await recovered;

  // No event will bring it: only the list's own reading after the reconnection does.
  await table.getByText('Publiée pendant la panne').waitFor();
});
