// Who may do what in the accounts, groups, news, notifications and absences modules: one table,
// every operation (GraphQL and the REST shims) × anonymous / admin / bailiff / secretary.
// Over 400 lines on purpose: the matrix is one table (OPERATIONS), read and reviewed whole.
import type { Client } from 'graphql-ws';
import { disposeAll, wsClient } from '../support/ws.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { notifyUsers } from '../../api/src/modules/notifications/service.js';
import { gqlUpload, restForm } from '../support/upload.js';

// A PNG signature and its IHDR chunk (length, type, 13 bytes, CRC): enough for file-type to recognise it.
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(17),
]);

type Role = 'anonymous' | 'admin' | 'bailiff' | 'secretary';
/**
 * ok: allowed; denied: 401 / UNAUTHENTICATED for anonymous, 403 / FORBIDDEN otherwise; hidden: allowed, but the gated field reads null;
 * absent: answered as for an id that does not exist (node null without an error, REST 404), so a refusal does not reveal the id.
 */
type Outcome = 'ok' | 'denied' | 'hidden' | 'absent';

interface Fixture {
  helene: number;
  ownGroup: number;
  otherGroup: number;
  news: number;
  pending: number;
  notification: Record<Exclude<Role, 'anonymous'>, number>;
  civility: Record<Exclude<Role, 'anonymous'>, string>;
}

interface Operation {
  name: string;
  expect: Record<Role, Outcome>;
  graphql?: { query: string; variables?: (fx: Fixture, role: Role, n: number) => Record<string, unknown>; hidden?: (data: any) => boolean };
  rest?: { method: string; path: (fx: Fixture, role: Role) => string; json?: (fx: Fixture, role: Role, n: number) => unknown };
  subscription?: string;
  /** A GraphQL multipart request with one file at `path`, or a legacy multipart form. */
  upload?: { query: string; variables: Record<string, unknown>; path: string } | { route: string; field: string };
}

const ADMIN_ONLY: Record<Role, Outcome> = { anonymous: 'denied', admin: 'ok', bailiff: 'denied', secretary: 'denied' };
const SIGNED_IN: Record<Role, Outcome> = { anonymous: 'denied', admin: 'ok', bailiff: 'ok', secretary: 'ok' };
const NEWS_READERS: Record<Role, Outcome> = { anonymous: 'denied', admin: 'ok', bailiff: 'denied', secretary: 'ok' };
/** Reading one row by id: whoever may not see it is told it does not exist. */
const ADMIN_ONLY_ROW: Record<Role, Outcome> = { anonymous: 'denied', admin: 'ok', bailiff: 'absent', secretary: 'absent' };
const NEWS_ROW: Record<Role, Outcome> = { anonymous: 'denied', admin: 'ok', bailiff: 'absent', secretary: 'ok' };

const id = (type: string, value: number) => Buffer.from(`${type}:${value}`).toString('base64');
const account = (n: number, role: Role) => ({
  role: 'SECRETARY',
  firstName: 'Camille',
  lastName: 'Perrin',
  telephone: '0612345678',
  email: `matrice.${role}.${n}@etude.fr`,
  identity: `matrice${role}${n}`,
  password: 'Constat#2026',
  siret: '12345678900011',
  address: '1 rue Haute',
  zip: '69001',
  city: 'Lyon',
  rib: 'FR76 1234 5678',
});
const group = (n: number) => ({
  name: `Étude matrice ${n}`,
  siret: '12345678900011',
  telephone: '0478000000',
  email: 'compta@matrice.fr',
  address: '1 place Bellecour',
  zip: '69002',
  city: 'Lyon',
  pricePage: '2.50',
  pricePhoto: '0.80',
});

