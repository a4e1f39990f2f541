import type { Client } from 'graphql-ws';
import { disposeAll, wsClient } from '../support/ws.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { liveSubscriptions, type Channel, type LiveSubscriptions } from '../support/wait.js';

let app: TestApp;
let live: LiveSubscriptions;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp();
  live = liveSubscriptions(app);
});

/** The user's per-user channel of `topic`, as the server subscribes to it. */
async function channelOf(topic: string, email: string): Promise<Channel> {
  const user = await app.services.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return `${topic}:${user.id}` as Channel;
}

afterAll(async () => {
  await disposeAll(clients);
  await app?.stop();
});

function connect(token?: string): Client {
  // The refused-connection test expects the close; the default handler would log it as an error.
  const client = wsClient(app.url, token, { lazy: false, onNonLazyError: () => {} });
  clients.push(client);
  return client;
}

/** Resolves with the first event of a subscription, or rejects with its error. */
function firstEvent(client: Client, query: string): { event: Promise<any>; ready: Promise<void> } {
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const event = new Promise((resolve, reject) => {
    const unsubscribe = client.subscribe(
      { query },
      {
        next: (value) => {
          unsubscribe();
          resolve(value);
        },
        error: reject,
        complete: () => reject(new Error('completed without event')),
      },
    );
  });
  client.on('connected', () => markReady());
  return { event, ready };
}

/**
 * Opens an admins-only subscription as the admin and as `outsider`; checks the outsider is
 * refused when subscribing, and gives the admin's first event.
 */
async function adminOnlySubscription(
  topic: string,
  query: string,
  outsider: 'bailiff' | 'secretary',
): Promise<{ adminToken: string; adminEvent: Promise<any> }> {
  const [adminToken, outsiderToken] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo[outsider].email, demo[outsider].password),
  ]);
  // The test triggers the event once the server listens for the admin's subscription.
  const listening = live.whenStarted(await channelOf(topic, demo.admin.email));
  const adminSide = firstEvent(connect(adminToken), query);
  const outsiderSide = firstEvent(connect(outsiderToken), query);
  await Promise.all([adminSide.ready, outsiderSide.ready, listening]);
  const refused = await outsiderSide.event;
  expect(refused.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
  expect(refused.data).toBeFalsy();
  return { adminToken, adminEvent: adminSide.event };
}

const NOTIFICATION_ADDED = 'subscription { notificationAdded { kind body isRead } }';

