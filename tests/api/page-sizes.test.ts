import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken } from '../support/http.js';

// Issue 37 item 6: a page past a list's maximum is refused (not cut), in French with its code, and
// hostile page sizes answer French errors with a code, never a silent page or an internal error.

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

async function post(query: string, variables: Record<string, unknown> = {}, rawVariables?: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: rawVariables ? `{"query":${JSON.stringify(query)},"variables":${rawVariables}}` : JSON.stringify({ query, variables }),
  });
  const body: any = await response.json();
  return { status: response.status, body };
}

const PAGE = 'query($n: Int) { reports(first: $n) { edges { node { databaseId } } pageInfo { hasNextPage } } }';

/** Every error is French and carries a code. */
function expectFrenchCoded(errors: { message: string; extensions?: { code?: string } }[]) {
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(error.extensions?.code).toMatch(/^[A-Z_]+$/);
    expect(error.message).not.toMatch(/\b(must|cannot|Expected|got|invalid|non-negative)\b/);
  }
}

describe('page sizes', () => {
  it('reports(first: 1000) is refused naming the argument and the maximum, where it answered 100 rows', async () => {
    const { status, body } = await post('{ reports(first: 1000) { edges { node { databaseId } } } }');
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'Page trop grande : first vaut au plus 100 pour reports.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', reason: 'PAGE_TOO_LARGE', argument: 'first', maxSize: 100 }),
      }),
    ]);
  });

  it('the maximum is served, and without first the default page (10 constats)', async () => {
    const full = await post(PAGE, { n: 100 });
    expect(full.body.errors).toBeUndefined();
    expect(full.body.data.reports.edges.length).toBeGreaterThan(10);
    const plain = await post(PAGE, { n: null });
    expect(plain.body.data.reports.edges).toHaveLength(10);
    expect(plain.body.data.reports.pageInfo.hasNextPage).toBe(true);
    expect((await post(PAGE)).body.data.reports.edges).toHaveLength(10);
  });

  it('first: 0 answers an empty page', async () => {
    const { body } = await post(PAGE, { n: 0 });
    expect(body.errors).toBeUndefined();
    expect(body.data.reports.edges).toEqual([]);
  });

  it.each([
    ['-1', '{"n": -1}'],
    ['101', '{"n": 101}'],
    ['2^31', '{"n": 2147483648}'],
    ['2^31 - 1', '{"n": 2147483647}'],
    ['a huge number', `{"n": 1${'0'.repeat(400)}}`],
    ['a float', '{"n": 10.5}'],
    ['a string', '{"n": "10"}'],
    ['an object', '{"n": {"first": 1}}'],
  ])('first = %s is refused in French with a code', async (_name, variables) => {
    const { status, body } = await post(PAGE, {}, variables);
    expect(status).toBe(400);
    expect(body.data?.reports ?? null).toBeNull();
    expectFrenchCoded(body.errors);
  });

  it('a nested page past its maximum is refused like a top one, last like first', async () => {
    const nested = await post('{ groups(first: 1) { edges { node { members(first: 101) { edges { node { id } } } } } } }');
    expect(nested.body.errors[0]).toMatchObject({
      message: 'Page trop grande : first vaut au plus 100 pour Group.members.',
      extensions: { code: 'BAD_USER_INPUT', reason: 'PAGE_TOO_LARGE' },
    });
    const last = await post('{ notifications(last: 61) { edges { node { id } } } }');
    expect(last.body.errors[0]).toMatchObject({ message: 'Page trop grande : last vaut au plus 60 pour notifications.' });
  });
});
