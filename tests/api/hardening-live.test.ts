// Live transports obey the same limits as requests and end with their session: subscriptions over
// server-sent events end at logout, password reset, account disabled, login-as ended and expiry;
// websocket messages are bounded before they are parsed (256 KB before the connection is
// acknowledged, the 2 MB body limit after); subscriptions are capped per socket and per session;
// an event is read once for all its subscribers; an odd connection_init closes with a plain reason.
import type { Client } from 'graphql-ws';
import WebSocket from 'ws';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { hashToken, newToken } from '../../api/src/modules/auth/tokens.js';
import { closedWithin, disposeAll, wsClient, type LiveSocket } from '../support/ws.js';
import { endedWithin, openEventStream, type EventStream } from '../support/sse.js';
import { openRawWebSocket, sendAnnouncedFrame } from '../support/raw-ws.js';
import { liveSubscriptions, waitFor, type LiveSubscriptions } from '../support/wait.js';

const NOTIFICATIONS = 'subscription { notificationAdded { kind body } }';
const PASSWORD = 'Constat#2026';
const MB = 1024 * 1024;

let app: TestApp;
let adminToken: string;
let live: LiveSubscriptions;
const clients: Client[] = [];
const streams: EventStream[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  app = await startTestApp();
  live = liveSubscriptions(app);
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  for (const stream of streams) stream.leave();
  for (const socket of sockets) socket.terminate();
  await disposeAll(clients);
  await app?.stop();
});

async function stream(token: string, query = NOTIFICATIONS, method: 'POST' | 'GET' = 'POST'): Promise<EventStream> {
  const opened = await openEventStream(app.url, token, query, method);
  streams.push(opened);
  return opened;
}

/** A fresh active bailiff created by the admin: his id, e-mail, user row id and a session. */
async function newBailiff(name: string) {
  const email = `${name}@etude-live.fr`;
  const group = await app.services.db.group.findFirstOrThrow();
  const created = await gql(
    app.url,
    'mutation($input: CreateAccountInput!) { createAccount(input: $input) { user { id } } }',
    {
      input: {
        role: 'BAILIFF',
        civility: 'MAITRE',
        firstName: 'Paul',
        lastName: 'Direct',
        telephone: '0612345678',
        identity: name.replace(/[^a-z]/g, ''),
        email,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        groupId: encodeGlobalID('Group', group.id),
      },
    },
    adminToken,
  );
  expect(created.errors).toBeUndefined();
  const user = await app.services.db.user.findUniqueOrThrow({ where: { email } });
  return { id: created.data!.createAccount.user.id as string, userId: user.id, email, token: await loginToken(app.url, email, PASSWORD) };
}

/** Stores a notification for `userId` and announces it, as a change of a constat does. */
async function notify(userId: number, body = 'Un constat a changé.'): Promise<void> {
  const notification = await app.services.db.notification.create({ data: { userId, kind: 'INFO', body } });
  app.services.pubsub.publish('notificationAdded', userId, { notificationId: notification.id });
}

