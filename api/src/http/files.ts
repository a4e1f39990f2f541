// Protected downloads. A resolver that has checked the viewer may see a file hands out a signed,
// short-lived link (/files/<key>?…&exp=…&sig=…); the link is the authorization, so browsers can
// open it in a new tab, an <iframe> viewer or a plain <a download> without an Authorization header.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { Services } from '../context.js';
import { mimeTypeForKey } from '../infra/file-types.js';
import { FileNotFoundError, InvalidStorageKeyError } from '../infra/storage.js';
import { json } from './request.js';

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

export function createFileLinks(secret: string, lifetimeMinutes: number, now: () => number = Date.now): FileLinks & {
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
      if (!forPath) signed.set(path, (forPath = new Map()));
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
      const valid =
        signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      if (!valid || Number(url.searchParams.get('exp')) * 1000 < now()) return null;
      return Object.fromEntries(url.searchParams.entries());
    },
  };
}

/** `attachment; filename="ascii"; filename*=UTF-8''…`: safe for any original name (RFC 6266). */
export function contentDisposition(name: string, download: boolean): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'fichier';
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  // Served files are never allowed to run anything, even if a viewer opens them inline.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'private, max-age=300',
};

export function createFilesHandler(services: Services, links: ReturnType<typeof createFileLinks>, providers: FileProviders) {
  return async function serveFile(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return json({ code: 405, message: 'Méthode non autorisée.' }, 405);
    const url = new URL(request.url);
    const params = links.verify(url);
    if (!params) return json({ code: 403, message: 'Lien de téléchargement invalide ou expiré. Rechargez la page.' }, 403);

    const built = /^\/files\/(archive|document)\/([a-z-]+)\/(\d+)$/.exec(url.pathname);
    if (built?.[1] === 'archive') {
      const provider = providers.archives[built[2]];
      if (!provider) return notFound();
      const entries = await provider(services, Number(built[3]));
      return new Response(Readable.toWeb(zipStream(services, entries)) as ReadableStream, {
        headers: { ...SAFE_HEADERS, 'content-type': 'application/zip', 'content-disposition': contentDisposition(params.name, true) },
      });
    }
    if (built?.[1] === 'document') {
      const provider = providers.documents[built[2]];
      if (!provider) return notFound();
      return serveStored(() => provider(services, Number(built[3])), params, request.method);
    }
    return serveStored(() => decodeURIComponent(url.pathname.slice('/files/'.length)), params, request.method);
  };

  async function serveStored(keyOf: () => string | Promise<string>, params: Record<string, string>, method: string): Promise<Response> {
    try {
      const storageKey = await keyOf();
      // HEAD opens nothing: a stream opened for no body would hold its file handle open.
      let body: ReadableStream | null = null;
      if (method === 'HEAD') {
        if (!(await services.storage.exists(storageKey))) return notFound();
      } else body = Readable.toWeb((await services.storage.get(storageKey)) as Readable) as ReadableStream;
      return new Response(body, {
        headers: {
          ...SAFE_HEADERS,
          'content-type': mimeTypeForKey(storageKey),
          'content-disposition': contentDisposition(params.name ?? 'fichier', params.dl === '1'),
        },
      });
    } catch (error) {
      if (error instanceof FileNotFoundError || error instanceof InvalidStorageKeyError) return notFound();
      throw error;
    }
  }
}

const notFound = () => json({ code: 404, message: 'Fichier introuvable.' }, 404);

/** Streams a zip without holding the files in memory; duplicate names get a (2), (3)… suffix. */
function zipStream(services: Services, entries: ArchiveEntry[]): Readable {
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  zip.outputStream.on('error', (error) => output.destroy(error)).pipe(output);
  const used = new Map<string, number>();
  void (async () => {
    try {
      for (const entry of entries) {
        const count = (used.get(entry.name) ?? 0) + 1;
        used.set(entry.name, count);
        const name = count === 1 ? entry.name : entry.name.replace(/(\.[^.]*)?$/, ` (${count})$1`);
        zip.addReadStream((await services.storage.get(entry.storageKey)) as Readable, name);
      }
      zip.end();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
