// Revoking a session (logout, password reset or change, account disabled, login-as ended) also
// ends its live connections, on every instance: its graphql-ws sockets and its subscriptions over
// server-sent events. A subscription must not keep streaming constats and comments to someone
// signed out. A personal API token's live connections end the same way when it is
// revoked or expires.
import type { WebSocket } from 'ws';
import type { Services, Viewer } from '../../context.js';
import type { Db, Prisma } from '../../infra/db.js';
import type { AppPubSub } from '../../infra/pubsub.js';
import { FORBIDDEN_CLOSE, liveMessages } from '../../graphql/live-limits.js';

/**
 * WebSocket's « service restart »: graphql-ws clients reconnect, and the web app then reads again
 * what its live screens show (events may have been missed).
 */
const RESTART_CLOSE = 1012;
/** The longest delay setTimeout accepts (~24.8 days): a later expiry re-arms the timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whose live connections these are: a session's, or a personal API token's. */
export interface LiveOwner {
  kind: 'session' | 'apiToken';
  id: number;
}

/** The owner of a viewer's live connections; null for an anonymous one. */
export function liveOwnerOf(viewer: Pick<Viewer, 'sessionId' | 'apiTokenId'> | null): LiveOwner | null {
  if (viewer?.sessionId) return { kind: 'session', id: viewer.sessionId };
  if (viewer?.apiTokenId) return { kind: 'apiToken', id: viewer.apiTokenId };
  return null;
}

const keyOf = (owner: LiveOwner) => `${owner.kind}:${owner.id}`;

/** What a transaction revoked, for announceRevoked() once it has committed. */
export interface Revoked {
  sessionIds?: number[];
  apiTokenIds?: number[];
}

/**
 * The one way sessions are revoked: inside the caller's transaction, returning the ids that
 * announceRevoked() must be given once that transaction has committed.
 */
export async function revokeSessions(db: Db | Prisma.TransactionClient, where: Prisma.SessionWhereInput): Promise<number[]> {
  const revoked = await db.session.updateManyAndReturn({
    where: { ...where, revokedAt: null },
    data: { revokedAt: new Date() },
    select: { id: true },
  });
  return revoked.map((session) => session.id);
}

/**
 * Tells every instance to close these sessions' and tokens' live connections. Only after the
 * commit: a client whose socket closed earlier could reconnect while its credential still looked valid.
 */
export function announceRevoked(services: Pick<Services, 'pubsub'>, { sessionIds = [], apiTokenIds = [] }: Revoked): void {
  if (sessionIds.length > 0) services.pubsub.publish('sessionsRevoked', { sessionIds });
  if (apiTokenIds.length > 0) services.pubsub.publish('apiTokensRevoked', { apiTokenIds });
}

/** The same bounds for a session and for an API token. */
export interface LiveLimits {
  /** graphql-ws sockets one session (or API token) may hold open on this instance. */
  socketsPerSession: number;
  /** Subscriptions over server-sent events one session (or API token) may hold open on this instance. */
  streamsPerSession: number;
}

/** One live connection of a session: a socket, or a subscription streamed over server-sent events. */
export interface LiveHandle {
  /** Ends the connection at `expiresAt` (the session's expiry). */
  endAt(expiresAt: Date): void;
  /** Forgets the connection (it ended on its own): no revocation or expiry reaches it any more. */
  release(): void;
}

/**
 * A session read again once its live connection is registered: its expiry while it is still open,
 * null once revoked or gone. A revocation committed during the first lookup is then either
 * announced to the registered connection or visible here, never missed in between.
 */
export async function sessionOpenUntil(db: Db, sessionId: number): Promise<Date | null> {
  const session = await db.session.findUnique({ where: { id: sessionId }, select: { expiresAt: true, revokedAt: true } });
  return session && !session.revokedAt ? session.expiresAt : null;
}

/**
 * Whether sessions and tokens are still live, as their own modules decide (auth, apiTokens, which
 * this module may not import): server/authenticate.ts puts them together.
 */
export interface LiveCredentials {
  /** Which of these sessions (or tokens) are still live, in one statement. */
  liveIds(kind: LiveOwner['kind'], ids: number[]): Promise<Set<number>>;
  /** sessionOpenUntil for a session or a token: its expiry while it is open, null once revoked or gone. */
  openUntil(owner: LiveOwner): Promise<Date | null>;
}

