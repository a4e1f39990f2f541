import { API_TOKEN_SCOPES } from '@constats/domain/api-token-scopes';
import { parse } from 'graphql';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken } from '../support/http.js';
import { answeredCost } from '../../api/src/graphql/answered-cost.js';
import { operationCost } from '../../api/src/graphql/cost.js';
import { schema } from '../../api/src/server/schema.js';

// Issue 17 item 3 and issue 37 item 6: an API token's query is charged its requested cost, then given
// back what its answer did not use (`extensions.cost.actual`), the budget told in the body and in the
// RateLimit-* headers; a refused query spends nothing.

const CREATE = 'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }';
const REPORTS = '{ reports(first: 5) { totalCount edges { node { id } } } }';
// 100 rows of a report's figures: 1,000 points, so 50 fit in the default 50,000 a minute.
const HUNDRED =
  '{ reports(first: 100) { edges { node { id name status createdAt updatedAt countPagesProvisional countPhotosProvisional } } } }';
const LIMIT = 50_000;

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

/** POSTs to /graphql with a bearer token; status, headers and parsed body. */
async function post(token: string, query: string, variables: Record<string, unknown> = {}, baseUrl = app.url) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body: any = await response.json();
  return { status: response.status, headers: response.headers, body };
}

async function createToken(name: string): Promise<string> {
  const response = await post(admin, CREATE, { input: { name, scopes: API_TOKEN_SCOPES } });
  if (!response.body.data) throw new Error(JSON.stringify(response.body.errors));
  return response.body.data.createApiToken.token;
}

const requestedOf = (query: string) => operationCost(schema, parse(query), undefined);

/** The RateLimit header fields of an answer, as numbers. */
const rateLimit = (headers: Headers) => ({
  limit: Number(headers.get('ratelimit-limit')),
  remaining: Number(headers.get('ratelimit-remaining')),
  reset: Number(headers.get('ratelimit-reset')),
});

describe('cost of a token’s answers', () => {
  it('every answer carries requested, actual (what it answered), remaining and resetAt, and the same in its headers', async () => {
    const token = await createToken('Coût');
    const requested = requestedOf(REPORTS);
    const first = await post(token, REPORTS);
    const actual = answeredCost(schema, parse(REPORTS), undefined, {}, first.body.data, requested);
    expect(actual).toBeGreaterThan(0);
    expect(first.body.extensions.cost).toEqual({ requested, actual, limit: LIMIT, remaining: LIMIT - actual, resetAt: expect.any(String) });
    const resetIn = new Date(first.body.extensions.cost.resetAt).getTime() - Date.now();
    expect(resetIn).toBeGreaterThan(0);
    expect(resetIn).toBeLessThanOrEqual(60_000);
    const headers = rateLimit(first.headers);
    expect(headers).toEqual({ limit: LIMIT, remaining: LIMIT - actual, reset: expect.any(Number) });
    expect(headers.reset).toBeGreaterThanOrEqual(1);
    expect(headers.reset).toBeLessThanOrEqual(60);

    // Two consecutive answers agree: same limit and window, the second remaining less by its own actual cost.
    const second = await post(token, REPORTS);
    const next = rateLimit(second.headers);
    // The same window (its end is computed from the store's milliseconds left, so within a few of them).
    const windowEnds = [first, second].map((answer) => Date.parse(answer.body.extensions.cost.resetAt));
    expect(Math.abs(windowEnds[1] - windowEnds[0])).toBeLessThan(1000);
    expect(next).toEqual({ limit: LIMIT, remaining: LIMIT - actual - second.body.extensions.cost.actual, reset: expect.any(Number) });
    expect(next.remaining).toBe(second.body.extensions.cost.remaining);
    expect(next.reset).toBeLessThanOrEqual(headers.reset);
  });

  it('a page that held fewer rows than asked is charged the rows it held: the difference is given back', async () => {
    const token = await createToken('Remboursé');
    const query = '{ reports(first: 100, filter: { search: "aucun constat ne porte ce nom" }) { totalCount edges { node { id name } } } }';
    const requested = requestedOf(query);
    const answer = await post(token, query);
    expect(answer.body.data.reports.edges).toEqual([]);
    // The connection, its totalCount and an empty edges list: one row's worth, not a hundred.
    expect(answer.body.extensions.cost).toMatchObject({ requested, actual: 1 + 1 + 1, remaining: LIMIT - 3 });
    expect(requested).toBeGreaterThan(100);
    expect(rateLimit(answer.headers).remaining).toBe(LIMIT - 3);
  });

  it('a session’s answers carry requested and actual, without budget nor RateLimit headers', async () => {
    const answer = await post(admin, REPORTS);
    const requested = requestedOf(REPORTS);
    expect(answer.body.extensions).toEqual({
      cost: { requested, actual: answeredCost(schema, parse(REPORTS), undefined, {}, answer.body.data, requested) },
    });
    expect(answer.headers.get('ratelimit-limit')).toBeNull();
    expect(answer.headers.get('ratelimit-remaining')).toBeNull();
  });
});

