// The one authentication step (api/src/server/authenticate.ts, docs/architecture.md « A request's
// path »): what it accepts and refuses, and that every transport looks the caller up once per
// request (REST, /graphql, uploads, the CSV export, sockets), and signed file links not at all.
import http from 'node:http';
import net from 'node:net';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { wsClient } from '../support/ws.js';
import { serverListening } from '../support/live.js';
import { authenticate, severalCredentialsMessage } from '../../api/src/server/authenticate.js';
import { hashToken } from '../../api/src/modules/auth/tokens.js';

let app: TestApp;
let admin: string;
let bailiff: string;
let apiToken: string;

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
  ]);
  const created = await gql(app.url, 'mutation { createApiToken(input: { name: "Étape", scopes: [REPORTS] }) { token } }', {}, admin);
  apiToken = created.data!.createApiToken.token;
});

afterAll(async () => {
  await app?.stop();
});

/** Statements that look a bearer credential up by its hash: sessions, API tokens. */
const lookups = (from: TestApp = app) => ({
  sessions: from.queries.filter((sql) => /^SELECT/i.test(sql) && /"Session"/.test(sql) && /"tokenHash"/.test(sql)).length,
  apiTokens: from.queries.filter((sql) => /^SELECT/i.test(sql) && /"ApiToken"/.test(sql) && /"tokenHash"/.test(sql)).length,
});

/** The lookups one call makes, counted from a clean slate once the call is over. */
async function lookupsOf(call: () => Promise<unknown>, from: TestApp = app) {
  from.queries.length = 0;
  await call();
  return lookups(from);
}

const step = (headers: Record<string, string>) => authenticate(app.services, new Request('http://x/graphql', { headers }), {});

describe('authenticate(): what it accepts', () => {
  it('a bearer session (the scheme in any case), as a frozen viewer', async () => {
    const viewer = await step({ authorization: `Bearer ${admin}` });
    expect(viewer).toMatchObject({ role: 'ADMIN', impersonatorId: null });
    expect(viewer?.sessionId).toEqual(expect.any(Number));
    expect(Object.isFrozen(viewer)).toBe(true);
    expect(await step({ authorization: `bearer ${admin}` })).toMatchObject({ role: 'ADMIN' });
  });

  it('a personal API token: its admin, read-only, without a session', async () => {
    expect(await step({ authorization: `Bearer ${apiToken}` })).toMatchObject({
      role: 'ADMIN',
      sessionId: null,
      apiTokenId: expect.any(Number),
    });
  });

  it('a login-as session: the target, with the admin as impersonator', async () => {
    const opened = await gql(app.url, 'mutation { loginAs(input: { email: "huissier@demo.fr" }) { token } }', {}, admin);
    const viewer = await step({ authorization: `Bearer ${opened.data!.loginAs.token}` });
    const adminViewer = await step({ authorization: `Bearer ${admin}` });
    expect(viewer).toMatchObject({ role: 'BAILIFF', impersonatorId: adminViewer!.id });
  });
});

