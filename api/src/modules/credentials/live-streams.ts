// Subscriptions over server-sent events (`Accept: text/event-stream` on /graphql, which Yoga serves
// out of the box) obey the same rules as graphql-ws sockets: they end when their session is revoked
// (logout, password reset or change, account disabled, login-as ended) or expires, and a session
// holds only so many at once; a personal API token's the same, when it is revoked or expires.
// graphql-ws subscriptions are left to their socket, which app.ts closes and bounds.
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppContext } from '../../context.js';
import { toGraphQLError } from '../../graphql/errors.js';
import { tooManySubscriptions } from '../../graphql/live-limits.js';
import { liveOwnerOf, type LiveCredentials, type LiveSessions } from './live-sessions.js';

const isStream = (value: unknown): value is AsyncIterable<ExecutionResult> =>
  !!value && typeof value === 'object' && Symbol.asyncIterator in value;

/**
 * `source` until `end()` is called: a waiting client then reads the end of the stream at once, and
 * the source is returned (which unsubscribes it from the pub/sub). `onFinish` runs once, however
 * the stream ends (ended here, exhausted, or left by the client).
 */
export function endable<T>(source: AsyncIterable<T>, onFinish: () => void): { events: AsyncIterableIterator<T>; end: () => void } {
  const iterator = source[Symbol.asyncIterator]();
  const done: IteratorReturnResult<undefined> = { done: true, value: undefined };
  let stop!: () => void;
  const stopped = new Promise<typeof done>((resolve) => (stop = () => resolve(done)));
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    stop();
    onFinish();
    await iterator.return?.();
  };
  const events: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (finished) return done;
      const result = await Promise.race([iterator.next(), stopped]);
      if (result.done) await finish();
      return finished ? done : result;
    },
    async return() {
      await finish();
      return done;
    },
    async throw(error: unknown) {
      await finish();
      throw error;
    },
  };
  return { events, end: () => void finish() };
}

export function liveStreams(live: LiveSessions, credentials: Pick<LiveCredentials, 'openUntil'>): Plugin<AppContext> {
  return {
    onSubscribe({ args }) {
      const ctx = args.contextValue as AppContext & { request?: Request };
      const owner = liveOwnerOf(ctx.viewer);
      // Only HTTP requests carry a Fetch Request in their context; graphql-ws passes the socket's.
      if (!ctx.request || !owner) return undefined;
      return {
        onSubscribeResult({ result, setResult }) {
          if (!isStream(result)) return;
          let handle: ReturnType<LiveSessions['openStream']> = null;
          const stream = endable(result, () => handle?.release());
          handle = live.openStream(owner, stream.end);
          if (!handle) {
            void stream.end();
            setResult({ errors: [toGraphQLError(tooManySubscriptions())] });
            return;
          }
          setResult(stream.events);
          const opened = handle;
          credentials
            .openUntil(owner)
            .then((expiresAt) => (expiresAt ? opened.endAt(expiresAt) : stream.end()))
            .catch((error: Error) => {
              console.error('[sessions] lecture de l’expiration d’un flux', error);
              stream.end();
            });
        },
      };
    },
  };
}
