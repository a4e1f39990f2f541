import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { notifyUsers } from '../../api/src/modules/notifications/service.js';
import { expectEvery } from '../support/expect-every.js';

const NOTIFICATIONS = `query($first: Int, $after: String, $unreadOnly: Boolean) {
  notifications(first: $first, after: $after, unreadOnly: $unreadOnly) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id databaseId kind body isRead createdAt } }
  }
  unreadNotificationCount
}`;
const MARK_READ = 'mutation($input: MarkNotificationReadInput!) { markNotificationRead(input: $input) { notification { isRead readAt } } }';
const CREATE_ABSENCE =
  'mutation($input: CreateAbsenceInput!) { createAbsence(input: $input) { message absence { startDate endDate comment user { firstName lastName } } } }';

let app: TestApp;
let admin: string;
let bailiff: string;
let secretary: string;
let bailiffId: number;
let secretaryId: number;

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff, secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
  bailiffId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
  secretaryId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } })).id;
});

afterAll(async () => {
  await app?.stop();
});

describe('notifications', () => {
  beforeAll(async () => {
    // Enough notifications to page through: 70 more for the bailiff.
    for (let i = 1; i <= 70; i++) await notifyUsers(app.services, [bailiffId], { kind: 'COMMENT', body: `<p>Commentaire n° ${i}</p>` });
  });

  it('lists only the viewer’s notifications, newest first, 10 by default and at most 60 a page (more is refused)', async () => {
    const first = await gql(app.url, NOTIFICATIONS, {}, bailiff);
    const page = first.data!.notifications;
    expect(page.edges).toHaveLength(10);
    expect(page.edges[0].node.body).toBe('<p>Commentaire n° 70</p>');
    const total = await app.services.db.notification.count({ where: { userId: bailiffId } });
    expect(page.totalCount).toBe(total);

    // Past the largest page, a refusal rather than a page cut to 60.
    const tooBig = await gql(app.url, NOTIFICATIONS, { first: 500 }, bailiff);
    expect(tooBig.errors?.[0]).toMatchObject({
      message: 'Page trop grande : first vaut au plus 60 pour notifications.',
      extensions: { code: 'BAD_USER_INPUT', reason: 'PAGE_TOO_LARGE' },
    });
    const big = await gql(app.url, NOTIFICATIONS, { first: 60 }, bailiff);
    expect(big.data!.notifications.edges).toHaveLength(60);
    const next = await gql(app.url, NOTIFICATIONS, { first: 60, after: big.data!.notifications.pageInfo.endCursor }, bailiff);
    const ids = [...big.data!.notifications.edges, ...next.data!.notifications.edges].map((edge: any) => edge.node.databaseId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(total);

    const other = await gql(app.url, NOTIFICATIONS, { first: 60 }, secretary);
    expectEvery(other.data!.notifications.edges, (edge: any) => !edge.node.body.includes('Commentaire n°'));
  });

  it('marks one read, counts unread, and never touches another user’s', async () => {
    const before = (await gql(app.url, NOTIFICATIONS, { unreadOnly: true }, bailiff)).data!;
    const target = before.notifications.edges[0].node;
    const marked = await gql(app.url, MARK_READ, { input: { id: target.id } }, bailiff);
    expect(marked.data!.markNotificationRead.notification).toEqual({ isRead: true, readAt: expect.any(String) });
    const after = (await gql(app.url, NOTIFICATIONS, {}, bailiff)).data!;
    expect(after.unreadNotificationCount).toBe(before.unreadNotificationCount - 1);

    const foreign = await gql(app.url, MARK_READ, { input: { id: target.id } }, secretary);
    expect(foreign.errors![0].extensions!.code).toBe('NOT_FOUND');
    const peek = await gql(app.url, 'query($id: ID!) { node(id: $id) { ... on Notification { body } } }', { id: target.id }, secretary);
    // Another user's notification reads as a missing one.
    expect(peek).toEqual({ data: { node: null }, extensions: { cost: { requested: expect.any(Number), actual: expect.any(Number) } } });
  });

  it('marks them all read', async () => {
    const result = await gql(app.url, 'mutation { markAllNotificationsRead { count } }', {}, bailiff);
    expect(result.data!.markAllNotificationsRead.count).toBeGreaterThan(0);
    expect((await gql(app.url, NOTIFICATIONS, {}, bailiff)).data!.unreadNotificationCount).toBe(0);
  });

  it('stores bodies sanitized whoever calls notifyUsers', async () => {
    await notifyUsers(app.services, [secretaryId], {
      kind: 'COMMENT',
      body: '<p onclick="x()">Salut<script>alert(1)</script><a href="javascript:alert(2)">ici</a></p>',
    });
    const latest = await app.services.db.notification.findFirstOrThrow({ where: { userId: secretaryId }, orderBy: { id: 'desc' } });
    expect(latest.body).toBe('<p>Salut<a target="_blank" rel="noopener noreferrer">ici</a></p>');
  });

  it('REST: GET /notification (sendTo is the caller) and PATCH /notification/{id} {isRead: true}', async () => {
    const list = await rest(app.url, 'GET', `/api/v1/notification?sendTo=${secretaryId}`, { token: secretary });
    expect(list.status).toBe(200);
    expect(list.body[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        body: expect.any(String),
        isRead: false,
        sendTo: secretaryId,
        created_at: expect.any(String),
      }),
    );
    expect((await rest(app.url, 'GET', `/api/v1/notification?sendTo=${bailiffId}`, { token: secretary })).status).toBe(403);

    const patched = await rest(app.url, 'PATCH', `/api/v1/notification/${list.body[0].id}`, { token: secretary, json: { isRead: true } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: list.body[0].id, isRead: true });
    expect(
      (await rest(app.url, 'PATCH', `/api/v1/notification/${list.body[0].id}`, { token: bailiff, json: { isRead: true } })).status,
    ).toBe(404);
    expect((await rest(app.url, 'GET', '/api/v1/notification')).status).toBe(401);
  });
});