const OPERATIONS: Operation[] = [
  // Accounts
  { name: 'query users', expect: ADMIN_ONLY, graphql: { query: 'query { users(first: 5) { totalCount } }' } },
  { name: 'query peopleChoices', expect: ADMIN_ONLY, graphql: { query: 'query { peopleChoices(role: SECRETARY) { id } }' } },
  { name: 'query groupChoices', expect: ADMIN_ONLY, graphql: { query: 'query { groupChoices { id } }' } },
  {
    name: "a user's identity fields",
    expect: SIGNED_IN,
    graphql: {
      query: 'query($id: ID!) { node(id: $id) { ... on User { fullName civility roleId avatarUrl groupName } } }',
      variables: (fx) => ({ id: id('User', fx.helene) }),
    },
  },
  {
    name: "another user's contact fields",
    expect: { anonymous: 'denied', admin: 'ok', bailiff: 'hidden', secretary: 'hidden' },
    graphql: {
      query: 'query($id: ID!) { node(id: $id) { ... on User { email telephone identity } } }',
      variables: (fx) => ({ id: id('User', fx.helene) }),
      hidden: (data) => data.node.email === null && data.node.telephone === null && data.node.identity === null,
    },
  },
  {
    name: "a bailiff's instructions",
    expect: { anonymous: 'denied', admin: 'ok', bailiff: 'hidden', secretary: 'ok' },
    graphql: {
      query: 'query($id: ID!) { node(id: $id) { ... on User { instructions } } }',
      variables: (fx) => ({ id: id('User', fx.helene) }),
      hidden: (data) => data.node.instructions === null,
    },
  },
  {
    name: 'createAccount',
    expect: ADMIN_ONLY,
    graphql: {
      query: 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { message } }',
      variables: (_fx, role, n) => ({ input: account(n, role) }),
    },
  },
  {
    name: 'updateAccount',
    expect: ADMIN_ONLY,
    graphql: {
      query: 'mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { message } }',
      variables: (fx) => ({ input: { id: id('User', fx.helene), telephone: '0623894512' } }),
    },
  },
  {
    name: 'updateMyProfile',
    expect: SIGNED_IN,
    graphql: {
      query: 'mutation($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { message } }',
      variables: (fx, role) => ({ input: { civility: role === 'anonymous' ? 'MONSIEUR' : fx.civility[role] } }),
    },
  },
  {
    name: 'setAccountActive',
    expect: ADMIN_ONLY,
    graphql: {
      query: 'mutation($input: SetAccountActiveInput!) { setAccountActive(input: $input) { message } }',
      variables: (fx) => ({ input: { id: id('User', fx.helene), active: true } }),
    },
  },
  {
    name: 'reviewPendingAccount',
    expect: ADMIN_ONLY,
    graphql: {
      query: 'mutation($input: ReviewPendingAccountInput!) { reviewPendingAccount(input: $input) { message } }',
      variables: (fx) => ({ input: { id: id('User', fx.pending), approve: true } }),
    },
  },
  { name: 'GET /api/v1/users', expect: ADMIN_ONLY, rest: { method: 'GET', path: () => '/api/v1/users?role_name=Bailiff' } },
  { name: 'GET /api/v1/users/{id}', expect: SIGNED_IN, rest: { method: 'GET', path: (fx) => `/api/v1/users/${fx.helene}` } },
  {
    name: 'POST /api/v1/users',
    expect: ADMIN_ONLY,
    rest: {
      method: 'POST',
      path: () => '/api/v1/users',
      json: (_fx, role, n) => ({
        role_id: '3',
        first_name: 'Camille',
        last_name: 'Perrin',
        telephone: '0612345678',
        email: `rest.${role}.${n}@etude.fr`,
        identity: `rest${role}${n}`,
        password: 'Constat#2026',
        street: '12345678900011',
        address: '1 rue Haute',
        zip: '69001',
        city: 'Lyon',
        rib: 'FR76 1234',
      }),
    },
  },
  {
    name: 'stageAvatar (upload)',
    expect: SIGNED_IN,
    upload: {
      query: 'mutation($input: StageAvatarInput!) { stageAvatar(input: $input) { url } }',
      variables: { input: { image: null } },
      path: 'input.image',
    },
  },
  {
    name: 'createAccount with a picture (upload)',
    expect: ADMIN_ONLY,
    upload: {
      query: 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { message } }',
      variables: { input: { ...account(0, 'anonymous'), email: 'avec.photo@etude.fr', identity: 'avecphoto', avatar: null } },
      path: 'input.avatar',
    },
  },
  { name: 'POST /api/v1/users/image', expect: SIGNED_IN, upload: { route: '/api/v1/users/image', field: 'profile' } },
  {
    name: "PUT /api/v1/users/{id} (someone else's)",
    expect: ADMIN_ONLY,
    rest: { method: 'PUT', path: (fx) => `/api/v1/users/${fx.helene}`, json: () => ({ telephone: '0623894512' }) },
  },

  // Groups
  { name: 'query groups', expect: ADMIN_ONLY, graphql: { query: 'query { groups(first: 5) { totalCount } }' } },
  {
    name: 'node: the bailiff’s own étude',
    expect: { anonymous: 'denied', admin: 'ok', bailiff: 'ok', secretary: 'absent' },
    graphql: {
      query: 'query($id: ID!) { node(id: $id) { ... on Group { name pricePage } } }',
      variables: (fx) => ({ id: id('Group', fx.ownGroup) }),
    },
  },
  {
    name: 'node: another étude',
    expect: ADMIN_ONLY_ROW,
    graphql: {
      query: 'query($id: ID!) { node(id: $id) { ... on Group { name } } }',
      variables: (fx) => ({ id: id('Group', fx.otherGroup) }),
    },
  },
  {
    name: 'createGroup',
    expect: ADMIN_ONLY,
    graphql: {
      query: 'mutation($input: CreateGroupInput!) { createGroup(input: $input) { message } }',
      variables: (_fx, _role, n) => ({ input: group(n) }),
    },
  },
  {
    name: 'updateGroup',
    expect: ADMIN_ONLY,
    graphql: {
      query: 'mutation($input: UpdateGroupInput!) { updateGroup(input: $input) { message } }',
      variables: (fx) => ({ input: { id: id('Group', fx.otherGroup), city: 'Bordeaux' } }),
    },
  },
  { name: 'GET /api/v1/group', expect: ADMIN_ONLY, rest: { method: 'GET', path: () => '/api/v1/group' } },
  { name: 'GET /api/v1/group/{id}', expect: ADMIN_ONLY_ROW, rest: { method: 'GET', path: (fx) => `/api/v1/group/${fx.otherGroup}` } },
  {
    name: 'POST /api/v1/group',
    expect: ADMIN_ONLY,
    rest: {
      method: 'POST',
      path: () => '/api/v1/group',
      json: (_fx, _role, n) => ({
        group_name: `Étude REST ${n}`,
        group_street: '12345678900011',
        group_telephone: '0478000000',
        group_email: 'c@rest.fr',
        group_address: '1 rue Haute',
        group_zip: '69001',
        group_city: 'Lyon',
        group_price_page: '2',
        group_price_photo: '1',
      }),
    },
  },
  {
    name: 'PATCH /api/v1/group/{id}',
    expect: ADMIN_ONLY,
    rest: { method: 'PATCH', path: (fx) => `/api/v1/group/${fx.otherGroup}`, json: () => ({ group_city: 'Bordeaux' }) },
  },

  // News
  { name: 'query news', expect: NEWS_READERS, graphql: { query: 'query { news(first: 5) { totalCount } }' } },
  {
    name: 'node: a news item',
    expect: NEWS_ROW,
    graphql: {
      query: 'query($id: ID!) { node(id: $id) { ... on News { title isRead } } }',
      variables: (fx) => ({ id: id('News', fx.news) }),
    },
  },
  {
    name: 'createNews',
    expect: ADMIN_ONLY,
    graphql: {
      query: 'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
      variables: () => ({ input: { title: 'Matrice', body: '<p>Texte</p>' } }),
    },
  },
  {
    name: 'updateNews',
    expect: ADMIN_ONLY,
    graphql: {
      query: 'mutation($input: UpdateNewsInput!) { updateNews(input: $input) { message } }',
      variables: (fx) => ({ input: { id: id('News', fx.news), important: true } }),
    },
  },
  {
    name: 'markNewsRead',
    expect: NEWS_READERS,
    graphql: {
      query: 'mutation($input: MarkNewsReadInput!) { markNewsRead(input: $input) { message } }',
      variables: (fx) => ({ input: { id: id('News', fx.news) } }),
    },
  },
  { name: 'GET /api/v1/news', expect: NEWS_READERS, rest: { method: 'GET', path: () => '/api/v1/news' } },
  { name: 'GET /api/v1/news/{id}', expect: NEWS_ROW, rest: { method: 'GET', path: (fx) => `/api/v1/news/${fx.news}` } },
  {
    name: 'POST /api/v1/news',
    expect: ADMIN_ONLY,
    rest: {
      method: 'POST',
      path: () => '/api/v1/news',
      json: () => ({ title: 'Matrice REST', description: '<p>x</p>', important: false }),
    },
  },
  {
    name: 'PATCH /api/v1/news/{id} {isRead}',
    expect: NEWS_READERS,
    rest: { method: 'PATCH', path: (fx) => `/api/v1/news/${fx.news}`, json: () => ({ isRead: true }) },
  },
  {
    name: 'PATCH /api/v1/news/{id} (edit)',
    expect: ADMIN_ONLY,
    rest: { method: 'PATCH', path: (fx) => `/api/v1/news/${fx.news}`, json: () => ({ title: 'Modifiée' }) },
  },
  { name: 'subscription newsPublished', expect: NEWS_READERS, subscription: 'subscription { newsPublished { title } }' },

  // Notifications
  { name: 'query notifications', expect: SIGNED_IN, graphql: { query: 'query { notifications(first: 6) { totalCount } }' } },
  { name: 'query unreadNotificationCount', expect: SIGNED_IN, graphql: { query: 'query { unreadNotificationCount }' } },
  {
    name: 'markNotificationRead (own)',
    expect: SIGNED_IN,
    graphql: {
      query: 'mutation($input: MarkNotificationReadInput!) { markNotificationRead(input: $input) { notification { isRead } } }',
      variables: (fx, role) => ({
        input: { id: id('Notification', role === 'anonymous' ? fx.notification.admin : fx.notification[role]) },
      }),
    },
  },
  { name: 'markAllNotificationsRead', expect: SIGNED_IN, graphql: { query: 'mutation { markAllNotificationsRead { count } }' } },
  { name: 'GET /api/v1/notification', expect: SIGNED_IN, rest: { method: 'GET', path: () => '/api/v1/notification' } },
  {
    name: 'PATCH /api/v1/notification/{id} (own)',
    expect: SIGNED_IN,
    rest: {
      method: 'PATCH',
      path: (fx, role) => `/api/v1/notification/${role === 'anonymous' ? fx.notification.admin : fx.notification[role]}`,
      json: () => ({ isRead: true }),
    },
  },
  { name: 'subscription notificationAdded', expect: SIGNED_IN, subscription: 'subscription { notificationAdded { body } }' },

  // Absences
  { name: 'query myAbsences', expect: SIGNED_IN, graphql: { query: 'query { myAbsences(first: 5) { edges { node { startDate } } } }' } },
  {
    name: 'query absences',
    expect: ADMIN_ONLY,
    graphql: { query: 'query { absences(year: 2026, month: 11) { edges { node { startDate user { lastName } } } } }' },
  },
  {
    name: 'createAbsence',
    expect: SIGNED_IN,
    graphql: {
      query: 'mutation($input: CreateAbsenceInput!) { createAbsence(input: $input) { message } }',
      variables: () => ({ input: { startDate: '2030-05-04', endDate: '2030-05-05' } }),
    },
  },
  {
    name: 'POST /api/v1/calendar',
    expect: SIGNED_IN,
    rest: {
      method: 'POST',
      path: () => '/api/v1/calendar',
      json: () => ({ start_date: '2030/06/01', end_date: '2030/06/02', comment: ' ' }),
    },
  },
  { name: 'GET /api/v1/calendar', expect: SIGNED_IN, rest: { method: 'GET', path: () => '/api/v1/calendar' } },
  { name: 'subscription absenceAdded', expect: ADMIN_ONLY, subscription: 'subscription { absenceAdded { startDate } }' },
  {
    name: 'GET /api/v1/calendar/getAllAbsences',
    expect: ADMIN_ONLY,
    rest: { method: 'GET', path: () => '/api/v1/calendar/getAllAbsences' },
  },
];

