// Issue 37 item 4: live events for personal API tokens. A token subscribes over graphql-ws (its
// connection_init's `authorization`) and over server-sent events (its Authorization header), with
// its creator's visibility narrowed by its grant and its scopes checked on the subscription; its
// streams end when it is revoked (on any instance) or expires, and no event reaches it once revoked.
import type { Client } from 'graphql-ws';
import WebSocket from 'ws';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { disposeAll, wsClient } from '../support/ws.js';
import { openEventStream, type EventStream } from '../support/sse.js';
import { startTestRedis, type TestRedis } from '../support/redis.js';
import { liveSubscriptions, waitFor, type Channel, type LiveSubscriptions } from '../support/wait.js';
import { publishReportChanges } from '../../api/src/modules/reports/access.js';

const CREATE = 'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token apiToken { id } } }';
const REVOKE = 'mutation($id: ID!) { revokeApiToken(input: { id: $id }) { apiToken { status } } }';
const REPORT_CHANGES = 'subscription { reportChanged { reportId report { name } } }';
const REVOKED_REASON = 'Jeton d’API révoqué ou expiré : connexion en direct fermée.';

let redis: TestRedis;
let app: TestApp;
let second: TestApp;
let live: LiveSubscriptions;
let liveOnSecond: LiveSubscriptions;
let admin: string;
let bailiff: string;
/** The demo bailiff, one of his constats, and a constat of a bailiff of another étude. */
let people: { bailiffId: number; adminId: number; groupId: number };
let own: { id: number; name: string };
let foreign: { id: number; name: string; bailiffId: number };
const clients: Client[] = [];
const streams: EventStream[] = [];

beforeAll(async () => {
  // Two instances over one database and one Redis: a revocation on one ends the streams of the other.
  redis = await startTestRedis();
  app = await startTestApp({ env: { REDIS_URL: redis.url, LIVE_SOCKETS_PER_SESSION: '2' } });
  second = await startTestApp({ env: { REDIS_URL: redis.url }, shareDatabaseWith: app });
  live = liveSubscriptions(app);
  liveOnSecond = liveSubscriptions(second);
  [admin, bailiff] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
  ]);
  const db = app.services.db;
  const him = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const adminRow = await db.user.findUniqueOrThrow({ where: { email: demo.admin.email } });
  people = { bailiffId: him.id, adminId: adminRow.id, groupId: him.groupId! };
  own = await db.report.findFirstOrThrow({ where: { bailiffId: him.id }, select: { id: true, name: true } });
  foreign = await db.report.findFirstOrThrow({
    where: { bailiff: { groupId: { not: null, notIn: [him.groupId!] } } },
    select: { id: true, name: true, bailiffId: true },
  });
});

afterAll(async () => {
  for (const stream of streams) stream.leave();
  await disposeAll(clients);
  await second?.stop();
  await app?.stop();
  await redis?.stop();
});

interface Token {
  token: string;
  id: string;
  dbId: number;
}

async function createToken(session: string, name: string, scopes: string[], groupIds?: number[]): Promise<Token> {
  const input = { name, scopes, ...(groupIds && { groupIds: groupIds.map((id) => encodeGlobalID('Group', id)) }) };
  const result = await gql(app.url, CREATE, { input }, session);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  const id: string = result.data.createApiToken.apiToken.id;
  return { token: result.data.createApiToken.token, id, dbId: Number(Buffer.from(id, 'base64').toString().split(':')[1]) };
}

