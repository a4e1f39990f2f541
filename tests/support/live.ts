// Live updates in end-to-end tests: a change made by another user must reach an open screen, so a
// test makes it only once the screen is subscribed, on both ends of the socket.
import type { Page } from 'playwright-core';
import type { AppEvents, AppPubSub } from '../../api/src/infra/pubsub.js';
import type { TestApp } from './app.js';

type Topic = keyof AppEvents;

/** Per app's pub/sub: who waits for the server's next subscription to a topic. */
const waiting = new WeakMap<AppPubSub, Map<Topic, (() => void)[]>>();

/**
 * Resolves once the server listens for the next subscription to `topic`: when its event stream is
 * first read, which is when yoga's pub/sub adds its listener (a Repeater starts on its first
 * `next()`). The pub/sub's `subscribe` is wrapped once per app; events pass through unchanged.
 * Call it before subscribing.
 */
export function serverListening(app: TestApp, topic: Topic): Promise<void> {
  const pubsub = app.services.pubsub;
  let byTopic = waiting.get(pubsub);
  if (!byTopic) {
    const waiters = new Map<Topic, (() => void)[]>();
    waiting.set(pubsub, (byTopic = waiters));
    // Typed loosely: the wrapper forwards whatever a topic's arguments are.
    const subscribe = pubsub.subscribe.bind(pubsub) as unknown as (...args: unknown[]) => AsyncIterableIterator<unknown>;
    pubsub.subscribe = ((...args: unknown[]) => {
      const events = subscribe(...args);
      let started = false;
      const proxy: AsyncIterableIterator<unknown> = new Proxy(events, {
        get(target, key) {
          if (key === Symbol.asyncIterator) return () => proxy;
          if (key === 'next')
            return (...nextArgs: []) => {
              const result = target.next(...nextArgs);
              if (!started) {
                started = true;
                for (const resolve of waiters.get(args[0] as Topic)?.splice(0) ?? []) resolve();
              }
              return result;
            };
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      return proxy;
    }) as unknown as typeof pubsub.subscribe;
  }
  return new Promise((resolve) => byTopic.set(topic, [...(byTopic.get(topic) ?? []), resolve]));
}

/** Resolves once the page's live socket has sent its subscription to `field` (a topic of the same name). */
function subscriptionSent(page: Page, field: string): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes(field) && resolve())),
  );
}

/**
 * Resolves once the page has subscribed to `field` and the server listens for it, so that a change
 * made next is sure to reach the screen. The frame alone was not enough: on a loaded machine the
 * change could be published before the server had resolved the socket's session and subscribed
 * (seen in CI on the admin's absence calendar). Call it before the navigation that opens the socket.
 */
export function liveSubscription(app: TestApp, page: Page, field: Topic): Promise<void> {
  return Promise.all([subscriptionSent(page, field), serverListening(app, field)]).then(() => undefined);
}

/**
 * Resolves once the page's live socket has received `count` events of `field` (`next` messages
 * carrying it). Call it before the navigation that opens the socket.
 */
export function liveEventReceived(page: Page, field: string, count = 1): Promise<void> {
  let received = 0;
  return new Promise((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes(`"${field}"`) && ++received === count) resolve();
      }),
    ),
  );
}
