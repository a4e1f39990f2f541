// Signed, short-lived links to stored files and to documents built on demand. A resolver that has
// checked the viewer may see a file hands one out; the link is the authorization (http/files.ts
// serves it), so services name what they provide here without knowing anything of HTTP.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from './db.js';
import type { Storage } from './storage.js';
import type { PdfRenderer } from './pdf/index.js';

/**
 * What a provider reads, and renders with: the database, the stored files and the PDF renderer
 * (every request's services hold them).
 */
export interface ProviderServices {
  db: Db;
  storage: Storage;
  pdfs: PdfRenderer;
}

export interface ArchiveEntry {
  storageKey: string;
  name: string;
  /**
   * What the archive holds instead of the stored bytes (a photo resized for Word), made when the
   * entry's turn comes; `stored` opens the stored file.
   */
  convert?: (stored: () => Promise<NodeJS.ReadableStream>) => Promise<NodeJS.ReadableStream>;
}

/**
 * Lists the files of a "download all" archive, e.g. a report's deposited items: among `fileIds`
 * (the files the link was signed for) those still there, never a file added since.
 */
export type ArchiveProvider = (services: ProviderServices, id: number, fileIds: readonly number[]) => Promise<ArchiveEntry[]>;

/**
 * The storage key of a document built at its first download, e.g. an invoice's PDF: listing
 * many of them hands out links without rendering any.
 */
export type DocumentProvider = (services: ProviderServices, id: number) => Promise<string>;

/** What the files handler serves besides stored files, by the kind named in their link. */
export interface FileProviders {
  archives: Record<string, ArchiveProvider>;
  documents: Record<string, DocumentProvider>;
}

export interface FileLinks {
  /** Link to one stored file; `download` asks the browser to save it rather than show it. */
  file(storageKey: string, name: string, options?: { download?: boolean }): string;
  /**
   * Link to a zip of the files `fileIds` (those the viewer sees now), listed by a registered
   * provider when it is downloaded: a file added later is not in it, a file removed is left out.
   */
  archive(kind: string, id: number, name: string, fileIds: readonly number[]): string;
  /** Link to a document a registered provider builds (once) when it is first downloaded. */
  document(kind: string, id: number, name: string, options?: { download?: boolean }): string;
}

/** At most this many links are kept per minute of expiry (a few MB). */
const SIGNED_LINKS_KEPT = 20_000;

/** The parameters a link carries besides its signature, each at most once. */
const SIGNED_PARAMS = ['name', 'dl', 'files', 'exp'] as const;

/**
 * File ids as sorted ranges ("12-40,45"): the files of one upload have consecutive ids, so a
 * constat's hundreds of files take a few characters.
 */
export function encodeFileIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let index = 0; index < sorted.length;) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end += 1;
    ranges.push(end === index ? String(sorted[index]) : `${sorted[index]}-${sorted[end]}`);
    index = end + 1;
  }
  return ranges.join(',');
}

/** The ids of encodeFileIds' text; null when it is not one (a signed link always holds one). */
export function decodeFileIds(text: string): number[] | null {
  if (text === '') return [];
  const ids: number[] = [];
  for (const range of text.split(',')) {
    const match = /^(\d{1,10})(?:-(\d{1,10}))?$/.exec(range);
    if (!match) return null;
    const start = Number(match[1]);
    const end = match[2] === undefined ? start : Number(match[2]);
    // Bounded by what a constat may hold: a signed link never spans more.
    if (end < start || end - start > 100_000) return null;
    for (let id = start; id <= end; id += 1) ids.push(id);
  }
  return ids;
}

export function createFileLinks(
  secret: string,
  lifetimeMinutes: number,
  now: () => number = Date.now,
): FileLinks & {
  verify(url: URL): Record<string, string> | null;
} {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  // The signed text is a JSON array of the path and each known field in a fixed order (null when
  // absent): no value, whatever characters it holds (a name with "\nexp=…"), can end one field and
  // start another, so no signed link reads as another one.
  const canonical = (path: string, params: URLSearchParams) => JSON.stringify([path, ...SIGNED_PARAMS.map((key) => params.get(key))]);

  // Links already signed for the current expiry: a list re-read within the same minute (live
  // updates refetch it) reuses them instead of signing every file again (an HMAC each). Keyed by
  // path, then by name and download flag: no key string is built per lookup (a list asks for
  // hundreds of links per request).
  let signedFor = 0;
  let signed = new Map<string, Map<string, string>>();
  let signedCount = 0;

  /** `dl` only for what the browser may either show or save (files and documents, not archives); `files` for archives. */
  function link(path: string, name: string, download?: boolean, files?: string): string {
    const dl = download === undefined ? '' : download ? '1' : '0';
    const variant = files === undefined ? dl + name : `${files}/${name}`;
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
    const search = new URLSearchParams({ name, ...(dl && { dl }), ...(files !== undefined && { files }), exp: String(exp) });
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
    archive: (kind, id, name, fileIds) => link(`/files/archive/${kind}/${id}`, name, undefined, encodeFileIds(fileIds)),
    document: (kind, id, name, options = {}) => link(`/files/document/${kind}/${id}`, name, !!options.download),
    verify(url) {
      const params = url.searchParams;
      // A repeated or unknown parameter is not part of any link handed out.
      const keys = [...params.keys()];
      if (new Set(keys).size !== keys.length || keys.some((key) => key !== 'sig' && !(SIGNED_PARAMS as readonly string[]).includes(key)))
        return null;
      const signature = params.get('sig') ?? '';
      const expected = sign(canonical(url.pathname, params));
      const valid = signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      const exp = params.get('exp') ?? '';
      if (!valid || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now()) return null;
      return Object.fromEntries(params.entries());
    },
  };
}