describe('absences', () => {
  const rows: [Record<string, string>, string, string | null][] = [
    [{ startDate: '2026-12-10', endDate: '2026-12-09' }, 'endDate', 'La date doit être postérieure à la date de début.'],
    [{ startDate: '2026-12-10', endDate: '2026-12-10' }, 'endDate', null],
    [{ startDate: '2026-12-10', endDate: '2026-12-14' }, 'endDate', null],
    [{ startDate: '', endDate: '2026-12-10' }, 'startDate', 'Champ requis'],
    [{ startDate: '2026-12-10', endDate: '' }, 'endDate', 'Champ requis'],
    [{ startDate: 'demain', endDate: '2026-12-10' }, 'startDate', 'Date invalide.'],
    [{ startDate: '2026-02-27', endDate: '2026-02-31' }, 'endDate', 'Date invalide.'],
    [{ startDate: '10/12/2026', endDate: '2026/12/11' }, 'endDate', null],
  ];

  it.each(rows)('%j → %s: %s', async (dates, field, message) => {
    const result = await gql(app.url, CREATE_ABSENCE, { input: { ...dates, comment: 'Congés' } }, secretary);
    if (message === null) {
      expect(result.errors).toBeUndefined();
      expect(result.data!.createAbsence.message).toBe('Indisponibilité créée avec succès.');
    } else {
      expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { [field]: message } });
    }
  });

  it('REST POST /calendar takes YYYY/MM/DD dates and the single-space comment', async () => {
    const response = await rest(app.url, 'POST', '/api/v1/calendar', {
      token: bailiff,
      json: { start_date: '2031/01/04', end_date: '2031/01/08', comment: ' ' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: 'Indisponibilité créée avec succès.',
      absence: expect.objectContaining({
        start_date: '2031-01-04',
        end_date: '2031-01-08',
        comment: '',
        first_name: 'François',
        last_name: 'Dubois',
      }),
    });
    const invalid = await rest(app.url, 'POST', '/api/v1/calendar', {
      token: bailiff,
      json: { start_date: '2031/01/08', end_date: '2031/01/04', comment: '' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ end_date: 'La date doit être postérieure à la date de début.' });
  });

  it('each user lists their own; the admin lists everyone by month, with names', async () => {
    const mine = await rest(app.url, 'GET', '/api/v1/calendar', { token: bailiff });
    expect(mine.body.length).toBeGreaterThan(0);
    expectEvery(mine.body, (absence: any) => absence.user_id === bailiffId);

    const month = await gql(
      app.url,
      'query($year: Int, $month: Int) { absences(year: $year, month: $month) { edges { node { startDate endDate user { firstName lastName } } } } }',
      { year: 2031, month: 1 },
      admin,
    );
    expect(month.data!.absences.edges.map((edge: any) => edge.node)).toEqual([
      { startDate: '2031-01-04', endDate: '2031-01-08', user: { firstName: 'François', lastName: 'Dubois' } },
    ]);
    // An absence spanning two months shows in both.
    await gql(app.url, CREATE_ABSENCE, { input: { startDate: '2031-02-26', endDate: '2031-03-03' } }, secretary);
    for (const monthNumber of [2, 3]) {
      const result = await gql(
        app.url,
        'query($m: Int) { absences(year: 2031, month: $m) { edges { node { startDate } } } }',
        { m: monthNumber },
        admin,
      );
      expect(result.data!.absences.edges.map((edge: any) => edge.node.startDate)).toEqual(['2031-02-26']);
    }

    const all = await rest(app.url, 'GET', '/api/v1/calendar/getAllAbsences', { token: admin });
    expect(all.status).toBe(200);
    expect(new Set(all.body.map((absence: any) => absence.user_id)).size).toBeGreaterThan(3);
    expect(all.body[0]).toEqual(
      expect.objectContaining({
        first_name: expect.any(String),
        last_name: expect.any(String),
        start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    );
    const fromDate = await rest(app.url, 'GET', '/api/v1/calendar/getAllAbsences?startDate=2031-01-01', { token: admin });
    expectEvery(fromDate.body, (absence: any) => absence.end_date >= '2031-01-01');
    expect((await rest(app.url, 'GET', '/api/v1/calendar/getAllAbsences', { token: bailiff })).status).toBe(403);
  });
});
