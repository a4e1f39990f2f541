// Waiting on a signal instead of sleeping: a fixed pause is too short on a loaded machine and too
// long everywhere else. `waitFor` polls a real condition until a deadline; `liveSubscriptions`
// reads, on the server's own pub/sub, which subscriptions are listening.
import type { AppEvents, AppPubSub } from '../../api/src/infra/pubsub.js';
import type { TestApp } from './app.js';

/**
 * Resolves once `condition` holds, checked every `interval` ms; throws after `timeout` ms, naming
 * `what`. The deadline is a bound for a broken system, not a pause: a passing test never reaches it.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { timeout = 10_000, interval = 20, what = 'the condition' }: { timeout?: number; interval?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waitFor: ${what} not reached after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** A pub/sub channel as the server listens to it: `newsPublished`, or a per-user `notificationAdded:12`. */
export type Channel = keyof AppEvents | `${keyof AppEvents}:${number}`;

export interface LiveSubscriptions {
  /** Subscriptions to `channel` that ever started listening on this server. */
  started(channel: Channel): number;
  /** Subscriptions to `channel` listening now (started and not yet ended). */
  open(channel: Channel): number;
  /**
   * Resolves once `count` more subscriptions to `channel` than now have started listening: call it
   * before opening them, await it before publishing what they must receive.
   */
  whenStarted(channel: Channel, count?: number): Promise<void>;
}

const watched = new WeakMap<AppPubSub, { started: Map<string, number>; open: Map<string, number> }>();

/**
 * Counts the app's subscriptions by channel, from now on. A subscription listens from its event
 * stream's first `next()` (yoga's pub/sub is a Repeater that adds its listener then), which the
 * server calls as soon as it runs the subscription: from that moment an event published is
 * delivered. It stops at `return()` (the client left, the socket closed) or once done. The pub/sub's
 * `subscribe` is wrapped once per app; events pass through unchanged.
 */
export function liveSubscriptions(app: TestApp): LiveSubscriptions {
  const pubsub = app.services.pubsub;
  let counts = watched.get(pubsub);
  if (!counts) {
    const started = new Map<string, number>();
    const open = new Map<string, number>();
    watched.set(pubsub, (counts = { started, open }));
    const add = (map: Map<string, number>, channel: string, by: number) => map.set(channel, (map.get(channel) ?? 0) + by);
    // Typed loosely: the wrapper forwards a channel's name and, for a per-user channel, its id.
    const subscribe = pubsub.subscribe.bind(pubsub) as unknown as (topic: string, id?: number) => AsyncIterableIterator<unknown>;
    pubsub.subscribe = ((topic: string, id?: number) => {
      const channel = id === undefined ? topic : `${topic}:${id}`;
      const events = subscribe(topic, id);
      let state: 'idle' | 'listening' | 'ended' = 'idle';
      const end = () => {
        if (state === 'listening') add(open, channel, -1);
        state = 'ended';
      };
      const proxy: AsyncIterableIterator<unknown> = new Proxy(events, {
        get(target, key) {
          if (key === Symbol.asyncIterator) return () => proxy;
          if (key === 'next')
            return async (...nextArgs: []) => {
              const result = target.next(...nextArgs);
              if (state === 'idle') {
                state = 'listening';
                add(started, channel, 1);
                add(open, channel, 1);
              }
              const value = await result;
              if (value.done) end();
              return value;
            };
          if (key === 'return')
            return (...returnArgs: [unknown?]) => {
              end();
              return target.return!(...returnArgs);
            };
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      return proxy;
    }) as unknown as typeof pubsub.subscribe;
  }
  const { started, open } = counts;
  const startedOn = (channel: Channel) => started.get(channel) ?? 0;
  return {
    started: startedOn,
    open: (channel) => open.get(channel) ?? 0,
    whenStarted(channel, count = 1) {
      const target = startedOn(channel) + count;
      return waitFor(() => startedOn(channel) >= target, { what: `${target} subscriptions to ${channel}` });
    },
  };
}
