// The resumable upload endpoint (the tus 1.0.0 protocol, product.md §16) at /api/v1/uploads, over
// @tus/server and the staging store (infra/upload-staging.ts). The caller comes from the one
// authentication step (app.ts); nothing of a body is read before the rules the deposits declare
// (`ResumableUploadRules`, filled by app.ts from modules/reports/deposit-uploads.ts) admitted it: a
// creation (POST) is checked whole from its headers, a chunk (PATCH), HEAD or DELETE reaches only
// its creator's upload. Every refusal is answered in French as JSON `{ code, message }`.
import { Readable } from 'node:stream';
import { Server } from '@tus/server';
import type { Viewer } from '../context.js';
import { AppError, diskFullError, fileGoneError, notAuthenticated } from '../errors.js';
import { stagingIdOfUrl, urlIdOfStaging, type Staging } from '../infra/upload-staging.js';
import { viewerOfRequest } from './caller.js';
import type { ServerContext } from './request.js';

export const RESUMABLE_UPLOADS_PATH = '/api/v1/uploads';
const TUS_VERSION = '1.0.0';

export type ResumableUploadState = { status: 'OPEN' } | { status: 'STORED'; size: number } | { status: 'REFUSED'; refusal: AppError };

/** What the deposits decide; each throws an AppError (French message) to refuse. */
export interface ResumableUploadRules {
  /** A creation, from its headers alone: answers the staging id to create. */
  admit(viewer: Viewer, headers: { metadata: string | null; length: string | null; deferred: boolean }): Promise<string>;
  /** The viewer's upload, touched, before its chunk is read. */
  touch(viewer: Viewer, id: string): Promise<ResumableUploadState>;
  /** DELETE of the viewer's unfinished upload. */
  terminate(viewer: Viewer, id: string): Promise<void>;
  /** The last byte arrived: the file is checked and stored, or refused. */
  finish(viewer: Viewer, id: string): Promise<void>;
}

export const resumableMessages = {
  protocol: 'En-tête Tus-Resumable manquant : ce point d’envoi suit le protocole tus 1.0.0.',
  method: 'Méthode non prise en charge par ce point d’envoi.',
  notFound: 'Envoi introuvable : recommencez l’envoi de ce fichier.',
  finished: 'Cet envoi est terminé.',
} as const;

/** French words for what @tus/server itself refuses (its own bodies are English). */
const TUS_REFUSALS: Record<number, string> = {
  400: 'Requête d’envoi invalide (en-têtes du protocole tus).',
  403: 'Action interdite sur cet envoi.',
  404: resumableMessages.notFound,
  409: 'Position d’envoi incorrecte : demandez la position reçue (HEAD) et reprenez à partir de celle-ci.',
  410: 'Cet envoi n’existe plus : recommencez ce fichier.',
  413: 'Fichier trop volumineux.',
  415: 'Type de contenu invalide : application/offset+octet-stream est attendu.',
  423: 'Cet envoi est en cours dans une autre requête : réessayez dans un instant.',
  460: 'Somme de contrôle incorrecte.',
};
const INTERNAL = 'Une erreur interne est survenue. Veuillez réessayer plus tard.';

/**
 * A refusal's status. tus clients take 409 for an offset to fetch again and retry, so a deposit's
 * conflicts (complete, file already received, upload finished) are answered 410 Gone: no retry.
 */
const statusOf = (error: AppError) => (error.code === 'CONFLICT' ? 410 : error.httpStatus);

function answer(status: number, message: string | null, headers: Record<string, string> = {}): Response {
  const body = message === null ? null : JSON.stringify({ code: status, message });
  return new Response(body, {
    status,
    headers: {
      'Tus-Resumable': TUS_VERSION,
      'Cache-Control': 'no-store',
      ...(body !== null && { 'Content-Type': 'application/json; charset=utf-8' }),
      ...headers,
    },
  });
}

function refuse(error: AppError, headers: Record<string, string> = {}): Response {
  const http = error.extensions.http as { headers?: Record<string, string> } | undefined;
  return answer(statusOf(error), error.message, { ...http?.headers, ...headers });
}

