// Signed, short-lived links to stored files and to documents built on demand. A resolver that has
// checked the viewer may see a file hands one out; the link is the authorization (http/files.ts
// serves it), so services name what they provide here without knowing anything of HTTP.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Services } from '../context.js';

export interface ArchiveEntry {
  storageKey: string;
  name: string;
}

/** Lists the files of a "download all" archive, e.g. a report's deposited items. */
export type ArchiveProvider = (services: Services, id: number) => Promise<ArchiveEntry[]>;

/**
 * The storage key of a document built at its first download, e.g. an invoice's PDF: listing
 * many of them hands out links without rendering any.
 */
export type DocumentProvider = (services: Services, id: number) => Promise<string>;

/** What the files handler serves besides stored files, by the kind named in their link. */
export interface FileProviders {
  archives: Record<string, ArchiveProvider>;
  documents: Record<string, DocumentProvider>;
}

export interface FileLinks {
  /** Link to one stored file; `download` asks the browser to save it rather than show it. */
  file(storageKey: string, name: string, options?: { download?: boolean }): string;
  /** Link to a zip of several files, listed by a registered provider when it is downloaded. */
  archive(kind: string, id: number, name: string): string;
  /** Link to a document a registered provider builds (once) when it is first downloaded. */
  document(kind: string, id: number, name: string, options?: { download?: boolean }): string;
}

/** At most this many links are kept per minute of expiry (a few MB). */
const SIGNED_LINKS_KEPT = 20_000;

export function createFileLinks(
  secret: string,
  lifetimeMinutes: number,
  now: () => number = Date.now,
): FileLinks & {
  verify(url: URL): Record<string, string> | null;
} {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  const canonical = (path: string, params: URLSearchParams) =>
    [path, ...[...params.entries()].filter(([key]) => key !== 'sig').map(([key, value]) => `${key}=${value}`)].join('\n');

  // Links already signed for the current expiry: a list re-read within the same minute (live
  // updates refetch it) reuses them instead of signing every file again (an HMAC each). Keyed by
  // path, then by name and download flag: no key string is built per lookup (a list asks for
  // hundreds of links per request).
  let signedFor = 0;
  let signed = new Map<string, Map<string, string>>();
  let signedCount = 0;

  /** `dl` only for what the browser may either show or save (files and documents, not archives). */
  function link(path: string, name: string, download?: boolean): string {
    const dl = download === undefined ? '' : download ? '1' : '0';
    const variant = dl + name;
    // Expiry rounded to the minute so a list rendered twice yields the same links (cache-friendly).
    const exp = Math.ceil((now() + lifetimeMinutes * 60_000) / 60_000) * 60;
    if (exp !== signedFor) {
      signedFor = exp;
      signed = new Map();
      signedCount = 0;
    }
    let forPath = signed.get(path);
    const known = forPath?.get(variant);
    if (known) return known;
    const search = new URLSearchParams({ name, ...(dl && { dl }), exp: String(exp) });
    search.set('sig', sign(canonical(path, search)));
    const url = `${path}?${search}`;
    if (signedCount < SIGNED_LINKS_KEPT) {
      if (!forPath) signed.set(path, (forPath = new Map<string, string>()));
      forPath.set(variant, url);
      signedCount += 1;
    }
    return url;
  }

  return {
    file: (storageKey, name, options = {}) => link(`/files/${storageKey}`, name, !!options.download),
    archive: (kind, id, name) => link(`/files/archive/${kind}/${id}`, name),
    document: (kind, id, name, options = {}) => link(`/files/document/${kind}/${id}`, name, !!options.download),
    verify(url) {
      const signature = url.searchParams.get('sig') ?? '';
      const expected = sign(canonical(url.pathname, url.searchParams));
      const valid = signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      if (!valid || Number(url.searchParams.get('exp')) * 1000 < now()) return null;
      return Object.fromEntries(url.searchParams.entries());
    },
  };
}
