import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';

// Issue 16 class 11: production-safe defaults and security headers.

const INTROSPECTION = '{ __schema { queryType { name } } }';
const MISTYPED = '{ me { id } loginA }';

describe('a server started without NODE_ENV is closed like production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ seed: true, env: { NODE_ENV: '' } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('keeps the demo data npm start promises, but no introspection, suggestions or GraphiQL for anonymous visitors', async () => {
    expect(app.services.config.nodeEnv).toBe('development');
    await expect(loginToken(app.url, demo.admin.email, demo.admin.password)).resolves.toEqual(expect.any(String));
    expect((await gql(app.url, INTROSPECTION)).errors?.[0].message).toMatch(/introspection/i);
    expect(JSON.stringify((await gql(app.url, '{ loginA }')).errors)).not.toMatch(/Did you mean/);
    // A browser is sent to the app's own GraphiQL screen, which the web app shows to admins only.
    const page = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/dashboard/graphiql');
  });
});

describe('production', () => {
  let app: TestApp;
  let admin: string;
  let bailiff: string;
  beforeAll(async () => {
    // Production never seeds demo data: the demo office cloned into its database is this test's fixture.
    app = await startTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://extranet.exemple.fr', CORS_ORIGINS: 'https://partenaire.exemple.fr' },
    });
    [admin, bailiff] = await Promise.all([
      loginToken(app.url, demo.admin.email, demo.admin.password),
      loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    ]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('field suggestions do not leak names (admins read the schema itself)', async () => {
    const anonymous = await gql(app.url, '{ loginA }');
    expect(anonymous.errors?.[0]).toMatchObject({
      message: 'Champ « loginA » inconnu sur le type « Query ».',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', detail: 'Cannot query field "loginA" on type "Query".' },
    });
    const signedIn = await gql(app.url, 'mutation { loginAz(input: {}) { token } }', {}, bailiff);
    expect(JSON.stringify(signedIn.errors)).not.toMatch(/Did you mean/);
    const enumValue = await gql(
      app.url,
      'query($s: [ReportStatus!]) { reports(first: 1, filter: { statuses: $s }) { totalCount } }',
      { s: ['ECC'] },
      bailiff,
    );
    expect(enumValue.errors?.[0].message).toBeDefined();
    expect(JSON.stringify(enumValue.errors)).not.toMatch(/Did you mean/);
    const forAdmin = await gql(app.url, MISTYPED, {}, admin);
    expect(forAdmin.errors?.[0]).toMatchObject({
      message: 'Champ « loginA » inconnu sur le type « Query ».',
      extensions: { detail: 'Cannot query field "loginA" on type "Query".' },
    });
  });

  it('introspection only for admins', async () => {
    const refused = await gql(app.url, INTROSPECTION, {}, bailiff);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: 'L’introspection du schéma est réservée aux administrateurs.',
        extensions: expect.objectContaining({ code: 'FORBIDDEN' }),
      }),
    ]);
    expect(refused.data).toBeUndefined();
    expect((await gql(app.url, INTROSPECTION, {}, admin)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it("no GraphiQL page loading from a CDN is served, to anyone: browsers go to the app's own (issue 17)", async () => {
    for (const token of [undefined, bailiff, admin]) {
      const page = await fetch(`${app.url}/graphql`, {
        headers: { accept: 'text/html', ...(token && { authorization: `Bearer ${token}` }) },
        redirect: 'manual',
      });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe('/dashboard/graphiql');
      expect(await page.text()).toBe('');
    }
    // GraphQL clients asking for JSON by GET are answered as before.
    const query = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'application/json' },
    });
    expect(await query.json()).toMatchObject({ data: { __typename: 'Query' } });
  });

  it('the web page carries a CSP without inline script, no framing and no referrer', async () => {
    const response = await fetch(`${app.url}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('API answers are never stored, on every path', async () => {
    for (const route of [
      '/graphql?query=%7Bme%7Bid%7D%7D',
      '/api/v1/auth/session',
      '/admin/me',
      '/meta.json',
      '/files/nothing',
      '/api/v1/nothing',
    ]) {
      const response = await rest(app.url, 'GET', route, { token: admin });
      expect([route, response.headers.get('cache-control')]).toEqual([route, 'no-store']);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('stored files answer under a sandbox policy (nothing runs or loads, framed by our pages only), refusals too', async () => {
    // Before: `/files` answers carried `frame-ancestors 'self'` alone, whatever the file held.
    const stored = await app.services.db.reportFile.findMany({ select: { storageKey: true, originalName: true } });
    const pdf = stored.find((file) => file.storageKey.endsWith('.pdf'))!;
    const text = stored.find((file) => file.storageKey.endsWith('.txt'));
    const link = (file: { storageKey: string; originalName: string }) =>
      `${app.url}${app.services.files.file(file.storageKey, file.originalName)}`;
    const answers: [string, string, number][] = [
      [link(pdf), 'GET', 200],
      [link(pdf), 'HEAD', 200],
      ...(text ? ([[link(text), 'GET', 200]] as [string, string, number][]) : []),
      [`${link(pdf)}x`, 'GET', 403],
      [`${app.url}/files/nothing`, 'GET', 403],
    ];
    for (const [url, method, status] of answers) {
      const response = await fetch(url, { method });
      expect(response.status).toBe(status);
      const policy = (response.headers.get('content-security-policy') ?? '').split(/;\s*/);
      expect(policy).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'", "frame-ancestors 'self'"]));
      // No token that would let a file's content run script or act as our origin.
      expect(policy.join(';')).not.toMatch(/allow-scripts|allow-same-origin|script-src|unsafe-eval/);
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // The app's own pages keep theirs (they frame the files: same-origin frames allowed).
    expect((await fetch(`${app.url}/`)).headers.get('content-security-policy')).toContain("frame-src 'self' blob:");
  });

  it('CORS: a foreign origin is not reflected; a configured one is, without credentials', async () => {
    const foreign = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${app.url}/api/v1/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const partner = await fetch(`${app.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://partenaire.exemple.fr', 'access-control-request-method': 'POST' },
    });
    expect(partner.status).toBe(204);
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partenaire.exemple.fr');
    expect(partner.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('development, when named', () => {
  it('keeps introspection for everyone, no HSTS over http', async () => {
    const app = await startTestApp({ seed: false, env: { NODE_ENV: 'development' } });
    try {
      expect((await gql(app.url, INTROSPECTION)).data).toBeDefined();
      const page = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toMatch(/unpkg|cdn/i);
      expect(page.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await app.stop();
    }
  });
});