describe('graphql-ws subscriptions on /graphql', () => {
  it("an admin's open notificationAdded subscription receives a new account request live", async () => {
    const token = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const listening = live.whenStarted(await channelOf('notificationAdded', demo.admin.email));
    const { event, ready } = firstEvent(connect(token), NOTIFICATION_ADDED);
    await Promise.all([ready, listening]);

    const response = await rest(app.url, 'POST', '/api/v1/auth/register', {
      form: {
        first_name: 'François',
        last_name: 'Noël',
        telephone: '0611223344',
        address: '1 rue Haute',
        zip: '75001',
        city: 'Paris',
        identity: 'f.noel',
        email: 'francois.noel@etude.fr',
        password: 'Constat#2026',
      },
    });
    expect(response.status).toBe(201);
    const received = await event;
    expect(received.data.notificationAdded).toMatchObject({ kind: 'ACCOUNT_REQUEST', isRead: false });
    expect(received.data.notificationAdded.body).toContain('François Noël');
  });

  it("a comment added by a secretary reaches the bailiff's open notificationAdded subscription", async () => {
    const db = app.services.db;
    const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
    const report = await db.report.create({ data: { name: 'Constat de voisinage', bailiffId: bailiff.id, secretaryId: secretary.id } });
    const bailiffToken = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const secretaryToken = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
    const listening = [live.whenStarted(`notificationAdded:${bailiff.id}`), live.whenStarted(`reportChanged:${bailiff.id}`)];
    const bailiffSide = firstEvent(connect(bailiffToken), NOTIFICATION_ADDED);
    const changes = firstEvent(connect(bailiffToken), 'subscription { reportChanged { reportId report { name unreadCommentCount } } }');
    await Promise.all([bailiffSide.ready, changes.ready, ...listening]);

    const result = await gql(
      app.url,
      'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }',
      { input: { reportId: encodeGlobalID('Report', report.id), body: 'Le scan de la page 2 est flou.' } },
      secretaryToken,
    );
    expect(result.errors).toBeUndefined();
    const received = await bailiffSide.event;
    expect(received.data.notificationAdded).toMatchObject({ kind: 'COMMENT', isRead: false });
    expect(received.data.notificationAdded.body).toContain('Le scan de la page 2 est flou.');
    const changed = await changes.event;
    expect(changed.data.reportChanged).toEqual({
      reportId: encodeGlobalID('Report', report.id),
      report: { name: 'Constat de voisinage', unreadCommentCount: 1 },
    });
  });

  it("a secretary's new absence reaches an admin's open absenceAdded subscription; a bailiff may not subscribe", async () => {
    // Refused when made: the bailiff never sees other people's absences (product.md §6).
    const { adminEvent } = await adminOnlySubscription(
      'absenceAdded',
      'subscription { absenceAdded { startDate endDate comment user { email } } }',
      'bailiff',
    );
    const result = await gql(
      app.url,
      'mutation($input: CreateAbsenceInput!) { createAbsence(input: $input) { message } }',
      { input: { startDate: '2031-03-02', endDate: '2031-03-04', comment: 'Congés de printemps' } },
      await loginToken(app.url, demo.secretary.email, demo.secretary.password),
    );
    expect(result.errors).toBeUndefined();
    expect((await adminEvent).data.absenceAdded).toEqual({
      startDate: '2031-03-02',
      endDate: '2031-03-04',
      comment: 'Congés de printemps',
      user: { email: demo.secretary.email },
    });
  });

  it("a bill marked paid reaches an admin's open billingChanged subscription with its month; a secretary may not subscribe", async () => {
    const bill = await app.services.db.groupBill.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const { adminToken, adminEvent } = await adminOnlySubscription(
      'billingChanged',
      'subscription { billingChanged { year month } }',
      'secretary',
    );
    const result = await gql(
      app.url,
      'mutation($input: SetGroupBillPaidInput!) { setGroupBillPaid(input: $input) { message } }',
      { input: { billId: encodeGlobalID('GroupBill', bill.id), isPaid: !bill.isPaid } },
      adminToken,
    );
    expect(result.errors).toBeUndefined();
    expect((await adminEvent).data.billingChanged).toEqual({ year: bill.year, month: bill.month });
  });

  it("a secretary's uploaded bill reaches an admin's open secretaryBillAdded subscription; a bailiff may not subscribe", async () => {
    const { adminEvent } = await adminOnlySubscription(
      'secretaryBillAdded',
      'subscription { secretaryBillAdded { year month file { name } secretary { email } } }',
      'bailiff',
    );
    const result = await gqlUpload(
      app.url,
      'mutation($input: UploadSecretaryBillInput!) { uploadSecretaryBill(input: $input) { message } }',
      { input: { file: null, year: 2002, month: 7 } },
      [{ path: 'input.file', name: 'Facture juillet.pdf', content: samplePdf() }],
      await loginToken(app.url, demo.secretary.email, demo.secretary.password),
    );
    expect(result.errors).toBeUndefined();
    expect((await adminEvent).data.secretaryBillAdded).toEqual({
      year: 2002,
      month: 7,
      file: { name: 'Facture juillet.pdf' },
      secretary: { email: demo.secretary.email },
    });
  });

  it('a connection without a valid session is refused on connect', async () => {
    const client = connect('invalid-token');
    const closed = new Promise<{ code: number }>((resolve) => client.on('closed', (event) => resolve(event as { code: number })));
    client.subscribe({ query: NOTIFICATION_ADDED }, { next: () => {}, error: () => {}, complete: () => {} });
    expect((await closed).code).toBe(4403);
  });
});