interface TokenSocket {
  /** Every message of the subscription: its events, and its errors as `{ errors }`. */
  received: any[];
  /** The server's close, with its code and reason. */
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * A graphql-ws client whose connection_init carries `authorization`, with one subscription; resolves
 * once the server listens on `channel` (or, without one, once the subscription was answered or the
 * socket closed). `headers` go on the upgrade request.
 */
async function subscribe(options: {
  authorization: unknown;
  query: string;
  channel?: Channel;
  on?: TestApp;
  headers?: Record<string, string>;
}): Promise<TokenSocket> {
  const target = options.on ?? app;
  const { headers } = options;
  const client = wsClient(target.url, undefined, {
    lazy: false,
    onNonLazyError: () => {},
    connectionParams: { authorization: options.authorization },
    ...(headers && {
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers });
        }
      },
    }),
  });
  clients.push(client);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    client.on('closed', (event) => {
      const { code, reason } = event as { code: number; reason: unknown };
      resolve({ code, reason: String(reason) });
    }),
  );
  const received: any[] = [];
  const listening = options.channel && (target === app ? live : liveOnSecond).whenStarted(options.channel);
  const answered = new Promise<void>((resolve) =>
    client.subscribe(
      { query: options.query },
      {
        next: (value) => {
          received.push(value);
          resolve();
        },
        error: (error) => {
          // A refused subscription comes as GraphQL errors; a closed socket (a CloseEvent) is `closed`'s.
          if (Array.isArray(error)) received.push({ errors: error });
          else if (!(error instanceof Object && 'code' in error)) received.push({ errors: [String(error)] });
          resolve();
        },
        complete: () => resolve(),
      },
    ),
  );
  await (listening ? Promise.race([listening, closed]) : Promise.race([answered, closed]));
  return { received, closed };
}

const bearer = (token: Token) => `Bearer ${token.token}`;

/** Resolves once `items` holds `count` entries. */
const received = (items: unknown[], count = 1) => waitFor(() => items.length >= count, { what: `${count} events` });

/** The reportChanged event of `report` as its viewer receives it. */
const changed = (report: { id: number; name: string }) => ({
  data: { reportChanged: { reportId: encodeGlobalID('Report', report.id), report: { name: report.name } } },
});

/** Statements that look an API token up by its hash. */
const tokenLookups = () => app.queries.filter((sql) => /^SELECT/i.test(sql) && /"ApiToken"/.test(sql) && /"tokenHash"/.test(sql)).length;

