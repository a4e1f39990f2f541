// Slow and numerous clients: a request trickling in is cut, an upload must keep a minimum rate,
// a refused body is drained (bounded) so that its client reads the answer, and one address holds
// a bounded number of connections without a session.
import type net from 'node:net';
import { startTestApp, type TestApp } from '../support/app.js';
import { leftoversOf, settledLeftovers, type Leftovers } from '../support/files.js';
import { demo, loginToken, rest } from '../support/http.js';
import { multipart } from '../support/raw-http.js';
import { connect, head, padded, sendWholeThenRead, trickle } from '../support/slow-client.js';
import { samplePdf } from '../support/upload.js';
import WebSocket from 'ws';

const TOO_SLOW = 'Requête trop lente : la connexion a été fermée.';
const NOT_SIGNED_IN = 'Veuillez vous connecter.';
const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { message } }';
const MB = 1024 * 1024;

let app: TestApp;
let bailiff = '';
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
const opened: net.Socket[] = [];

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  // Short limits so that each rule shows within seconds.
  app = await startTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '2', UPLOAD_RATE_WINDOW_SECONDS: '1', UPLOAD_MIN_KB: '1' } });
  bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
});

afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy();
});

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await app?.stop();
});

async function open(url = app.url, localAddress?: string): Promise<net.Socket> {
  const socket = await connect(url, localAddress);
  opened.push(socket);
  return socket;
}

const leftovers = () => leftoversOf(app);

/** Waits for the server to settle what a cut request left, then checks nothing remains. */
async function expectNothingLeft(before: Leftovers): Promise<void> {
  expect(await settledLeftovers(app, before)).toEqual(before);
  expect((await rest(app.url, 'GET', '/meta.json')).status).toBe(200);
  expect(rejections).toEqual([]);
}

/** A legacy report/create form with one PDF of `size` bytes. */
function reportForm(size: number) {
  return multipart([
    { name: 'name', content: 'Constat lent' },
    { name: 'deposited_items[]', filename: 'acte.pdf', content: Buffer.concat([samplePdf(), Buffer.alloc(size, 0x20)]) },
  ]);
}

/** A GraphQL multipart createReport with one PDF of `size` bytes. */
function graphqlForm(size: number) {
  return multipart([
    { name: 'operations', content: JSON.stringify({ query: CREATE, variables: { input: { name: 'Constat lent', files: [null] } } }) },
    { name: 'map', content: JSON.stringify({ 0: ['variables.input.files.0'] }) },
    { name: '0', filename: 'acte.pdf', content: Buffer.concat([samplePdf(), Buffer.alloc(size, 0x20)]) },
  ]);
}

describe('slow requests are cut (REQUEST_TIMEOUT_SECONDS=2)', () => {
  // Before: `requestTimeout = 0` kept such a request open for ever; 12 s stands for "for ever".
  const giveUpMs = 12_000;

  it.each([
    ['/api/v1/auth/login', false],
    ['/graphql', false],
    ['/api/v1/report/set_archive', true],
  ])('a JSON body to %s trickling one byte a second: 408 in French, closed within the timeout', async (route, signedIn) => {
    const body = Buffer.from(JSON.stringify({ email: demo.admin.email, password: demo.admin.password, query: '{ __typename }' }));
    const headers = {
      'content-type': 'application/json',
      'content-length': body.length,
      ...(signedIn && { authorization: `Bearer ${bailiff}` }),
    };
    const answer = await trickle(await open(), head('POST', route, headers), body, { step: 1, everyMs: 1000, giveUpMs });
    expect(answer.error).not.toBe('GAVE_UP');
    // 2 s, Node's check interval and a busy machine: well under the 12 s of "never".
    expect(answer.elapsedMs).toBeLessThan(8000);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(1900);
    expect(answer).toMatchObject({ status: 408, body: { code: 408, message: TOO_SLOW } });
    expect(answer.sent).toBeLessThan(body.length);
  });

  it('headers trickling one byte a second: closed within the timeout', async () => {
    const headers = Buffer.from(`POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(100)}\r\n\r\n`);
    const socket = await open();
    const answer = await trickle(socket, Buffer.alloc(0), headers, { step: 1, everyMs: 1000, giveUpMs });
    expect(answer.error).not.toBe('GAVE_UP');
    expect(answer.elapsedMs).toBeLessThan(8000);
  });

  it('a request that arrives in time is answered as before, and so is a prompt one on the same connection', async () => {
    const login = await rest(app.url, 'POST', '/api/v1/auth/login', { json: { email: demo.admin.email, password: demo.admin.password } });
    expect(login.status).toBe(200);
    expect(rejections).toEqual([]);
  });
});

