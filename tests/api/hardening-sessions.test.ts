// Issue 16, class 3: revoking a session closes its open graphql-ws sockets within a second (the
// two-instance case through Redis is in redis-events.test.ts).
import type { Client } from 'graphql-ws';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, findLink, gql, loginToken, rest, waitForMail } from '../support/http.js';
import { closedWithin, disposeAll, type LiveSocket, openLiveSocket } from '../support/ws.js';
import { liveSubscriptions, waitFor, type LiveSubscriptions } from '../support/wait.js';

const FORBIDDEN_CLOSE = 4403;

let app: TestApp;
let adminToken: string;
let live: LiveSubscriptions;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  live = liveSubscriptions(app);
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await disposeAll(clients);
  await app?.stop();
});

async function open(token: string, query?: string): Promise<LiveSocket> {
  const socket = await openLiveSocket(app.url, token, query);
  clients.push(socket.client);
  return socket;
}

/** A fresh active bailiff created by the admin, and a session of his. */
async function newBailiff(name: string): Promise<{ id: string; email: string; token: string }> {
  const email = `${name}@etude.fr`;
  const group = await app.services.db.group.findFirstOrThrow();
  const created = await gql(
    app.url,
    'mutation($input: CreateAccountInput!) { createAccount(input: $input) { user { id } } }',
    {
      input: {
        role: 'BAILIFF',
        civility: 'MAITRE',
        firstName: 'Paul',
        lastName: name,
        telephone: '0612345678',
        identity: name,
        email,
        password: 'Constat#2026',
        passwordConfirmation: 'Constat#2026',
        groupId: encodeGlobalID('Group', group.id),
      },
    },
    adminToken,
  );
  expect(created.errors).toBeUndefined();
  return { id: created.data!.createAccount.user.id, email, token: await loginToken(app.url, email, 'Constat#2026') };
}

describe('a revoked session loses its live sockets within a second', () => {
  it('logout closes the socket of that session (4403) and leaves the user’s other sessions open', async () => {
    const bailiff = await newBailiff('deconnexion');
    const other = await loginToken(app.url, bailiff.email, 'Constat#2026');
    const [revoked, kept] = [await open(bailiff.token), await open(other)];

    expect((await gql(app.url, 'mutation { logout }', {}, bailiff.token)).errors).toBeUndefined();
    expect(await closedWithin(revoked, 1000)).toBe(FORBIDDEN_CLOSE);
    expect(await closedWithin(kept, 300)).toBe('open');
  });

  it('the legacy GET /admin/logout closes it too, and a reportChanged feed stops with it', async () => {
    const token = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    const socket = await open(token, 'subscription { reportChanged { reportId report { name } } }');
    expect((await rest(app.url, 'GET', '/admin/logout', { token })).status).toBe(204);
    expect(await closedWithin(socket, 1000)).toBe(FORBIDDEN_CLOSE);
  });

  it('a password reset closes every socket of the account', async () => {
    const bailiff = await newBailiff('reinitialisation');
    const sockets = [await open(bailiff.token), await open(await loginToken(app.url, bailiff.email, 'Constat#2026'))];
    await rest(app.url, 'POST', '/api/v1/auth/forgot-password', { form: { email: bailiff.email } });
    const mail = await waitForMail(
      app.outboxDir,
      (m) => (m.to as any).text.includes(bailiff.email) && !!m.subject?.includes('mot de passe'),
    );
    const token = new URL(findLink(mail, '/reset-password?token=')).searchParams.get('token')!;

    const reset = await rest(app.url, 'POST', `/api/v1/auth/reset-password?token=${encodeURIComponent(token)}`, {
      json: { password: 'Nouveau#2026' },
    });
    expect(reset.status).toBe(200);
    expect(await Promise.all(sockets.map((socket) => closedWithin(socket, 1000)))).toEqual([FORBIDDEN_CLOSE, FORBIDDEN_CLOSE]);
  });

  it('a password changed by an admin closes the account’s sockets', async () => {
    const bailiff = await newBailiff('changement');
    const socket = await open(bailiff.token);
    const changed = await gql(
      app.url,
      'mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { message } }',
      { input: { id: bailiff.id, password: 'Change#2026', passwordConfirmation: 'Change#2026' } },
      adminToken,
    );
    expect(changed.errors).toBeUndefined();
    expect(await closedWithin(socket, 1000)).toBe(FORBIDDEN_CLOSE);
  });

  it('disabling the account closes its sockets', async () => {
    const bailiff = await newBailiff('desactivation');
    const socket = await open(bailiff.token);
    const disabled = await gql(
      app.url,
      'mutation($input: SetAccountActiveInput!) { setAccountActive(input: $input) { message } }',
      { input: { id: bailiff.id, active: false } },
      adminToken,
    );
    expect(disabled.errors).toBeUndefined();
    expect(await closedWithin(socket, 1000)).toBe(FORBIDDEN_CLOSE);
  });

  it('a session reaching its expiry closes its socket within a second', async () => {
    const bailiff = await newBailiff('expiration');
    const session = await app.services.db.session.findFirstOrThrow({ where: { user: { email: bailiff.email } }, orderBy: { id: 'desc' } });
    await app.services.db.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() + 1500) } });
    const socket = await open(bailiff.token);
    expect(await closedWithin(socket, 200)).toBe('open');
    expect(await closedWithin(socket, 2500)).toBe(FORBIDDEN_CLOSE);
  });

  it('a socket left open receives nothing after the logout, although events keep coming', async () => {
    const db = app.services.db;
    const bailiffUser = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    const report = await db.report.create({ data: { name: 'Constat après déconnexion', bailiffId: bailiffUser.id } });
    const channel = `reportChanged:${bailiffUser.id}` as const;
    const listeningBefore = live.open(channel);
    const query = 'subscription { reportChanged { reportId report { name } } }';
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const started = live.whenStarted(channel);
    const socket = await open(token, query);
    await started;
    await gql(app.url, 'mutation { logout }', {}, token);
    await closedWithin(socket, 1000);
    // The server no longer listens for that socket's subscription...
    await waitFor(() => live.open(channel) === listeningBefore, { what: 'the logged-out subscription to end on the server' });
    // ...while another session of the bailiff's does: once it has the event, it was sent.
    const witnessStarted = live.whenStarted(channel);
    const witness = await open(await loginToken(app.url, demo.bailiff.email, demo.bailiff.password), query);
    await witnessStarted;

    const comment = await gql(
      app.url,
      'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }',
      { input: { reportId: encodeGlobalID('Report', report.id), body: 'Vu ?', receiver: 'BAILIFF' } },
      adminToken,
    );
    expect(comment.errors).toBeUndefined();
    await waitFor(() => witness.events.length > 0, { what: "the event on the bailiff's other session" });
    expect(witness.events).toEqual([
      { data: { reportChanged: { reportId: encodeGlobalID('Report', report.id), report: { name: 'Constat après déconnexion' } } } },
    ]);
    expect(socket.events).toEqual([]);
  });
});