describe('authenticate(): what it refuses (anonymous)', () => {
  it('revoked and expired sessions, revoked API tokens', async () => {
    const revoked = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    await app.services.db.session.update({ where: { tokenHash: hashToken(revoked) }, data: { revokedAt: new Date() } });
    expect(await step({ authorization: `Bearer ${revoked}` })).toBeNull();
    const expired = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    await app.services.db.session.update({ where: { tokenHash: hashToken(expired) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await step({ authorization: `Bearer ${expired}` })).toBeNull();
    const created = await gql(app.url, 'mutation { createApiToken(input: { name: "Révoqué", scopes: [REPORTS] }) { token } }', {}, admin);
    const token: string = created.data!.createApiToken.token;
    await app.services.db.apiToken.update({ where: { tokenHash: hashToken(token) }, data: { revokedAt: new Date() } });
    expect(await step({ authorization: `Bearer ${token}` })).toBeNull();
  });

  it('malformed, oversized and cookie credentials: anonymous, most without a lookup', async () => {
    const hostile: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${Buffer.from(`admin:${admin}`).toString('base64')}` },
      { authorization: `Bearer ${admin} extra` },
      { authorization: `Token ${admin}` },
      { authorization: `Bearer ${'a'.repeat(8000)}` },
      { authorization: `Bearer ${admin}${'x'.repeat(300)}` },
      // Sessions travel in the Authorization header only: a cookie is never a credential (CSRF).
      { cookie: `token=${admin}; session=${admin}` },
    ];
    app.queries.length = 0;
    for (const headers of hostile) expect(await step(headers)).toBeNull();
    expect(lookups()).toEqual({ sessions: 0, apiTokens: 0 });
    // A well-formed unknown token is looked up once, and is no one.
    expect(await lookupsOf(async () => expect(await step({ authorization: 'Bearer inconnu' })).toBeNull())).toEqual({
      sessions: 1,
      apiTokens: 0,
    });
    expect(await lookupsOf(async () => expect(await step({ authorization: `Bearer cst_${'A'.repeat(43)}` })).toBeNull())).toEqual({
      sessions: 0,
      apiTokens: 1,
    });
  });
});

describe('one lookup per request, whatever the transport', () => {
  it('/graphql: one for a session, one for an API token (and no session lookup), none without a credential', async () => {
    expect(await lookupsOf(() => gql(app.url, '{ me { email } }', {}, admin))).toEqual({ sessions: 1, apiTokens: 0 });
    expect(await lookupsOf(() => gql(app.url, '{ me { email } }', {}, apiToken))).toEqual({ sessions: 0, apiTokens: 1 });
    expect(await lookupsOf(() => gql(app.url, '{ me { email } }'))).toEqual({ sessions: 0, apiTokens: 0 });
  });

  it('REST: one for a GET running several operations, one for a body, none for an API token refused there', async () => {
    // The notification list runs `me`, then pages of notifications: each used to look the session up again.
    const list = await lookupsOf(async () =>
      expect((await rest(app.url, 'GET', '/api/v1/notification', { token: bailiff })).status).toBe(200),
    );
    expect(list).toEqual({ sessions: 1, apiTokens: 0 });
    const post = await lookupsOf(async () =>
      expect((await rest(app.url, 'POST', '/api/v1/billing/get-next-bill-number', { json: {}, token: admin })).status).toBe(200),
    );
    expect(post).toEqual({ sessions: 1, apiTokens: 0 });
    const refused = await lookupsOf(async () =>
      expect((await rest(app.url, 'GET', '/api/v1/users/me', { token: apiToken })).status).toBe(401),
    );
    expect(refused).toEqual({ sessions: 0, apiTokens: 0 });
  });

  it('the CSV export: one', async () => {
    const csv = await lookupsOf(async () =>
      expect((await rest(app.url, 'GET', '/api/v1/exports/reports.csv?list=reports', { token: admin })).status).toBe(200),
    );
    expect(csv).toEqual({ sessions: 1, apiTokens: 0 });
  });

  it('an upload: one; its signed file link: none, even with a session header', async () => {
    let reportId = 0;
    const upload = await lookupsOf(async () => {
      const result = await gqlUpload(
        app.url,
        'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
        { input: { name: 'Étape unique', files: [null] } },
        [{ path: 'input.files.0', name: 'a.pdf', content: samplePdf('a') }],
        bailiff,
      );
      expect(result.errors).toBeUndefined();
      reportId = result.data!.createReport.report.databaseId;
    });
    expect(upload).toEqual({ sessions: 1, apiTokens: 0 });
    const files = await gql(
      app.url,
      'query($id: ID!) { node(id: $id) { ... on Report { deposited { files { downloadUrl } } } } }',
      { id: encodeGlobalID('Report', reportId) },
      bailiff,
    );
    const link: string = files.data!.node.deposited.files[0].downloadUrl;
    const download = await lookupsOf(async () =>
      expect((await fetch(app.url + link, { headers: { authorization: `Bearer ${bailiff}` } })).status).toBe(200),
    );
    expect(download).toEqual({ sessions: 0, apiTokens: 0 });
  });

  it('a socket: one at connection_init, then one per subscription', async () => {
    app.queries.length = 0;
    const client = wsClient(app.url, bailiff, { lazy: false, onNonLazyError: () => {} });
    try {
      await new Promise<void>((resolve) => client.on('connected', () => resolve()));
      expect(lookups()).toEqual({ sessions: 1, apiTokens: 0 });
      const subscribed = () =>
        new Promise<void>((resolve) => {
          client.subscribe(
            { query: 'subscription { notificationAdded { kind } }' },
            { next: () => {}, error: () => {}, complete: () => {} },
          );
          setTimeout(resolve, 300);
        });
      await subscribed();
      await subscribed();
      expect(lookups()).toEqual({ sessions: 3, apiTokens: 0 });
    } finally {
      await client.dispose();
    }
  });

  // Issue 37 item 4: a token now opens live connections (it was refused with 4403 before).
  it('an API token on a socket: one lookup at connection_init, then one per subscription', async () => {
    app.queries.length = 0;
    const client = wsClient(app.url, apiToken, { lazy: false, onNonLazyError: () => {} });
    try {
      await new Promise<void>((resolve) => client.on('connected', () => resolve()));
      expect(lookups()).toEqual({ sessions: 0, apiTokens: 1 });
      const listening = serverListening(app, 'reportChanged');
      client.subscribe({ query: 'subscription { reportChanged { reportId } }' }, { next: () => {}, error: () => {}, complete: () => {} });
      await listening;
      expect(lookups()).toEqual({ sessions: 0, apiTokens: 2 });
    } finally {
      await client.dispose();
    }
  });
});

/** A request with raw header pairs (Node then adds none, not even Host): fetch() cannot send one header twice. */
function rawRequest(method: string, path: string, headers: string[][], query?: string): Promise<{ status: number; body: any }> {
  const body = query === undefined ? '' : JSON.stringify({ query });
  const framing = body
    ? [
        ['content-type', 'application/json'],
        ['content-length', String(Buffer.byteLength(body))],
      ]
    : [];
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}${path}`, {
      method,
      headers: [['host', new URL(app.url).host], ...headers, ...framing].flat(),
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode!, body: JSON.parse(text) });
        } catch {
          reject(new Error(`${response.statusCode}: ${text}`));
        }
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
const rawPost = (headers: string[][], query: string) => rawRequest('POST', '/graphql', headers, query);

// Issue 37 item 9: an admin trying a token in GraphiQL must see the token's answers, never his session's.
describe('a pasted API token and the session: the token alone decides', () => {
  const ME = '{ me { email role } reports(first: 1) { totalCount } }';
  let bailiffToken: string;
  beforeAll(async () => {
    const created = await gql(
      app.url,
      'mutation { createApiToken(input: { name: "Essai", scopes: [REPORTS, ACCOUNTS] }) { token } }',
      {},
      bailiff,
    );
    bailiffToken = created.data!.createApiToken.token;
  });

  it('a session in a cookie beside another user’s token: the token’s viewer and scopes', async () => {
    const answer = await rawPost(
      [
        ['cookie', `token=${admin}`],
        ['authorization', `Bearer ${bailiffToken}`],
      ],
      ME,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.me).toEqual({ email: demo.bailiff.email, role: 'BAILIFF' });
    // His constats only, and the budget a token is told (a session's answer has none).
    const asAdmin = await gql(app.url, ME, {}, admin);
    expect(answer.body.data.reports.totalCount).toBeLessThan(asAdmin.data!.reports.totalCount);
    expect(answer.body.extensions.cost).toHaveProperty('remaining');
  });

  it('a session in a cookie beside an invalid token: 401, not the session', async () => {
    const answer = await rawPost(
      [
        ['cookie', `token=${admin}`],
        ['authorization', `Bearer cst_${'A'.repeat(43)}`],
      ],
      ME,
    );
    expect(answer.status).toBe(401);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors[0]).toMatchObject({ message: 'Jeton d’API invalide, révoqué ou expiré.' });
  });

  it('a session header and a token header in one request: 401 whichever comes first, without a lookup', async () => {
    const invalid = `cst_${'A'.repeat(43)}`;
    for (const pair of [
      [admin, bailiffToken],
      [bailiffToken, admin],
      [admin, invalid],
      [admin, bailiff],
    ]) {
      app.queries.length = 0;
      const answer = await rawPost(
        pair.map((token) => ['Authorization', `Bearer ${token}`]),
        ME,
      );
      expect(answer).toEqual({
        status: 401,
        body: { errors: [{ message: severalCredentialsMessage, extensions: { code: 'UNAUTHENTICATED' } }] },
      });
      expect(lookups()).toEqual({ sessions: 0, apiTokens: 0 });
    }
    const legacy = await rawRequest('GET', '/api/v1/notification', [
      ['authorization', `Bearer ${admin}`],
      ['authorization', `Bearer ${bailiff}`],
    ]);
    expect(legacy).toEqual({ status: 401, body: { code: 401, message: severalCredentialsMessage } });
  });
});

describe('over its address’s connection cap', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await startTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: '2' } });
  });
  afterAll(async () => {
    await capped?.stop();
  });

  const connect = (localAddress: string) =>
    new Promise<net.Socket>((resolve, reject) => {
      const { hostname, port } = new URL(capped.url);
      const socket = net.connect({ host: hostname, port: Number(port), localAddress }, () => resolve(socket));
      socket.once('error', reject);
    });

  it('the session that lets a request past the cap is the one it runs with: looked up once', async () => {
    const token = await loginToken(capped.url, demo.secretary.email, demo.secretary.password);
    const idle = [await connect('127.0.0.7'), await connect('127.0.0.7')];
    try {
      const over = await connect('127.0.0.7');
      capped.queries.length = 0;
      const path = `/graphql?query=${encodeURIComponent('{ me { email } }')}`;
      const status = await new Promise<string>((resolve, reject) => {
        over.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0]));
        over.once('error', reject);
        over.write(
          `GET ${path} HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
        );
      });
      expect(status).toBe('HTTP/1.1 200 OK');
      expect(lookups(capped)).toEqual({ sessions: 1, apiTokens: 0 });
      over.destroy();
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });
});