export function createResumableUploads(options: { staging: Staging; maxBytes: number; rules: ResumableUploadRules }) {
  const { rules } = options;
  // What a request's hooks need, set before @tus/server sees the request (the same object).
  const viewers = new WeakMap<object, Viewer>();
  const admitted = new WeakMap<object, string>();
  const refusals = new WeakMap<object, AppError>();
  const tus = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: options.staging.store,
    maxSize: options.maxBytes,
    // The id the rules admitted and recorded; never a name the client chose.
    namingFunction: (req) => {
      const id = admitted.get(req);
      if (!id) throw new Error('A resumable upload created without its admission.');
      return id;
    },
    generateUrl: (_req, { path, id }) => `${path}/${urlIdOfStaging(id)}`,
    getFileIdFromRequest: (_req, segment) => stagingIdOfUrl(segment) ?? undefined,
    onUploadFinish: async (req, upload) => {
      try {
        await rules.finish(viewers.get(req)!, upload.id);
        return {};
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusals.set(req, error);
        // @tus/server answers a hook's error by its `status_code` and `body`; run() rewrites it as JSON.
        throw Object.assign(new Error(error.message), { status_code: statusOf(error), body: error.message });
      }
    },
    onResponseError: (req, error) => {
      // The deposit was cancelled (or the upload expired) while this chunk was being written: its
      // staged file is gone, and the upload with it, as tus answers for an upload it no longer has.
      if (fileGoneError(error)) return { status_code: 404, body: TUS_REFUSALS[404] };
      if (!('status_code' in error) || error.status_code >= 500) console.error('[envois reprenables]', error);
      // A chunk or the finished file the disk had no room for: the French 507 (the chunk's bytes
      // that were written count in the offset the client resumes from).
      const diskFull = diskFullError(error);
      if (!diskFull) return undefined;
      refusals.set(req, diskFull);
      return { status_code: diskFull.httpStatus, body: diskFull.message };
    },
  });

  /** @tus/server's answer, its refusals in French JSON like ours. */
  async function run(request: Request): Promise<Response> {
    const response = await tus.handleWeb(request);
    if (response.status < 400) return response;
    const refusal = refusals.get(request);
    if (refusal) return refuse(refusal);
    await response.body?.cancel();
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !/^content-(type|length)$/i.test(name)));
    return answer(response.status, TUS_REFUSALS[response.status] ?? INTERNAL, headers);
  }

  /**
   * The request as @tus/server reads it: a body of Node's own web streams (Readable.fromWeb takes
   * no other), read straight from the connection, as the multipart uploads read theirs.
   */
  function forTus(request: Request, serverContext: ServerContext): Request {
    const withBody = request.method === 'POST' || request.method === 'PATCH';
    const body = withBody && serverContext.req ? (Readable.toWeb(serverContext.req) as ReadableStream<Uint8Array>) : null;
    return new Request(request.url, { method: request.method, headers: [...request.headers], body, duplex: 'half' } as RequestInit);
  }

  async function handle(incoming: Request, serverContext: ServerContext): Promise<Response> {
    const viewer = viewerOfRequest(serverContext);
    const request = forTus(incoming, serverContext);
    if (!viewer) return refuse(notAuthenticated());
    const { method } = request;
    if (method !== 'OPTIONS' && request.headers.get('tus-resumable') !== TUS_VERSION) return answer(412, resumableMessages.protocol);
    const { pathname } = new URL(request.url);
    try {
      if (pathname === RESUMABLE_UPLOADS_PATH) {
        if (method === 'OPTIONS') return await run(request);
        if (method !== 'POST') return answer(405, resumableMessages.method, { Allow: 'POST, OPTIONS' });
        const id = await rules.admit(viewer, {
          metadata: request.headers.get('upload-metadata'),
          length: request.headers.get('upload-length'),
          deferred: request.headers.has('upload-defer-length'),
        });
        admitted.set(request, id);
        viewers.set(request, viewer);
        return await run(request);
      }
      const id = stagingIdOfUrl(pathname.slice(RESUMABLE_UPLOADS_PATH.length + 1));
      if (!id || !pathname.startsWith(`${RESUMABLE_UPLOADS_PATH}/`)) return answer(404, resumableMessages.notFound);
      if (method !== 'HEAD' && method !== 'PATCH' && method !== 'DELETE')
        return answer(405, resumableMessages.method, { Allow: 'HEAD, PATCH, DELETE' });
      const state = await rules.touch(viewer, id);
      if (state.status === 'REFUSED') return refuse(state.refusal);
      if (state.status === 'STORED') {
        // Its staged bytes are gone once stored: the whole file is acknowledged, nothing is sent again.
        const whole = { 'Upload-Offset': String(state.size), 'Upload-Length': String(state.size) };
        if (method === 'HEAD') return answer(200, null, whole);
        if (method === 'PATCH' && request.headers.get('upload-offset') === String(state.size)) return answer(204, null, whole);
        return refuse(new AppError('CONFLICT', resumableMessages.finished));
      }
      if (method === 'DELETE') {
        await rules.terminate(viewer, id);
        return answer(204, null);
      }
      viewers.set(request, viewer);
      return await run(request);
    } catch (error) {
      if (error instanceof AppError) return refuse(error);
      throw error;
    }
  }

  return { handle };
}
