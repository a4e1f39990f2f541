import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExecutionResult } from 'graphql';
import type { ClientInfo } from '../context.js';
import type { AuthenticatedViewer } from './caller.js';
import { jsonTooDeepMessage, nestsDeeperThan } from '../lib/json-depth.js';

/** What the Node adapter and the WebSocket server hand to each request. */
export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
  /**
   * The caller, as the authentication step (server/authenticate.ts) issued it before the body was read;
   * null for an anonymous caller. The GraphQL context takes it from here and from nowhere else.
   */
  viewer?: AuthenticatedViewer | null;
  /**
   * Set by the REST shims, whose operations the server writes: their shape and pages are the
   * route's, so the per-request cost maximum (written for queries a client shapes) does not apply.
   */
  serverAuthored?: boolean;
}

/** A GraphQL operation as a request carries it. */
export interface Operation {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/**
 * Runs an operation in process through the GraphQL pipeline, as this request's caller: what the REST
 * shims and the multipart uploads execute with. app.ts binds graphql/execute.ts executeOperation to
 * its Yoga server, so this kit needs nothing of the GraphQL kit.
 */
export type RunOperation = (request: Request, serverContext: ServerContext, operation: Operation) => Promise<ExecutionResult>;

export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

export function clientInfo(context: ServerContext & { request?: Request }, trustProxy: boolean): ClientInfo {
  const forwarded = trustProxy ? (context.request?.headers.get('x-forwarded-for') ?? context.req?.headers['x-forwarded-for']) : undefined;
  const forwardedIp = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return {
    ip: forwardedIp || context.req?.socket.remoteAddress || 'unknown',
    userAgent: context.request?.headers.get('user-agent') ?? context.req?.headers['user-agent'] ?? null,
  };
}

/** JSON and form bodies of the REST calls: a login or a comment is a few KB; nothing needs more. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body refused before its request is handled: answered with its status and French message. */
export class BodyError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const bodyTooLarge = () => new BodyError('Requête trop volumineuse.', 413);

/**
 * The whole body, at most `maxBytes`: refused from its declared length without reading it, or as
 * soon as the bytes read pass the limit (the rest is never read, nor held in memory).
 */
export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw bodyTooLarge();
  const chunks: Buffer[] = [];
  let length = 0;
  // Read by hand, not with `for await`: leaving that loop cancels the stream, which destroys the
  // socket before the 413 is sent. The rest stays unread; the answer closes the connection.
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    length += read.value.byteLength;
    if (length > maxBytes) throw bodyTooLarge();
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks, length);
}

/**
 * A JSON object body (anything else, malformed JSON included, reads as no fields). One nesting
 * deeper than MAX_JSON_DEPTH is refused (400): the routes' recursive readers would overflow the stack.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = (await readBody(request)).toString('utf8');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: no fields
  }
  if (nestsDeeperThan(body)) throw new BodyError(jsonTooDeepMessage);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * A JSON body's value as the text a form field would carry: nothing as '', lists comma-separated
 * (as `String` joins them), objects as their JSON.
 */
export function fieldText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null) return '';
      return Array.isArray(value) ? value.map(fieldText).join(',') : JSON.stringify(value);
    default:
      // undefined (and what JSON cannot hold)
      return '';
  }
}

/** Reads a JSON, form-encoded or multipart body into plain strings (the legacy calls mix all three). */
export async function readFields(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = await readJsonObject(request);
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fieldText(value)]));
  }
  return Object.fromEntries(
    Object.entries(await readFormValues(request)).map(([key, value]) => [key, Array.isArray(value) ? value.at(-1)! : value]),
  );
}

/**
 * A JSON, form-encoded or multipart body whose fields may be lists: JSON as sent, form fields by
 * formFieldValues (repeated and `name[]` fields as lists).
 */
export async function readFieldsWithLists(request: Request): Promise<Record<string, unknown>> {
  if (request.headers.get('content-type')?.includes('application/json')) return readJsonObject(request);
  return readFormValues(request);
}

async function readFormValues(request: Request): Promise<Record<string, string | string[]>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) return {};
  // Parsed from the capped bytes: Request.formData() would read a body of any size.
  const form = await new Response((await readBody(request)) as Uint8Array as BodyInit, { headers: { 'content-type': type } })
    .formData()
    .catch(() => {
      throw new BodyError('Formulaire invalide.');
    });
  const entries: [string, string][] = [];
  form.forEach((value, key) => {
    if (typeof value === 'string') entries.push([key, value]);
  });
  return formFieldValues(entries);
}

/** "states[]" and "states[0]" (axios', PHP's and qs' list fields) → "states". */
export const bareFieldName = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * Form fields by bare name: a field sent once as a plain name is a string; one sent with brackets
 * (`ids[]=1`) or more than once (`ids=1&ids=2`) is the list of its values, in order.
 */
export function formFieldValues(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of entries) {
    const bare = bareFieldName(name);
    const previous = values[bare];
    if (previous === undefined && bare === name) values[bare] = value;
    else {
      values[bare] = previous === undefined ? [value] : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
  }
  return values;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

export function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location } });
}
