// Accounts through the real server: the form rules of product.md §5, creating, editing, disabling and
// reviewing accounts, the list, and what each viewer sees of a user.
// Over 400 lines on purpose: one file per capability's API contract, its describe blocks sharing
// the sessions and the étude that beforeAll sets up once (profiles and one's own password:
// profiles.test.ts).
import { mailQueueDrained, startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, readOutbox, rest } from '../support/http.js';
import { expectEvery } from '../support/expect-every.js';
import {
  BLOCKED,
  CHARS,
  CONFIRMATION,
  CREATE,
  EMAIL,
  GROUP,
  MIN3,
  PASSWORD_RULE,
  PHONE,
  REQUIRED,
  UPDATE,
  ZIP,
  validAccountInput,
  type AccountRole,
} from '../support/accounts.js';

const SET_ACTIVE = 'mutation($input: SetAccountActiveInput!) { setAccountActive(input: $input) { message user { status } } }';
const REVIEW =
  'mutation($input: ReviewPendingAccountInput!) { reviewPendingAccount(input: $input) { message deletedUserId user { status } } }';
const USERS =
  'query($role: Role, $keyword: String, $status: UserStatus) { users(first: 50, role: $role, keyword: $keyword, status: $status) { totalCount edges { node { fullName role email } } } }';

let app: TestApp;
let admin: string;
let bailiff: string;
let secretary: string;
let groupId: string;
let groupDbId: number;

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff, secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
  const groups = await gql(app.url, 'query { groups(first: 1) { edges { node { id databaseId } } } }', {}, admin);
  groupId = groups.data!.groups.edges[0].node.id;
  groupDbId = groups.data!.groups.edges[0].node.databaseId;
});

afterAll(async () => {
  await app?.stop();
});

/** A valid creation payload with a fresh e-mail and identifier, in the demo's first étude. */
const validAccount = (role: AccountRole) => validAccountInput(role, groupId);

