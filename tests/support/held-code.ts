// The prerendered pages' tests play a slow phone network: the app's code is held while the page,
// painted from its HTML, is inspected or used.
import type { Page, Route } from 'playwright-core';

/** Holds every script of the app but the page's starter until `release` is called. */
export async function holdTheAppsCode(page: Page): Promise<{ held: () => number; release: () => void }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(/\/assets\/(?!start-after-paint-).*\.js$/, async (route) => {
    if (released) return route.continue();
    waiting.push(route);
  });
  return {
    held: () => waiting.length,
    release: () => {
      released = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
  };
}
