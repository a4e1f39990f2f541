// The one authentication step (docs/architecture.md « A request's path »): who is calling, from the
// request's headers alone, before any byte of its body is read. app.ts runs it once per request that
// has a caller (/graphql, /api, /admin) and once per graphql-ws operation (connection_init, then each
// subscription, which sees a revocation as a request would); the REST routes, the uploads and Yoga's
// context only receive the viewer it issued (http/caller.ts). Sessions come as
// `Authorization: Bearer <token>` (a socket: its connection_init's `authorization`), personal API
// tokens as `Bearer cst_…` (on a socket too).
import type { IncomingMessage } from 'node:http';
import type { Services } from '../context.js';
import { connectionToken } from '../graphql/live-limits.js';
import { issueViewer, type AuthenticatedViewer } from '../http/caller.js';
import { bearerToken, clientInfo, type ServerContext } from '../http/request.js';
import { isApiTokenFormat } from '../modules/apiTokens/rules.js';
import { apiTokenOpenUntil, liveApiTokenIds, resolveApiToken } from '../modules/apiTokens/service.js';
import { findLiveSession, liveSessionIds } from '../modules/auth/service.js';
import { sessionOpenUntil, type LiveCredentials, type LiveOwner } from '../modules/credentials/live-sessions.js';

/** What a request presents: a session token, a personal API token, or nothing worth a lookup. */
export type Credential = { kind: 'session' | 'apiToken'; token: string } | null;

/** Far above a session token (43 characters) and an API token (47): a longer one is no credential. */
const MAX_TOKEN_LENGTH = 256;

export function credentialOf(token: string | null | undefined): Credential {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  return { kind: isApiTokenFormat(token) ? 'apiToken' : 'session', token };
}

/** Why a request presenting several Authorization headers is refused (app.ts). */
export const severalCredentialsMessage =
  'Une requête ne présente qu’un seul en-tête Authorization : une session ou un jeton d’API, pas les deux.';

/**
 * Whether a request presents more than one Authorization header. Node keeps the first one only, so a
 * session followed by a pasted API token would run as the session, the token unseen: a request has
 * one caller, named by one header, and such a request is refused whichever comes first.
 */
export function presentsSeveralCredentials(req: IncomingMessage | undefined): boolean {
  const names = (req?.rawHeaders ?? []).filter((_, index) => index % 2 === 0);
  return names.filter((name) => name.toLowerCase() === 'authorization').length > 1;
}

/** The credential of an `Authorization: Bearer <token>` header. */
export const headerCredential = (authorization: string | null | undefined) => credentialOf(bearerToken(authorization));

const sessionViewer = async (services: Pick<Services, 'db'>, token: string) =>
  issueViewer((await findLiveSession(services, token))?.viewer ?? null);

/** Sessions looked up for a connection over its address's cap, taken again by its request's step. */
const lookedUpEarly = new WeakMap<IncomingMessage, Promise<AuthenticatedViewer | null>>();

/**
 * The caller of an HTTP request, or null (no credential, or one unknown, revoked or expired). An
 * API token's viewer is read-only (apiTokens/guard.ts); where it is refused is app.ts'.
 */
export async function authenticate(
  services: Pick<Services, 'db' | 'config'>,
  request: Request,
  serverContext: ServerContext,
): Promise<AuthenticatedViewer | null> {
  const credential = headerCredential(request.headers.get('authorization'));
  if (!credential) return null;
  if (credential.kind === 'apiToken') {
    const client = clientInfo({ ...serverContext, request }, services.config.trustProxy);
    return issueViewer((await resolveApiToken(services, credential.token, client))?.viewer ?? null);
  }
  return (serverContext.req && lookedUpEarly.get(serverContext.req)) ?? sessionViewer(services, credential.token);
}

/**
 * Whether a request on a connection over its address's cap shows a live session
 * (http/connection-limits.ts); its request's step then reuses this lookup. An API token never lifts the cap.
 */
export async function showsSession(services: Pick<Services, 'db'>, req: IncomingMessage): Promise<boolean> {
  const credential = headerCredential(req.headers.authorization);
  if (credential?.kind !== 'session') return false;
  const lookup = sessionViewer(services, credential.token);
  lookedUpEarly.set(req, lookup);
  return (await lookup) !== null;
}

/** A live socket's caller: its viewer, whose connections it counts in (its session or API token), and its expiry. */
export interface SocketCaller {
  viewer: AuthenticatedViewer;
  owner: LiveOwner;
  expiresAt: Date;
}

/**
 * A graphql-ws socket's caller, from its connection_init payload alone (the upgrade request's
 * headers are not read: a page's would be the browser's): a session, or a personal API token with
 * its grant (its scopes are checked on each subscription). The socket is closed at the
 * expiry. Null for an unknown, revoked or expired credential; `kind` says which kind was refused.
 */
export async function authenticateSocket(
  services: Pick<Services, 'db' | 'config'>,
  connectionParams: unknown,
  request: IncomingMessage,
): Promise<{ caller: SocketCaller | null; kind: 'session' | 'apiToken' | null }> {
  const credential = credentialOf(connectionToken(connectionParams));
  if (!credential) return { caller: null, kind: null };
  if (credential.kind === 'apiToken') {
    const token = await resolveApiToken(services, credential.token, clientInfo({ req: request }, services.config.trustProxy));
    if (!token) return { caller: null, kind: 'apiToken' };
    const owner: LiveOwner = { kind: 'apiToken', id: token.viewer.apiTokenId };
    return { caller: { viewer: issueViewer(token.viewer)!, owner, expiresAt: token.expiresAt }, kind: 'apiToken' };
  }
  const session = await findLiveSession(services, credential.token);
  if (!session) return { caller: null, kind: 'session' };
  const owner: LiveOwner = { kind: 'session', id: session.viewer.sessionId };
  return { caller: { viewer: issueViewer(session.viewer)!, owner, expiresAt: session.expiresAt }, kind: 'session' };
}

/** Whether the sessions and tokens holding live connections are still live, each read by its own module. */
export function liveCredentials(services: Pick<Services, 'db'>): LiveCredentials {
  return {
    liveIds: (kind, ids) => (kind === 'session' ? liveSessionIds(services, ids) : liveApiTokenIds(services, ids)),
    openUntil: (owner) => (owner.kind === 'session' ? sessionOpenUntil(services.db, owner.id) : apiTokenOpenUntil(services, owner.id)),
  };
}
