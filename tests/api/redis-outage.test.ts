// Redis is optional at run time (README « When Redis is away »): two instances over one database
// and one Redis, the Redis server killed and started again between them. Logins keep working on
// each instance's own counters, a session revoked while its announcement could not cross Redis
// gets no event on the other instance, and once Redis is back every live client is made to
// reconnect, so that it reads again what it missed.
import { jest } from '@jest/globals';
import type { Client } from 'graphql-ws';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { THROTTLE } from '../../api/src/modules/auth/rules.js';
import { notifyUsers } from '../../api/src/modules/notifications/service.js';
import { revokeSessions } from '../../api/src/modules/credentials/live-sessions.js';
import { hashToken } from '../../api/src/modules/auth/tokens.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { startTestRedis, type TestRedis } from '../support/redis.js';
import { disposeAll, wsClient } from '../support/ws.js';
import { liveSubscriptions, waitFor } from '../support/wait.js';

let redis: TestRedis;
let first: TestApp;
let second: TestApp;
let bailiffId: number;
const clients: Client[] = [];

// The outage and its end are logged by each instance: silenced here, counted by one test.
const errors = jest.spyOn(console, 'error').mockImplementation(() => {});

beforeAll(async () => {
  redis = await startTestRedis();
  first = await startTestApp({ env: { REDIS_URL: redis.url } });
  second = await startTestApp({ env: { REDIS_URL: redis.url }, shareDatabaseWith: first });
  bailiffId = (await first.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
});

afterAll(async () => {
  await disposeAll(clients);
  await second?.stop();
  await first?.stop();
  await redis?.stop();
  errors.mockRestore();
});

let killed = false;
const killRedis = async () => {
  killed = true;
  await redis.kill();
};

/** Starts Redis again, and resolves once both instances have their events again (`onRecovered`). */
async function restartRedis(): Promise<void> {
  const recovered = [first, second].map(
    (app) =>
      new Promise<void>((resolve) => {
        const unhook = app.services.pubsub.onRecovered(() => {
          unhook();
          resolve();
        });
      }),
  );
  await redis.restart();
  await Promise.all(recovered);
  killed = false;
}

/** After each test: Redis running and both instances on it again, whatever the test did. */
afterEach(async () => {
  if (killed) await restartRedis();
});

interface Watched {
  client: Client;
  events: { kind: string }[];
  /** Close codes, in order; each reconnection adds a `connected` count. */
  closes: number[];
  connections: number;
}

/**
 * A socket of `token` on `app` listening for its notifications, reconnecting as the web app does
 * (except after 4403) when `retry` is set. Resolved once the server listens on the channel.
 */
async function watch(app: TestApp, token: string, { retry = false } = {}): Promise<Watched> {
  const listening = liveSubscriptions(app).whenStarted(`notificationAdded:${bailiffId}`);
  const client = wsClient(app.url, token, {
    lazy: false,
    onNonLazyError: () => {},
    retryAttempts: retry ? 5 : 0,
    retryWait: async () => {},
    shouldRetry: (event) => (event as { code?: number }).code !== 4403,
  });
  clients.push(client);
  const watched: Watched = { client, events: [], closes: [], connections: 0 };
  client.on('connected', () => (watched.connections += 1));
  client.on('closed', (event) => watched.closes.push((event as { code: number }).code));
  client.subscribe(
    { query: 'subscription { notificationAdded { kind } }' },
    {
      next: (value) => watched.events.push((value.data as { notificationAdded: { kind: string } }).notificationAdded),
      error: () => {},
      complete: () => {},
    },
  );
  await listening;
  return watched;
}

const notifyBailiff = (app: TestApp) => notifyUsers(app.services, [bailiffId], { kind: 'COMMENT', body: 'Pendant ou après la panne' });

/**
 * Notifies the bailiff from the first instance until `watched` got it: just after Redis came back,
 * a publication may go before the publishing client reconnected, or before the subscription of the
 * other instance reached Redis (at most 30 tries).
 */
async function deliveredTo(watched: Watched): Promise<void> {
  for (let round = 0; round < 30 && watched.events.length === 0; round++) {
    await notifyBailiff(first);
    await waitFor(() => watched.events.length > 0, { timeout: 300 }).catch(() => {});
  }
  expect(watched.events.length).toBeGreaterThan(0);
}

describe('Redis away between two instances', () => {
  it('a login with the right password is answered during the outage, counted by the instance’s own limiter', async () => {
    await killRedis();
    const wrong = await gql(second.url, 'mutation($input: LoginInput!) { login(input: $input) { token } }', {
      input: { email: demo.bailiff.email, password: 'Pas le bon' },
    });
    expect(wrong.errors?.[0]?.extensions?.code).not.toBe('TOO_MANY_REQUESTS');
    // That attempt was counted in the instance's memory (the insurance limiter, a getter the
    // library's types leave out), neither lost nor refused.
    const { insuranceLimiter } = second.services.rateLimits.limiter('loginAddress', THROTTLE.loginAddress) as unknown as {
      insuranceLimiter: RateLimiterAbstract;
    };
    expect((await insuranceLimiter.get('127.0.0.1'))?.consumedPoints).toBe(1);
    expect(await loginToken(second.url, demo.bailiff.email, demo.bailiff.password)).toEqual(expect.any(String));
  });

  it('publishing during the outage neither throws nor hangs, logs the outage once, and still reaches the instance’s own sockets', async () => {
    const token = await loginToken(first.url, demo.bailiff.email, demo.bailiff.password);
    const own = await watch(first, token);
    errors.mockClear();
    await killRedis();
    for (let round = 0; round < 5; round++) await notifyBailiff(first);
    await waitFor(() => own.events.length === 5, { what: 'the five notifications on the publishing instance' });
    // Once per instance (two here, both in this process), not once per event or reconnection attempt.
    const outages = errors.mock.calls.filter(([message]) => String(message).startsWith('[événements] Redis injoignable'));
    expect(outages.length).toBeGreaterThanOrEqual(1);
    expect(outages.length).toBeLessThanOrEqual(2);
  });

  it('a session logged out during the outage gets no event on the other instance, and its client may not reconnect', async () => {
    const [revoked, control] = await Promise.all([
      loginToken(first.url, demo.bailiff.email, demo.bailiff.password),
      loginToken(first.url, demo.bailiff.email, demo.bailiff.password),
    ]);
    const [gone, kept] = await Promise.all([watch(second, revoked, { retry: true }), watch(second, control, { retry: true })]);
    await killRedis();
    // The announcement of this logout cannot cross Redis.
    expect((await gql(first.url, 'mutation { logout }', {}, revoked)).errors).toBeUndefined();
    const listening = liveSubscriptions(second).whenStarted(`notificationAdded:${bailiffId}`);
    await restartRedis();
    // Redis back: the other instance made its clients reconnect; the logged-out one is refused.
    await listening;
    await waitFor(() => gone.closes.includes(4403), { what: 'the logged-out session refused' });
    await deliveredTo(kept);
    expect(gone.events).toEqual([]);
  });

  it('during the outage, a session logged out on the other instance gets no event, though found live a moment before', async () => {
    const [revoked, control] = await Promise.all([
      loginToken(first.url, demo.bailiff.email, demo.bailiff.password),
      loginToken(first.url, demo.bailiff.email, demo.bailiff.password),
    ]);
    const [gone, kept] = await Promise.all([watch(second, revoked), watch(second, control)]);
    // Both sessions checked and trusted for their next events.
    await notifyBailiff(second);
    await waitFor(() => gone.events.length === 1 && kept.events.length === 1, { what: 'the first notification' });
    await killRedis();
    expect((await gql(first.url, 'mutation { logout }', {}, revoked)).errors).toBeUndefined();
    // Published where the sockets are, so it reaches them without Redis.
    await notifyBailiff(second);
    await waitFor(() => kept.events.length === 2, { what: 'the second notification on the live session' });
    await waitFor(() => gone.closes.length > 0, { what: 'the logged-out socket closed' });
    expect(gone.closes).toEqual([4403]);
    expect(gone.events).toHaveLength(1);
  });

  it('after the outage every live client reconnects (and so reads again what it shows)', async () => {
    const token = await loginToken(second.url, demo.bailiff.email, demo.bailiff.password);
    const live = await watch(second, token, { retry: true });
    expect(live.connections).toBe(1);
    await killRedis();
    // Published on the other instance while Redis is away: lost for this socket.
    await notifyBailiff(first);
    await restartRedis();
    await waitFor(() => live.connections === 2, { what: 'the reconnection' });
    expect(live.closes).toEqual([1012]);
  });

  it('a session whose revocation was never announced is refused at its next event', async () => {
    const [revoked, control] = await Promise.all([
      loginToken(first.url, demo.bailiff.email, demo.bailiff.password),
      loginToken(first.url, demo.bailiff.email, demo.bailiff.password),
    ]);
    const [gone, kept] = await Promise.all([watch(second, revoked), watch(second, control)]);
    // Revoked in the database, no `sessionsRevoked` published: as when Redis lost it.
    const session = await first.services.db.session.findUniqueOrThrow({ where: { tokenHash: hashToken(revoked) } });
    expect(await revokeSessions(first.services.db, { id: session.id })).toEqual([session.id]);
    await deliveredTo(kept);
    await waitFor(() => gone.closes.length > 0, { what: 'the refused socket' });
    expect(gone.closes).toEqual([4403]);
    expect(gone.events).toEqual([]);
  });

  it('an instance started while Redis is away starts, signs in, and shares events once Redis is back', async () => {
    await killRedis();
    const third = await startTestApp({ env: { REDIS_URL: redis.url }, shareDatabaseWith: first });
    try {
      const token = await loginToken(third.url, demo.bailiff.email, demo.bailiff.password);
      await restartRedis();
      const live = await watch(third, token, { retry: true });
      // Redis flapping: killed and started again at once, then killed again.
      await killRedis();
      await redis.restart();
      await killRedis();
      await restartRedis();
      await waitFor(() => live.closes.length > 0 && live.connections > live.closes.length, { what: 'the reconnection after the flaps' });
      await deliveredTo(live);
    } finally {
      await third.stop();
    }
  });
});

describe('the session check before each event', () => {
  it('reads the sessions of every subscription an event reaches in one statement', async () => {
    const tokens = await Promise.all([1, 2, 3].map(() => loginToken(second.url, demo.bailiff.email, demo.bailiff.password)));
    const sockets = await Promise.all(tokens.map((token) => watch(second, token)));
    second.queries.length = 0;
    await notifyBailiff(second);
    await waitFor(() => sockets.every((socket) => socket.events.length === 1), { what: 'the notification on the three sockets' });
    // Each socket got the event after its session was checked: every check is in second.queries
    // (sockets of the tests above, reconnecting, look their session up by token, not by id).
    const sessionReads = second.queries.filter((sql) => /^SELECT\b[\s\S]*\bFROM "public"\."Session"[\s\S]*"id" IN \(/.test(sql));
    expect(sessionReads).toHaveLength(1);
  });
});