export interface LiveSessions {
  /**
   * Keeps an authenticated socket until it closes; closes it when its session (or token) is revoked
   * or expires. False, and nothing tracked, when it already holds its share of sockets.
   */
  track(owner: LiveOwner, expiresAt: Date, socket: WebSocket): boolean;
  /**
   * Registers a subscription streamed over server-sent events: `end` is called when its session (or
   * token) is revoked, or at the time given to `endAt`. Null when it already holds its share of streams.
   */
  openStream(owner: LiveOwner, end: () => void): LiveHandle | null;
  /** Ends this instance's connections of a session or token found revoked or expired (its announcement was missed). */
  refuse(owner: LiveOwner): void;
  /**
   * Ends the connections of a session or token (of every one without it), sockets with a « service
   * restart » so that their clients reconnect, their credential checked again, and read again what
   * they show: events were lost, or could not be delivered.
   */
  restart(owner?: LiveOwner): void;
  close(): Promise<void>;
}

type Kind = 'socket' | 'stream';
interface Live {
  kind: Kind;
  end(): void;
  restart(): void;
}

const unlimited: LiveLimits = { socketsPerSession: Number.POSITIVE_INFINITY, streamsPerSession: Number.POSITIVE_INFINITY };

/**
 * This instance's live connections by session and by API token, ended on the `sessionsRevoked` and
 * `apiTokensRevoked` events of any instance. Counting and registering happen in one synchronous
 * step, so connections opened all at once never pass a share, whatever order their lookups finish in.
 */
export function createLiveSessions(pubsub: AppPubSub, limits: LiveLimits = unlimited): LiveSessions {
  const sessions = new Map<string, Set<Live>>();
  // A session's socket keeps graphql-ws' « Forbidden », which the web app reads to sign out; a
  // token's client (a script) is told in French why its stream ended.
  const refuse = (socket: WebSocket, owner: LiveOwner) =>
    socket.close(FORBIDDEN_CLOSE, owner.kind === 'apiToken' ? liveMessages.apiTokenEnded : 'Forbidden');
  const endOwner = (owner: LiveOwner) => sessions.get(keyOf(owner))?.forEach((live) => live.end());

  const revocations = [pubsub.subscribe('sessionsRevoked'), pubsub.subscribe('apiTokensRevoked')] as const;
  const listening = Promise.all([
    (async () => {
      for await (const { sessionIds } of revocations[0]) sessionIds.forEach((id) => endOwner({ kind: 'session', id }));
    })(),
    (async () => {
      for await (const { apiTokenIds } of revocations[1]) apiTokenIds.forEach((id) => endOwner({ kind: 'apiToken', id }));
    })(),
  ]).catch((error: Error) => console.error('[sessions] écoute des révocations', error));

  function open(owner: LiveOwner, kind: Kind, end: () => void, restart = end): LiveHandle | null {
    const key = keyOf(owner);
    const lives = sessions.get(key) ?? new Set<Live>();
    let count = 0;
    for (const live of lives) if (live.kind === kind) count += 1;
    if (count >= (kind === 'socket' ? limits.socketsPerSession : limits.streamsPerSession)) return null;
    const live: Live = { kind, end, restart };
    sessions.set(key, lives.add(live));
    let timer: NodeJS.Timeout | undefined;
    let released = false;
    return {
      endAt(expiresAt) {
        clearTimeout(timer);
        const endAtExpiry = () => {
          if (released) return;
          const left = expiresAt.getTime() - Date.now();
          if (left <= 0) end();
          // Only ever ends a connection: never the reason the process stays alive.
          else timer = setTimeout(endAtExpiry, Math.min(left, MAX_TIMER_MS)).unref();
        };
        endAtExpiry();
      },
      release() {
        released = true;
        clearTimeout(timer);
        lives.delete(live);
        if (lives.size === 0 && sessions.get(key) === lives) sessions.delete(key);
      },
    };
  }

  return {
    track(owner, expiresAt, socket) {
      // A socket closed while its session was being looked up never emits 'close' again: tracking
      // it would keep its entry, and its expiry timer, forever.
      if (socket.readyState === socket.CLOSING || socket.readyState === socket.CLOSED) return true;
      const handle = open(
        owner,
        'socket',
        () => refuse(socket, owner),
        () => socket.close(RESTART_CLOSE, 'Service Restart'),
      );
      if (!handle) return false;
      handle.endAt(expiresAt);
      socket.once('close', () => handle.release());
      return true;
    },
    openStream: (owner, end) => open(owner, 'stream', end),
    refuse: endOwner,
    restart(owner) {
      const ended = owner === undefined ? [...sessions.values()] : [sessions.get(keyOf(owner)) ?? []];
      for (const lives of ended) lives.forEach((live) => live.restart());
    },
    close: async () => {
      await Promise.all(revocations.map((events) => events.return?.()));
      await listening;
    },
  };
}
