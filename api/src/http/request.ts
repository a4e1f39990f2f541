import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientInfo } from '../context.js';

/** What the Node adapter and the WebSocket server hand to each request. */
export interface ServerContext {
  req?: IncomingMessage;
  res?: ServerResponse;
  /** Bearer token taken from graphql-ws connection parameters. */
  connectionToken?: string | null;
}

export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

export function clientInfo(context: ServerContext & { request?: Request }, trustProxy: boolean): ClientInfo {
  const forwarded = trustProxy ? context.request?.headers.get('x-forwarded-for') ?? context.req?.headers['x-forwarded-for'] : undefined;
  const forwardedIp = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return {
    ip: forwardedIp || context.req?.socket.remoteAddress || 'unknown',
    userAgent: context.request?.headers.get('user-agent') ?? context.req?.headers['user-agent'] ?? null,
  };
}

/** Reads a JSON, form-encoded or multipart body into plain strings (the legacy calls mix all three). */
export async function readFields(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body: unknown = await request.json().catch(() => null);
    if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value == null ? '' : String(value)]));
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
    });
    return fields;
  }
  return {};
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

export function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location } });
}
