// An admin's rights end together: his API tokens and the sessions he opened as others (« Se
// connecter ») go with his password or his active status, sockets included, and no token is
// created « as » someone else or left usable by a creation racing his disabling.
import pg from 'pg';
import type { Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, findLink, gql, loginToken, rest, waitForMail, type GraphQLResponse } from '../support/http.js';
import { closedWithin, disposeAll, type LiveSocket, openLiveSocket } from '../support/ws.js';
import { endRights } from '../../api/src/modules/credentials/rights.js';
import { waitFor } from '../support/wait.js';

const FORBIDDEN_CLOSE = 4403;
const PASSWORD = 'Constat#2026';
const ME = 'query { me { email } }';
const CREATE_TOKEN = 'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }';
const SET_ACTIVE = 'mutation($input: SetAccountActiveInput!) { setAccountActive(input: $input) { message } }';
const LOGIN_AS = 'mutation($input: LoginAsInput!) { loginAs(input: $input) { token } }';

let app: TestApp;
let mainAdmin: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  mainAdmin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await disposeAll(clients);
  await app?.stop();
});

interface Admin {
  id: string;
  email: string;
  token: string;
}

/** A second admin created by the demo one, signed in. */
async function newAdmin(name: string): Promise<Admin> {
  const email = `${name}@etude.fr`;
  const created = await gql(
    app.url,
    'mutation($input: CreateAccountInput!) { createAccount(input: $input) { user { id } } }',
    {
      input: {
        role: 'ADMIN',
        civility: 'MADAME',
        firstName: 'Claire',
        lastName: name,
        telephone: '612345678',
        identity: name,
        email,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
    },
    mainAdmin,
  );
  expect(created.errors).toBeUndefined();
  return { id: created.data!.createAccount.user.id, email, token: await loginToken(app.url, email, PASSWORD) };
}

async function createApiToken(session: string): Promise<string> {
  const result = await gql(app.url, CREATE_TOKEN, { input: { name: 'Tableau de bord', scopes: ['REPORTS'] } }, session);
  expect(result.errors).toBeUndefined();
  return result.data!.createApiToken.token;
}

/** The HTTP status of a read through an API token (200 when it still works, 401 when it is dead). */
async function apiTokenStatus(token: string): Promise<number> {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ reports(first: 1) { totalCount } }' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Whom a session reads as: null once it no longer signs anyone in. */
async function whoAmI(session: string): Promise<string | null> {
  const result = await gql(app.url, ME, {}, session);
  expect(result.errors).toBeUndefined();
  return result.data!.me?.email ?? null;
}

async function loginAs(admin: string, email: string): Promise<string> {
  const result = await gql(app.url, LOGIN_AS, { input: { email } }, admin);
  expect(result.errors).toBeUndefined();
  return result.data!.loginAs.token;
}

async function setActive(id: string, active: boolean): Promise<void> {
  expect((await gql(app.url, SET_ACTIVE, { input: { id, active } }, mainAdmin)).errors).toBeUndefined();
}

async function open(token: string): Promise<LiveSocket> {
  const socket = await openLiveSocket(app.url, token);
  clients.push(socket.client);
  return socket;
}

/** An admin with a working API token and a login-as session as the demo secretary, watched by a socket. */
async function adminWithRights(name: string) {
  const admin = await newAdmin(name);
  const apiToken = await createApiToken(admin.token);
  const impersonation = await loginAs(admin.token, demo.secretary.email);
  const socket = await open(impersonation);
  expect(await apiTokenStatus(apiToken)).toBe(200);
  expect(await whoAmI(impersonation)).toBe(demo.secretary.email);
  return { admin, apiToken, impersonation, socket };
}

describe('an admin’s API tokens and login-as sessions end with his rights', () => {
  it('disabled: his tokens die, his login-as session ends and its socket closes, and enabling him again revives neither', async () => {
    const { admin, apiToken, impersonation, socket } = await adminWithRights('desactivee');
    await setActive(admin.id, false);

    expect(await closedWithin(socket, 1000)).toBe(FORBIDDEN_CLOSE);
    expect(await whoAmI(impersonation)).toBeNull();
    expect(await apiTokenStatus(apiToken)).toBe(401);

    await setActive(admin.id, true);
    expect(await apiTokenStatus(apiToken)).toBe(401);
    expect(await whoAmI(impersonation)).toBeNull();
    expect(await whoAmI(await loginToken(app.url, admin.email, PASSWORD))).toBe(admin.email);
    const revocations = await app.services.db.auditLog.findMany({
      where: { action: 'api_token.revoke', data: { equals: { reason: 'disabled' } } },
    });
    expect(revocations).toHaveLength(1);
  });

  it('password reset: the same, from the e-mailed link', async () => {
    const { admin, apiToken, impersonation, socket } = await adminWithRights('reinitialisee');
    await rest(app.url, 'POST', '/api/v1/auth/forgot-password', { form: { email: admin.email } });
    // The e-mail leaves after the answer; its first rendering loads the templates (slow on a busy machine).
    const mail = await waitForMail(
      app.outboxDir,
      (m) => (m.to as any).text.includes(admin.email) && !!m.subject?.includes('mot de passe'),
      30_000,
    );
    const link = new URL(findLink(mail, '/reset-password?token='));
    const reset = await rest(app.url, 'POST', `/api/v1/auth/reset-password${link.search}`, { json: { password: 'Nouveau#2026' } });
    expect(reset.status).toBe(200);

    expect(await closedWithin(socket, 1000)).toBe(FORBIDDEN_CLOSE);
    expect(await whoAmI(impersonation)).toBeNull();
    expect(await apiTokenStatus(apiToken)).toBe(401);
  });

  it('password changed by the admin himself: the same, while the session he changed it from stays', async () => {
    const { admin, apiToken, impersonation, socket } = await adminWithRights('changee');
    const changed = await gql(
      app.url,
      'mutation($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { message } }',
      { input: { password: 'Nouveau#2026', passwordConfirmation: 'Nouveau#2026', currentPassword: PASSWORD } },
      admin.token,
    );
    expect(changed.errors).toBeUndefined();

    expect(await closedWithin(socket, 1000)).toBe(FORBIDDEN_CLOSE);
    expect(await whoAmI(impersonation)).toBeNull();
    expect(await apiTokenStatus(apiToken)).toBe(401);
    expect(await whoAmI(admin.token)).toBe(admin.email);
    // A token he creates afterwards works.
    expect(await apiTokenStatus(await createApiToken(admin.token))).toBe(200);
  });

  it('an admin who is no longer one: his login-as sessions and tokens stop at once', async () => {
    const { admin, apiToken, impersonation } = await adminWithRights('retrogradee');
    // No screen changes a role: the database is the only way, and the rights must follow it anyway.
    const id = Number(Buffer.from(admin.id, 'base64').toString().split(':')[1]);
    await app.services.db.user.update({ where: { id }, data: { role: 'BAILIFF' } });

    expect(await whoAmI(impersonation)).toBeNull();
    expect(await apiTokenStatus(apiToken)).toBe(401);
  });
});

describe('no token « as » someone else', () => {
  it('a login-as session, even as another admin, cannot create an API token', async () => {
    const other = await newAdmin('imitee');
    const asOther = await loginAs(mainAdmin, other.email);
    const before = await app.services.db.apiToken.count();

    const result = await gql(app.url, CREATE_TOKEN, { input: { name: 'Jeton usurpé', scopes: ['REPORTS'] } }, asOther);
    expect(result.data).toBeNull();
    expect(result.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'IMPERSONATION' });
    expect(result.errors![0].message).toBe(
      'Un jeton d’API ne peut pas être créé pendant une connexion en tant qu’un autre utilisateur : reconnectez-vous avec votre compte.',
    );
    expect(await app.services.db.apiToken.count()).toBe(before);
  });
});

