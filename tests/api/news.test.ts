import type { Client } from 'graphql-ws';
import { disposeAll, wsClient } from '../support/ws.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { liveSubscriptions, waitFor, type LiveSubscriptions } from '../support/wait.js';

const CREATE =
  'mutation($input: CreateNewsInput!) { createNews(input: $input) { message news { id databaseId title body important isRead } } }';
const UPDATE = 'mutation($input: UpdateNewsInput!) { updateNews(input: $input) { message news { title body important } } }';
const MARK_READ = 'mutation($input: MarkNewsReadInput!) { markNewsRead(input: $input) { news { isRead } } }';
const NEWS =
  'query($search: String, $keyword: String, $date: String) { news(first: 20, search: $search, keyword: $keyword, date: $date) { totalCount edges { node { id title isRead createdAt } } } }';

let app: TestApp;
let admin: string;
let bailiff: string;
let secretary: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff, secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
});

afterAll(async () => {
  await disposeAll(clients);
  await app?.stop();
});

describe('news form: product.md §5 rules enforced by the API', () => {
  const rows: ['create' | 'update', string, string, string | null][] = [
    ['create', 'title', '', "Entrez votre Titre de l'actualité, s'il vous plaît !"],
    ['create', 'title', 'ab', 'Doit contenir au moins 3 caractères'],
    ['create', 'title', 'Fin', null],
    ['create', 'body', '', 'Champ requis'],
    ['create', 'body', '<p><br></p>', 'Champ requis'],
    ['create', 'body', '<script>alert(1)</script>', 'Champ requis'],
    ['create', 'body', '<p>Réunion lundi</p>', null],
    ['update', 'title', '', 'Champ requis'],
    ['update', 'title', 'ab', 'Doit contenir au moins 3 caractères'],
    ['update', 'title', 'Nouveau titre', null],
    ['update', 'body', '<p> </p>', 'Champ requis'],
  ];
  let existing: string;

  beforeAll(async () => {
    const created = await gql(app.url, CREATE, { input: { title: 'À modifier', body: '<p>Texte</p>' } }, admin);
    existing = created.data!.createNews.news.id;
  });

  it.each(rows)('%s: %s = %j → %s', async (mode, field, value, message) => {
    const result =
      mode === 'create'
        ? await gql(app.url, CREATE, { input: { title: 'Titre valide', body: '<p>Texte valide</p>', [field]: value } }, admin)
        : await gql(app.url, UPDATE, { input: { id: existing, [field]: value } }, admin);
    if (message === null) {
      expect(result.errors).toBeUndefined();
      expect(result.data![mode === 'create' ? 'createNews' : 'updateNews'].message).toBe(
        mode === 'create' ? 'Actualités envoyées aux secrétaires avec succès' : 'Actualités mises à jour avec succès.',
      );
    } else {
      expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { [field]: message } });
    }
  });
});

describe('XSS', () => {
  const DIRTY =
    '<p>Bonjour<script>alert("x")</script> <img src="x" onerror="alert(1)"> <b onmouseover="alert(2)">gras</b> ' +
    '<a href="javascript:alert(3)">piège</a> <a href="JaVaScRiPt:alert(4)">piège 2</a> <a href="https://www.cnhj.fr">Chambre</a></p>' +
    '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';

  const assertClean = (html: string) => {
    expect(html).not.toMatch(/<script|onerror|onmouseover|javascript:|<img|<iframe|<style|alert/i);
    expect(html).toContain('<b>gras</b>');
    expect(html).toContain('href="https://www.cnhj.fr"');
  };

  it('news bodies are stored and served sanitized (GraphQL and REST)', async () => {
    const created = await gql(app.url, CREATE, { input: { title: 'Piège', body: DIRTY } }, admin);
    const { id, databaseId, body } = created.data!.createNews.news;
    assertClean(body);
    assertClean((await app.services.db.news.findUniqueOrThrow({ where: { id: databaseId } })).body);
    assertClean((await rest(app.url, 'GET', `/api/v1/news/${databaseId}`, { token: secretary })).body[0].description);

    const updated = await gql(app.url, UPDATE, { input: { id, body: `<p>Encore</p>${DIRTY}` } }, admin);
    assertClean(updated.data!.updateNews.news.body);
    // The legacy client sends the body encoded: decoded, then sanitized the same way.
    const escaped = DIRTY.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const viaRest = await rest(app.url, 'POST', '/api/v1/news', {
      token: admin,
      json: { title: 'Piège encodé', description: escaped, important: true },
    });
    expect(viaRest.status).toBe(201);
    assertClean(viaRest.body.news.description);
    const uri = await rest(app.url, 'PATCH', `/api/v1/news/${viaRest.body.news.id}`, {
      token: admin,
      json: { description: encodeURIComponent(DIRTY) },
    });
    expect(uri.body.message).toBe('Actualités mises à jour avec succès.');
    assertClean(uri.body.news.description);
  });
});

