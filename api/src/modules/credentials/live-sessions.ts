// Revoking a session (logout, password reset or change, account disabled, login-as ended) also
// ends its live connections, on every instance: its graphql-ws sockets and its subscriptions over
// server-sent events. A subscription must not keep streaming constats and comments to someone
// signed out.
import type { WebSocket } from 'ws';
import type { Services } from '../../context.js';
import type { Db, Prisma } from '../../infra/db.js';
import type { AppPubSub } from '../../infra/pubsub.js';

/** graphql-ws' code for a refused connection: the web app clears its session and goes to /login. */
const FORBIDDEN_CLOSE = 4403;
/**
 * WebSocket's « service restart »: graphql-ws clients reconnect, and the web app then reads again
 * what its live screens show (events may have been missed).
 */
const RESTART_CLOSE = 1012;
/** The longest delay setTimeout accepts (~24.8 days): a later expiry re-arms the timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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
 * Tells every instance to close these sessions' sockets. Only after the commit: a client whose
 * socket closed earlier could reconnect while the session still looked valid.
 */
export function announceRevoked(services: Pick<Services, 'pubsub'>, sessionIds: number[]): void {
  if (sessionIds.length > 0) services.pubsub.publish('sessionsRevoked', { sessionIds });
}

export interface LiveLimits {
  /** graphql-ws sockets one session may hold open on this instance. */
  socketsPerSession: number;
  /** Subscriptions over server-sent events one session may hold open on this instance. */
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
export async function openUntil(db: Db, sessionId: number): Promise<Date | null> {
  const session = await db.session.findUnique({ where: { id: sessionId }, select: { expiresAt: true, revokedAt: true } });
  return session && !session.revokedAt ? session.expiresAt : null;
}

export interface LiveSessions {
  /**
   * Keeps an authenticated socket until it closes; closes it when its session is revoked or expires.
   * False, and nothing tracked, when the session already holds its share of sockets.
   */
  track(sessionId: number, expiresAt: Date, socket: WebSocket): boolean;
  /**
   * Registers a subscription streamed over server-sent events: `end` is called when its session is
   * revoked, or at the time given to `endAt`. Null when the session already holds its share of streams.
   */
  openStream(sessionId: number, end: () => void): LiveHandle | null;
  /** Ends this instance's connections of a session found revoked or expired (its announcement was missed). */
  refuse(sessionId: number): void;
  /**
   * Ends the connections of a session (of every session without one), sockets with a « service
   * restart » so that their clients reconnect, their session checked again, and read again what
   * they show: events were lost, or could not be delivered.
   */
  restart(sessionId?: number): void;
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
 * This instance's live connections by session, ended on the `sessionsRevoked` events of any
 * instance. Counting and registering happen in one synchronous step, so connections opened all at
 * once never pass a session's share, whatever order their session lookups finish in.
 */
export function createLiveSessions(pubsub: AppPubSub, limits: LiveLimits = unlimited): LiveSessions {
  const sessions = new Map<number, Set<Live>>();
  const refuse = (socket: WebSocket) => socket.close(FORBIDDEN_CLOSE, 'Forbidden');
  const endSession = (sessionId: number) => sessions.get(sessionId)?.forEach((live) => live.end());

  const events = pubsub.subscribe('sessionsRevoked');
  const listening = (async () => {
    for await (const { sessionIds } of events) sessionIds.forEach(endSession);
  })().catch((error: Error) => console.error('[sessions] écoute des révocations', error));

  function open(sessionId: number, kind: Kind, end: () => void, restart = end): LiveHandle | null {
    const lives = sessions.get(sessionId) ?? new Set<Live>();
    let count = 0;
    for (const live of lives) if (live.kind === kind) count += 1;
    if (count >= (kind === 'socket' ? limits.socketsPerSession : limits.streamsPerSession)) return null;
    const live: Live = { kind, end, restart };
    sessions.set(sessionId, lives.add(live));
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
        if (lives.size === 0 && sessions.get(sessionId) === lives) sessions.delete(sessionId);
      },
    };
  }

  return {
    track(sessionId, expiresAt, socket) {
      // A socket closed while its session was being looked up never emits 'close' again: tracking
      // it would keep its entry, and its expiry timer, forever.
      if (socket.readyState === socket.CLOSING || socket.readyState === socket.CLOSED) return true;
      const handle = open(
        sessionId,
        'socket',
        () => refuse(socket),
        () => socket.close(RESTART_CLOSE, 'Service Restart'),
      );
      if (!handle) return false;
      handle.endAt(expiresAt);
      socket.once('close', () => handle.release());
      return true;
    },
    openStream: (sessionId, end) => open(sessionId, 'stream', end),
    refuse: endSession,
    restart(sessionId) {
      const ended = sessionId === undefined ? [...sessions.values()] : [sessions.get(sessionId) ?? []];
      for (const lives of ended) lives.forEach((live) => live.restart());
    },
    close: async () => {
      await events.return?.();
      await listening;
    },
  };
}
