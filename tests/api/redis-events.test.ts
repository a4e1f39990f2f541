// Scale-out (README "Running on PostgreSQL and Redis"): with REDIS_URL, two instances over one
// database share live events — a news item published on one instance reaches a secretary whose
// socket is open on the other, a comment made on one notifies the bailiff connected to the other,
// and a session revoked on one loses its sockets on the other.
import type { Client } from 'graphql-ws';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { Redis } from 'ioredis';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { startTestRedis, type TestRedis } from '../support/redis.js';
import { closedWithin, disposeAll, openLiveSocket, wsClient } from '../support/ws.js';
import { endedWithin, openEventStream } from '../support/sse.js';
import { liveSubscriptions, waitFor } from '../support/wait.js';

let redis: TestRedis;
let first: TestApp;
let second: TestApp;
const clients: Client[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
  first = await startTestApp({ env: { REDIS_URL: redis.url } });
  second = await startTestApp({ env: { REDIS_URL: redis.url }, shareDatabaseWith: first });
});

afterAll(async () => {
  await disposeAll(clients);
  await second?.stop();
  await first?.stop();
  await redis?.stop();
});

/** Subscribes on `app` and resolves once graphql-ws acknowledged the connection. */
async function subscribe(app: TestApp, token: string, query: string) {
  const client = wsClient(app.url, token, { lazy: false });
  clients.push(client);
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  const events: any[] = [];
  client.subscribe({ query }, { next: (value) => events.push(value), error: (error) => events.push({ error }), complete: () => {} });
  await connected;
  return events;
}

/** Subscribers Redis counts on each channel (PUBSUB NUMSUB), asked of the Redis server itself. */
async function redisSubscribers(channels: string[]): Promise<number[]> {
  const client = new Redis(redis.url);
  try {
    const answer = (await client.call('PUBSUB', 'NUMSUB', ...channels)) as (string | number)[];
    return channels.map((_, index) => Number(answer[index * 2 + 1]));
  } finally {
    client.disconnect();
  }
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

describe('live events across two instances through Redis', () => {
  it('news published on instance 1 reaches a secretary connected to instance 2', async () => {
    const [admin, secretary] = await Promise.all([
      loginToken(first.url, demo.admin.email, demo.admin.password),
      loginToken(second.url, demo.secretary.email, demo.secretary.password),
    ]);
    const feed = await subscribe(second, secretary, 'subscription { newsPublished { title } }');
    // A subscription registers just after the ack: publish until it has landed (at most 30 tries).
    const publish = (title: string) =>
      gql(
        first.url,
        'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
        { input: { title, body: '<p>Via Redis</p>' } },
        admin,
      );
    for (let round = 0; round < 30 && feed.length === 0; round++) {
      expect((await publish(`Partagée ${round}`)).errors).toBeUndefined();
      await until(() => feed.length > 0, 300);
    }
    expect(feed.length).toBeGreaterThan(0);
    expect(feed[0].data.newsPublished.title).toMatch(/^Partagée \d+$/);
  });

  it("a secretary's comment on instance 1 notifies the bailiff connected to instance 2", async () => {
    const db = first.services.db;
    const [bailiffUser, secretaryUser] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } }),
      db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } }),
    ]);
    const report = await db.report.create({
      data: { name: 'Constat multi-instances', bailiffId: bailiffUser.id, secretaryId: secretaryUser.id },
    });
    const [bailiff, secretary] = await Promise.all([
      loginToken(second.url, demo.bailiff.email, demo.bailiff.password),
      loginToken(first.url, demo.secretary.email, demo.secretary.password),
    ]);
    const channels = [`notificationAdded:${bailiffUser.id}`, `reportChanged:${bailiffUser.id}`] as const;
    const live = liveSubscriptions(second);
    const listening = channels.map((channel) => live.whenStarted(channel));
    const notifications = await subscribe(second, bailiff, 'subscription { notificationAdded { kind body } }');
    const changes = await subscribe(second, bailiff, 'subscription { reportChanged { report { name unreadCommentCount } } }');
    // Instance 2 listens for both, and Redis has its subscription to both channels: a comment made
    // on instance 1 from now on reaches it.
    await Promise.all(listening);
    await waitFor(async () => (await redisSubscribers([...channels])).every((count) => count > 0), {
      what: "instance 2's Redis subscriptions",
    });

    const result = await gql(
      first.url,
      'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }',
      { input: { reportId: encodeGlobalID('Report', report.id), body: 'Reçu sur l’autre instance ?' } },
      secretary,
    );
    expect(result.errors).toBeUndefined();
    expect(await until(() => notifications.length > 0 && changes.length > 0, 5000)).toBe(true);
    expect(notifications[0].data.notificationAdded).toMatchObject({ kind: 'COMMENT' });
    expect(notifications[0].data.notificationAdded.body).toContain('Reçu sur l’autre instance ?');
    expect(changes[0].data.reportChanged.report).toEqual({ name: 'Constat multi-instances', unreadCommentCount: 1 });
  });

  it('a logout on instance 2 closes the socket of that session open on instance 1 within a second', async () => {
    const token = await loginToken(first.url, demo.bailiff.email, demo.bailiff.password);
    const socket = await openLiveSocket(first.url, token);
    clients.push(socket.client);
    expect((await gql(second.url, 'mutation { logout }', {}, token)).errors).toBeUndefined();
    expect(await closedWithin(socket, 1000)).toBe(4403);
  });

  it('a logout on instance 2 ends that session’s subscription over server-sent events on instance 1 within a second', async () => {
    const token = await loginToken(first.url, demo.bailiff.email, demo.bailiff.password);
    const stream = await openEventStream(first.url, token, 'subscription { notificationAdded { kind body } }');
    expect(stream.status).toBe(200);
    expect((await gql(second.url, 'mutation { logout }', {}, token)).errors).toBeUndefined();
    expect(await endedWithin(stream, 1000)).toBe('ended');
  });
});
