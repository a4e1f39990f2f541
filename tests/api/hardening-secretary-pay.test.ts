// Issue 16 §10: a bailiff's own constats carried the secretary's rétrocession amounts (REST
// `retrocession_amount`), from which her tariff follows. Bailiffs never receive them, on any path;
// admins and the secretary still do.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { disposeAll, wsClient } from '../support/ws.js';
import { expectEvery } from '../support/expect-every.js';
import { liveSubscriptions } from '../support/wait.js';

let app: TestApp;
let reportId: number;
let tokens: Record<'admin' | 'bailiff' | 'secretary', string>;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  // Counted at 1.10 € a page and 0.40 € a photo: 12 pages − 4 photos / 2 = 10 text pages → 11.00 + 1.60.
  const report = await db.report.create({
    data: {
      name: 'Constat rémunéré',
      bailiffId: bailiff.id,
      secretaryId: secretary.id,
      status: 'TE',
      countPagesRetrocession: 12,
      countPhotosRetrocession: 4,
      countPagesBilling: 12,
      countPhotosBilling: 4,
      secretaryPricePage: '1.1',
      secretaryPricePhoto: '0.4',
    },
  });
  reportId = report.id;
  const [admin, bailiffToken, secretaryToken] = await Promise.all(
    (['admin', 'bailiff', 'secretary'] as const).map((role) => loginToken(app.url, demo[role].email, demo[role].password)),
  );
  tokens = { admin, bailiff: bailiffToken, secretary: secretaryToken };
});

const clients: Client[] = [];
afterAll(async () => {
  await disposeAll(clients);
  await app?.stop();
});

const AMOUNTS = 'retrocessionAmounts { pages photos total } billingAmounts { total }';

describe("a secretary's pay is hidden from bailiffs", () => {
  it('GraphQL: retrocessionAmounts reads null for the bailiff, in lists and by node; admins and the secretary read it', async () => {
    const list = `query { reports(first: 100) { edges { node { databaseId ${AMOUNTS} } } } }`;
    const bailiffList = await gql(app.url, list, {}, tokens.bailiff);
    expect(bailiffList.errors).toBeUndefined();
    const mine = bailiffList.data!.reports.edges.map((edge: any) => edge.node);
    expect(mine.length).toBeGreaterThan(0);
    expectEvery(mine, (node: any) => node.retrocessionAmounts === null && node.billingAmounts !== null);

    const byNode = `query($id: ID!) { node(id: $id) { ... on Report { ${AMOUNTS} } } }`;
    const id = encodeGlobalID('Report', reportId);
    expect((await gql(app.url, byNode, { id }, tokens.bailiff)).data!.node.retrocessionAmounts).toBeNull();
    for (const role of ['admin', 'secretary'] as const) {
      expect((await gql(app.url, byNode, { id }, tokens[role])).data!.node.retrocessionAmounts).toEqual({
        pages: '11.00',
        photos: '1.60',
        total: '12.60',
      });
    }
  });

  it('REST: no retrocession_amount in the bailiff’s get_all nor in a report a mutation answers; the secretary’s keeps it', async () => {
    const bailiffList = await rest(app.url, 'GET', '/api/v1/report/get_all?limit=100&without_filter_archived=true', {
      token: tokens.bailiff,
    });
    expect(bailiffList.status).toBe(200);
    expect(bailiffList.body.reports.length).toBeGreaterThan(0);
    expect(bailiffList.body.reports.filter((report: any) => 'retrocession_amount' in report)).toEqual([]);
    const ours = bailiffList.body.reports.find((report: any) => report.id === reportId);
    // His amount fields are the étude's billing amounts, never hers.
    expect(ours.amount_without_taxes_pages).not.toBe('11.00');

    const detail = await rest(app.url, 'POST', '/api/v1/report/add_comment', {
      token: tokens.bailiff,
      form: { report_id: String(reportId), comment: 'Merci.' },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.report.id).toBe(reportId);
    expect('retrocession_amount' in detail.body.report).toBe(false);

    const secretaryList = await rest(app.url, 'GET', '/api/v1/report/get_all?limit=100&without_filter_archived=true', {
      token: tokens.secretary,
    });
    expect(secretaryList.body.reports.find((report: any) => report.id === reportId).retrocession_amount).toBe('12.60');
  });

  it('subscription: the reportChanged payload a bailiff receives has no rétrocession amounts', async () => {
    const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email }, select: { id: true } });
    // The comment is made once the server listens for the bailiff's subscription.
    const listening = liveSubscriptions(app).whenStarted(`reportChanged:${bailiff.id}`);
    const client = wsClient(app.url, tokens.bailiff, { lazy: false, onNonLazyError: () => {} });
    clients.push(client);
    const event = new Promise<any>((resolve, reject) => {
      client.subscribe(
        { query: `subscription { reportChanged { report { databaseId ${AMOUNTS} } } }` },
        { next: resolve, error: reject, complete: () => {} },
      );
    });
    await listening;
    const comment = await gql(
      app.url,
      'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }',
      { input: { reportId: encodeGlobalID('Report', reportId), body: 'Pages comptées.', receiver: 'BAILIFF' } },
      tokens.admin,
    );
    expect(comment.errors).toBeUndefined();
    const received = await event;
    expect(received.data.reportChanged.report).toMatchObject({
      databaseId: reportId,
      retrocessionAmounts: null,
      billingAmounts: { total: expect.any(String) },
    });
  });
});
