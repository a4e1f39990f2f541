// Revoking a session (logout, password reset or change, account disabled) also closes its open
// graphql-ws sockets, on every instance: a subscription must not keep streaming constats and
// comments to someone signed out.
import type { WebSocket } from 'ws';
import type { Services } from '../../context.js';
import type { Db, Prisma } from '../../infra/db.js';
import type { AppPubSub } from '../../infra/pubsub.js';

/** graphql-ws' code for a refused connection: the web app clears its session and goes to /login. */
const FORBIDDEN_CLOSE = 4403;
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

export interface LiveSessions {
  /** Keeps an authenticated socket until it closes; closes it when its session is revoked or expires. */
  track(sessionId: number, expiresAt: Date, socket: WebSocket): void;
  close(): Promise<void>;
}

/** This instance's open sockets by session, closed on the `sessionsRevoked` events of any instance. */
export function createLiveSessions(pubsub: AppPubSub): LiveSessions {
  const sockets = new Map<number, Set<WebSocket>>();
  const refuse = (socket: WebSocket) => socket.close(FORBIDDEN_CLOSE, 'Forbidden');

  const events = pubsub.subscribe('sessionsRevoked');
  const listening = (async () => {
    for await (const { sessionIds } of events) {
      for (const id of sessionIds) sockets.get(id)?.forEach(refuse);
    }
  })().catch((error: Error) => console.error('[sessions] écoute des révocations', error));

  return {
    track(sessionId, expiresAt, socket) {
      // A socket closed while its session was being looked up never emits 'close' again: tracking
      // it would keep its entry, and its expiry timer, forever.
      if (socket.readyState === socket.CLOSING || socket.readyState === socket.CLOSED) return;
      const open = sockets.get(sessionId) ?? new Set<WebSocket>();
      sockets.set(sessionId, open.add(socket));
      let timer: NodeJS.Timeout | undefined;
      const closeAtExpiry = () => {
        const left = expiresAt.getTime() - Date.now();
        if (left <= 0) refuse(socket);
        // Only ever closes a socket: never the reason the process stays alive.
        else timer = setTimeout(closeAtExpiry, Math.min(left, MAX_TIMER_MS)).unref();
      };
      closeAtExpiry();
      socket.once('close', () => {
        clearTimeout(timer);
        open.delete(socket);
        if (open.size === 0) sockets.delete(sessionId);
      });
    },
    close: async () => {
      await events.return?.();
      await listening;
    },
  };
}
