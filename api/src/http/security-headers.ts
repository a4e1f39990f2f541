// Headers every answer carries (product.md §14): a strict Content-Security-Policy, no framing, no
// referrer (reset tokens travel in URLs), no caching of API or file answers, HSTS behind https,
// and CORS only for the origins CORS_ORIGINS names (the web app is served from the same origin).
import type { Config } from '../config.js';

/**
 * No inline script anywhere (index.html loads one module from /assets); styles stay 'unsafe-inline'
 * because Fluent UI (Griffel) inserts its style elements at run time. graphql-ws uses the same origin.
 */
const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-src 'self' blob:",
  // The service worker (web/pwa/sw.js) and the web manifest, both from the app's own origin.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Stored files come from users: whatever a file turns out to be, it runs nothing, loads nothing
 * and reaches no origin (`sandbox`, `default-src 'none'`), and only our own pages frame it (the
 * document viewer). Chromium's PDF viewer still renders a PDF under this policy, framed or not;
 * inline styles stay for the browser's own text and image views.
 */
const FILE_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** API and file answers are per user and often secret: never kept by a browser or a proxy. */
const NOT_STORED = [/^\/graphql$/, /^\/api\//, /^\/admin\//, /^\/meta\.json$/, /^\/files\//];

const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const CORS_HEADERS = 'authorization, content-type, idempotency-key';

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Wraps the HTTP handler: answers CORS preflights and sets the security headers on every answer. */
export function withSecurityHeaders<C>(config: Config, handler: Handler<C>): Handler<C> {
  const hsts = config.publicUrl.startsWith('https:');
  return async (request, context) => {
    const origin = request.headers.get('origin');
    const allowedOrigin = origin && config.corsOrigins.includes(origin) ? origin : null;
    const response =
      request.method === 'OPTIONS' && request.headers.has('access-control-request-method')
        ? new Response(null, { status: allowedOrigin ? 204 : 403 })
        : await handler(request, context);
    return secured(response, new URL(request.url).pathname, { hsts, allowedOrigin, preflight: request.method === 'OPTIONS' });
  };
}

function secured(
  original: Response,
  pathname: string,
  options: { hsts: boolean; allowedOrigin: string | null; preflight: boolean },
): Response {
  const response = mutable(original);
  const headers = response.headers;
  const file = pathname.startsWith('/files/');
  headers.set('content-security-policy', file ? FILE_POLICY : APP_POLICY);
  headers.set('x-content-type-options', 'nosniff');
  headers.set('x-frame-options', file ? 'SAMEORIGIN' : 'DENY');
  headers.set('referrer-policy', 'no-referrer');
  headers.set('cross-origin-opener-policy', 'same-origin');
  if (options.hsts) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  if (NOT_STORED.some((pattern) => pattern.test(pathname))) headers.set('cache-control', 'no-store');
  headers.append('vary', 'Origin');
  if (options.allowedOrigin) {
    headers.set('access-control-allow-origin', options.allowedOrigin);
    if (options.preflight) {
      headers.set('access-control-allow-methods', CORS_METHODS);
      headers.set('access-control-allow-headers', CORS_HEADERS);
      headers.set('access-control-max-age', '600');
    }
  }
  return response;
}

/** Some responses (e.g. built from a fetch) have immutable headers: copy those once. */
function mutable(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff');
    return response;
  } catch {
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
  }
}
