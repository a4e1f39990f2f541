import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { createLiveSessions, type LiveOwner } from '../../api/src/modules/credentials/live-sessions.js';
import type { AppPubSub } from '../../api/src/infra/pubsub.js';

/** A pubsub whose revocation streams never yield: these tests only track sockets. */
const quietPubSub = {
  subscribe: () => ({
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () => new Promise<never>(() => {}),
    return: () => Promise.resolve({ done: true, value: undefined }),
  }),
} as unknown as AppPubSub;

const session = (id: number): LiveOwner => ({ kind: 'session', id });
const apiToken = (id: number): LiveOwner => ({ kind: 'apiToken', id });

function fakeSocket(readyState: number): WebSocket & EventEmitter {
  return Object.assign(new EventEmitter(), { readyState, CLOSING: 2, CLOSED: 3, close: () => {} }) as unknown as WebSocket & EventEmitter;
}

describe('live sessions', () => {
  it('does not track a socket that closed while its session was looked up (no entry, no expiry timer)', () => {
    const live = createLiveSessions(quietPubSub);
    for (const state of [2, 3]) {
      const socket = fakeSocket(state);
      live.track(session(1), new Date(Date.now() + 3_600_000), socket);
      expect(socket.listenerCount('close')).toBe(0);
    }
  });

  it('tracks an open socket until it closes', () => {
    const live = createLiveSessions(quietPubSub);
    const socket = fakeSocket(1);
    live.track(session(1), new Date(Date.now() + 3_600_000), socket);
    expect(socket.listenerCount('close')).toBe(1);
    socket.emit('close');
    expect(socket.listenerCount('close')).toBe(0);
  });

  it('refuses a socket past the session’s share, and frees the place when one closes', () => {
    const live = createLiveSessions(quietPubSub, { socketsPerSession: 2, streamsPerSession: 1 });
    const expires = new Date(Date.now() + 3_600_000);
    const [a, b, c] = [fakeSocket(1), fakeSocket(1), fakeSocket(1)];
    expect([live.track(session(1), expires, a), live.track(session(1), expires, b), live.track(session(1), expires, c)]).toEqual([
      true,
      true,
      false,
    ]);
    // Another session has its own share.
    expect(live.track(session(2), expires, fakeSocket(1))).toBe(true);
    a.emit('close');
    expect(live.track(session(1), expires, c)).toBe(true);
  });

  it('gives an API token its own share, apart from the session of the same number', () => {
    const live = createLiveSessions(quietPubSub, { socketsPerSession: 1, streamsPerSession: 1 });
    const expires = new Date(Date.now() + 3_600_000);
    expect(live.track(session(1), expires, fakeSocket(1))).toBe(true);
    expect([live.track(apiToken(1), expires, fakeSocket(1)), live.track(apiToken(1), expires, fakeSocket(1))]).toEqual([true, false]);
  });

  it('closes a token’s socket with 4403 and a French reason when it is refused, a session’s with graphql-ws’ « Forbidden »', () => {
    const live = createLiveSessions(quietPubSub);
    const expires = new Date(Date.now() + 3_600_000);
    const closes: [string, number, string][] = [];
    const closing = (name: string) =>
      Object.assign(fakeSocket(1), { close: (code: number, reason: string) => closes.push([name, code, reason]) });
    live.track(apiToken(7), expires, closing('token'));
    live.track(session(7), expires, closing('session'));
    live.refuse(apiToken(7));
    expect(closes).toEqual([['token', 4403, 'Jeton d’API révoqué ou expiré : connexion en direct fermée.']]);
    live.refuse(session(7));
    expect(closes[1]).toEqual(['session', 4403, 'Forbidden']);
  });

  it('counts streams apart from sockets; a released stream frees its place and is no longer ended', () => {
    const live = createLiveSessions(quietPubSub, { socketsPerSession: 1, streamsPerSession: 1 });
    let ended = 0;
    const stream = live.openStream(session(1), () => (ended += 1));
    expect(stream).not.toBeNull();
    expect(live.openStream(session(1), () => {})).toBeNull();
    expect(live.track(session(1), new Date(Date.now() + 3_600_000), fakeSocket(1))).toBe(true);
    stream!.endAt(new Date(Date.now() - 1));
    expect(ended).toBe(1);
    stream!.release();
    expect(live.openStream(session(1), () => {})).not.toBeNull();
  });
});