describe('a token subscribes over graphql-ws', () => {
  it('receives the changes of its creator’s constats, not another bailiff’s', async () => {
    const token = await createToken(bailiff, 'Suivi en direct', ['REPORTS']);
    const socket = await subscribe({ authorization: bearer(token), query: REPORT_CHANGES, channel: `reportChanged:${people.bailiffId}` });
    // The other bailiff's constat first: it goes to its bailiff's channel and the admins', not this one.
    await publishReportChanges(app.services, [
      { ...foreign, secretaryId: null },
      { id: own.id, bailiffId: people.bailiffId, secretaryId: null },
    ]);
    await received(socket.received);
    expect(socket.received).toEqual([changed(own)]);
  });

  it('an admin’s token limited to an étude hears of that étude’s constats only', async () => {
    const token = await createToken(admin, 'Une étude', ['REPORTS'], [people.groupId]);
    const socket = await subscribe({ authorization: bearer(token), query: REPORT_CHANGES, channel: `reportChanged:${people.adminId}` });
    // Both reach the admin's channel, in this order: the other étude's is dropped, not sent as null.
    await publishReportChanges(app.services, [
      { ...foreign, secretaryId: null },
      { id: own.id, bailiffId: people.bailiffId, secretaryId: null },
    ]);
    await received(socket.received);
    expect(socket.received).toEqual([changed(own)]);
  });

  it('an étude-limited token and its admin’s session, on the same events, each see what is theirs', async () => {
    const token = await createToken(admin, 'Une étude, à côté de la session', ['REPORTS'], [people.groupId]);
    const channel: Channel = `reportChanged:${people.adminId}`;
    // Each event's constat is read once per way of seeing it: the token's reading is not the session's.
    const session = await subscribe({ authorization: `Bearer ${admin}`, query: REPORT_CHANGES, channel });
    const limited = await subscribe({ authorization: bearer(token), query: REPORT_CHANGES, channel });
    await publishReportChanges(app.services, [
      { ...foreign, secretaryId: null },
      { id: own.id, bailiffId: people.bailiffId, secretaryId: null },
    ]);
    await received(session.received, 2);
    await received(limited.received);
    expect(session.received).toEqual([changed(foreign), changed(own)]);
    expect(limited.received).toEqual([changed(own)]);
  });

  it('a subscription needing a scope the token lacks is refused as a query is (FORBIDDEN, in French)', async () => {
    const token = await createToken(bailiff, 'Notifications seulement', ['NOTIFICATIONS']);
    const query = await gql(app.url, '{ reports(first: 1) { totalCount } }', {}, token.token);
    expect(query.errors?.[0]).toMatchObject({
      message: 'Ce jeton d’API n’a pas la portée « Constats » (REPORTS) qu’exige le champ Query.reports.',
      extensions: { code: 'FORBIDDEN', reason: 'API_TOKEN_SCOPE' },
    });
    const before = live.started(`reportChanged:${people.bailiffId}`);
    const socket = await subscribe({ authorization: bearer(token), query: REPORT_CHANGES });
    expect(socket.received).toEqual([
      {
        errors: [
          expect.objectContaining({
            message: 'Ce jeton d’API n’a pas la portée « Constats » (REPORTS) qu’exige le champ Subscription.reportChanged.',
            extensions: expect.objectContaining({ code: 'FORBIDDEN', reason: 'API_TOKEN_SCOPE', missingScopes: ['REPORTS'] }),
          }),
        ],
      },
    ]);
    expect(live.started(`reportChanged:${people.bailiffId}`)).toBe(before);
  });

  it('records the token’s use at the connection', async () => {
    const token = await createToken(bailiff, 'Dernière utilisation', ['NOTIFICATIONS']);
    expect((await app.services.db.apiToken.findUniqueOrThrow({ where: { id: token.dbId } })).lastUsedAt).toBeNull();
    await subscribe({
      authorization: bearer(token),
      query: 'subscription { notificationAdded { kind } }',
      channel: `notificationAdded:${people.bailiffId}`,
    });
    const row = await app.services.db.apiToken.findUniqueOrThrow({ where: { id: token.dbId } });
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.lastUsedIp).toBe('127.0.0.1');
  });

  it('holds only so many sockets per token, as a session does (4429)', async () => {
    const token = await createToken(bailiff, 'Plafond', ['NOTIFICATIONS']);
    const query = 'subscription { notificationAdded { kind } }';
    const channel: Channel = `notificationAdded:${people.bailiffId}`;
    await subscribe({ authorization: bearer(token), query, channel });
    await subscribe({ authorization: bearer(token), query, channel });
    const third = await subscribe({ authorization: bearer(token), query });
    expect(await third.closed).toEqual({ code: 4429, reason: 'Trop de connexions en direct pour cette session ou ce jeton d’API.' });
  });
});