let app: TestApp;
const tokens: Partial<Record<Role, string>> = {};
let fx: Fixture;
let counter = 0;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  [tokens.admin, tokens.bailiff, tokens.secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
  const users = {
    admin: await db.user.findUniqueOrThrow({ where: { email: demo.admin.email } }),
    bailiff: await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } }),
    secretary: await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } }),
  };
  const notification = {} as Fixture['notification'];
  for (const role of ['admin', 'bailiff', 'secretary'] as const) {
    await notifyUsers(app.services, [users[role].id], { kind: 'COMMENT', body: '<p>Matrice</p>' });
    notification[role] = (await db.notification.findFirstOrThrow({ where: { userId: users[role].id }, orderBy: { id: 'desc' } })).id;
  }
  fx = {
    helene: (await db.user.findUniqueOrThrow({ where: { email: 'helene.marchand@demo.fr' } })).id,
    ownGroup: users.bailiff.groupId!,
    otherGroup: (await db.group.findFirstOrThrow({ where: { name: 'Étude Lefèvre-Gauthier' } })).id,
    news: (await db.news.findFirstOrThrow()).id,
    pending: (await db.user.findFirstOrThrow({ where: { status: 'PENDING' } })).id,
    notification,
    civility: { admin: users.admin.civility, bailiff: users.bailiff.civility, secretary: users.secretary.civility },
  };
});

