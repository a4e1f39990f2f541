// newsPublished reaches every connected admin and secretary at once: the item must be read once per
// publication, not once per open socket, and each subscriber still gets their own read mark.
import type { Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { disposeAll, wsClient } from '../support/ws.js';

let app: TestApp;
let admin: string;
let secretary: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  [admin, secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
});

afterAll(async () => {
  await disposeAll(clients);
  await app?.stop();
});

function subscribe(token: string) {
  const client = wsClient(app.url, token);
  clients.push(client);
  const events: any[] = [];
  client.subscribe(
    { query: 'subscription { newsPublished { title isRead } }' },
    { next: (value) => events.push(value), error: (error) => events.push({ error }), complete: () => {} },
  );
  return events;
}

const until = async (condition: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
};

describe('newsPublished fan-out', () => {
  it('one SELECT of the item for all subscribers; the author reads it as read, the others as unread', async () => {
    const feeds = [admin, secretary, secretary, secretary, secretary].map(subscribe);
    const publish = (title: string) =>
      gql(
        app.url,
        'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
        { input: { title, body: '<p>Une fois</p>' } },
        admin,
      );
    // Items published until each socket's latest is the latest published prove every subscription
    // is registered (a socket subscribes asynchronously) and that no earlier item is still on its
    // way: a subscription delivers its items in order.
    const title = (event: any): unknown => event?.data?.newsPublished?.title;
    let latest = '';
    const caughtUp = () => feeds.every((events) => title(events.at(-1)) === latest);
    for (let round = 0; round < 30 && (latest === '' || !caughtUp()); round++) {
      latest = `Pour les retardataires ${round}`;
      await publish(latest);
      await until(caughtUp, 300);
    }
    expect(caughtUp()).toBe(true);
    const before = feeds.map((events) => events.length);

    app.queries.length = 0;
    expect((await publish('Pour tout le monde')).errors).toBeUndefined();
    expect(await until(() => feeds.every((events, index) => events.length === before[index] + 1), 10_000)).toBe(true);
    // Every subscriber read the item before its socket got it: with the item in every feed, every
    // read of it this publication caused is already in app.queries.
    const itemReads = app.queries.filter((sql) => /^SELECT\b[\s\S]*\bFROM "public"\."News"/.test(sql));
    expect(itemReads).toHaveLength(1);
    expect(feeds[0].at(-1)).toEqual({ data: { newsPublished: { title: 'Pour tout le monde', isRead: true } } });
    for (const events of feeds.slice(1))
      expect(events.at(-1)).toEqual({ data: { newsPublished: { title: 'Pour tout le monde', isRead: false } } });
  });
});
