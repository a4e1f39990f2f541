import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { hashToken } from '../../api/src/modules/auth/tokens.js';

// Issue 17 items 2 and 3: personal API tokens (read-only, /graphql only); their cost budget: api-token-cost.test.ts.

const CREATE = `mutation($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { token apiToken { id name status expiresAt creator { email } } }
}`;
const REVOKE = 'mutation($id: ID!) { revokeApiToken(input: { id: $id }) { apiToken { id status revokedAt } } }';
const LIST = '{ apiTokens(first: 50) { totalCount edges { node { id name status lastUsedAt lastUsedIp expiresAt creator { email } } } } }';
const REPORTS = '{ reports(first: 5) { totalCount edges { node { id } } } }';
const ALL_SCOPES = ['REPORTS', 'BILLING', 'RETROCESSION', 'STATISTICS', 'NEWS', 'NOTIFICATIONS', 'ABSENCES', 'ACCOUNTS'];

let app: TestApp;
let admin: string;
let bailiff: string;

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
  ]);
});

afterAll(async () => {
  await app?.stop();
});

/** POSTs to /graphql with a bearer token; status, headers and parsed body. */
async function post(token: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // an event stream: kept as text
  }
  return { status: response.status, headers: response.headers, body };
}

async function createToken(name: string, expiresAt?: Date): Promise<{ token: string; id: string; expiresAt: string }> {
  const input = { name, scopes: ALL_SCOPES, ...(expiresAt && { expiresAt: expiresAt.toISOString() }) };
  const result = await gql(app.url, CREATE, { input }, admin);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return {
    token: result.data.createApiToken.token,
    id: result.data.createApiToken.apiToken.id,
    expiresAt: result.data.createApiToken.apiToken.expiresAt,
  };
}

const audits = (action: string, entityId: string) => app.services.db.auditLog.count({ where: { action, entity: 'ApiToken', entityId } });

const dbId = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1];

