import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { compressibleType, preferredEncoding, type Encoding } from './compression.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The files the build compresses beside each text file (web/vite.config.ts): `app.js.br`, `app.js.gz`. */
const SUFFIXES: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const NOT_BUILT = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Extranet Constats</title>
<p>L'interface web n'est pas encore construite. Lancez <code>npm run build</code> puis redémarrez le serveur.</p></html>`;

/**
 * Pages the build renders to HTML ahead (scripts/prerender-pages.ts): the login page, the first
 * screen of a visit from a link or after signing out, and the dashboard's frame for every dashboard
 * address (its starter writes in the screen's title). Not `/`, which a returning user opens with a
 * session and would see the form flash before the app takes them on.
 */
function prerenderedPage(pathname: string): string | null {
  if (pathname === '/login') return 'login.html';
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) return 'dashboard.html';
  return null;
}

/** Serves the web build; unknown paths get index.html so the client router can handle them. */
export function createStaticHandler(rootDir: string) {
  const root = path.resolve(rootDir);

  async function fileResponse(filePath: string, request: Request): Promise<Response | null> {
    const info = await stat(filePath).catch(() => null);
    if (!info?.isFile()) return null;
    const hashedAsset = filePath.startsWith(path.join(root, 'assets') + path.sep);
    const contentType = CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': contentType,
      // Vite fingerprints assets, so they never change; index.html (and the service worker) must
      // always be revalidated.
      'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    let served = { path: filePath, size: info.size };
    if (compressibleType(contentType)) {
      headers.vary = 'Accept-Encoding';
      const encoding = preferredEncoding(request.headers.get('accept-encoding'));
      const variant = encoding && (await precompressed(filePath + SUFFIXES[encoding]));
      if (variant) {
        headers['content-encoding'] = encoding;
        served = variant;
      }
    }
    headers['content-length'] = String(served.size);
    const body = request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(served.path)) as ReadableStream);
    return new Response(body, { headers });
  }

  return async function serveWeb(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Méthode non autorisée', { status: 405 });
    const pathname = decodeURIComponent(new URL(request.url).pathname);
    const candidate = path.join(root, pathname);
    if (candidate.startsWith(root + path.sep)) {
      const file = await fileResponse(candidate, request);
      if (file) return file;
    }
    // A missing fingerprinted asset is a real 404, not a route of the single-page app.
    if (path.extname(pathname) && pathname.startsWith('/assets/')) return new Response('Introuvable', { status: 404 });
    const page = prerenderedPage(pathname);
    const prerendered = page && (await fileResponse(path.join(root, page), request));
    if (prerendered) {
      // The service worker keeps such a page under its own address, not as the app's shell (web/pwa/sw.js).
      prerendered.headers.set('x-prerendered', page);
      return prerendered;
    }
    const index = await fileResponse(path.join(root, 'index.html'), request);
    return index ?? new Response(NOT_BUILT, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
}

async function precompressed(filePath: string): Promise<{ path: string; size: number } | null> {
  const info = await stat(filePath).catch(() => null);
  return info?.isFile() ? { path: filePath, size: info.size } : null;
}
