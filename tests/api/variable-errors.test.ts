// A variable the client sent wrong (an invalid date, text for a number, a required value missing) is the client's mistake: the answer names the variable, in French, with the code
// BAD_USER_INPUT, and nothing runs.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken } from '../support/http.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

async function post(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors: { message: string; extensions?: { code?: string; detail?: string } }[] },
  };
}

const CREATE_TOKEN = 'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }';

it('an invalid date is BAD_USER_INPUT, in French, naming the variable, and creates nothing', async () => {
  const before = await app.services.db.apiToken.count();
  const { status, body } = await post(CREATE_TOKEN, { input: { name: 'Export', expiresAt: 'demain midi' } });
  expect(status).toBe(400);
  expect(body.data).toBeUndefined();
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(body.errors[0].message).toBe('Variable « $input » : date invalide (format ISO 8601 attendu, par exemple 2026-11-29T10:00:00Z).');
  expect(await app.services.db.apiToken.count()).toBe(before);
});

it('text for a number, or a missing required field, is BAD_USER_INPUT in French naming the variable', async () => {
  const wrongType = await post('query($count: Int!) { reports(first: $count) { totalCount } }', { count: 'dix' });
  expect(wrongType.status).toBe(400);
  expect(wrongType.body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(wrongType.body.errors[0].message).toBe('Variable « $count » : valeur invalide pour le type déclaré (voir extensions.detail).');
  expect(wrongType.body.errors[0].extensions?.detail).toContain('Int cannot represent');
  const missing = await post(CREATE_TOKEN, { input: {} });
  expect(missing.body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(missing.body.errors[0].message).toMatch(/^Variable « \$input » : valeur invalide/);
  const absent = await post(CREATE_TOKEN, {});
  expect(absent.body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(absent.body.errors[0].message).toBe('Variable « $input » : valeur obligatoire manquante.');
});

it('a hostile value is not echoed whole: the message stays short', async () => {
  const { body } = await post(CREATE_TOKEN, { input: { name: 'x', expiresAt: 'é'.repeat(100_000) } });
  expect(body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(body.errors[0].message.length).toBeLessThan(400);
});
