import type { Page } from 'playwright-core';

/**
 * Records every value an upload's progress bar shows, as a whole percentage (« 42 »), however briefly
 * it is on screen. The bar's own value is read, not its caption: a deposit's caption says « Dépôt
 * terminé » once the last file is received, while its bar stays full. Call it before starting the
 * upload; the returned function reads what was seen so far.
 *
 * The observer also reads the bars its records remove: when the last value and the screen's change
 * (the bar removed by a navigation) land in the same task, the callback runs once, after both, and
 * only the removed bar still holds the last value.
 */
export async function watchUploadProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const BAR = '[role="progressbar"][aria-valuenow]';
    const barsIn = (node: Node): Element[] => {
      if (!(node instanceof Element)) return [];
      return [...(node.matches(BAR) ? [node] : []), ...node.querySelectorAll(BAR)];
    };
    const note = (bar: Element) => {
      const value = Number(bar.getAttribute('aria-valuenow'));
      const max = Number(bar.getAttribute('aria-valuemax') ?? '100');
      const percent = String(Math.floor((value / max) * 100 + 1e-9));
      if (seen[seen.length - 1] !== percent) seen.push(percent);
    };
    new MutationObserver((records) => {
      // A bar changed then removed in the task is among the removed nodes (itself or in a subtree).
      for (const record of records) for (const bar of [...record.removedNodes].flatMap(barsIn)) if (!bar.isConnected) note(bar);
      for (const bar of document.querySelectorAll(BAR)) note(bar);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}
