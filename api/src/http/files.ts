// Protected downloads. A resolver that has checked the viewer may see a file hands out a signed,
// short-lived link (/files/<key>?…&exp=…&sig=…); the link is the authorization, so browsers can
// open it in a new tab, an <iframe> viewer or a plain <a download> without an Authorization header.
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { Services } from '../context.js';
import { decodeFileIds, type ArchiveEntry, type createFileLinks, type FileProviders } from '../infra/file-links.js';
import { mimeTypeForKey } from '../infra/file-types.js';
import { FileNotFoundError, InvalidStorageKeyError } from '../infra/storage.js';
import { json } from './request.js';

/** `attachment; filename="ascii"; filename*=UTF-8''…`: safe for any original name (RFC 6266). */
export function contentDisposition(name: string, download: boolean): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'fichier';
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  // Their sandbox policy is set on every /files answer, errors included (security-headers.ts).
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
      // The files the link was signed for: what the holder could see then, never what was added since.
      const fileIds = decodeFileIds(params.files ?? '');
      if (!provider || !fileIds) return notFound();
      const entries = await provider(services, Number(built[3]), fileIds);
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

/**
 * Streams a zip without holding the files in memory: each file is opened (and converted) only when
 * its turn comes, so a constat of 1,000 photos holds one open file at a time. Duplicate names get a
 * (2), (3)… suffix.
 */
function zipStream(services: Services, entries: ArchiveEntry[]): Readable {
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  zip.on('error', (error: Error) => output.destroy(error));
  zip.outputStream.on('error', (error: Error) => output.destroy(error)).pipe(output);
  const used = new Map<string, number>();
  for (const entry of entries) {
    const count = (used.get(entry.name) ?? 0) + 1;
    used.set(entry.name, count);
    const name = count === 1 ? entry.name : entry.name.replace(/(\.[^.]*)?$/, ` (${count})$1`);
    const stored = () => services.storage.get(entry.storageKey);
    zip.addReadStreamLazy(name, (done) => {
      (entry.convert ? entry.convert(stored) : stored()).then(
        (stream) => done(null, stream),
        (error: Error) => done(error, new PassThrough()),
      );
    });
  }
  zip.end();
  return output;
}