const until = async (check: () => boolean, ms = 5000) => {
  for (const started = Date.now(); !check() && Date.now() - started < ms;) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('subscriptions over server-sent events end with their session', () => {
  it('stream events, then end within a second of the logout (POST and GET)', async () => {
    const bailiff = await newBailiff('sse-deconnexion');
    const [posted, got] = [await stream(bailiff.token), await stream(bailiff.token, NOTIFICATIONS, 'GET')];
    expect([posted.status, got.status]).toEqual([200, 200]);
    await notify(bailiff.userId);
    await until(() => posted.events.length > 0 && got.events.length > 0);
    expect(posted.events[0]).toMatchObject({ data: { notificationAdded: { body: 'Un constat a changé.' } } });
    expect(got.events).toHaveLength(1);

    expect((await gql(app.url, 'mutation { logout }', {}, bailiff.token)).errors).toBeUndefined();
    expect(await Promise.all([endedWithin(posted, 1000), endedWithin(got, 1000)])).toEqual(['ended', 'ended']);
  });

  it('a reportChanged stream ends at a password reset, for every session of the account', async () => {
    const bailiff = await newBailiff('sse-reinitialisation');
    const other = await loginToken(app.url, bailiff.email, PASSWORD);
    const opened = [
      await stream(bailiff.token, 'subscription { reportChanged { reportId report { name } } }'),
      await stream(other, NOTIFICATIONS),
    ];
    // The link the forgot-password e-mail carries, stored as the server stores it.
    const token = newToken();
    await app.services.db.userToken.create({
      data: { userId: bailiff.userId, purpose: 'PASSWORD_RESET', tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const reset = await rest(app.url, 'POST', `/api/v1/auth/reset-password?token=${encodeURIComponent(token)}`, {
      json: { password: 'Nouveau#2026' },
    });
    expect(reset.status).toBe(200);
    expect(await Promise.all(opened.map((one) => endedWithin(one, 1000)))).toEqual(['ended', 'ended']);
  });

  it('ends when the account is disabled', async () => {
    const bailiff = await newBailiff('sse-desactivation');
    const opened = await stream(bailiff.token);
    const disabled = await gql(
      app.url,
      'mutation($input: SetAccountActiveInput!) { setAccountActive(input: $input) { message } }',
      { input: { id: bailiff.id, active: false } },
      adminToken,
    );
    expect(disabled.errors).toBeUndefined();
    expect(await endedWithin(opened, 1000)).toBe('ended');
  });

  it('ends when the login-as session ends, and the admin’s own stream goes on', async () => {
    const bailiff = await newBailiff('sse-connexion-en-tant');
    const loginAs = await gql(
      app.url,
      'mutation($input: LoginAsInput!) { loginAs(input: $input) { token } }',
      { input: { email: bailiff.email } },
      adminToken,
    );
    expect(loginAs.errors).toBeUndefined();
    const impersonation = loginAs.data!.loginAs.token as string;
    const [asBailiff, asAdmin] = [await stream(impersonation), await stream(adminToken)];

    expect((await gql(app.url, 'mutation { logout }', {}, impersonation)).errors).toBeUndefined();
    expect(await endedWithin(asBailiff, 1000)).toBe('ended');
    expect(await endedWithin(asAdmin, 300)).toBe('open');
    asAdmin.leave();
  });

  it('ends at the session’s expiry', async () => {
    const bailiff = await newBailiff('sse-expiration');
    const session = await app.services.db.session.findFirstOrThrow({ where: { userId: bailiff.userId }, orderBy: { id: 'desc' } });
    await app.services.db.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() + 1500) } });
    const opened = await stream(bailiff.token);
    expect(await endedWithin(opened, 200)).toBe('open');
    expect(await endedWithin(opened, 2500)).toBe('ended');
  });
});

/** A signed-in socket with a subscription, or null when the server refused it (closed first). */
async function socketOrRefusal(token: string): Promise<LiveSocket | null> {
  const client = wsClient(app.url, token, { lazy: false, onNonLazyError: () => {} });
  clients.push(client);
  const closed = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
  const connected = new Promise<true>((resolve) => client.on('connected', () => resolve(true)));
  const events: unknown[] = [];
  client.subscribe({ query: NOTIFICATIONS }, { next: (value) => events.push(value), error: () => {}, complete: () => {} });
  return (await Promise.race([connected, closed.then(() => false)])) ? { client, events, closed } : null;
}

describe('a revocation racing the opening of live connections', () => {
  it('logouts sent while streams and sockets are opening: none of them stays open (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const bailiff = await newBailiff(`course-${'abcdefghij'[round]}`);
      const opening = [
        ...Array.from({ length: 4 }, () => stream(bailiff.token).catch(() => null)),
        ...Array.from({ length: 3 }, () => socketOrRefusal(bailiff.token)),
      ];
      // The logout lands at a different moment of the openings each round.
      await new Promise((resolve) => setTimeout(resolve, round * 3));
      expect((await gql(app.url, 'mutation { logout }', {}, bailiff.token)).errors).toBeUndefined();
      const opened = await Promise.all(opening);
      const states = await Promise.all(
        opened.map(async (live) => {
          if (!live) return 'ended';
          if ('client' in live) {
            return (await closedWithin(live, 1500)) === 'open' ? 'open' : 'ended';
          }
          return live.status === 200 ? endedWithin(live, 1500) : 'ended';
        }),
      );
      expect(states).toEqual(opened.map(() => 'ended'));
    }
  }, 120_000);
});

