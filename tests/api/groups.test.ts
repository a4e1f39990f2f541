import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { requestStatements } from '../support/statements.js';

const CREATE =
  'mutation($input: CreateGroupInput!) { createGroup(input: $input) { message group { id databaseId name zip pricePage pricePhoto memberCount } } }';
const UPDATE = 'mutation($input: UpdateGroupInput!) { updateGroup(input: $input) { message group { name telephone pricePage } } }';
const GROUPS = `query($keyword: String, $first: Int = 50, $members: Int = 10) { groups(first: $first, keyword: $keyword) { totalCount edges { node {
  name memberCount members(first: $members) { edges { node { fullName lastActivityAt } } } } } } }`;

let app: TestApp;
let admin: string;
let bailiff: string;
let counter = 0;

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

function validGroup(): Record<string, string> {
  counter += 1;
  return {
    name: `Étude Martin ${counter}`,
    siret: '12345678900011',
    telephone: '0478000000',
    email: 'compta@etude-martin.fr',
    address: '2 place Bellecour',
    zip: '69002',
    city: 'Lyon',
    pricePage: '2.50',
    pricePhoto: '0.80',
  };
}

describe('group form: every rule of product.md §5 enforced by the API', () => {
  const REQUIRED = 'Champ requis';
  const MIN3 = 'Doit contenir au moins 3 caractères';
  const rows: [string, string, string | null][] = [
    ['name', '', REQUIRED],
    ['name', 'ab', MIN3],
    ['name', 'SCP', null],
    ['siret', '', REQUIRED],
    ['siret', '12', MIN3],
    ['address', '', REQUIRED],
    ['address', 'ab', MIN3],
    ['city', '', REQUIRED],
    ['city', 'Ay', MIN3],
    ['zip', '', REQUIRED],
    ['zip', '69 00', 'Doit contenir au moins 5 caractères'],
    ['zip', 'abcde', REQUIRED],
    ['zip', '69-002', null],
    ['telephone', '', REQUIRED],
    ['telephone', '04784256', 'Doit contenir au moins 9 caractères'],
    ['telephone', '047842563', null],
    ['email', '', REQUIRED],
    ['email', 'ab', 'Adresse e-mail invalide.'],
    ['email', 'compta@etude', 'Adresse e-mail invalide.'],
    ['pricePage', '', 'Caractères invalides.'],
    ['pricePage', 'abc', 'Caractères invalides.'],
    ['pricePage', '2,5', null],
    ['pricePhoto', '', 'Caractères invalides.'],
    ['pricePhoto', '0.8.1', 'Caractères invalides.'],
    ['pricePhoto', '0.755', null],
  ];

  it.each(rows)('%s = %j → %s', async (field, value, message) => {
    const result = await gql(app.url, CREATE, { input: { ...validGroup(), [field]: value } }, admin);
    if (message === null) {
      expect(result.errors).toBeUndefined();
      expect(result.data!.createGroup.message).toBe('Groupe créé avec succès.');
    } else {
      expect(result.errors![0].message).toBe('Tous les champs obligatoires ne sont pas remplis.');
      expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { [field]: message } });
      expect(Object.keys(result.errors![0].extensions!.fields!)).toEqual([field]);
    }
  });

  it('every field is required', async () => {
    const result = await gql(app.url, CREATE, { input: {} }, admin);
    expect(Object.keys(result.errors![0].extensions!.fields!).sort()).toEqual(
      ['address', 'city', 'email', 'name', 'pricePage', 'pricePhoto', 'siret', 'telephone', 'zip'].sort(),
    );
  });
});

