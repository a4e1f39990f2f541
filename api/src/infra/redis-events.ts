// The live events' bus between instances: one Redis channel per topic (pubsub.ts names them).
// Redis may be away for a while (README « When Redis is away »): a publication then fails at once
// and reaches this instance's own subscribers only, the outage is logged once, and the subscriber
// reconnects and subscribes again by itself. Whoever must know that events were missed meanwhile
// hears it (`onLost`, `onRecovered`): app.ts makes the live clients reconnect, and so read again
// what they show, and the delivery check stops trusting what it read of sessions.
import type { PubSubEventTarget } from 'graphql-yoga';
import { Redis } from 'ioredis';
import { closeRedis, fastFailingRedis, outageLog } from './redis.js';

type Listener = (event: CustomEvent) => void;
type ListenerOrObject = Listener | { handleEvent: Listener };

/** Topics and their publish arguments, as graphql-yoga's pub/sub takes them. */
type Events = Record<string, [] | [unknown] | [number | string, unknown]>;

export interface RedisEventBus<TEvents extends Events> {
  eventTarget: PubSubEventTarget<TEvents>;
  onLost: (listener: () => void) => () => void;
  onRecovered: (listener: () => void) => () => void;
  close: () => Promise<void>;
}

const callbackOf = (listener: ListenerOrObject) => ('handleEvent' in listener ? listener.handleEvent : listener);

export function createRedisEventBus<TEvents extends Events>(url: string): RedisEventBus<TEvents> {
  const publisher = fastFailingRedis(url);
  // SUBSCRIBE waits for the connection however long Redis is away. After a reconnection the
  // channels are subscribed to again below rather than by ioredis, to know when that is done.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, autoResubscribe: false });
  const outage = outageLog(
    '[événements] Redis injoignable, chaque instance ne reçoit plus que ses propres événements',
    '[événements] Redis rétabli',
  );
  const channels = new Map<string, Set<Listener>>();
  const lostListeners = new Set<() => void>();
  const recoveredListeners = new Set<() => void>();
  const listen = (listeners: Set<() => void>) => (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  const deliver = (channel: string, detail: unknown) => {
    const event = new CustomEvent(channel, { detail });
    for (const callback of channels.get(channel) ?? []) callback(event);
  };
  subscriber.on('message', (channel: string, message: string) => {
    let detail: unknown;
    try {
      detail = JSON.parse(message);
    } catch {
      // Not one of ours (anyone reaching Redis may publish): thrown here, it would stop the process.
      console.error(`[événements] message illisible ignoré sur ${channel.slice(0, 100)}`);
      return;
    }
    deliver(channel, detail);
  });

  let ready = false;
  let missed = false;
  const lose = (error?: Error) => {
    if (error) outage.lost(error);
    if (missed) return;
    missed = true;
    for (const listener of lostListeners) listener();
  };
  publisher.on('error', (error: Error) => outage.lost(error));
  subscriber.on('error', lose);
  subscriber.on('close', () => {
    if (ready) lose();
    ready = false;
  });
  subscriber.on('ready', () => {
    ready = true;
    if (!missed) return;
    const resubscribed = channels.size > 0 ? subscriber.subscribe(...channels.keys()) : Promise.resolve();
    resubscribed.then(
      () => {
        if (!ready || !missed) return;
        missed = false;
        outage.back();
        for (const listener of recoveredListeners) listener();
      },
      // Lost again meanwhile: the next 'ready' subscribes again.
      () => {},
    );
  });

  const eventTarget = {
    addEventListener(channel: string, listener: ListenerOrObject | null) {
      if (!listener) return;
      let callbacks = channels.get(channel);
      if (!callbacks) {
        channels.set(channel, (callbacks = new Set()));
        // Fails only once the client is closed.
        subscriber.subscribe(channel).catch(() => {});
      }
      callbacks.add(callbackOf(listener));
    },
    removeEventListener(channel: string, listener: ListenerOrObject | null) {
      const callbacks = channels.get(channel);
      if (!listener || !callbacks) return;
      callbacks.delete(callbackOf(listener));
      if (callbacks.size > 0) return;
      channels.delete(channel);
      subscriber.unsubscribe(channel).catch(() => {});
    },
    dispatchEvent(event: CustomEvent) {
      const message = JSON.stringify(event.detail);
      publisher.publish(event.type, message).catch((error: Error) => {
        outage.lost(error);
        // Not sent (or unanswered): this instance's own subscribers still get it.
        deliver(event.type, JSON.parse(message));
      });
      return true;
    },
  } as unknown as PubSubEventTarget<TEvents>;

  return {
    eventTarget,
    onLost: listen(lostListeners),
    onRecovered: listen(recoveredListeners),
    close: async () => {
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