describe('subscriptions are capped, under concurrency too', () => {
  const tooMany = (error: any) => error?.extensions?.reason === 'TOO_MANY_SUBSCRIPTIONS';

  it('20 subscriptions per socket: of 25 sent at once, 5 are refused and 20 receive the event', async () => {
    const bailiff = await newBailiff('plafond-abonnements');
    const channel = `notificationAdded:${bailiff.userId}` as const;
    const client = wsClient(app.url, bailiff.token, { lazy: false, onNonLazyError: () => {} });
    clients.push(client);
    /** Each subscription's events, in the order sent. */
    const received: unknown[][] = [];
    const refused: unknown[] = [];
    for (let i = 0; i < 25; i += 1) {
      const events: unknown[] = [];
      received.push(events);
      client.subscribe(
        { query: NOTIFICATIONS },
        { next: (value) => events.push(value), error: (error) => refused.push(error), complete: () => {} },
      );
    }
    // Every one of the 25 has its outcome once 5 are refused and the server listens to the 20 others.
    await waitFor(() => refused.length >= 5 && live.open(channel) >= 20, { what: '5 refusals and 20 running subscriptions' });
    expect(refused).toHaveLength(5);
    expect(live.open(channel)).toBe(20);
    expect(refused.every((errors) => Array.isArray(errors) && tooMany(errors[0]))).toBe(true);
    await notify(bailiff.userId);
    await waitFor(() => received.filter((events) => events.length > 0).length >= 20, { what: 'the event on 20 subscriptions' });
    // A second event, sent after, reaches each subscription after the first: once all 20 have it,
    // no copy of the first is still on its way.
    await notify(bailiff.userId, 'Un autre constat a changé.');
    const running = received.filter((events) => events.length > 0);
    expect(running).toHaveLength(20);
    await waitFor(() => running.every((events) => events.length >= 2), { what: 'the second event on the 20 subscriptions' });
    for (const events of running)
      expect(events).toEqual([
        { data: { notificationAdded: { kind: 'INFO', body: 'Un constat a changé.' } } },
        { data: { notificationAdded: { kind: 'INFO', body: 'Un autre constat a changé.' } } },
      ]);
    expect(received.flat()).toHaveLength(40);
  });

  it('5 sockets per session: of 12 opened at once, 7 are closed with 4429 (not 4403), and a closed one frees its place', async () => {
    const bailiff = await newBailiff('plafond-sockets');
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => {
        const client = wsClient(app.url, bailiff.token, { lazy: false, onNonLazyError: () => {} });
        clients.push(client);
        return new Promise<{ client: Client; outcome: number | 'connected' }>((resolve) => {
          client.on('connected', () => resolve({ client, outcome: 'connected' }));
          client.on('closed', (event) => resolve({ client, outcome: (event as { code: number }).code }));
        });
      }),
    );
    const connected = outcomes.filter((one) => one.outcome === 'connected');
    expect(connected).toHaveLength(5);
    expect(outcomes.filter((one) => one.outcome === 4429)).toHaveLength(7);

    await connected[0].client.dispose();
    // The place is free once the server has seen that socket close: until then a new one is refused.
    const listening = live.whenStarted(`notificationAdded:${bailiff.userId}`);
    const again: { socket: LiveSocket | null } = { socket: null };
    await waitFor(
      async () => {
        again.socket = await socketOrRefusal(bailiff.token);
        return again.socket !== null;
      },
      { what: 'a socket in the freed place' },
    );
    // The new socket serves its subscription, and is still open once it has.
    await listening;
    await notify(bailiff.userId);
    await waitFor(() => again.socket!.events.length > 0, { what: 'an event on the new socket' });
    expect(again.socket!.events).toEqual([{ data: { notificationAdded: { kind: 'INFO', body: 'Un constat a changé.' } } }]);
    expect(await closedWithin(again.socket!, 300)).toBe('open');
  });

  it('20 streams per session over server-sent events: of 25 opened at once, 5 are refused', async () => {
    const bailiff = await newBailiff('plafond-flux');
    const channel = `notificationAdded:${bailiff.userId}` as const;
    const opened = await Promise.all(Array.from({ length: 25 }, () => stream(bailiff.token)));
    const refusedOnes = () => opened.filter((one) => one.events.some((event) => tooMany(event.errors?.[0])));
    // Every one of the 25 has its outcome once 5 are refused and the server listens to the 20 others.
    await waitFor(() => refusedOnes().length >= 5 && live.open(channel) >= 20, { what: '5 refusals and 20 running streams' });
    expect(live.open(channel)).toBe(20);
    const refused = refusedOnes();
    expect(refused).toHaveLength(5);
    expect(await Promise.all(refused.map((one) => endedWithin(one, 1000)))).toEqual(refused.map(() => 'ended'));
    const running = opened.filter((one) => !refused.includes(one));
    await notify(bailiff.userId);
    await until(() => running.every((one) => one.events.length > 0));
    expect(running.filter((one) => one.events.length === 1)).toHaveLength(20);

    // A stream its client leaves gives its place back.
    // (The server gives a stream's place back before it stops listening.)
    for (const one of opened) one.leave();
    await waitFor(() => live.open(channel) === 0, { what: 'the streams left to end on the server' });
    const reopened = await Promise.all(Array.from({ length: 20 }, () => stream(bailiff.token)));
    // A refused stream never listens: with all 20 listening, none was refused.
    await waitFor(() => live.open(channel) === 20, { what: '20 reopened streams running' });
    expect(reopened.filter((one) => one.events.length > 0)).toEqual([]);
    for (const one of reopened) one.leave();
  });
});

