// Single-line names refused at input, on GraphQL and on the legacy REST shims: a line break (CR,
// LF, the Unicode separators) or a control character in a constat's name, an étude's name, a
// news title or a person's names is a French BAD_USER_INPUT, and nothing is stored.
import { CREATE as CREATE_ACCOUNT, PROFILE, registration, validAccountInput } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { gqlUpload, restForm, samplePdf } from '../support/upload.js';

let app: TestApp;
let admin: string;
let bailiff: string;

const MESSAGE = 'Ce champ doit tenir sur une ligne : retour à la ligne ou caractère de contrôle interdit.';
const HOSTILE = ["Constat\n=cmd|' /C calc'!A0", 'Constat\r\n@SUM(A1)', 'Constat\r+1', 'Constat\u2028-2', 'Constat\u0085x', 'Con\u0007stat'];

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

const storedReports = (name: string) => app.services.db.report.count({ where: { name } });

describe('constat names', () => {
  const shown = (name: string) =>
    JSON.stringify(name).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  it.each(HOSTILE.map((name) => [shown(name), name]))('GraphQL createReport %s → BAD_USER_INPUT, nothing stored', async (_shown, name) => {
    const result = await gqlUpload(
      app.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
      { input: { name, files: [null] } },
      [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf() }],
      bailiff,
    );
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { name: MESSAGE } });
    expect(await storedReports(name)).toBe(0);
  });

  it('REST report/create with a line break in the name → 400 in French, nothing stored', async () => {
    const name = HOSTILE[0];
    const response = await restForm(app.url, '/api/v1/report/create', { name }, [
      { field: 'deposited_items[]', name: 'acte.pdf', content: samplePdf() },
    ]);
    expect(response.status).toBe(401);
    const signed = await restForm(
      app.url,
      '/api/v1/report/create',
      { name },
      [{ field: 'deposited_items[]', name: 'acte.pdf', content: samplePdf() }],
      bailiff,
    );
    expect(signed.status).toBe(400);
    expect(JSON.stringify(signed.body)).toContain(MESSAGE);
    expect(await storedReports(name)).toBe(0);
  });

  it('a plain name with spaces around it is still accepted (trimmed as before)', async () => {
    const result = await gqlUpload(
      app.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { report { name } } }',
      { input: { name: '  Constat ordinaire  ', files: [null] } },
      [{ path: 'input.files.0', name: 'constat.pdf', content: samplePdf() }],
      bailiff,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.createReport.report.name).toBe('Constat ordinaire');
  });
});

describe('études, news titles, people', () => {
  const group = {
    name: 'Étude\nRivière',
    siret: '12345678900011',
    telephone: '0478000000',
    email: 'compta@etude-riviere.fr',
    address: '2 place Bellecour',
    zip: '69002',
    city: 'Lyon',
    pricePage: '2.50',
    pricePhoto: '0.80',
  };

  it('an étude name or city with a line break: GraphQL and REST refuse it', async () => {
    const result = await gql(
      app.url,
      'mutation($input: CreateGroupInput!) { createGroup(input: $input) { message } }',
      { input: group },
      admin,
    );
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { name: MESSAGE } });
    const city = await gql(
      app.url,
      'mutation($input: CreateGroupInput!) { createGroup(input: $input) { message } }',
      { input: { ...group, name: 'Étude Rivière', city: 'Lyon\r\n=1+1' } },
      admin,
    );
    expect(city.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { city: MESSAGE } });
    const response = await rest(app.url, 'POST', '/api/v1/group', {
      token: admin,
      json: {
        group_name: 'Étude\r\nRivière',
        group_street: '98765432100017',
        group_telephone: '0556000000',
        group_email: 'compta@riviere.fr',
        group_address: '5 cours Victor-Hugo',
        group_zip: '33000',
        group_city: 'Bordeaux',
        group_price_page: '2.30',
        group_price_photo: '0.70',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ group_name: MESSAGE });
    expect(await app.services.db.group.count({ where: { name: { contains: 'Rivière' } } })).toBe(0);
  });

  it('a news title with a line break: GraphQL and REST refuse it', async () => {
    const result = await gql(
      app.url,
      'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
      { input: { title: 'Titre\n=1+1', body: '<p>Texte</p>' } },
      admin,
    );
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { title: MESSAGE } });
    const response = await rest(app.url, 'POST', '/api/v1/news', {
      token: admin,
      json: { title: 'Titre\r\n=1+1', description: '<p>Texte</p>' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(MESSAGE);
    expect(await app.services.db.news.count({ where: { title: { contains: '=1+1' } } })).toBe(0);
  });

  it("an account's names and address with a line break: GraphQL creation and profile refuse them", async () => {
    for (const [field, value] of [
      ['firstName', 'Camille\n=1+1'],
      ['lastName', 'Perrin\r\n@A1'],
      ['address', '4 rue\nVictor-Hugo'],
      ['city', 'Ly\u2029on'],
    ] as const) {
      const input = { ...validAccountInput('SECRETARY', ''), [field]: value };
      const result = await gql(app.url, CREATE_ACCOUNT, { input }, admin);
      expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { [field]: MESSAGE } });
      expect(await app.services.db.user.count({ where: { email: input.email as string } })).toBe(0);
    }
    const profile = await gql(app.url, PROFILE, { input: { firstName: 'Jean\nX' } }, bailiff);
    expect(profile.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { firstName: MESSAGE } });
  });

  it("an account's names with a line break: REST account creation and registration refuse them", async () => {
    const groupId = (await app.services.db.group.findFirstOrThrow()).id;
    const created = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '2',
        civility: 'Maître',
        first_name: 'Jean',
        last_name: 'Martin\n=cmd',
        telephone: '0612345678',
        email: 'jean.martin.ligne@etude.fr',
        identity: 'j.martin.ligne',
        password: 'Constat#2026',
        group_id: groupId,
      },
    });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).toContain(MESSAGE);
    const registered = await rest(app.url, 'POST', '/api/v1/auth/register', {
      form: registration({ first_name: 'Bérénice\u2028+1', identity: 'b.lefevre.ligne', email: 'berenice.ligne@etude-lyon.fr' }),
    });
    expect(registered.status).toBe(400);
    expect(JSON.stringify(registered.body)).toContain(MESSAGE);
    expect(
      await app.services.db.user.count({ where: { email: { in: ['jean.martin.ligne@etude.fr', 'berenice.ligne@etude-lyon.fr'] } } }),
    ).toBe(0);
  });
});
