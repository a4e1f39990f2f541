// The service worker: keeps the app shell (index.html and what it loads, then each screen's chunks
// as they are first loaded) so the app opens without a network, and never keeps anything a user's
// session produces. The build (pwa/plugin.ts)
// replaces SHELL_ASSETS and SHELL_VERSION; a new build is a new cache, and the old ones are removed.
const SHELL_VERSION = '__SHELL_VERSION__';
const SHELL_ASSETS = /** @type {string[]} */ (JSON.parse('__SHELL_ASSETS__'));
const CACHE = `constats-shell-${SHELL_VERSION}`;
const INDEX = '/index.html';

/** The API, file downloads and the version probe: per user, often secret, always live. */
const NEVER_CACHED = [/^\/graphql(?:\/|$)/, /^\/api\//, /^\/admin\//, /^\/files\//, /^\/meta\.json$/];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([INDEX, ...SHELL_ASSETS]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('constats-shell-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || NEVER_CACHED.some((pattern) => pattern.test(url.pathname))) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(event));
});

/**
 * Network first: the server's page is the newest (and kept); offline, the one kept last. A page
 * the build prerendered (`x-prerendered`: the login page, the dashboard's frame) is kept under its own address, every
 * other under index.html, the app's shell (never under the address: it may hold a reset token).
 */
async function page(event) {
  const path = new URL(event.request.url).pathname;
  try {
    const response = await fetch(event.request);
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
      const copy = response.clone();
      const key = response.headers.has('x-prerendered') ? path : INDEX;
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
    }
    return response;
  } catch (error) {
    const kept = (await caches.match(path, { cacheName: CACHE })) ?? (await caches.match(INDEX, { cacheName: CACHE }));
    if (kept) return kept;
    throw error;
  }
}

/** Fingerprinted files never change: the kept copy, else the network's, kept for the next start. */
async function asset(event) {
  const kept = await caches.match(event.request, { cacheName: CACHE });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}
