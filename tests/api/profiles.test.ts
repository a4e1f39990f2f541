// Profiles and one's own password through the real server: each role's profile form (its own
// messages, its read-only fields) and changing one's password (hardening, issue 16).
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { CONFIRMATION, CREATE, MIN3, PHONE, PROFILE, REQUIRED, UPDATE, validAccountInput, type AccountRole } from '../support/accounts.js';

let app: TestApp;
let admin: string;
let groupId: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const groups = await gql(app.url, 'query { groups(first: 1) { edges { node { id } } } }', {}, admin);
  groupId = groups.data!.groups.edges[0].node.id;
});

afterAll(async () => {
  await app?.stop();
});

/** A valid creation payload with a fresh e-mail and identifier, in the demo's first étude. */
const validAccount = (role: AccountRole) => validAccountInput(role, groupId);

describe('profiles', () => {
  const loginAs = async (email: string, password: string) => loginToken(app.url, email, password);

  it('secretary profile: its own messages, and rates, RIB, identifier and e-mail stay read-only', async () => {
    const token = await loginAs('zoe.lemaitre@demo.fr', demo.secretary.password);
    const cases: [string, string, string][] = [
      ['firstName', '', 'Ce champs est requis'],
      ['zip', '123', 'Code postal invalide'],
      ['telephone', '061234', PHONE],
      ['siret', 'ab', MIN3],
      ['password', 'faible', 'Mauvais mot de passe.'],
      ['instructions', '<p>x</p>', "Ce champ n'est pas modifiable."],
      ['identity', 'zoe2', "Ce champ n'est pas modifiable."],
    ];
    for (const [field, value, message] of cases) {
      // A new password comes with the current one (hardening, issue 16).
      const result = await gql(app.url, PROFILE, { input: { [field]: value, currentPassword: demo.secretary.password } }, token);
      expect(result.errors![0].extensions!.fields).toEqual({ [field]: message });
    }
    const ok = await gql(app.url, PROFILE, { input: { telephone: '0611111111', city: 'Écully' } }, token);
    expect(ok.data!.updateMyProfile).toMatchObject({ message: 'Compte modifié avec succès.', user: { telephone: '0611111111' } });

    const zoe = await app.services.db.user.findUniqueOrThrow({ where: { email: 'zoe.lemaitre@demo.fr' } });
    const response = await rest(app.url, 'PUT', `/api/v1/users/${zoe.id}`, {
      token,
      json: {
        role_id: '3',
        first_name: 'Zoé',
        email: 'zoe@ailleurs.fr',
        secretary_price_page: '99',
        rib: 'FR00',
        identity: 'zoe',
        city: 'Lyon',
      },
    });
    expect(response.status).toBe(200);
    const after = await app.services.db.user.findUniqueOrThrow({ where: { id: zoe.id } });
    expect(after).toMatchObject({ email: 'zoe.lemaitre@demo.fr', identity: 'zoelemaitre', rib: zoe.rib, city: 'Lyon' });
    expect(after.secretaryPricePage.toString()).toBe(zoe.secretaryPricePage.toString());
  });

  it('bailiff profile: the bailiff form rules, e-mail and étude read-only', async () => {
    const token = await loginAs('loic.gauthier@demo.fr', demo.bailiff.password);
    const loic = await app.services.db.user.findUniqueOrThrow({ where: { email: 'loic.gauthier@demo.fr' } });
    const currentPassword = demo.bailiff.password;
    const weak = await gql(app.url, PROFILE, { input: { password: 'faible', currentPassword } }, token);
    expect(weak.errors![0].extensions!.fields).toEqual({ password: 'Mauvais mot de passe.' });
    const mismatch = await gql(
      app.url,
      PROFILE,
      { input: { password: 'Nouveau#2026', passwordConfirmation: 'Autre#2026', currentPassword } },
      token,
    );
    expect(mismatch.errors![0].extensions!.fields).toEqual({ passwordConfirmation: CONFIRMATION });
    const response = await rest(app.url, 'PUT', `/api/v1/users/${loic.id}`, {
      token,
      json: { email: 'loic@ailleurs.fr', group_id: '1', first_name: 'Loïc', Instructions_to_secretaries: '<p>Nouvelle trame</p>' },
    });
    expect(response.status).toBe(200);
    const after = await app.services.db.user.findUniqueOrThrow({ where: { id: loic.id } });
    expect(after).toMatchObject({ email: loic.email, groupId: loic.groupId, instructions: '<p>Nouvelle trame</p>' });
  });

  it('changing one’s password keeps this session and ends the others', async () => {
    const first = await loginAs('anais.guerin@demo.fr', demo.secretary.password);
    const second = await loginAs('anais.guerin@demo.fr', demo.secretary.password);
    const input = { password: 'Nouveau#2026', passwordConfirmation: 'Nouveau#2026', currentPassword: demo.secretary.password };
    const result = await gql(app.url, PROFILE, { input }, first);
    expect(result.errors).toBeUndefined();
    expect((await gql(app.url, 'query { me { email } }', {}, first)).data!.me).not.toBeNull();
    expect((await gql(app.url, 'query { me { email } }', {}, second)).data!.me).toBeNull();
  });

  it('admin profile: no format validation, names still required', async () => {
    const result = await gql(app.url, PROFILE, { input: { telephone: '04 78 42 56 31', description: 'ok' } }, admin);
    expect(result.errors).toBeUndefined();
    const empty = await gql(app.url, PROFILE, { input: { firstName: '' } }, admin);
    expect(empty.errors![0].extensions!.fields).toEqual({ firstName: REQUIRED });
  });
});