afterAll(async () => {
  await disposeAll(clients);
  await app?.stop();
});

async function outcomeOf(operation: Operation, role: Role): Promise<string> {
  const token = tokens[role];
  counter += 1;
  if (operation.graphql) {
    const variables = operation.graphql.variables?.(fx, role, counter) ?? {};
    const result = await gql(app.url, operation.graphql.query, variables, token);
    const code = result.errors?.[0]?.extensions?.code;
    if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN')
      return role === 'anonymous' ? `denied:${code === 'UNAUTHENTICATED'}` : `denied:${code === 'FORBIDDEN'}`;
    if (result.errors) return `error:${JSON.stringify(result.errors)}`;
    if (result.data?.node === null) return 'absent';
    return operation.graphql.hidden?.(result.data) ? 'hidden' : 'ok';
  }
  if (operation.rest) {
    const response = await rest(app.url, operation.rest.method, operation.rest.path(fx, role), {
      token,
      json: operation.rest.json?.(fx, role, counter),
    });
    if (response.status === 401 || response.status === 403)
      return role === 'anonymous' ? `denied:${response.status === 401}` : `denied:${response.status === 403}`;
    if (response.status >= 200 && response.status < 300) return 'ok';
    if (response.status === 404) return 'absent';
    return `error:${response.status} ${JSON.stringify(response.body)}`;
  }
  if (operation.upload && 'route' in operation.upload) {
    const response = await restForm(
      app.url,
      operation.upload.route,
      {},
      [{ field: operation.upload.field, name: 'photo.png', content: PNG }],
      token,
    );
    if (response.status === 401 || response.status === 403)
      return role === 'anonymous' ? `denied:${response.status === 401}` : `denied:${response.status === 403}`;
    return response.status >= 200 && response.status < 300 ? 'ok' : `error:${response.status} ${JSON.stringify(response.body)}`;
  }
  if (operation.upload) {
    const result = await gqlUpload(
      app.url,
      operation.upload.query,
      operation.upload.variables,
      [{ path: operation.upload.path, name: 'photo.png', content: PNG }],
      token,
    );
    const code = result.errors?.[0]?.extensions?.code;
    if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN')
      return role === 'anonymous' ? `denied:${code === 'UNAUTHENTICATED'}` : `denied:${code === 'FORBIDDEN'}`;
    return result.errors ? `error:${JSON.stringify(result.errors)}` : 'ok';
  }
  return subscriptionOutcome(operation.subscription!, token);
}

