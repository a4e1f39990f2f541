import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { createLiveSessions } from '../../api/src/modules/auth/live-sessions.js';
import type { AppPubSub } from '../../api/src/infra/pubsub.js';

/** A pubsub whose `sessionsRevoked` stream never yields: these tests only track sockets. */
const quietPubSub = {
  subscribe: () => ({
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () => new Promise<never>(() => {}),
    return: () => Promise.resolve({ done: true, value: undefined }),
  }),
} as unknown as AppPubSub;

function fakeSocket(readyState: number): WebSocket & EventEmitter {
  return Object.assign(new EventEmitter(), { readyState, CLOSING: 2, CLOSED: 3, close: () => {} }) as unknown as WebSocket & EventEmitter;
}

describe('live sessions', () => {
  it('does not track a socket that closed while its session was looked up (no entry, no expiry timer)', () => {
    const live = createLiveSessions(quietPubSub);
    for (const state of [2, 3]) {
      const socket = fakeSocket(state);
      live.track(1, new Date(Date.now() + 3_600_000), socket);
      expect(socket.listenerCount('close')).toBe(0);
    }
  });

  it('tracks an open socket until it closes', () => {
    const live = createLiveSessions(quietPubSub);
    const socket = fakeSocket(1);
    live.track(1, new Date(Date.now() + 3_600_000), socket);
    expect(socket.listenerCount('close')).toBe(1);
    socket.emit('close');
    expect(socket.listenerCount('close')).toBe(0);
  });
});