describe('news list, search and read marks', () => {
  it('lists newest first for admins and secretaries; bailiffs have no news', async () => {
    const result = await gql(app.url, NEWS, {}, secretary);
    const dates = result.data!.news.edges.map((edge: any) => edge.node.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const refused = await gql(app.url, NEWS, {}, bailiff);
    expect(refused.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect((await rest(app.url, 'GET', '/api/v1/news', { token: bailiff })).status).toBe(403);
  });

  it('searches title and text without accents or case', async () => {
    const titles = async (variables: Record<string, string>) =>
      (await gql(app.url, NEWS, variables, secretary)).data!.news.edges.map((edge: any) => edge.node.title);
    expect(await titles({ keyword: 'conges' })).toEqual(["Congés d'été : planning des absences"]);
    expect(await titles({ search: 'TRAME' })).toEqual(['Nouvelle trame de procès-verbal']);
    // product.md §7: a typed 'dd ' or 'dd/mm ' prefix is stripped, the rest searched as text.
    expect(await titles({ search: '12 trame' })).toEqual(['Nouvelle trame de procès-verbal']);
    expect(await titles({ search: '03/11 facturation' })).toEqual(['Facturation de fin de mois']);
  });

  it('a date (dd, dd/mm, dd/mm/yyyy) filters by publication day in Paris time', async () => {
    const item = await app.services.db.news.create({
      data: { title: 'Datée', body: '<p>x</p>', searchText: 'datee', createdAt: new Date('2025-03-14T23:30:00Z'), updatedAt: new Date() },
    });
    const found = async (variables: Record<string, string>) =>
      (await gql(app.url, NEWS, variables, admin)).data!.news.edges.map((edge: any) => edge.node.title).includes('Datée');
    // 23:30 UTC on the 14th is already the 15th in Paris.
    expect(await found({ search: '15/03/2025' })).toBe(true);
    expect(await found({ search: '15/03' })).toBe(true);
    expect(await found({ search: '15' })).toBe(true);
    expect(await found({ search: '14/03/2025' })).toBe(false);
    expect(await found({ date: '2025-03-15' })).toBe(true);
    const legacy = await rest(app.url, 'GET', '/api/v1/news?date=15/03/2025', { token: admin });
    expect(legacy.body.map((news: any) => news.title)).toEqual(['Datée']);
    await app.services.db.news.delete({ where: { id: item.id } });
  });

  it('read marks are per user', async () => {
    const created = await gql(app.url, CREATE, { input: { title: 'À lire', body: '<p>Texte</p>' } }, admin);
    const { id, databaseId } = created.data!.createNews.news;
    const zoe = await loginToken(app.url, 'zoe.lemaitre@demo.fr', demo.secretary.password);
    expect((await gql(app.url, MARK_READ, { input: { id } }, secretary)).data!.markNewsRead.news.isRead).toBe(true);
    const isRead = async (token: string) =>
      (await gql(app.url, 'query($id: ID!) { node(id: $id) { ... on News { isRead } } }', { id }, token)).data!.node.isRead;
    expect(await isRead(secretary)).toBe(true);
    expect(await isRead(zoe)).toBe(false);
    const patched = await rest(app.url, 'PATCH', `/api/v1/news/${databaseId}`, { token: zoe, json: { isRead: true } });
    expect(patched.status).toBe(200);
    expect(await isRead(zoe)).toBe(true);
    // Its author never sees his own news as unread.
    expect(await isRead(admin)).toBe(true);
  });

  it('REST: GET news/{id} is an array, POST answers product.md’s message, PATCH edits', async () => {
    const created = await rest(app.url, 'POST', '/api/v1/news', {
      token: admin,
      form: { title: 'Par formulaire', description: '<p>Corps</p>', important: 'true' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Actualités envoyées aux secrétaires avec succès',
      news: { title: 'Par formulaire', important: true, isRead: true },
    }); // read by its author
    const read = await rest(app.url, 'GET', `/api/v1/news/${created.body.news.id}`, { token: secretary });
    expect(read.body).toEqual([
      expect.objectContaining({ id: created.body.news.id, description: '<p>Corps</p>', created_at: expect.any(String) }),
    ]);
    const edited = await rest(app.url, 'PATCH', `/api/v1/news/${created.body.news.id}`, {
      token: admin,
      json: { title: 'Titre', important: false },
    });
    expect(edited.body).toMatchObject({ message: 'Actualités mises à jour avec succès.', news: { title: 'Titre', important: false } });
    const invalid = await rest(app.url, 'POST', '/api/v1/news', { token: admin, json: { title: '', description: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ title: "Entrez votre Titre de l'actualité, s'il vous plaît !", description: 'Champ requis' });
  });
});

describe('live: newsPublished and notificationAdded over graphql-ws', () => {
  function connect(token: string): Client {
    const client = wsClient(app.url, token);
    clients.push(client);
    return client;
  }

  /** Collects every event and error of a subscription, and whether the server completed it. */
  function collect(client: Client, query: string) {
    const feed = { events: [] as any[], errors: [] as unknown[], completed: false };
    client.subscribe(
      { query },
      { next: (value) => feed.events.push(value), error: (error) => feed.errors.push(error), complete: () => (feed.completed = true) },
    );
    return feed;
  }

  let live: LiveSubscriptions;
  beforeAll(() => {
    live = liveSubscriptions(app);
  });
  const idOf = async (email: string) => (await app.services.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

  const until = async (condition: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
    return condition();
  };

  it('an admin publishes ⇒ the secretary receives newsPublished within 1 s; the bailiff receives nothing', async () => {
    const { notifyUsers } = await import('../../api/src/modules/notifications/service.js');
    const bailiffId = await idOf(demo.bailiff.email);
    // Published once the server listens for the secretary's news and the bailiff's notifications.
    const listening = [live.whenStarted('newsPublished'), live.whenStarted(`notificationAdded:${bailiffId}`)];
    const secretaryFeed = collect(connect(secretary), 'subscription { newsPublished { title important } }');
    const bailiffClient = connect(bailiff);
    const bailiffFeed = collect(bailiffClient, 'subscription { newsPublished { title } }');
    const bailiffNotifications = collect(bailiffClient, 'subscription { notificationAdded { body } }');
    await Promise.all(listening);

    const published = Date.now();
    const created = await rest(app.url, 'POST', '/api/v1/news', {
      token: admin,
      json: { title: 'En direct', description: '<p>Live</p>', important: true },
    });
    expect(created.status).toBe(201);
    expect(await until(() => secretaryFeed.events.length > 0, 1000)).toBe(true);
    expect(Date.now() - published).toBeLessThan(1000);
    expect(secretaryFeed.events[0].data.newsPublished).toEqual({ title: 'En direct', important: true });

    // The bailiff's subscription is refused when it is made: one FORBIDDEN result, then the server
    // completes it, so no news item can follow.
    await waitFor(() => bailiffFeed.completed, { what: "the end of the bailiff's newsPublished" });
    expect(bailiffFeed.events).toEqual([
      { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })] },
    ]);
    // A notification sent to the bailiff after the publication comes after anything the publication
    // sent him on that subscription: once it is in, nothing came before it.
    await notifyUsers(app.services, [bailiffId], { kind: 'INFO', body: '<p>Après la publication</p>' });
    await waitFor(() => bailiffNotifications.events.length > 0, { what: "the bailiff's later notification" });
    expect(bailiffNotifications.events).toEqual([{ data: { notificationAdded: { body: '<p>Après la publication</p>' } } }]);
  });

  it('a notification for one user never reaches another', async () => {
    const { notifyUsers } = await import('../../api/src/modules/notifications/service.js');
    const [bailiffId, secretaryId] = await Promise.all([idOf(demo.bailiff.email), idOf(demo.secretary.email)]);
    const listening = [live.whenStarted(`notificationAdded:${secretaryId}`), live.whenStarted(`notificationAdded:${bailiffId}`)];
    const secretaryFeed = collect(connect(secretary), 'subscription { notificationAdded { body kind } }');
    const bailiffFeed = collect(connect(bailiff), 'subscription { notificationAdded { body kind } }');
    await Promise.all(listening);
    await notifyUsers(app.services, [bailiffId], { kind: 'REPORT_RETURNED', body: '<p>Pour vous<script>x()</script></p>' });
    expect(await until(() => bailiffFeed.events.length > 0, 1000)).toBe(true);
    expect(bailiffFeed.events[0].data.notificationAdded).toEqual({ body: '<p>Pour vous</p>', kind: 'REPORT_RETURNED' });
    // The secretary's own notification, sent after, reaches her after anything sent before it.
    await notifyUsers(app.services, [secretaryId], { kind: 'INFO', body: '<p>Pour la secrétaire</p>' });
    await waitFor(() => secretaryFeed.events.length > 0, { what: "the secretary's own notification" });
    expect(secretaryFeed.events).toEqual([{ data: { notificationAdded: { body: '<p>Pour la secrétaire</p>', kind: 'INFO' } } }]);
  });
});