describe('a token’s streams end with it', () => {
  it('its socket closes when it is revoked (4403, in French), on another instance too', async () => {
    const token = await createToken(bailiff, 'À révoquer', ['REPORTS']);
    const here = await subscribe({ authorization: bearer(token), query: REPORT_CHANGES, channel: `reportChanged:${people.bailiffId}` });
    const there = await subscribe({
      authorization: bearer(token),
      query: REPORT_CHANGES,
      channel: `reportChanged:${people.bailiffId}`,
      on: second,
    });
    expect((await gql(app.url, REVOKE, { id: token.id }, bailiff)).data?.revokeApiToken.apiToken.status).toBe('REVOKED');
    expect(await Promise.all([here.closed, there.closed])).toEqual([
      { code: 4403, reason: REVOKED_REASON },
      { code: 4403, reason: REVOKED_REASON },
    ]);
    // And it cannot come back.
    const again = await subscribe({ authorization: bearer(token), query: REPORT_CHANGES });
    expect(await again.closed).toEqual({ code: 4403, reason: 'Jeton d’API invalide, révoqué ou expiré.' });
  });

  it('its socket closes at its expiry', async () => {
    const token = await createToken(bailiff, 'Éphémère', ['REPORTS']);
    // A few seconds ahead: the socket is accepted, then closed by the server when the token expires.
    await app.services.db.apiToken.update({ where: { id: token.dbId }, data: { expiresAt: new Date(Date.now() + 3000) } });
    const socket = await subscribe({ authorization: bearer(token), query: REPORT_CHANGES, channel: `reportChanged:${people.bailiffId}` });
    expect(await socket.closed).toEqual({ code: 4403, reason: REVOKED_REASON });
  });

  it('a revocation whose announcement was lost: the next event is not delivered and the socket closes', async () => {
    const token = await createToken(bailiff, 'Annonce perdue', ['REPORTS']);
    const socket = await subscribe({ authorization: bearer(token), query: REPORT_CHANGES, channel: `reportChanged:${people.bailiffId}` });
    // Revoked in the database only, as when Redis lost the `apiTokensRevoked` announcement.
    await app.services.db.apiToken.update({ where: { id: token.dbId }, data: { revokedAt: new Date() } });
    await publishReportChanges(app.services, [{ id: own.id, bailiffId: people.bailiffId, secretaryId: null }]);
    expect(await socket.closed).toEqual({ code: 4403, reason: REVOKED_REASON });
    expect(socket.received).toEqual([]);
  });

  it('over server-sent events: receives an event, then the stream ends at the revocation', async () => {
    const token = await createToken(bailiff, 'Flux SSE', ['REPORTS']);
    const started = live.whenStarted(`reportChanged:${people.bailiffId}`);
    const stream = await openEventStream(app.url, token.token, REPORT_CHANGES);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await started;
    await publishReportChanges(app.services, [{ id: own.id, bailiffId: people.bailiffId, secretaryId: null }]);
    await received(stream.events);
    expect(stream.events).toEqual([changed(own)]);
    expect((await gql(app.url, REVOKE, { id: token.id }, bailiff)).errors).toBeUndefined();
    await stream.ended;
  });

  it('over server-sent events: a subscription outside the token’s scopes is refused', async () => {
    const token = await createToken(bailiff, 'SSE hors portée', ['NOTIFICATIONS']);
    const stream = await openEventStream(app.url, token.token, REPORT_CHANGES);
    streams.push(stream);
    await stream.ended;
    expect(stream.events).toEqual([
      { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN', reason: 'API_TOKEN_SCOPE' }) })] },
    ]);
  });
});

describe('hostile connection_init', () => {
  it.each([
    ['a number', 42],
    ['an object', { token: 'cst_x' }],
    ['an array', ['Bearer', 'cst_x']],
    ['a huge string', `Bearer cst_${'A'.repeat(200_000)}`],
    ['another scheme', `Token cst_${'A'.repeat(43)}`],
    ['a token of the wrong length', `Bearer cst_${'A'.repeat(42)}`],
  ])('%s as authorization: closed (4403) before any subscription, without a token lookup', async (_name, authorization) => {
    const channel: Channel = `reportChanged:${people.bailiffId}`;
    const before = live.started(channel);
    app.queries.length = 0;
    const socket = await subscribe({ authorization, query: REPORT_CHANGES });
    expect((await socket.closed).code).toBe(4403);
    expect(socket.received).toEqual([]);
    expect(live.started(channel)).toBe(before);
    expect(tokenLookups()).toBe(0);
  });

  it('a session in the upgrade request’s headers lends nothing to a token’s socket, nor a token to a session’s', async () => {
    const token = await createToken(bailiff, 'Mélange', ['REPORTS']);
    const headers = { authorization: `Bearer ${admin}`, cookie: `session=${admin}` };
    // The socket is the bailiff's token's: it listens on his channel, not the admin's.
    const adminBefore = live.started(`reportChanged:${people.adminId}`);
    await subscribe({ authorization: bearer(token), query: REPORT_CHANGES, channel: `reportChanged:${people.bailiffId}`, headers });
    expect(live.started(`reportChanged:${people.adminId}`)).toBe(adminBefore);
    // The admin's session would be allowed the absences; the bailiff's token is not.
    const refused = await subscribe({ authorization: bearer(token), query: 'subscription { absenceAdded { id } }', headers });
    expect(refused.received[0].errors[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    // Nor does a token in the headers make a session's socket a token's: the session's rights apply.
    const session = await subscribe({
      authorization: `Bearer ${admin}`,
      query: 'subscription { absenceAdded { id } }',
      channel: `absenceAdded:${people.adminId}`,
      headers: { authorization: bearer(token) },
    });
    expect(session.received).toEqual([]);
  });
});