describe('account forms: every rule of product.md §5 enforced by the API', () => {
  // [form, field, value, expected message or null when the value is valid]
  const rows: [AccountRole, string, unknown, string | null][] = [
    ['BAILIFF', 'firstName', '', REQUIRED],
    ['BAILIFF', 'firstName', 'Al', MIN3],
    ['BAILIFF', 'firstName', 'Léa', null],
    ['BAILIFF', 'lastName', '', REQUIRED],
    ['BAILIFF', 'lastName', 'Li', MIN3],
    ['BAILIFF', 'telephone', '', REQUIRED],
    ['BAILIFF', 'telephone', '06123', PHONE],
    // Issue 18: typed as people type them, stored normalised.
    ['BAILIFF', 'telephone', '06 12 34 56 78', null],
    ['BAILIFF', 'telephone', '06 12 34 56', PHONE],
    ['BAILIFF', 'telephone', '+33 0612345678', null],
    ['BAILIFF', 'telephone', '0612345678', null],
    ['BAILIFF', 'email', '', REQUIRED],
    ['BAILIFF', 'email', 'pas-un-email', EMAIL],
    ['BAILIFF', 'identity', '', REQUIRED],
    ['BAILIFF', 'identity', 'ab', MIN3],
    ['BAILIFF', 'identity', 'c-perrin', CHARS],
    ['BAILIFF', 'identity', 'c.perrin.lyon', null],
    ['BAILIFF', 'password', '', REQUIRED],
    ['BAILIFF', 'password', 'motdepasse', PASSWORD_RULE],
    ['BAILIFF', 'password', 'Court#1', PASSWORD_RULE],
    ['BAILIFF', 'passwordConfirmation', 'Autre#2026', CONFIRMATION],
    ['BAILIFF', 'description', 'ab', MIN3],
    ['ADMIN', 'telephone', '0612345678', PHONE],
    ['ADMIN', 'telephone', '612345678', null],
    ['ADMIN', 'identity', 'c.perrin', CHARS],
    ['ADMIN', 'identity', 'cperrin2', null],
    ['ADMIN', 'lastName', 'Li', MIN3],
    ['ADMIN', 'email', 'x@y', EMAIL],
    ['SECRETARY', 'telephone', '+44 0612345678', PHONE],
    ['SECRETARY', 'telephone', '+33 6 12 34 56 78', null],
    ['SECRETARY', 'telephone', '061234567', PHONE],
    ['SECRETARY', 'identity', 'c.perrin', CHARS],
    ['SECRETARY', 'siret', '', REQUIRED],
    ['SECRETARY', 'siret', '12', MIN3],
    ['SECRETARY', 'address', '', REQUIRED],
    ['SECRETARY', 'address', 'ab', MIN3],
    ['SECRETARY', 'zip', '', REQUIRED],
    ['SECRETARY', 'zip', '6900', ZIP],
    ['SECRETARY', 'zip', '69003-1234', null],
    ['SECRETARY', 'city', 'Ly', MIN3],
    ['SECRETARY', 'rib', '', REQUIRED],
    ['SECRETARY', 'rib', 'FR', MIN3],
    ['SECRETARY', 'secretaryPricePage', '1.2345', CHARS],
    ['SECRETARY', 'secretaryPricePage', '1000', CHARS],
    ['SECRETARY', 'secretaryPricePage', 'abc', CHARS],
    ['SECRETARY', 'secretaryPricePage', '12.125', null],
    ['SECRETARY', 'secretaryPricePhoto', '0,5', null],
  ];

  it.each(rows)('%s form: %s = %j → %s', async (role, field, value, message) => {
    const input = { ...validAccount(role), [field]: value };
    const result = await gql(app.url, CREATE, { input }, admin);
    if (message === null) {
      expect(result.errors).toBeUndefined();
      expect(result.data!.createAccount.message).toBe('Compte créé avec succès.');
    } else {
      expect(result.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
      expect(result.errors![0].message).toBe(BLOCKED);
      expect(result.errors![0].extensions!.fields).toEqual({ [field]: message });
    }
  });

  it('a bailiff without an étude is refused with status 400 "Sélectionnez un groupe"', async () => {
    for (const group of [null, undefined]) {
      const input = { ...validAccount('BAILIFF'), groupId: group };
      const result = await gql(app.url, CREATE, { input }, admin);
      expect(result.errors![0].message).toBe(GROUP);
      expect(result.errors![0].extensions!.fields).toEqual({ groupId: GROUP });
    }
    const response = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '2',
        civility: 'Maître',
        first_name: 'Jean',
        last_name: 'Martin',
        telephone: '0612345678',
        email: 'jean.martin@etude.fr',
        identity: 'j.martin',
        password: 'Constat#2026',
        group_id: 0,
      },
    });
    expect(response.status).toBe(400);
    // product.md §8: "if server message is group_id the group selector shows the description".
    expect(response.body).toMatchObject({ message: 'group_id', description: GROUP, errors: { group_id: GROUP } });
  });

  it('reports every invalid field at once', async () => {
    const result = await gql(app.url, CREATE, { input: { role: 'SECRETARY', firstName: 'Al', zip: '12' } }, admin);
    expect(result.errors![0].extensions!.fields).toMatchObject({
      firstName: MIN3,
      lastName: REQUIRED,
      telephone: REQUIRED,
      email: REQUIRED,
      identity: REQUIRED,
      password: REQUIRED,
      siret: REQUIRED,
      zip: ZIP,
    });
  });

  it('refuses fields that do not belong to the account type', async () => {
    const result = await gql(app.url, CREATE, { input: { ...validAccount('ADMIN'), rib: 'FR76 1234' } }, admin);
    expect(result.errors![0].extensions!.fields).toEqual({ rib: 'Ce champ ne concerne pas ce type de compte.' });
  });
});

