import { createPubSub, type PubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';

/**
 * Live events. Payloads carry ids only: subscribers re-read the row with their own permissions,
 * and the JSON stays tiny when it crosses Redis.
 */
export type AppEvents = {
  /** Per-user channel: a notification was created for that user. */
  notificationAdded: [userId: number, payload: { notificationId: number }];
  /** Broadcast: a news item was published (only admins and secretaries may subscribe). */
  newsPublished: [payload: { newsId: number }];
  /** Per-user channel: a report that user can see (or just lost) changed. */
  reportChanged: [userId: number, payload: { reportId: number }];
  /** Per-user channel: someone declared an absence (sent to the admins, who see every absence). */
  absenceAdded: [userId: number, payload: { absenceId: number }];
  /** Per-user channel: a bill of that month was generated, sent or marked (un)paid (sent to the admins). */
  billingChanged: [userId: number, payload: { year: number; month: number }];
  /** Per-user channel: a secretary uploaded her rétrocession bill (sent to the admins). */
  secretaryBillAdded: [userId: number, payload: { billId: number }];
  /** Broadcast to the instances: these sessions were revoked, close their sockets. */
  sessionsRevoked: [payload: { sessionIds: number[] }];
};

export type AppPubSub = PubSub<AppEvents> & { close(): Promise<void> };

/** In-process pub/sub by default; Redis when REDIS_URL is set, so several instances share events. */
export function createAppPubSub(redisUrl?: string): AppPubSub {
  if (!redisUrl) return Object.assign(createPubSub<AppEvents>(), { close: async () => {} });
  const publishClient = new Redis(redisUrl);
  const subscribeClient = new Redis(redisUrl);
  const pubsub = createPubSub<AppEvents>({ eventTarget: createRedisEventTarget({ publishClient, subscribeClient }) });
  return Object.assign(pubsub, {
    close: async () => {
      await Promise.all([publishClient.quit(), subscribeClient.quit()]);
    },
  });
}
