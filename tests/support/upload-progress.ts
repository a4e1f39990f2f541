import type { Page } from 'playwright-core';

/**
 * Records every percentage an upload's progress bar shows (« Envoi en cours… 42 % »), however
 * briefly it is on screen. Call it before starting the upload; the returned function reads what
 * was seen so far.
 */
export async function watchUploadProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const match = document.body.innerText.match(/Envoi en cours… (\d+) %/);
      if (match) seen.push(match[1]);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}
