/**
 * Registers the service worker that keeps the app shell for offline starts (web/pwa/sw.js), once
 * the page has loaded so that it never competes with the first screen. The development server has
 * no worker: the build makes it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Without a worker the app works as before, online only.
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('service worker not registered', error));
  // The prerendered pages run the app's code after their load event (app/prerender): then in a task
  // of its own, not in the one that evaluates the app's code (a few milliseconds a phone would wait).
  if (document.readyState === 'complete') setTimeout(() => void register());
  else window.addEventListener('load', () => void register());
}
