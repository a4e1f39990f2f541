// The query cost limit on the real server: page sizes passed as variables count (graphql-armor's
// rule ran before variables were known and let them through).
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

const NESTED = `query($groups: Int, $members: Int) {
  groups(first: $groups) { edges { node { name members(first: $members) { edges { node { firstName lastName } } } } } }
}`;

describe('query cost limit', () => {
  it('refuses nested pages asked through variables, with a French message and no data', async () => {
    const result = await gql(app.url, NESTED, { groups: 100, members: 100 }, admin);
    expect(result.data ?? null).toBeNull();
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: 'Requête trop volumineuse : demandez moins de lignes à la fois.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
  });

  it('serves the same query with reasonable page sizes', async () => {
    const result = await gql(app.url, NESTED, { groups: 10, members: 10 }, admin);
    expect(result.errors).toBeUndefined();
    expect(result.data?.groups.edges.length).toBeGreaterThan(0);
  });
});