describe('over the budget', () => {
  it('answers 429 with the figures, Retry-After and the RateLimit headers, having spent nothing', async () => {
    const token = await createToken('Gourmand');
    const requested = requestedOf(HUNDRED);
    expect(requested).toBe(1_000);
    let spent = 0;
    let answer = await post(token, HUNDRED);
    for (let i = 0; answer.status === 200 && i < 200; i++) {
      spent += answer.body.extensions.cost.actual;
      expect(answer.body.extensions.cost.remaining).toBe(LIMIT - spent);
      expect(rateLimit(answer.headers).remaining).toBe(LIMIT - spent);
      answer = await post(token, HUNDRED);
    }
    expect(answer.status).toBe(429);
    expect(LIMIT - spent).toBeLessThan(requested);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(rateLimit(answer.headers)).toEqual({ limit: LIMIT, remaining: LIMIT - spent, reset: expect.any(Number) });
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors[0]).toMatchObject({
      message: 'Budget de coût des requêtes dépassé pour ce jeton. Réessayez après resetAt.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(answer.body.errors[0].extensions.http).toBeUndefined();
    expect(answer.body.extensions.cost).toEqual({ requested, limit: LIMIT, remaining: LIMIT - spent, resetAt: expect.any(String) });
    // Another token has its own budget.
    expect((await post(await createToken('Voisin'), HUNDRED)).status).toBe(200);
  });

  it('a refused query spends nothing: what remained still serves a query that fits', async () => {
    const token = await createToken('Économe');
    const rows = HUNDRED.slice(2, -2);
    const twice = `{ a: ${rows} b: ${rows} }`;
    const requested = requestedOf(HUNDRED);
    expect(requestedOf(twice)).toBe(2 * requested);
    let left = LIMIT;
    while (left >= 2 * requested) left = (await post(token, HUNDRED)).body.extensions.cost.remaining;
    expect(left).toBeGreaterThanOrEqual(requested);

    const refused = await post(token, twice);
    expect(refused.status).toBe(429);
    expect(refused.body.extensions.cost).toMatchObject({ requested: 2 * requested, remaining: left });
    const served = await post(token, HUNDRED);
    expect(served.status).toBe(200);
    expect(served.body.extensions.cost.remaining).toBe(left - served.body.extensions.cost.actual);
  });

  it('concurrent queries at the budget’s edge: none overdraws it, the refused spend nothing, no remaining below 0', async () => {
    // An instance on the same database with a budget of 100 a minute, and a query without lists
    // (3 points, answered or asked): 33 fit, whatever the order the 40 arrive in.
    const small = await startTestApp({ shareDatabaseWith: app, env: { API_TOKEN_COST_PER_MINUTE: '100' } });
    try {
      const token = await createToken('Concurrents');
      const query = '{ me { id email } }';
      expect(requestedOf(query)).toBe(3);
      const send = (text = query) => post(token, text, {}, small.url);
      const answers = await Promise.all(Array.from({ length: 40 }, () => send()));
      const served = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 429);
      expect([served.length, refused.length]).toEqual([33, 7]);
      for (const answer of answers) {
        const { remaining } = rateLimit(answer.headers);
        expect(remaining).toBeGreaterThanOrEqual(0);
        expect(remaining).toBe(answer.body.extensions.cost.remaining);
      }
      for (const answer of served) expect(answer.body.extensions.cost).toMatchObject({ requested: 3, actual: 3 });
      for (const answer of refused) expect(answer.body.data).toBeUndefined();
      // The remaining figures the served saw are all different: each charge was counted once, atomically.
      expect(new Set(served.map((answer) => answer.body.extensions.cost.remaining)).size).toBe(33);
      // What is left is the budget less the served: the refusals took nothing, and its last point still serves.
      const after = await send();
      expect(after.status).toBe(429);
      expect(after.body.extensions.cost.remaining).toBe(100 - 33 * 3);
      const last = await send('{ __typename }');
      expect(last.status).toBe(200);
      expect(last.body.extensions.cost).toMatchObject({ requested: 1, actual: 1, remaining: 0 });
      expect(rateLimit(last.headers).remaining).toBe(0);
    } finally {
      await small.stop();
    }
  });
});
