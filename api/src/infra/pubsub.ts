import { createPubSub, type PubSub } from 'graphql-yoga';
import { createRedisEventBus } from './redis-events.js';

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
  /** Broadcast to the instances: these API tokens were revoked, close their live connections. */
  apiTokensRevoked: [payload: { apiTokenIds: number[] }];
};

export type AppPubSub = PubSub<AppEvents> & {
  /**
   * Calls `listener` when this instance may have missed events from the others (its Redis
   * connection was lost); never in process, where nothing is lost.
   */
  onLost(listener: () => void): () => void;
  /** Calls `listener` once the events of every instance reach this one again after such a loss. */
  onRecovered(listener: () => void): () => void;
  close(): Promise<void>;
};

const never = () => () => {};

/** In-process pub/sub by default; Redis when REDIS_URL is set, so several instances share events. */
export function createAppPubSub(redisUrl?: string): AppPubSub {
  if (!redisUrl) return Object.assign(createPubSub<AppEvents>(), { onLost: never, onRecovered: never, close: async () => {} });
  const bus = createRedisEventBus<AppEvents>(redisUrl);
  return Object.assign(createPubSub<AppEvents>({ eventTarget: bus.eventTarget }), {
    onLost: bus.onLost,
    onRecovered: bus.onRecovered,
    close: bus.close,
  });
}