describe('creating accounts', () => {
  it('creates each type with its fields; the secretary gets her rates, the bailiff sanitized instructions', async () => {
    const input = { ...validAccount('SECRETARY'), secretaryPricePage: '1,5', email: 'Nouvelle.Secretaire@Etude.FR' };
    const result = await gql(app.url, CREATE, { input }, admin);
    expect(result.data!.createAccount.user).toMatchObject({ role: 'SECRETARY', email: 'nouvelle.secretaire@etude.fr' });
    const stored = await app.services.db.user.findUniqueOrThrow({ where: { email: 'nouvelle.secretaire@etude.fr' } });
    expect(stored).toMatchObject({ status: 'ACTIVE', zip: '69003', city: 'Lyon', groupId: null });
    expect(stored.secretaryPricePage.toString()).toBe('1.5');
    expect(stored.searchText).toContain('camille perrin');
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await loginToken(app.url, 'nouvelle.secretaire@etude.fr', 'Constat#2026')).toBeTruthy();
  });

  it('duplicate e-mail ⇒ field email "Cet email existe déjà.", duplicate identifier ⇒ "Cet identifiant existe déjà."', async () => {
    const email = await gql(app.url, CREATE, { input: { ...validAccount('BAILIFF'), email: 'HUISSIER@demo.fr' } }, admin);
    expect(email.errors![0].extensions).toMatchObject({ code: 'CONFLICT', fields: { email: 'Cet email existe déjà.' } });
    const identity = await gql(app.url, CREATE, { input: { ...validAccount('BAILIFF'), identity: 'Huissier' } }, admin);
    expect(identity.errors![0].extensions).toMatchObject({ code: 'CONFLICT', fields: { identity: 'Cet identifiant existe déjà.' } });

    const response = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '3',
        first_name: 'Zoé',
        last_name: 'Lemaître',
        telephone: '0612345678',
        email: 'zoe.lemaitre@demo.fr',
        identity: 'zoelemaitre',
        password: 'Constat#2026',
        street: '12345678900011',
        address: '1 rue Haute',
        zip: '69001',
        city: 'Lyon',
        rib: 'FR76 1234 5678',
      },
    });
    expect(response.status).toBe(409);
    // product.md §8: the response carries the field `email` and the field `user`.
    expect(response.body).toMatchObject({ email: 'Cet email existe déjà.', user: 'Cet identifiant existe déjà.' });
  });

  it('REST POST /api/v1/users takes the legacy payload and answers with the legacy user', async () => {
    const response = await rest(app.url, 'POST', '/api/v1/users', {
      token: admin,
      json: {
        role_id: '2',
        civility: 'Maître',
        first_name: 'Gaëlle',
        last_name: 'Roux',
        telephone: '0611223344',
        group_id: String(groupDbId),
        email: 'gaelle.roux@etude.fr',
        identity: 'g.roux',
        password: 'Constat#2026',
        profile: '',
        matrices_associated: '',
        Instructions_to_secretaries: '<p>Trame <strong>standard</strong></p>',
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Compte créé avec succès.');
    expect(response.body.user).toMatchObject({
      role_id: '2',
      role_name: 'Bailiff',
      civility: 'Maître',
      first_name: 'Gaëlle',
      email: 'gaelle.roux@etude.fr',
      group_id: groupDbId,
      group_name: expect.any(String),
      group_email: expect.any(String),
      Instructions_to_secretaries: '<p>Trame <strong>standard</strong></p>',
      created_by: expect.any(Number),
    });
  });
});

describe('editing accounts', () => {
  let userId: string;
  let dbId: number;

  beforeAll(async () => {
    const created = await gql(
      app.url,
      CREATE,
      { input: { ...validAccount('SECRETARY'), email: 'edition@etude.fr', identity: 'edition' } },
      admin,
    );
    userId = created.data!.createAccount.user.id;
    dbId = created.data!.createAccount.user.databaseId;
  });

  it('changes only the fields sent; the password only when typed', async () => {
    const before = await app.services.db.user.findUniqueOrThrow({ where: { id: dbId } });
    const result = await gql(app.url, UPDATE, { input: { id: userId, telephone: '0799887766', password: '' } }, admin);
    expect(result.data!.updateAccount).toMatchObject({ message: 'Compte modifié avec succès.', user: { telephone: '0799887766' } });
    const after = await app.services.db.user.findUniqueOrThrow({ where: { id: dbId } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.city).toBe(before.city);

    await gql(app.url, UPDATE, { input: { id: userId, password: 'Changé#2026' } }, admin);
    expect(await loginToken(app.url, 'edition@etude.fr', 'Changé#2026')).toBeTruthy();
  });

  it('the e-mail cannot be changed after creation (REST ignores it, GraphQL has no such field)', async () => {
    const response = await rest(app.url, 'PUT', `/api/v1/users/${dbId}`, {
      token: admin,
      json: { email: 'autre@etude.fr', city: 'Villeurbanne' },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Compte modifié avec succès.');
    expect(response.body.user).toMatchObject({ email: 'edition@etude.fr', city: 'Villeurbanne' });
    const graphql = await gql(app.url, UPDATE, { input: { id: userId, email: 'autre@etude.fr' } }, admin);
    expect(graphql.errors![0].message).toBe('Variable « $input » : champ « email » inconnu.');
  });

  it('validates changed fields and refuses a taken identifier', async () => {
    const invalid = await gql(app.url, UPDATE, { input: { id: userId, zip: '12', firstName: '' } }, admin);
    expect(invalid.errors![0].extensions!.fields).toEqual({ zip: ZIP, firstName: REQUIRED });
    const taken = await gql(app.url, UPDATE, { input: { id: userId, identity: 'secretaire' } }, admin);
    expect(taken.errors![0].extensions!.fields).toEqual({ identity: 'Cet identifiant existe déjà.' });
  });

  it('a value stored before a rule existed can be sent back unchanged', async () => {
    // The demo admin's phone has 10 digits; the admin form wants 9 (product.md §5).
    const other = await gql(app.url, CREATE, { input: validAccount('ADMIN') }, admin);
    const id = other.data!.createAccount.user.id;
    await app.services.db.user.update({ where: { id: other.data!.createAccount.user.databaseId }, data: { telephone: '0478425631' } });
    const same = await gql(app.url, UPDATE, { input: { id, telephone: '0478425631', lastName: 'Durand' } }, admin);
    expect(same.errors).toBeUndefined();
    const changed = await gql(app.url, UPDATE, { input: { id, telephone: '0478425632' } }, admin);
    expect(changed.errors![0].extensions!.fields).toEqual({ telephone: PHONE });
  });

  it('a bailiff keeps needing an étude', async () => {
    const bailiffId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
    const response = await rest(app.url, 'PUT', `/api/v1/users/${bailiffId}`, { token: admin, json: { group_id: '0' } });
    expect(response.status).toBe(400);
    expect(response.body.description).toBe(GROUP);
  });

  it('instructions to secretaries are stored and served sanitized (XSS)', async () => {
    const bailiffUser = await app.services.db.user.findUniqueOrThrow({ where: { email: 'berangere.fabre@demo.fr' } });
    const dirty =
      '<p onclick="steal()">Consignes<script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">lien</a> <a href="https://www.legifrance.gouv.fr">Légifrance</a></p>';
    const response = await rest(app.url, 'PUT', `/api/v1/users/${bailiffUser.id}`, {
      token: admin,
      json: { Instructions_to_secretaries: dirty },
    });
    expect(response.status).toBe(200);
    const stored = (await app.services.db.user.findUniqueOrThrow({ where: { id: bailiffUser.id } })).instructions!;
    for (const served of [stored, response.body.user.Instructions_to_secretaries]) {
      expect(served).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
      expect(served).toContain('Consignes');
      expect(served).toContain('href="https://www.legifrance.gouv.fr"');
    }
    const read = await gql(
      app.url,
      'query($id: ID!) { node(id: $id) { ... on User { instructions } } }',
      { id: globalId('User', bailiffUser.id) },
      secretary,
    );
    expect(read.data!.node.instructions).toBe(stored);
  });
});

describe('disabling, enabling and reviewing accounts', () => {
  it('disabling revokes every session of the account; enabling lets it sign in again', async () => {
    const created = await gql(app.url, CREATE, { input: validAccount('BAILIFF') }, admin);
    const { id, email } = created.data!.createAccount.user;
    const token = await loginToken(app.url, email, 'Constat#2026');
    expect((await gql(app.url, 'query { me { email } }', {}, token)).data!.me.email).toBe(email);

    const disabled = await gql(app.url, SET_ACTIVE, { input: { id, active: false } }, admin);
    expect(disabled.data!.setAccountActive).toEqual({ message: 'Compte désactivé.', user: { status: 'DISABLED' } });
    expect((await gql(app.url, 'query { me { email } }', {}, token)).data!.me).toBeNull();
    const session = await app.services.db.session.findFirstOrThrow({ where: { user: { email } } });
    expect(session.revokedAt).not.toBeNull();
    const refused = await gql(app.url, 'mutation($input: LoginInput!) { login(input: $input) { token } }', {
      input: { email, password: 'Constat#2026' },
    });
    expect(refused.errors![0].extensions!.reason).toBe('ACCOUNT_DISABLED');

    const enabled = await gql(app.url, SET_ACTIVE, { input: { id, active: true } }, admin);
    expect(enabled.data!.setAccountActive.user.status).toBe('ACTIVE');
    expect(await loginToken(app.url, email, 'Constat#2026')).toBeTruthy();
  });

  it('an admin cannot disable their own account', async () => {
    const me = await gql(app.url, 'query { me { id } }', {}, admin);
    const result = await gql(app.url, SET_ACTIVE, { input: { id: me.data!.me.id, active: false } }, admin);
    expect(result.errors![0].message).toBe('Vous ne pouvez pas désactiver votre propre compte.');
  });

  it('a pending registration is approved (and its owner e-mailed) or refused (and deleted) from the app', async () => {
    const pending = await gql(app.url, USERS, { status: 'PENDING' }, admin);
    expect(pending.data!.users.edges.map((edge: any) => edge.node.email)).toContain('jerome.breval@demo.fr');
    const jerome = await app.services.db.user.findUniqueOrThrow({ where: { email: 'jerome.breval@demo.fr' } });
    const approved = await gql(app.url, REVIEW, { input: { id: globalId('User', jerome.id), approve: true } }, admin);
    expect(approved.data!.reviewPendingAccount).toEqual({
      message: 'La demande de création de compte a été approuvée. Le nouveau compte est maintenant actif.',
      deletedUserId: null,
      user: { status: 'ACTIVE' },
    });
    await mailQueueDrained(app);
    const mails = await readOutbox(app.outboxDir);
    expect(mails.some((mail) => (mail.to as any).text.includes('jerome.breval@demo.fr'))).toBe(true);
    const again = await gql(app.url, REVIEW, { input: { id: globalId('User', jerome.id), approve: true } }, admin);
    expect(again.errors![0].message).toBe("Ce compte n'est pas en attente de validation.");

    await rest(app.url, 'POST', '/api/v1/auth/register', {
      form: {
        first_name: 'Marc',
        last_name: 'Aubert',
        telephone: '0611223344',
        address: '1 rue Haute',
        zip: '75001',
        city: 'Paris',
        identity: 'm.aubert',
        email: 'marc.aubert@etude.fr',
        password: 'Constat#2026',
      },
    });
    const marc = await app.services.db.user.findUniqueOrThrow({ where: { email: 'marc.aubert@etude.fr' } });
    const refused = await gql(app.url, REVIEW, { input: { id: globalId('User', marc.id), approve: false } }, admin);
    expect(refused.data!.reviewPendingAccount).toMatchObject({ deletedUserId: globalId('User', marc.id), user: null });
    expect(await app.services.db.user.findUnique({ where: { id: marc.id } })).toBeNull();
  });
});

describe('accounts list', () => {
  it.each(['helene', 'HELENE', 'Hélène', 'hélène marchand', 'marchand helene'])('keyword %j finds Hélène Marchand', async (keyword) => {
    const result = await gql(app.url, USERS, { keyword }, admin);
    expect(result.data!.users.edges.map((edge: any) => edge.node.fullName)).toEqual(['Hélène Marchand']);
  });

  it('filters by role and counts', async () => {
    const result = await gql(app.url, USERS, { role: 'SECRETARY' }, admin);
    const roles = new Set(result.data!.users.edges.map((edge: any) => edge.node.role));
    expect([...roles]).toEqual(['SECRETARY']);
    expect(result.data!.users.totalCount).toBe(result.data!.users.edges.length);
  });

  it('REST GET /api/v1/users with role_name and keyword', async () => {
    const response = await rest(app.url, 'GET', '/api/v1/users?role_name=Bailiff&keyword=helene', { token: admin });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      expect.objectContaining({ first_name: 'Hélène', last_name: 'Marchand', role_id: '2', role_name: 'Bailiff' }),
    ]);
    const all = await rest(app.url, 'GET', '/api/v1/users?role_name=Secretary', { token: admin });
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    expectEvery(all.body, (user: any) => user.role_id === '3');
    expect(all.body[0]).toHaveProperty('secretary_price_page');
  });

  it('keeps searchText up to date when names change', async () => {
    const created = await gql(app.url, CREATE, { input: { ...validAccount('SECRETARY'), lastName: 'Dupont' } }, admin);
    await gql(app.url, UPDATE, { input: { id: created.data!.createAccount.user.id, lastName: 'Çağlar-Éluard' } }, admin);
    const result = await gql(app.url, USERS, { keyword: 'caglar eluard' }, admin);
    expect(result.data!.users.edges).toHaveLength(1);
  });

  it('GET /api/v1/users/{id} answers the legacy user; unknown ids are 404', async () => {
    const helene = await app.services.db.user.findUniqueOrThrow({ where: { email: 'helene.marchand@demo.fr' } });
    const response = await rest(app.url, 'GET', `/api/v1/users/${helene.id}`, { token: admin });
    expect(response.body).toMatchObject({
      id: helene.id,
      email: 'helene.marchand@demo.fr',
      identity: 'helene.marchand',
      group_name: 'SCP Dubois & Associés',
    });
    expect((await rest(app.url, 'GET', '/api/v1/users/999999', { token: admin })).status).toBe(404);
  });
});

describe('User fields by viewer', () => {
  const USER = `query($id: ID!) { node(id: $id) { ... on User {
    databaseId roleId fullName firstName lastName civility role avatarUrl groupName
    email telephone identity address zip city siret rib secretaryPricePage secretaryPricePhoto description status
    instructions
  } } }`;
  const PRIVATE = [
    'email',
    'telephone',
    'identity',
    'address',
    'zip',
    'city',
    'siret',
    'rib',
    'secretaryPricePage',
    'secretaryPricePhoto',
    'description',
    'status',
  ];

  it('identity fields for everyone signed in, private fields for admins and self, instructions for secretaries too', async () => {
    const helene = await app.services.db.user.findUniqueOrThrow({ where: { email: 'helene.marchand@demo.fr' } });
    const id = globalId('User', helene.id);
    const asAdmin = (await gql(app.url, USER, { id }, admin)).data!.node;
    const asSecretary = await gql(app.url, USER, { id }, secretary);
    const asBailiff = await gql(app.url, USER, { id }, bailiff);
    const asSelf = (await gql(app.url, USER, { id }, await loginToken(app.url, 'helene.marchand@demo.fr', demo.bailiff.password))).data!
      .node;

    expect(asAdmin).toMatchObject({
      email: 'helene.marchand@demo.fr',
      identity: 'helene.marchand',
      telephone: '0623894512',
      groupName: 'SCP Dubois & Associés',
    });
    expect(asSelf).toEqual(asAdmin);
    for (const result of [asSecretary, asBailiff]) {
      expect(result.errors).toBeUndefined();
      expect(result.data!.node).toMatchObject({
        fullName: 'Hélène Marchand',
        roleId: '2',
        civility: 'MAITRE',
        groupName: 'SCP Dubois & Associés',
      });
      for (const field of PRIVATE) expect(result.data!.node[field]).toBeNull();
    }
    expect(asSecretary.data!.node.instructions).toContain('Times New Roman');
    expect(asBailiff.data!.node.instructions).toBeNull();
  });

  it('an anonymous caller sees no user at all', async () => {
    const helene = await app.services.db.user.findUniqueOrThrow({ where: { email: 'helene.marchand@demo.fr' } });
    const result = await gql(app.url, USER, { id: globalId('User', helene.id) });
    expect(result.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });
});

function globalId(type: string, id: number): string {
  return Buffer.from(`${type}:${id}`).toString('base64');
}