/** Subscribes over graphql-ws: refused at connection (anonymous) or at subscribe time, or live. */
function subscriptionOutcome(query: string, token: string | undefined): Promise<string> {
  return new Promise((resolve) => {
    const client = wsClient(app.url, token, {
      lazy: false,
      // The refusal of an anonymous connection is what is being tested, not an error to log.
      onNonLazyError: () => {},
      on: { closed: (event) => finish(`denied:${(event as { code: number }).code === 4403 && !token}`) },
    });
    clients.push(client);
    let settled = false;
    const finish = (outcome: string) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    client.subscribe(
      { query },
      {
        next: (value) => {
          const code = value.errors?.[0]?.extensions?.code;
          finish(code === 'FORBIDDEN' ? `denied:${!!token}` : `error:${JSON.stringify(value)}`);
        },
        error: (error) => {
          const code = (error as { code?: number }).code;
          finish(code === undefined ? `error:${String(error)}` : `denied:${code === 4403 && !token}`);
        },
        complete: () => finish('error:completed'),
      },
    );
    // Still open and silent after a while: the subscription was accepted.
    setTimeout(() => finish('ok'), 400);
  });
}

const cases = OPERATIONS.flatMap((operation) =>
  (['anonymous', 'admin', 'bailiff', 'secretary'] as const).map(
    (role) => [operation.name, role, operation.expect[role], operation] as const,
  ),
);

describe('authorization matrix', () => {
  it.each(cases)('%s as %s → %s', async (_name, role, expected, operation) => {
    const outcome = await outcomeOf(operation, role);
    // "denied:true" means the right refusal: 401 / UNAUTHENTICATED anonymously, 403 / FORBIDDEN signed in.
    expect(outcome).toBe(expected === 'denied' ? 'denied:true' : expected);
  });
});