describe('changing one’s own password (hardening, issue 16)', () => {
  const CURRENT_REQUIRED = 'Veuillez saisir votre mot de passe actuel.';
  const CURRENT_WRONG = 'Mot de passe actuel incorrect.';
  const IMPERSONATION = 'Le mot de passe ne peut pas être modifié pendant une connexion « en tant que ».';
  const LOGIN_AS = 'mutation($input: LoginAsInput!) { loginAs(input: $input) { token } }';
  const NEW = 'Nouveau#2026';

  /** A fresh active account of the role, signed in; its password is 'Constat#2026'. */
  async function freshAccount(role: AccountRole) {
    const created = await gql(app.url, CREATE, { input: validAccount(role) }, admin);
    const { id, databaseId, email } = created.data!.createAccount.user;
    return { id, databaseId, email, token: await loginToken(app.url, email, 'Constat#2026') };
  }
  const hashOf = async (id: number) => (await app.services.db.user.findUniqueOrThrow({ where: { id } })).passwordHash;

  it('the profile needs the current password: missing or wrong is refused, right is accepted (GraphQL)', async () => {
    const account = await freshAccount('BAILIFF');
    const before = await hashOf(account.databaseId);
    const missing = await gql(app.url, PROFILE, { input: { password: NEW, passwordConfirmation: NEW } }, account.token);
    expect(missing.errors![0]).toMatchObject({
      message: CURRENT_REQUIRED,
      extensions: { code: 'BAD_USER_INPUT', fields: { currentPassword: CURRENT_REQUIRED } },
    });
    const wrong = await gql(
      app.url,
      PROFILE,
      { input: { password: NEW, passwordConfirmation: NEW, currentPassword: 'Pas#Le2Bon' } },
      account.token,
    );
    expect(wrong.errors![0]).toMatchObject({
      message: CURRENT_WRONG,
      extensions: { code: 'BAD_USER_INPUT', fields: { currentPassword: CURRENT_WRONG } },
    });
    expect(await hashOf(account.databaseId)).toBe(before);

    const right = await gql(
      app.url,
      PROFILE,
      { input: { password: NEW, passwordConfirmation: NEW, currentPassword: 'Constat#2026' } },
      account.token,
    );
    expect(right.errors).toBeUndefined();
    expect(await loginToken(app.url, account.email, NEW)).toBeTruthy();
  });

  it('other profile fields still save without the current password', async () => {
    const account = await freshAccount('SECRETARY');
    const result = await gql(app.url, PROFILE, { input: { telephone: '0622334455' } }, account.token);
    expect(result.data!.updateMyProfile.user.telephone).toBe('0622334455');
  });

  it('REST PUT/PATCH on one’s own id takes it as current_password', async () => {
    const account = await freshAccount('SECRETARY');
    const route = `/api/v1/users/${account.databaseId}`;
    const missing = await rest(app.url, 'PUT', route, { token: account.token, json: { password: NEW, password_confirmation: NEW } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ current_password: CURRENT_REQUIRED });
    const wrong = await rest(app.url, 'PATCH', route, { token: account.token, json: { password: NEW, current_password: 'Pas#Le2Bon' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current_password: CURRENT_WRONG });
    const right = await rest(app.url, 'PUT', route, { token: account.token, json: { password: NEW, current_password: 'Constat#2026' } });
    expect(right.status).toBe(200);
    expect(await loginToken(app.url, account.email, NEW)).toBeTruthy();
  });

  it('an admin setting his own password on the admin form needs it too; another user’s does not', async () => {
    const self = await freshAccount('ADMIN');
    const missing = await gql(app.url, UPDATE, { input: { id: self.id, password: NEW } }, self.token);
    expect(missing.errors![0].extensions!.fields).toEqual({ currentPassword: CURRENT_REQUIRED });
    const wrong = await gql(app.url, UPDATE, { input: { id: self.id, password: NEW, currentPassword: 'Pas#Le2Bon' } }, self.token);
    expect(wrong.errors![0].extensions!.fields).toEqual({ currentPassword: CURRENT_WRONG });
    const right = await gql(app.url, UPDATE, { input: { id: self.id, password: NEW, currentPassword: 'Constat#2026' } }, self.token);
    expect(right.errors).toBeUndefined();

    const other = await freshAccount('BAILIFF');
    const set = await gql(app.url, UPDATE, { input: { id: other.id, password: NEW } }, self.token);
    expect(set.errors).toBeUndefined();
    expect(await loginToken(app.url, other.email, NEW)).toBeTruthy();
  });

  it('an impersonation session never changes a password, even with the right current one (GraphQL and REST)', async () => {
    const target = await freshAccount('BAILIFF');
    const before = await hashOf(target.databaseId);
    const impersonation = (await gql(app.url, LOGIN_AS, { input: { email: target.email } }, admin)).data!.loginAs.token;
    expect((await gql(app.url, 'query { impersonated }', {}, impersonation)).data).toEqual({ impersonated: true });
    expect((await gql(app.url, 'query { impersonated }', {}, target.token)).data).toEqual({ impersonated: false });

    const graphql = await gql(
      app.url,
      PROFILE,
      { input: { password: NEW, passwordConfirmation: NEW, currentPassword: 'Constat#2026' } },
      impersonation,
    );
    expect(graphql.errors![0]).toMatchObject({ message: IMPERSONATION, extensions: { code: 'FORBIDDEN' } });
    const legacy = await rest(app.url, 'PUT', `/api/v1/users/${target.databaseId}`, {
      token: impersonation,
      json: { password: NEW, current_password: 'Constat#2026' },
    });
    expect(legacy.status).toBe(403);
    expect(legacy.body.message).toBe(IMPERSONATION);
    expect(await hashOf(target.databaseId)).toBe(before);

    // An admin account entered by login-as cannot set anyone's password either.
    const otherAdmin = await freshAccount('ADMIN');
    const asAdmin = (await gql(app.url, LOGIN_AS, { input: { email: otherAdmin.email } }, admin)).data!.loginAs.token;
    const forOther = await gql(app.url, UPDATE, { input: { id: target.id, password: NEW } }, asAdmin);
    expect(forOther.errors![0]).toMatchObject({ message: IMPERSONATION, extensions: { code: 'FORBIDDEN' } });
    expect(await hashOf(target.databaseId)).toBe(before);
    // The rest of the profile stays editable there.
    const phone = await gql(app.url, PROFILE, { input: { telephone: '0699887766' } }, impersonation);
    expect(phone.data!.updateMyProfile.user.telephone).toBe('0699887766');
  });
});
