import type { Page } from 'playwright-core';

/**
 * Records every value an upload's progress bar shows, as a whole percentage (« 42 »), however briefly
 * it is on screen. The bar's own value is read, not its caption: a deposit's caption says « Dépôt
 * terminé » once the last file is received, while its bar stays full. Call it before starting the
 * upload; the returned function reads what was seen so far.
 */
export async function watchUploadProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-valuenow]')) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        const max = Number(bar.getAttribute('aria-valuemax') ?? '100');
        const percent = String(Math.floor((value / max) * 100 + 1e-9));
        if (seen[seen.length - 1] !== percent) seen.push(percent);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}
