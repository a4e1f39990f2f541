// Unicode noncharacters (U+FFFF and its kin) refused at input: an étude or a constat named with one
// would otherwise reach the Factur-X XML of its bill, which then is no longer well-formed.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { gqlUpload, samplePdf } from '../support/upload.js';

let app: TestApp;
let admin: string;
let bailiff: string;

const MESSAGE =
  'Ce champ contient un caractère invisible ou invalide (caractère de contrôle ou non-caractère Unicode) : retirez-le puis réessayez.';

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

describe('noncharacters in names', () => {
  it('an étude named with U+FFFF is refused in French and nothing is stored', async () => {
    const before = await app.services.db.group.count();
    const result = await gql(
      app.url,
      'mutation($input: CreateGroupInput!) { createGroup(input: $input) { message } }',
      {
        input: {
          name: 'Étude\uFFFF Rivière',
          siret: '12345678900011',
          telephone: '0478000000',
          email: 'compta@etude-riviere.fr',
          address: '2 place Bellecour',
          zip: '69002',
          city: 'Lyon',
          pricePage: '2.50',
          pricePhoto: '0.80',
        },
      },
      admin,
    );
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { name: MESSAGE } });
    expect(await app.services.db.group.count()).toBe(before);
  });

  it('a constat named with U+FFFF or U+FDD0 is refused in French and nothing is stored', async () => {
    const before = await app.services.db.report.count();
    for (const name of ['Constat \uFFFF', 'Constat \uFDD0']) {
      const result = await gqlUpload(
        app.url,
        'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
        { input: { name, files: [null] } },
        [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf() }],
        bailiff,
      );
      expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { name: MESSAGE } });
    }
    expect(await app.services.db.report.count()).toBe(before);
  });

  it('a comment or a news body holding U+FFFF is refused in French; a multi-line comment is not', async () => {
    const reports = await gql(app.url, '{ reports(first: 1) { edges { node { id databaseId } } } }', {}, bailiff);
    const { id: reportId, databaseId } = reports.data!.reports.edges[0].node;
    const comments = () => app.services.db.comment.count({ where: { reportId: databaseId } });
    const before = await comments();
    const COMMENT = 'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }';
    const refused = await gql(app.url, COMMENT, { input: { reportId, body: 'Ligne 1\nLigne \uFFFF' } }, bailiff);
    expect(refused.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { comment: MESSAGE } });
    expect(await comments()).toBe(before);
    expect((await gql(app.url, COMMENT, { input: { reportId, body: 'Ligne 1\nLigne 2' } }, bailiff)).errors).toBeUndefined();
    const news = await gql(
      app.url,
      'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
      { input: { title: 'Titre ordinaire', body: '<p>Texte \uFFFF</p>' } },
      admin,
    );
    expect(news.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { body: MESSAGE } });
    expect(await app.services.db.news.count({ where: { title: 'Titre ordinaire' } })).toBe(0);
  });
});
