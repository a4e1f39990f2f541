// GraphQL multipart requests (file uploads, https://github.com/jaydenseric/graphql-multipart-request-spec).
// They are parsed here from the raw Node request, so files stream to storage as they arrive, then
// executed in process; Yoga's own parser would buffer them. Only a signed-in caller's body is read.
import type { ExecutionResult } from 'graphql';
import { processRequest, Upload, type FileUpload } from 'graphql-upload-minimal';
import type { Services } from '../context.js';
import { notAuthenticated } from '../errors.js';
import { uploadRefusal } from '../infra/storage-quota.js';
import { refuseUpload } from './legacy.js';
import { UPLOAD_CUT_MESSAGE } from '../infra/uploads.js';
import { tooManyFiles } from './multipart.js';
import { viewerOfRequest } from './caller.js';
import { bodyTooLarge, json, type Operation, type RunOperation, type ServerContext } from './request.js';

/** A GraphQL error answer for a body refused before execution; the connection closes after it. */
function refuse(status: number, message: string, code: string): Response {
  return json({ errors: [{ message, extensions: { code } }] }, status, { connection: 'close' });
}

export async function executeMultipart(
  run: RunOperation,
  request: Request,
  serverContext: ServerContext,
  services: Services,
): Promise<Response> {
  const req = serverContext.req!;
  // Every upload mutation needs a caller (authenticated by app.ts): an anonymous body is refused unread.
  const viewer = viewerOfRequest(serverContext);
  if (!viewer) return refuse(401, notAuthenticated().message, 'UNAUTHENTICATED');
  const refused = await uploadRefusal(services, viewer.id);
  if (refused) return refuseUpload(refused, { errors: [{ message: refused.message, extensions: { code: refused.code } }] });
  const { maxUploadBytes, maxUploadFiles, maxUploadRequestBytes } = services.config;
  if (Number(request.headers.get('content-length') ?? 0) > maxUploadRequestBytes)
    return refuse(413, bodyTooLarge().message, 'PAYLOAD_TOO_LARGE');
  // A body without a declared length that passes the limit mid-way is cut: the parser fails the
  // files still streaming, and storage discards what they had written.
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxUploadRequestBytes) req.destroy();
  });
  let body: unknown;
  try {
    // One byte over the limit lets storage see the overflow and refuse the file with a clear message.
    body = await processRequest(req, serverContext.res!, { maxFileSize: maxUploadBytes + 1, maxFiles: maxUploadFiles });
  } catch (error) {
    const status = (error as { status?: number }).status ?? 400;
    // graphql-upload-minimal words its file-count refusal in English: the screens show the reason.
    if (/max file uploads exceeded/.test((error as Error).message ?? ''))
      return refuse(413, tooManyFiles(maxUploadFiles).message, 'BAD_USER_INPUT');
    return refuse(status === 413 ? 413 : 400, 'Requête d’envoi de fichiers invalide.', 'BAD_USER_INPUT');
  }
  if (Array.isArray(body) || !body || typeof (body as Operation).query !== 'string') {
    return json({ errors: [{ message: 'Une seule opération par envoi de fichiers.', extensions: { code: 'BAD_USER_INPUT' } }] }, 400);
  }
  // A body cut short or malformed after its operation was read fails the files still streaming:
  // the resolvers store nothing, and the answer says the request was at fault.
  let bodyFailed = false;
  req.once('close', () => {
    if (!req.complete) bodyFailed = true;
  });
  for (const upload of uploadsIn((body as Operation).variables)) watchUpload(upload, () => (bodyFailed = true));
  const result = await run(request, serverContext, body as Operation);
  if (bodyFailed) return refuse(400, UPLOAD_CUT_MESSAGE, 'BAD_USER_INPUT');
  return json(result, ...answerStatus(result));
}

/** Statuses that ask the client to send less or later: a quota's 413, an upload rate's 429, a full disk's 507. */
const SEND_LATER: ReadonlySet<unknown> = new Set([413, 429, 507]);

/**
 * A refusal that asks the client to send less or later (SEND_LATER, a 429 with its Retry-After)
 * sets the answer's status and headers, as Yoga does; every other error keeps this path's 400
 * without data, 200 with it.
 */
function answerStatus(result: ExecutionResult): [number, Record<string, string>] {
  const http = result.errors?.map((error) => error.extensions?.http).find((candidate) => SEND_LATER.has(candidate?.status));
  if (http?.status) return [http.status, http.headers ?? {}];
  return [result.data === undefined && result.errors ? 400 : 200, {}];
}

/** The uploads a parsed multipart operation holds in its variables. */
function uploadsIn(value: unknown): Upload[] {
  if (value instanceof Upload) return [value];
  if (!value || typeof value !== 'object') return [];
  return Object.values(value).flatMap(uploadsIn);
}

/** Calls `onFailure` when the upload never arrives whole (its part missing, cut or malformed). */
function watchUpload(upload: Upload, onFailure: () => void): void {
  const watched = upload.promise.then(
    (file: FileUpload) => {
      return { ...file, createReadStream: () => file.createReadStream().once('error', onFailure) };
    },
    (error: unknown) => {
      onFailure();
      throw error;
    },
  );
  // Like Upload's own promise: a file no resolver reads must not become an unhandled rejection.
  watched.catch(() => {});
  upload.promise = watched;
}