describe('creating, editing and listing groups', () => {
  it('stores the postal code as digits and prices as exact decimals', async () => {
    const result = await gql(app.url, CREATE, { input: { ...validGroup(), zip: '69 002', pricePage: '2,5', pricePhoto: '0.755' } }, admin);
    expect(result.data!.createGroup.group).toMatchObject({ zip: '69002', pricePage: '2.50', pricePhoto: '0.755', memberCount: 0 });
  });

  it('edits only the fields sent, with the same rules', async () => {
    const created = await gql(app.url, CREATE, { input: validGroup() }, admin);
    const id = created.data!.createGroup.group.id;
    const result = await gql(app.url, UPDATE, { input: { id, telephone: '0400000000', pricePage: '3' } }, admin);
    expect(result.data!.updateGroup).toEqual({
      message: 'Groupe modifié avec succès.',
      group: { name: created.data!.createGroup.group.name, telephone: '0400000000', pricePage: '3.00' },
    });
    const invalid = await gql(app.url, UPDATE, { input: { id, telephone: '0400' } }, admin);
    expect(invalid.errors![0].extensions!.fields).toEqual({ telephone: 'Doit contenir au moins 9 caractères' });
  });

  it('lists with member count and members (name, last activity); search ignores accents and case', async () => {
    const result = await gql(app.url, GROUPS, { keyword: 'LEFEVRE' }, admin);
    expect(result.data!.groups.totalCount).toBe(1);
    const [lefevre] = result.data!.groups.edges.map((edge: any) => edge.node);
    expect(lefevre).toMatchObject({ name: 'Étude Lefèvre-Gauthier', memberCount: 1 });
    expect(lefevre.members.edges[0].node).toMatchObject({ fullName: 'Loïc Gauthier', lastActivityAt: expect.any(String) });
    expect((await gql(app.url, GROUPS, { keyword: 'nantes' }, admin)).data!.groups.edges[0].node.name).toBe(
      'SELARL Fabre Commissaires de justice',
    );
  });

  it('a list of groups costs the same number of SQL statements whatever its size', async () => {
    const count = async (first: number) => (await requestStatements(app, GROUPS, { first }, admin)).length;
    expect(await count(2)).toBe(await count(20));
  });

  it('a bailiff sees their own étude only (another étude reads as a missing one)', async () => {
    const me = await gql(app.url, 'query { me { group { name pricePage } } }', {}, bailiff);
    expect(me.data!.me.group).toEqual({ name: 'SCP Dubois & Associés', pricePage: '2.50' });
    const other = await app.services.db.group.findFirstOrThrow({ where: { name: 'Étude Lefèvre-Gauthier' } });
    const result = await gql(
      app.url,
      'query($id: ID!) { node(id: $id) { ... on Group { name } } }',
      { id: globalId('Group', other.id) },
      bailiff,
    );
    expect(result).toEqual({ data: { node: null }, extensions: { cost: { requested: expect.any(Number), actual: expect.any(Number) } } });
  });
});

describe('REST /api/v1/group', () => {
  it('GET lists groups with the legacy names and count; keyword filters', async () => {
    const response = await rest(app.url, 'GET', '/api/v1/group?keyword=dubois', { token: admin });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        group_name: 'SCP Dubois & Associés',
        group_street: '79845123300018',
        group_zip: '69002',
        group_city: 'Lyon',
        group_email: 'comptabilite.dubois@demo.fr',
        group_price_page: '2.50',
        group_price_photo: '0.80',
        count: 2,
      }),
    ]);
  });

  it('GET /group/{id} answers an array whose first element holds the group and its members', async () => {
    const dubois = await app.services.db.group.findFirstOrThrow({ where: { name: 'SCP Dubois & Associés' } });
    const response = await rest(app.url, 'GET', `/api/v1/group/${dubois.id}`, { token: admin });
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({ id: dubois.id, group_name: 'SCP Dubois & Associés', count: 2 });
    expect(response.body[0].members.map((member: any) => `${member.first_name} ${member.last_name}`).sort()).toEqual([
      'François Dubois',
      'Hélène Marchand',
    ]);
    expect(response.body[0].members[0]).toEqual(expect.objectContaining({ user_id: expect.any(Number), created_at: expect.any(String) }));
    expect((await rest(app.url, 'GET', '/api/v1/group/99999', { token: admin })).status).toBe(404);
  });

  it('POST creates ("Groupe créé avec succès.") and PATCH edits ("Groupe modifié avec succès."); errors use legacy names', async () => {
    const body = {
      group_name: 'Étude Rivière',
      group_street: '98765432100017',
      group_telephone: '0556000000',
      group_email: 'compta@riviere.fr',
      group_address: '5 cours Victor-Hugo',
      group_zip: '33 000',
      group_city: 'Bordeaux',
      group_price_page: '2.30',
      group_price_photo: '0.70',
    };
    const created = await rest(app.url, 'POST', '/api/v1/group', { token: admin, json: body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Groupe créé avec succès.',
      group: { group_name: 'Étude Rivière', group_zip: '33000', count: 0 },
    });
    const patched = await rest(app.url, 'PATCH', `/api/v1/group/${created.body.group.id}`, {
      token: admin,
      json: { ...body, group_price_page: '2.40' },
    });
    expect(patched.body).toMatchObject({ message: 'Groupe modifié avec succès.', group: { group_price_page: '2.40' } });
    const invalid = await rest(app.url, 'POST', '/api/v1/group', {
      token: admin,
      json: { ...body, group_telephone: '0556', group_name: '' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ group_telephone: 'Doit contenir au moins 9 caractères', group_name: 'Champ requis' });
  });
});

function globalId(type: string, id: number): string {
  return Buffer.from(`${type}:${id}`).toString('base64');
}
