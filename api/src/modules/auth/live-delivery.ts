// A revoked session gets no event, on any instance (README « When Redis is away »). The
// `sessionsRevoked` announcement that closes its live connections crosses Redis, and Redis may
// lose it (away at that moment): so an instance checks a connection's session again before handing
// it an event. One statement per burst of events, whatever the number of sessions they go to; a
// session found live is trusted for SESSION_TRUST_MS by that subscription, and no longer once the
// bus lost its connection (an announcement may have been missed meanwhile).
import type { Plugin } from 'graphql-yoga';
import type { AppContext, Services } from '../../context.js';
import type { LiveSessions } from '../credentials/live-sessions.js';
import { liveSessionIds } from './service.js';

/** How long a subscription delivers events to a session found live without reading it again. */
export const SESSION_TRUST_MS = 2000;

export interface SessionCheck {
  /** Whether the session is still live, read with the other sessions asked in the same tick. */
  isLive(sessionId: number): Promise<boolean>;
  /** A generation that changes when sessions found live may no longer be trusted. */
  generation(): number;
  /** Revocations may have been missed: every trust ends. */
  distrust(): void;
}

export function createSessionCheck(services: Pick<Services, 'db'>): SessionCheck {
  let generation = 0;
  let batch: { ids: Set<number>; answer: Promise<Set<number>> } | null = null;
  return {
    isLive(sessionId) {
      if (!batch) {
        const ids = new Set<number>();
        // Read after the current tick: the events of one publication reach every subscription in it.
        const answer = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          batch = null;
          return liveSessionIds(services, [...ids]);
        });
        batch = { ids, answer };
      }
      batch.ids.add(sessionId);
      return batch.answer.then((live) => live.has(sessionId));
    },
    generation: () => generation,
    distrust() {
      generation += 1;
    },
  };
}

const isStream = (value: unknown): value is AsyncIterable<unknown> => !!value && typeof value === 'object' && Symbol.asyncIterator in value;

/**
 * The events of `source`, each handed over once `live()` says so: otherwise `refuse()`, and the
 * stream ends. A check that fails (the database away) `restart()`s instead: the client reconnects
 * and reads again what it missed.
 */
function checked<T>(
  source: AsyncIterable<T>,
  live: () => Promise<boolean>,
  on: { refuse(): void; restart(): void },
): AsyncIterableIterator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const end = async (): Promise<IteratorResult<T>> => (await iterator.return?.()) ?? { done: true, value: undefined };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      const result = await iterator.next();
      if (result.done) return result;
      let open: boolean;
      try {
        open = await live();
      } catch (error) {
        console.error('[sessions] vérification d’une session avant un événement', error);
        on.restart();
        return end();
      }
      if (open) return result;
      on.refuse();
      return end();
    },
    return: end,
    async throw(error: unknown) {
      await end();
      throw error;
    },
  };
}

/** Every subscription of a session (graphql-ws or server-sent events) delivers only while the session is live. */
export function liveDelivery(live: LiveSessions, check: SessionCheck): Plugin<AppContext> {
  return {
    onSubscribe({ args }) {
      const sessionId = (args.contextValue as AppContext).viewer?.sessionId;
      if (!sessionId) return undefined;
      return {
        onSubscribeResult({ result, setResult }) {
          if (!isStream(result)) return;
          let trusted: { until: number; generation: number } | null = null;
          const isLive = async () => {
            if (trusted && trusted.generation === check.generation() && Date.now() < trusted.until) return true;
            const generation = check.generation();
            const open = await check.isLive(sessionId);
            trusted = open ? { until: Date.now() + SESSION_TRUST_MS, generation } : null;
            return open;
          };
          setResult(
            checked(result, isLive, { refuse: () => live.refuse(sessionId), restart: () => live.restart(sessionId) }) as typeof result,
          );
        },
      };
    },
  };
}