describe('token lifecycle', () => {
  it('creates a prefixed token stored hashed, shown once, expiring in 90 days by default', async () => {
    const before = Date.now();
    const result = await gql(app.url, CREATE, { input: { name: 'Tableau de bord compta', scopes: ALL_SCOPES } }, admin);
    const { token, apiToken } = result.data!.createApiToken;
    expect(token).toMatch(/^cst_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({ name: 'Tableau de bord compta', status: 'ACTIVE', creator: { email: demo.admin.email } });
    const days = (new Date(apiToken.expiresAt).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);
    const row = await app.services.db.apiToken.findUniqueOrThrow({ where: { id: Number(dbId(apiToken.id)) } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(await audits('api_token.create', dbId(apiToken.id))).toBe(1);
    // The list never gives the secret back.
    expect(JSON.stringify((await gql(app.url, '{ apiTokens(first: 50) { edges { node { id name } } } }', {}, admin)).data)).not.toContain(
      token,
    );
  });

  it('reads with its creator’s visibility, is listed with its last use, then revoked answers 401', async () => {
    const { token, id } = await createToken('Script annuel');
    const read = await post(token, REPORTS);
    expect(read.status).toBe(200);
    expect(read.body.errors).toBeUndefined();
    const asAdmin = await gql(app.url, REPORTS, {}, admin);
    expect(read.body.data).toEqual(asAdmin.data);
    expect(read.body.data.reports.totalCount).toBeGreaterThan(0);

    const listed = (await gql(app.url, LIST, {}, admin))
      .data!.apiTokens.edges.map((edge: any) => edge.node)
      .find((node: any) => node.id === id);
    expect(listed).toMatchObject({
      name: 'Script annuel',
      status: 'ACTIVE',
      lastUsedIp: '127.0.0.1',
      creator: { email: demo.admin.email },
    });
    expect(Date.now() - new Date(listed.lastUsedAt).getTime()).toBeLessThan(60_000);
    // Use from a new address is audited once, not on every request from the same address.
    await post(token, REPORTS);
    expect(await audits('api_token.new_address', dbId(id))).toBe(1);

    const revoked = await gql(app.url, REVOKE, { id }, admin);
    expect(revoked.data!.revokeApiToken.apiToken).toMatchObject({ id, status: 'REVOKED', revokedAt: expect.any(String) });
    expect(await audits('api_token.revoke', dbId(id))).toBe(1);
    const refused = await post(token, REPORTS);
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0]).toMatchObject({
      message: 'Jeton d’API invalide, révoqué ou expiré.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('an expired token answers 401', async () => {
    const { token, id } = await createToken('Expire bientôt');
    expect((await post(token, REPORTS)).status).toBe(200);
    await app.services.db.apiToken.update({ where: { id: Number(dbId(id)) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await post(token, REPORTS)).status).toBe(401);
    const listed = (await gql(app.url, LIST, {}, admin)).data!.apiTokens.edges.find((edge: any) => edge.node.id === id);
    expect(listed.node.status).toBe('EXPIRED');
  });

  it('an unknown token of the right shape answers 401 without its body being read', async () => {
    const unknown = 'cst_' + 'A'.repeat(43);
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${unknown}` },
      body: 'not even JSON',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});

describe('read-only, on /graphql only', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await createToken('Lecture seule'));
  });

  it('refuses a mutation with FORBIDDEN in French', async () => {
    const result = await post(token, CREATE, { input: { name: 'Par un jeton', scopes: ['REPORTS'] } });
    expect(result.status).toBe(403);
    expect(result.body.errors[0]).toMatchObject({
      message: 'Un jeton d’API ne permet que la lecture : les mutations sont refusées.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(result.body.data).toBeUndefined();
    expect(await app.services.db.apiToken.count({ where: { name: 'Par un jeton' } })).toBe(0);
  });

  // Subscriptions (graphql-ws and event streams) are open to tokens since issue 37 item 4: token-live.test.ts.

  it('is refused on REST, files and uploads', async () => {
    for (const route of ['/api/v1/news', '/api/v1/reports', '/files/reports/1/x.pdf']) {
      expect({ route, status: (await rest(app.url, 'GET', route, { token })).status }).toEqual({ route, status: 401 });
    }
    expect((await rest(app.url, 'POST', '/api/v1/news', { token, json: { title: 'x' } })).status).toBe(401);
    const upload = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{}\r\n--x--\r\n',
    });
    expect(upload.status).toBe(403);
  });
});

describe('management', () => {
  it('anonymous callers neither create nor list tokens; another role’s revocation of an admin’s token finds nothing', async () => {
    // Issue 37: every signed-in role now creates its own tokens (tests/api/api-token-scopes.test.ts).
    const created = await gql(app.url, CREATE, { input: { name: 'Anonyme', scopes: ['REPORTS'] } });
    expect(created.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(app.url, LIST, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const { id } = await createToken('À révoquer');
    expect((await gql(app.url, REVOKE, { id }, bailiff)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses an expiry in the past or beyond one year', async () => {
    const day = 86_400_000;
    const cases: [Date, string][] = [
      [new Date(Date.now() - 60_000), 'La date d’expiration doit être dans le futur.'],
      [new Date(Date.now() + 367 * day), 'La date d’expiration ne peut pas dépasser un an.'],
      [new Date(Date.now() + 5000 * day), 'La date d’expiration ne peut pas dépasser un an.'],
    ];
    for (const [expiresAt, message] of cases) {
      const result = await gql(
        app.url,
        CREATE,
        { input: { name: 'Dates', expiresAt: expiresAt.toISOString(), scopes: ['REPORTS'] } },
        admin,
      );
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', fields: { expiresAt: message } } });
    }
    const inAYear = await createToken('Un an', new Date(Date.now() + 364 * day));
    expect(inAYear.token).toMatch(/^cst_/);
  });

  it('refuses hostile names: empty, oversized, control and NUL characters', async () => {
    const cases: [string, RegExp][] = [
      ['   ', /Veuillez saisir un nom/],
      ['x'.repeat(101), /ne doit pas dépasser 100 caractères/],
      ['x'.repeat(1_000_000), /Requête trop volumineuse|ne doit pas dépasser/],
      ['bip\u0007', /caractères non autorisés/],
      ['nul\u0000', /caractère nul/],
    ];
    for (const [name, message] of cases) {
      const result = await gql(app.url, CREATE, { input: { name, scopes: ['REPORTS'] } }, admin);
      expect(result.errors?.[0].message).toMatch(message);
    }
    expect(await app.services.db.apiToken.count({ where: { name: { startsWith: 'xxxxxxxxxx' } } })).toBe(0);
  });

  it('concurrent revocations: one succeeds and is audited, the others are told', async () => {
    const { token, id } = await createToken('Course');
    const results = await Promise.all(Array.from({ length: 8 }, () => gql(app.url, REVOKE, { id }, admin)));
    expect(results.filter((result) => result.data?.revokeApiToken)).toHaveLength(1);
    for (const result of results.filter((result) => result.errors)) {
      expect(result.errors![0]).toMatchObject({ message: 'Ce jeton d’API est déjà révoqué.', extensions: { code: 'CONFLICT' } });
    }
    expect(await audits('api_token.revoke', dbId(id))).toBe(1);
    expect((await post(token, REPORTS)).status).toBe(401);
    const missing = await gql(app.url, REVOKE, { id: Buffer.from('ApiToken:999999').toString('base64') }, admin);
    expect(missing.errors?.[0]).toMatchObject({ message: 'Jeton d’API introuvable.', extensions: { code: 'NOT_FOUND' } });
  });
});
