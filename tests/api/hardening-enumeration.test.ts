// Issue 16, class 7: nothing in an answer tells whether an account or a node exists. Forgot-password
// answers before looking the account up (the e-mail leaves afterwards); node(id:) and nodes(ids:)
// answer null for a node the viewer may not see, exactly as for a missing one.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { MailMessage } from '../../api/src/infra/mail/mailer.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest, waitForMail } from '../support/http.js';
import { waitFor } from '../support/wait.js';
import { workerGlobal } from '../support/worker-import.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('forgot-password', () => {
  const forgot = (email: string) => rest(app.url, 'POST', '/api/v1/auth/forgot-password', { form: { email } });

  it('answers a known and an unknown address alike, without waiting for the e-mail', async () => {
    const mailer = app.services.mailer;
    const send = mailer.send;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const sent: MailMessage[] = [];
    // A mail relay that holds every message until the test lets it go.
    mailer.send = async (message) => {
      await released;
      sent.push(message);
      return send.call(mailer, message);
    };
    try {
      const known = await forgot(demo.secretary.email);
      const unknown = await forgot('personne.inconnue@demo.fr');
      expect(known.status).toBe(200);
      expect(unknown).toMatchObject({ status: known.status, body: known.body });
      expect(sent).toEqual([]);
      release();
      await waitForMail(app.outboxDir, (mail) => (mail.to as any).text.includes(demo.secretary.email));
      expect(sent.map((message) => [message.to].flat())).toEqual([[demo.secretary.email]]);
    } finally {
      mailer.send = send;
    }
  });

  it('a failing mail relay still answers 200; the mail is kept with its failure, to be tried again', async () => {
    const mailer = app.services.mailer;
    const send = mailer.send;
    // An error of the server's realm, as its mail transport's would be (support/worker-import.ts).
    mailer.send = () => Promise.reject(new workerGlobal.Error('relais injoignable'));
    try {
      const response = await forgot(demo.admin.email);
      expect(response.status).toBe(200);
      await waitFor(
        async () =>
          (await app.services.db.mailOutbox.count({
            where: { recipients: { has: demo.admin.email }, lastError: 'relais injoignable' },
          })) === 1,
        { what: 'the failed try recorded' },
      );
      const kept = await app.services.db.mailOutbox.findFirstOrThrow({ where: { recipients: { has: demo.admin.email } } });
      expect(kept).toMatchObject({ sentAt: null, attempts: 1 });
      expect(kept.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    } finally {
      mailer.send = send;
    }
  });
});

describe('node(id:) and nodes(ids:)', () => {
  const NODE = 'query($id: ID!) { node(id: $id) { id } }';
  const NODES = 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }';

  it("another bailiff's constat reads exactly like a missing one", async () => {
    const db = app.services.db;
    const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    const others = await db.report.findFirstOrThrow({ where: { bailiffId: { not: bailiff.id } } });
    const own = await db.report.findFirstOrThrow({ where: { bailiffId: bailiff.id } });
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);

    const forbidden = await gql(app.url, NODE, { id: encodeGlobalID('Report', others.id) }, token);
    const missing = await gql(app.url, NODE, { id: encodeGlobalID('Report', 99_999_999) }, token);
    expect(forbidden).toEqual({
      data: { node: null },
      extensions: { cost: { requested: expect.any(Number), actual: expect.any(Number) } },
    });
    expect(missing).toEqual(forbidden);
    // Anonymous callers are refused alike for a real and a missing id; the bailiff's own constat is still there.
    const anonymous = await gql(app.url, NODE, { id: encodeGlobalID('Report', others.id) });
    expect(anonymous.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expect(await gql(app.url, NODE, { id: encodeGlobalID('Report', 99_999_999) })).toEqual(anonymous);
    expect((await gql(app.url, NODE, { id: encodeGlobalID('Report', own.id) }, token)).data!.node).toEqual({
      id: encodeGlobalID('Report', own.id),
    });

    const list = await gql(
      app.url,
      NODES,
      { ids: [encodeGlobalID('Report', own.id), encodeGlobalID('Report', others.id), encodeGlobalID('Report', 99_999_999)] },
      token,
    );
    expect(list).toEqual({
      data: { nodes: [{ id: encodeGlobalID('Report', own.id) }, null, null] },
      extensions: { cost: { requested: expect.any(Number), actual: expect.any(Number) } },
    });
  });

  it('a news item, which bailiffs may not read, reads like a missing one; a secretary still gets it', async () => {
    const news = await app.services.db.news.findFirstOrThrow();
    const [bailiff, secretary] = await Promise.all([
      loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
      loginToken(app.url, demo.secretary.email, demo.secretary.password),
    ]);
    const forbidden = await gql(app.url, NODE, { id: encodeGlobalID('News', news.id) }, bailiff);
    expect(forbidden).toEqual({
      data: { node: null },
      extensions: { cost: { requested: expect.any(Number), actual: expect.any(Number) } },
    });
    expect(await gql(app.url, NODE, { id: encodeGlobalID('News', 99_999_999) }, bailiff)).toEqual(forbidden);
    expect((await gql(app.url, NODE, { id: encodeGlobalID('News', news.id) }, secretary)).data!.node).toEqual({
      id: encodeGlobalID('News', news.id),
    });
  });

  it("another étude's bill reads like a missing one", async () => {
    const db = app.services.db;
    const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    const bill = await db.groupBill.findFirstOrThrow({ where: { groupId: { not: bailiff.groupId ?? -1 } } });
    const token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const forbidden = await gql(app.url, NODE, { id: encodeGlobalID('GroupBill', bill.id) }, token);
    expect(forbidden).toEqual({
      data: { node: null },
      extensions: { cost: { requested: expect.any(Number), actual: expect.any(Number) } },
    });
    expect(await gql(app.url, NODE, { id: encodeGlobalID('GroupBill', 99_999_999) }, token)).toEqual(forbidden);
  });
});