describe('one event is read once for all its subscribers', () => {
  it('60 notificationAdded subscriptions of one user: one read of the notification', async () => {
    const bailiff = await newBailiff('diffusion');
    const listening = live.whenStarted(`notificationAdded:${bailiff.userId}`, 60);
    const events: unknown[] = [];
    for (let socket = 0; socket < 3; socket += 1) {
      const client = wsClient(app.url, bailiff.token, { lazy: false, onNonLazyError: () => {} });
      clients.push(client);
      for (let i = 0; i < 20; i += 1)
        client.subscribe({ query: NOTIFICATIONS }, { next: (value) => events.push(value), error: () => {}, complete: () => {} });
    }
    await listening;
    app.queries.length = 0;
    await notify(bailiff.userId);
    await until(() => events.length >= 60);
    expect(events).toHaveLength(60);
    // Prisma already folds the findUnique calls of one tick into one statement: what tells one read
    // from 60 is the rows it asks for, one parameter set per subscription.
    const reads = app.queries.filter((sql) => /^SELECT/i.test(sql) && sql.includes('"Notification"'));
    expect(reads).toHaveLength(1);
    expect(reads[0].match(/\$\d+/g)?.length).toBeLessThan(10);
  });

  it('20 reportChanged subscriptions: one read of the constat’s row', async () => {
    const bailiff = await newBailiff('diffusion-constat');
    const report = await app.services.db.report.create({ data: { name: 'Constat diffusé', bailiffId: bailiff.userId } });
    const events: any[] = [];
    const listening = live.whenStarted(`reportChanged:${bailiff.userId}`, 20);
    const client = wsClient(app.url, bailiff.token, { lazy: false, onNonLazyError: () => {} });
    clients.push(client);
    for (let i = 0; i < 20; i += 1)
      client.subscribe(
        { query: 'subscription { reportChanged { reportId report { name } } }' },
        { next: (value) => events.push(value), error: () => {}, complete: () => {} },
      );
    await listening;
    app.queries.length = 0;
    app.services.pubsub.publish('reportChanged', bailiff.userId, { reportId: report.id });
    await until(() => events.length >= 20);
    expect(events.every((event) => event.data.reportChanged.report.name === 'Constat diffusé')).toBe(true);
    expect(app.queries.filter((sql) => /^\s*WITH picked/.test(sql))).toHaveLength(1);
  });
});