describe('uploads may take long but must keep a minimum rate (1 KB a second here)', () => {
  const giveUpMs = 12_000;

  it.each([
    ['REST report/create', '/api/v1/report/create', reportForm],
    ['GraphQL createReport', '/graphql', graphqlForm],
  ])('%s sent at 300 bytes a second is cut, and leaves no spooled part, file or row', async (_name, route, form) => {
    const before = await leftovers();
    const { body, contentType } = form(64 * 1024);
    const headers = { authorization: `Bearer ${bailiff}`, 'content-type': contentType, 'content-length': body.length };
    const socket = await open();
    // The form's fields and the file's first bytes at once, then the file trickles.
    socket.write(head('POST', route, headers));
    socket.write(body.subarray(0, 1024));
    const answer = await trickle(socket, Buffer.alloc(0), body.subarray(1024), { step: 100, everyMs: 333, giveUpMs });
    expect(answer.error).not.toBe('GAVE_UP');
    // Cut at the first or second one-second window: far from the 12 s of "never".
    expect(answer.elapsedMs).toBeLessThan(8000);
    expect(answer.sent).toBeLessThan(body.length - 1024);
    await expectNothingLeft(before);
  });

  it('a normal upload still works, and so does a slow one above the rate that outlasts the short timeout', async () => {
    const fast = reportForm(1024 * 1024);
    const quick = await fetch(`${app.url}/api/v1/report/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bailiff}`, 'content-type': fast.contentType },
      body: new Uint8Array(fast.body),
    });
    expect(quick.status).toBe(201);
    // 64 KB at 16 KB a second: 4 s, twice the timeout of a plain request, and above the minimum rate.
    const { body, contentType } = reportForm(60 * 1024);
    const headers = { authorization: `Bearer ${bailiff}`, 'content-type': contentType, 'content-length': body.length };
    const answer = await trickle(await open(), head('POST', '/api/v1/report/create', headers), body, {
      step: 4096,
      everyMs: 250,
      giveUpMs: 30_000,
    });
    expect(answer.elapsedMs).toBeGreaterThan(2500);
    expect(answer).toMatchObject({ status: 201, body: { message: 'Constat créé avec succès' } });
  });
});

describe('a body refused before it is read: the client reads the answer, the server reads a bounded amount', () => {
  const image = (size: number) =>
    multipart([{ name: 'profile', filename: 'photo.png', content: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.alloc(size)]) }]);

  it('fetch (undici) sending 6 MB of FormData to users/image without a session, or with an expired one: the 401 in French', async () => {
    for (const authorization of [undefined, 'Bearer expired-or-revoked-session']) {
      const form = new FormData();
      form.append('profile', new Blob([Buffer.alloc(6 * MB)], { type: 'image/png' }), 'photo.png');
      const response = await fetch(`${app.url}/api/v1/users/image`, {
        method: 'POST',
        body: form,
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 401, message: NOT_SIGNED_IN });
    }
  });

  it.each([
    ['REST users/image', '/api/v1/users/image', { code: 401, message: NOT_SIGNED_IN }],
    ['REST report/create', '/api/v1/report/create', { code: 401, message: NOT_SIGNED_IN }],
    ['GraphQL upload', '/graphql', { errors: [{ message: NOT_SIGNED_IN, extensions: { code: 'UNAUTHENTICATED' } }] }],
  ])(
    '%s: a client that sends its whole 6 MB body before reading (as browsers do) gets the 401, not a reset',
    async (_name, route, expected) => {
      const before = await leftovers();
      const { body, contentType } = image(6 * MB);
      const headers = { authorization: 'Bearer expired-session', 'content-type': contentType, 'content-length': body.length };
      const answer = await sendWholeThenRead(await open(), head('POST', route, headers), body);
      // Before: the server closed at once with the body unread; the client's next write failed
      // (EPIPE / ECONNRESET) and it never read the answer.
      expect(answer).toMatchObject({ status: 401, body: expected, ending: 'end' });
      expect(answer.headers.connection).toBe('close');
      expect(answer.sent).toBe(body.length);
      await expectNothingLeft(before);
    },
  );

  it('a client that goes on sending 200 MB: the server reads at most DRAIN_REFUSED_BODY_MB (8) and a socket buffer more, then closes', async () => {
    const total = 200 * MB;
    const { contentType } = image(0);
    const headers = { 'content-type': contentType, 'content-length': total };
    const started = Date.now();
    const answer = await sendWholeThenRead(
      await open(),
      head('POST', '/api/v1/users/image', headers),
      padded(Buffer.from(`--x\r\nContent-Disposition: form-data; name="profile"; filename="a.png"\r\n\r\n`), total),
    );
    expect(answer.ending).toBe('error');
    // The socket buffers of loopback hold a few MB on each side: far below the 200 MB sent.
    expect(answer.sent).toBeLessThan(40 * MB);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await rest(app.url, 'GET', '/meta.json')).status).toBe(200);
  });
});