/** Backends of the app's database waiting for a row lock held by another transaction. */
async function waitingOnAdminRow(): Promise<number> {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE%'",
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

describe('a creation racing the admin’s disabling never leaves a usable token or login-as session', () => {
  it('a creation arriving while the disabling is uncommitted waits for its commit, then is refused', async () => {
    const admin = await newAdmin('attente');
    const id = Number(Buffer.from(admin.id, 'base64').toString().split(':')[1]);
    let sent!: Promise<GraphQLResponse[]>;
    let answered = false;
    let answeredWhileUncommitted = true;
    // The disabling's own statements (setAccountStatus's), held uncommitted long enough for both
    // requests to be authenticated as the still-active admin and reach their writes.
    await app.services.db.$transaction(
      async (tx) => {
        await tx.user.update({ where: { id }, data: { status: 'DISABLED' } });
        await endRights(tx, { viewer: null, client: { ip: '127.0.0.1', userAgent: null } }, id, 'disabled');
        sent = Promise.all([
          gql(app.url, CREATE_TOKEN, { input: { name: 'Pendant', scopes: ['REPORTS'] } }, admin.token),
          gql(app.url, LOGIN_AS, { input: { email: demo.bailiff.email } }, admin.token),
        ]);
        void sent.then(() => (answered = true));
        // Held until both requests wait on the admin's row lock (lockActingAdmin's FOR UPDATE), as
        // PostgreSQL itself shows them, or until they answer, which would be the failure.
        await waitFor(async () => answered || (await waitingOnAdminRow()) >= 2, {
          timeout: 20_000,
          what: 'both requests waiting on the row lock',
        });
        answeredWhileUncommitted = answered;
      },
      { timeout: 30_000 },
    );
    const answers = await sent;
    await setActive(admin.id, true);

    expect(answeredWhileUncommitted).toBe(false);
    for (const answer of answers) expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(answer.errors?.[0].extensions?.code);
    expect(await app.services.db.apiToken.count({ where: { userId: id, revokedAt: null } })).toBe(0);
    expect(await app.services.db.session.count({ where: { impersonatorId: id, revokedAt: null } })).toBe(0);
  });

  it('20 rounds of createApiToken and loginAs sent together with setAccountActive(false)', async () => {
    const admin = await newAdmin('course');
    const created: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const session = round === 0 ? admin.token : await loginToken(app.url, admin.email, PASSWORD);
      const [token, impersonation] = await Promise.all([
        gql(app.url, CREATE_TOKEN, { input: { name: `Course ${round}`, scopes: ['REPORTS'] } }, session),
        gql(app.url, LOGIN_AS, { input: { email: demo.bailiff.email } }, session),
        setActive(admin.id, false),
      ]);
      // Each side either was refused or ran before the disabling, which then ended it.
      for (const result of [token, impersonation]) {
        if (result.errors) expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(result.errors[0].extensions!.code);
      }
      if (token.data?.createApiToken) created.push(token.data.createApiToken.token);
      if (impersonation.data?.loginAs) created.push(impersonation.data.loginAs.token);
      await setActive(admin.id, true);
    }
    // Both sides won some rounds on an idle machine; whatever the split, nothing created works now.
    for (const secret of created) {
      if (secret.startsWith('cst_')) expect(await apiTokenStatus(secret)).toBe(401);
      else expect(await whoAmI(secret)).toBeNull();
    }
  });
});
