// A revoked session gets no event, on any instance (README « When Redis is away »). The
// `sessionsRevoked` announcement that closes its live connections crosses Redis, and Redis may
// lose it (away at that moment): so an instance checks a connection's session again before handing
// it an event. One statement per burst of events, whatever the number of sessions they go to; a
// session found live is trusted for SESSION_TRUST_MS by that subscription, and no longer once the
// bus lost its connection (an announcement may have been missed meanwhile). A personal API token's
// subscriptions are checked the same way (its `apiTokensRevoked` announcement may be lost too).
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from '../../context.js';
import { liveOwnerOf, type LiveCredentials, type LiveOwner, type LiveSessions } from '../credentials/live-sessions.js';

/** How long a subscription delivers events to a session found live without reading it again. */
export const SESSION_TRUST_MS = 2000;

export interface SessionCheck {
  /** Whether the session (or token) is still live, read with the others asked in the same tick. */
  isLive(owner: LiveOwner): Promise<boolean>;
  /** A generation that changes when sessions found live may no longer be trusted. */
  generation(): number;
  /** Revocations may have been missed: every trust ends. */
  distrust(): void;
}

export function createSessionCheck(credentials: Pick<LiveCredentials, 'liveIds'>): SessionCheck {
  let generation = 0;
  type Ids = Record<LiveOwner['kind'], Set<number>>;
  let batch: { ids: Ids; answer: Promise<Ids> } | null = null;
  return {
    isLive(owner) {
      if (!batch) {
        const ids: Ids = { session: new Set(), apiToken: new Set() };
        // Read after the current tick: the events of one publication reach every subscription in it.
        const answer = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
          batch = null;
          const [session, apiToken] = await Promise.all([
            credentials.liveIds('session', [...ids.session]),
            credentials.liveIds('apiToken', [...ids.apiToken]),
          ]);
          return { session, apiToken };
        });
        batch = { ids, answer };
      }
      batch.ids[owner.kind].add(owner.id);
      return batch.answer.then((live) => live[owner.kind].has(owner.id));
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

/**
 * Every subscription of a session or API token (graphql-ws or server-sent events) delivers only
 * while that session or token is live.
 */
export function liveDelivery(live: LiveSessions, check: SessionCheck): Plugin<AppContext> {
  return {
    onSubscribe({ args }) {
      const owner = liveOwnerOf((args.contextValue as AppContext).viewer);
      if (!owner) return undefined;
      return {
        onSubscribeResult({ result, setResult }) {
          if (!isStream(result)) return;
          let trusted: { until: number; generation: number } | null = null;
          const isLive = async () => {
            if (trusted && trusted.generation === check.generation() && Date.now() < trusted.until) return true;
            const generation = check.generation();
            const open = await check.isLive(owner);
            trusted = open ? { until: Date.now() + SESSION_TRUST_MS, generation } : null;
            return open;
          };
          setResult(checked(result, isLive, { refuse: () => live.refuse(owner), restart: () => live.restart(owner) }) as typeof result);
        },
      };
    },
  };
}