/** A graphql-ws socket opened with the `ws` library: every frame is the test's own. */
function rawClient(): Promise<{ socket: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const socket = new WebSocket(app.url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
  sockets.push(socket);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('error', () => {});
  return new Promise((resolve) => socket.on('open', () => resolve({ socket, closed })));
}

async function acknowledged(token: string) {
  const client = await rawClient();
  const ack = new Promise((resolve) => client.socket.once('message', resolve));
  client.socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  expect(JSON.parse(String(await ack))).toEqual({ type: 'connection_ack' });
  return client;
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);

describe('websocket messages are bounded before they are parsed', () => {
  it('four anonymous connection_init frames announced as 90 MB are refused from their header: RSS stays flat', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const raws = await Promise.all(Array.from({ length: 4 }, () => openRawWebSocket(app.url)));
    const written = await Promise.all(raws.map((raw) => sendAnnouncedFrame(raw, 90 * MB)));
    const codes = await Promise.all(raws.map((raw) => within(raw.closed, 5000)));
    const grown = (process.memoryUsage().rss - before) / MB;
    for (const raw of raws) raw.socket.destroy();
    console.log(`90 MB connection_init ×4: RSS +${grown.toFixed(0)} MB, written ${written.map((n) => (n / MB).toFixed(1)).join('/')} MB`);
    expect(codes).toEqual([1009, 1009, 1009, 1009]);
    expect(grown).toBeLessThan(64);
  });

  it('before the acknowledgement, a message over 256 KB closes the socket (1009), unparsed', async () => {
    const client = await rawClient();
    client.socket.send(JSON.stringify({ type: 'connection_init', payload: { filler: 'x'.repeat(1024 * 1024) } }));
    expect(await within(client.closed, 3000)).toMatchObject({ code: 1009 });
  });

  it('after it, the 2 MB body limit: 1.5 MB is read (answered on its subscription), 3 MB closes the socket (1009)', async () => {
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const client = await acknowledged(token);
    const answer = new Promise((resolve) => client.socket.once('message', resolve));
    const big = (size: number) =>
      JSON.stringify({
        id: '1',
        type: 'subscribe',
        payload: { query: 'subscription { unknownField }', variables: { filler: 'x'.repeat(size) } },
      });
    client.socket.send(big(1.5 * MB));
    expect(JSON.parse(String(await answer))).toMatchObject({ id: '1' });
    expect(await within(client.closed, 300)).toBe('open');

    client.socket.send(big(3 * MB).replace('"1"', '"2"'));
    expect(await within(client.closed, 3000)).toMatchObject({ code: 1009 });
  });
});

describe('an odd connection_init closes with a graphql-ws code and a plain reason', () => {
  const payloads: [string, unknown][] = [
    ['an array', []],
    ['a number', 42],
    ['a huge string', 'x'.repeat(200_000)],
    ['authorization as a number', { authorization: 123 }],
    ['authorization as an object', { authorization: { token: 'x' } }],
    ['authorization as an array', { authorization: ['Bearer x'] }],
    ['a huge authorization', { authorization: `Bearer ${'x'.repeat(200_000)}` }],
  ];

  it.each(payloads)('%s', async (_name, payload) => {
    const client = await rawClient();
    client.socket.send(JSON.stringify({ type: 'connection_init', payload }));
    const closed = await within(client.closed, 3000);
    expect(closed).not.toBe('open');
    const { code, reason } = closed as { code: number; reason: string };
    expect([4400, 4403]).toContain(code);
    expect(['Forbidden', 'Invalid message received']).toContain(reason);
  });

  it('a syntax error in a subscription is answered on it; the socket stays open', async () => {
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const client = await acknowledged(token);
    const answer = new Promise((resolve) => client.socket.once('message', resolve));
    client.socket.send(JSON.stringify({ id: 's', type: 'subscribe', payload: { query: 'subscription {' } }));
    expect(JSON.parse(String(await within(answer, 3000)))).toMatchObject({ id: 's', type: 'error' });
    expect(await within(client.closed, 300)).toBe('open');
  });
});
