// A connection's arguments refused by the schema library (a negative page, `after` with `last`, a
// cursor that is not one) answer in French as the client's mistake, with the field's path.
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

describe('page arguments', () => {
  it.each([
    [
      'a negative first',
      '{ groups(first: -1) { edges { node { id } } } }',
      'Taille de page invalide : first et last sont des entiers positifs ou nuls.',
    ],
    [
      'a negative last',
      '{ news(last: -5) { edges { node { id } } } }',
      'Taille de page invalide : first et last sont des entiers positifs ou nuls.',
    ],
    ['a forged cursor', '{ groups(first: 2, after: "pas-un-curseur") { edges { node { id } } } }', 'Curseur invalide.'],
    [
      'after with last',
      '{ groups(last: 2, after: "R1BDOmlkOjE=") { edges { node { id } } } }',
      'Pagination invalide : first va avec after, last avec before.',
    ],
  ])('%s: a French BAD_USER_INPUT', async (_title, query, message) => {
    const result = await gql(app.url, query, {}, admin);
    expect(result.errors).toEqual([
      expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', reason: 'PAGE_ARGUMENTS' }) }),
    ]);
    expect((result.errors![0] as { path?: string[] }).path?.[0]).toBe(query.includes('news') ? 'news' : 'groups');
  });
});