describe('connections without a session per address (MAX_CONNECTIONS_PER_ADDRESS=10)', () => {
  let capped: TestApp;
  let token = '';
  beforeAll(async () => {
    capped = await startTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: '10' } });
    token = await loginToken(capped.url, demo.secretary.email, demo.secretary.password);
  });
  afterAll(async () => {
    await capped?.stop();
  });

  const get = async (socket: net.Socket, route: string, headers: Record<string, string> = {}) =>
    sendWholeThenRead(socket, head('GET', route, { connection: 'close', ...headers }), Buffer.alloc(0));

  it('10 idle connections from 127.0.0.3: the 11th is refused with a French 429, a signed-in request and another address still work', async () => {
    for (let i = 0; i < 10; i++) await open(capped.url, '127.0.0.3');
    const refused = await get(await open(capped.url, '127.0.0.3'), '/meta.json');
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 429, message: 'Trop de connexions simultanées depuis votre adresse. Réessayez dans quelques instants.' },
    });
    // Over the cap, a connection whose request carries a session is served.
    const signedIn = await get(await open(capped.url, '127.0.0.3'), `/graphql?query=${encodeURIComponent('{ me { email } }')}`, {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    });
    expect(signedIn.status).toBe(200);
    // Another address is not concerned.
    expect((await get(await open(capped.url, '127.0.0.4'), '/meta.json')).status).toBe(200);
    expect((await rest(capped.url, 'GET', '/meta.json')).status).toBe(200);
    // An idle connection over the cap is closed after a short grace.
    const idle = await open(capped.url, '127.0.0.3');
    const closed = await new Promise<number>((resolve) => {
      const started = Date.now();
      idle.on('error', () => {});
      // Read, so that the end of the stream (and its close) is seen.
      idle.resume();
      idle.on('close', () => resolve(Date.now() - started));
    });
    expect(closed).toBeGreaterThanOrEqual(4000);
    expect(closed).toBeLessThan(15_000);
    // Once the crowd leaves, the address is served again.
    for (const socket of opened.splice(0)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get(await open(capped.url, '127.0.0.3'), '/meta.json')).status).toBe(200);
  }, 60_000);

  /** Sends one keep-alive request and resolves with the status line of its answer, the connection left open. */
  const statusOf = (socket: net.Socket, request: Buffer) =>
    new Promise<string>((resolve, reject) => {
      socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0]));
      socket.once('error', reject);
      socket.write(request);
    });

  it('connections that showed a session (a signed-in request, an authenticated socket) leave the anonymous share whole', async () => {
    const me = head('GET', `/graphql?query=${encodeURIComponent('{ me { email } }')}`, {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    });
    // An office behind one address: six keep-alive connections of signed-in browsers…
    for (let i = 0; i < 6; i++) expect(await statusOf(await open(capped.url, '127.0.0.5'), me)).toBe('HTTP/1.1 200 OK');
    // …and five authenticated live sockets.
    const live: WebSocket[] = [];
    for (let i = 0; i < 5; i++) {
      const socket = new WebSocket(`${capped.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { localAddress: '127.0.0.5' });
      live.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
        socket.once('message', (data: Buffer) =>
          JSON.parse(String(data)).type === 'connection_ack' ? resolve() : reject(new Error(String(data))),
        );
        socket.once('error', reject);
      });
    }
    try {
      // Their sessions are checked without holding the answers up: give the checks a moment.
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Eleven connections are open from that address, yet a newcomer's page loads (anonymous assets).
      expect((await get(await open(capped.url, '127.0.0.5'), '/meta.json')).status).toBe(200);
      // The anonymous share is still bounded: ten idle anonymous connections, and the next is refused.
      for (let i = 0; i < 10; i++) await open(capped.url, '127.0.0.5');
      expect((await get(await open(capped.url, '127.0.0.5'), '/meta.json')).status).toBe(429);
    } finally {
      for (const socket of live) socket.terminate();
    }
  }, 60_000);
});
