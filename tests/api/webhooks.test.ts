// Issue 37 item 3: webhooks. A real receiver on 127.0.0.1 (listed in WEBHOOK_ALLOWED_HOSTS) gets
// the deliveries the triggers record and the queue sends; the queue is woken instead of waiting for
// its poll, and a retry is made due by moving its next attempt to now.
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { waitFor } from '../support/wait.js';
import { deliveryBody, MAX_URL_LENGTH, webhookMessages } from '../../api/src/modules/webhooks/rules.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  body?: string;
  location?: string;
  /** Answered once this resolves (a receiver still thinking). */
  after?: Promise<void>;
}

/** The receiver: every request it got, and the answers it gives, per path, in turn (then 200). */
const received: Received[] = [];
const answers = new Map<string, Answer[]>();
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '/';
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    const answer = answers.get(path)?.shift() ?? { status: 200, body: 'merci' };
    void (answer.after ?? Promise.resolve()).then(() => {
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.body ?? '');
    });
  });
});
let receiverUrl: string;

let app: TestApp;
let admin: string;
let bailiff: string;
let bailiffId: number;

const CREATE = `mutation($input: CreateWebhookInput!) {
  createWebhook(input: $input) { secret webhook { id url events creator { email } } }
}`;
const DELETE = 'mutation($id: ID!) { deleteWebhook(input: { id: $id }) { deletedWebhookId } }';
const REDELIVER = 'mutation($id: ID!) { redeliverWebhookDelivery(input: { id: $id }) { delivery { id status } } }';
const LIST = `{ webhooks(first: 20) { totalCount edges { node { id url events
  deliveries(first: 10) { totalCount edges { node { id event status attempts lastStatusCode lastAnswer deliveredAt } } } } } } }`;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  [admin, bailiff] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
  ]);
  bailiffId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
});

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

afterEach(async () => {
  // Each test's webhooks are gone before the next one makes events.
  await app.services.db.webhook.updateMany({ where: { deletedAt: null }, data: { deletedAt: new Date() } });
  await app.services.db.webhookDelivery.updateMany({ where: { status: 'PENDING' }, data: { status: 'FAILED', nextAttemptAt: null } });
  received.length = 0;
  answers.clear();
});

async function createWebhook(url: string, events: string[] = ['REPORT_CREATED']) {
  const result = await gql(app.url, CREATE, { input: { url, events } }, admin);
  expect(result.errors).toBeUndefined();
  return result.data!.createWebhook as { secret: string; webhook: { id: string; url: string; events: string[] } };
}

/** A constat created by the bailiff (its files announced for a resumable deposit): a `report.created` event. */
async function createReport(name: string): Promise<number> {
  const result = await gql(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
    { input: { name, bailiffId: encodeGlobalID('User', bailiffId), deposit: { files: 1 } } },
    bailiff,
  );
  expect(result.errors).toBeUndefined();
  app.services.webhooks.wake();
  return result.data!.createReport.report.databaseId as number;
}

const webhookDbId = (globalId: string) => Number(Buffer.from(globalId, 'base64').toString().split(':')[1]);
const deliveriesOf = (globalId: string) =>
  app.services.db.webhookDelivery.findMany({ where: { webhookId: webhookDbId(globalId) }, orderBy: { id: 'asc' } });

describe('delivery', () => {
  it('POSTs the event as JSON signed with the secret, with its timestamp and event headers, and logs it', async () => {
    const { secret, webhook } = await createWebhook(`${receiverUrl}/constats`);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const reportId = await createReport('Constat pour le webhook');
    await waitFor(() => received.length === 1, { what: 'the delivery' });

    const [request] = received;
    expect(request.path).toBe('/constats');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-constats-event']).toBe('report.created');
    const timestamp = request.headers['x-constats-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(3600);
    // Verified as a receiver would, with node:crypto alone.
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
    expect(request.headers['x-constats-signature']).toBe(expected);
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      event: 'report.created',
      data: { id: encodeGlobalID('Report', reportId), databaseId: reportId, name: 'Constat pour le webhook', status: 'EC' },
    });
    expect(request.headers['x-constats-delivery']).toBe(String(body.deliveryId));

    await waitFor(async () => (await deliveriesOf(webhook.id))[0]?.status === 'DELIVERED', { what: 'the delivery logged' });
    const list = await gql(app.url, LIST, {}, admin);
    const node = list.data!.webhooks.edges.find((edge: any) => edge.node.id === webhook.id).node;
    expect(node.deliveries.edges.map((edge: any) => edge.node)).toEqual([
      expect.objectContaining({ event: 'REPORT_CREATED', status: 'DELIVERED', attempts: 1, lastStatusCode: 200, lastAnswer: 'merci' }),
    ]);
    // The secret is never given back.
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('is accepted by the verification of docs/api.md, and a tampered body is not', async () => {
    const doc = await readFile('docs/api.md', 'utf8');
    const snippet = /```js\n(import \{ createHmac, timingSafeEqual \}[\s\S]*?)```/.exec(doc)![1];
    const dir = await mkdtemp(path.join(os.tmpdir(), 'webhook-doc-'));
    const file = path.join(dir, 'verify.mjs');
    await writeFile(file, snippet);
    const { verifyConstatsSignature } = await import(file);
    await rm(dir, { recursive: true });

    const { secret } = await createWebhook(`${receiverUrl}/verified`);
    await createReport('Constat vérifié');
    await waitFor(() => received.length === 1, { what: 'the delivery' });
    const [{ headers, body }] = received;
    expect(verifyConstatsSignature(secret, body, headers)).toBe(true);
    expect(verifyConstatsSignature(secret, body.replace('Constat vérifié', 'Constat modifié'), headers)).toBe(false);
    expect(verifyConstatsSignature('whsec_autre', body, headers)).toBe(false);
  });

  it('tries again after a 500 and logs both tries', async () => {
    const { webhook } = await createWebhook(`${receiverUrl}/flaky`);
    answers.set('/flaky', [{ status: 500, body: 'panne' }]);
    await createReport('Constat réessayé');
    await waitFor(async () => (await deliveriesOf(webhook.id))[0]?.lastStatusCode === 500, { what: 'the failed try logged' });
    const [failed] = await deliveriesOf(webhook.id);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, lastAnswer: 'panne', deliveredAt: null });
    // The first retry waits a minute after the failed try (not the 5 minutes of the second): made due now instead.
    const wait = failed.nextAttemptAt!.getTime() - failed.lastAttemptAt!.getTime();
    expect(wait).toBeGreaterThanOrEqual(60_000);
    expect(wait).toBeLessThan(5 * 60_000);
    await app.services.db.webhookDelivery.update({ where: { id: failed.id }, data: { nextAttemptAt: new Date() } });
    app.services.webhooks.wake();

    await waitFor(async () => (await deliveriesOf(webhook.id))[0]?.status === 'DELIVERED', { what: 'the retry delivered' });
    expect(received.map((request) => request.path)).toEqual(['/flaky', '/flaky']);
    expect(received[0].body).toBe(received[1].body);
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({
      attempts: 2,
      lastStatusCode: 200,
      lastAnswer: 'merci',
      nextAttemptAt: null,
    });
  });

  it('does not follow a redirect: a 302 is a failed try', async () => {
    const { webhook } = await createWebhook(`${receiverUrl}/moved`);
    answers.set('/moved', [{ status: 302, location: `${receiverUrl}/elsewhere` }]);
    await createReport('Constat redirigé');
    await waitFor(async () => (await deliveriesOf(webhook.id))[0]?.lastStatusCode === 302, { what: 'the redirect logged' });
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(received.map((request) => request.path)).toEqual(['/moved']);
  });

  it('refuses at delivery a host name that resolves to a loopback address not listed', async () => {
    // « localhost » is not a literal address: accepted at creation, resolved (to 127.0.0.1 or ::1) at each try.
    const port = (receiver.address() as AddressInfo).port;
    const { webhook } = await createWebhook(`https://localhost:${port}/rebound`);
    await createReport('Constat vers localhost');
    await waitFor(async () => (await deliveriesOf(webhook.id))[0]?.attempts === 1 && !!(await deliveriesOf(webhook.id))[0].lastAnswer, {
      what: 'the refused try logged',
    });
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ status: 'PENDING', lastStatusCode: null });
    expect(delivery.lastAnswer).toContain(webhookMessages.privateAddress);
    expect(received).toEqual([]);
  });

  it('sends one more POST for concurrent « Renvoyer » of one delivery', async () => {
    const { webhook } = await createWebhook(`${receiverUrl}/again`);
    await createReport('Constat renvoyé');
    await waitFor(async () => (await deliveriesOf(webhook.id))[0]?.status === 'DELIVERED', { what: 'the first delivery' });
    const [delivery] = await deliveriesOf(webhook.id);
    // The redelivery's answer waits until every click was answered: none can start a second round after it.
    let release!: () => void;
    answers.set('/again', [{ status: 200, body: 'encore', after: new Promise<void>((resolve) => (release = resolve)) }]);
    const id = encodeGlobalID('WebhookDelivery', delivery.id);
    const clicks = await Promise.all(Array.from({ length: 6 }, () => gql(app.url, REDELIVER, { id }, admin)));
    for (const click of clicks) expect(click.errors).toBeUndefined();
    await waitFor(() => received.length === 2, { what: 'the redelivery' });
    release();
    await waitFor(async () => (await deliveriesOf(webhook.id))[0]?.status === 'DELIVERED', { what: 'the redelivery logged' });
    expect(received).toHaveLength(2);
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ attempts: 1, lastAnswer: 'encore' });
    expect(await app.services.db.auditLog.count({ where: { action: 'webhook.redeliver', entityId: String(delivery.id) } })).toBe(1);
  });

  it('gives up the pending deliveries of a deleted webhook', async () => {
    const { webhook } = await createWebhook(`${receiverUrl}/deleted`);
    answers.set('/deleted', [{ status: 503 }]);
    await createReport('Constat avant suppression');
    await waitFor(async () => (await deliveriesOf(webhook.id))[0]?.lastStatusCode === 503, { what: 'the failed try' });
    expect((await gql(app.url, DELETE, { id: webhook.id }, admin)).data).toEqual({ deleteWebhook: { deletedWebhookId: webhook.id } });
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ status: 'FAILED', nextAttemptAt: null });
    const [delivery] = await deliveriesOf(webhook.id);
    const redelivered = await gql(app.url, REDELIVER, { id: encodeGlobalID('WebhookDelivery', delivery.id) }, admin);
    expect(redelivered.errors?.[0]).toMatchObject({ message: webhookMessages.deleted, extensions: { code: 'CONFLICT' } });
    await createReport('Constat après suppression');
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);
  });
});

describe('what is recorded, in the change’s transaction', () => {
  const recorded = (globalId: string) =>
    app.services.db.webhookDelivery.findMany({ where: { webhookId: webhookDbId(globalId) }, orderBy: { id: 'asc' } });

  it('a constat changed, terminated; a change waiting for its first try is updated, not repeated', async () => {
    const { webhook } = await createWebhook('https://example.com/hooks', ['REPORT_CHANGED', 'REPORT_TERMINATED']);
    const report = await app.services.db.report.findFirstOrThrow({ where: { status: 'EC', isArchived: false } });
    // One transaction: the queue cannot claim the first change before the second one (it sees nothing uncommitted).
    await app.services.db.$transaction(async (tx) => {
      await tx.report.update({ where: { id: report.id }, data: { name: 'Premier nom' } });
      await tx.report.update({ where: { id: report.id }, data: { name: 'Second nom' } });
      await tx.report.update({ where: { id: report.id }, data: { status: 'TE' } });
    });
    const deliveries = await recorded(webhook.id);
    expect(deliveries.map((delivery) => [delivery.event, delivery.objectType, delivery.objectId])).toEqual([
      ['REPORT_CHANGED', 'Report', report.id],
      ['REPORT_TERMINATED', 'Report', report.id],
    ]);
    expect(deliveries[0].payload).toMatchObject({ name: 'Second nom', status: 'EC' });
    expect(deliveries[1].payload).toMatchObject({ name: 'Second nom', status: 'TE' });
  });

  it('a bill sent, then paid; nothing for a change rolled back', async () => {
    const { webhook } = await createWebhook('https://example.com/bills', ['BILL_SENT', 'BILL_PAID', 'SECRETARY_BILL_DEPOSITED']);
    const bill = await app.services.db.groupBill.findFirstOrThrow({ where: { isSent: false, isPaid: false } });
    await app.services.db.groupBill.update({ where: { id: bill.id }, data: { isSent: true, sentAt: new Date() } });
    await app.services.db.groupBill.update({ where: { id: bill.id }, data: { isPaid: true, paidAt: new Date() } });
    await expect(
      app.services.db.$transaction(async (tx) => {
        await tx.groupBill.update({ where: { id: bill.id }, data: { isPaid: false } });
        await tx.groupBill.update({ where: { id: bill.id }, data: { isPaid: true } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const deliveries = await recorded(webhook.id);
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['BILL_SENT', 'BILL_PAID']);
    expect(deliveries[1].payload).toMatchObject({ number: bill.number, isSent: true, isPaid: true });
    expect(JSON.parse(deliveryBody(deliveries[1])).data.id).toBe(encodeGlobalID('GroupBill', bill.id));
  });
});

describe('who may create a webhook, and where to', () => {
  const refusal = async (input: Record<string, unknown>, token = admin) => (await gql(app.url, CREATE, { input }, token)).errors?.[0];

  it('refuses a private or loopback address not listed, at creation', async () => {
    for (const url of [
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]:8443/',
      'https://192.168.1.10/',
    ]) {
      expect(await refusal({ url, events: ['REPORT_CREATED'] })).toMatchObject({
        message: webhookMessages.privateAddress,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    expect(await refusal({ url: 'http://example.com/hook', events: ['REPORT_CREATED'] })).toMatchObject({
      message: webhookMessages.httpsRequired,
    });
    expect(await app.services.db.webhook.count({ where: { deletedAt: null } })).toBe(0);
  });

  it('refuses a bailiff and an admin’s API token', async () => {
    expect(await refusal({ url: 'https://example.com/hook', events: ['REPORT_CREATED'] }, bailiff)).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
    });
    const token = await gql(
      app.url,
      'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }',
      { input: { name: 'Intégration', scopes: ['REPORTS', 'ACCOUNTS'] } },
      admin,
    );
    expect(await refusal({ url: 'https://example.com/hook', events: ['REPORT_CREATED'] }, token.data!.createApiToken.token)).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await app.services.db.webhook.count({ where: { deletedAt: null } })).toBe(0);
  });

  it('refuses hostile input in French', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`, events: ['REPORT_CREATED'] }, webhookMessages.urlTooLong],
      [{ url: 'https://exa mple.com/', events: ['REPORT_CREATED'] }, webhookMessages.urlInvalid],
      [{ url: 'not a url', events: ['REPORT_CREATED'] }, webhookMessages.urlInvalid],
      [{ url: 'https://user:secret@example.com/', events: ['REPORT_CREATED'] }, webhookMessages.urlCredentials],
      [{ url: 'https://example.com/', events: [] }, webhookMessages.eventsRequired],
    ];
    for (const [input, message] of cases) expect(await refusal(input)).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    const unknown = await refusal({ url: 'https://example.com/', events: ['REPORT_DELETED'] });
    expect(unknown).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(JSON.stringify(unknown)).toContain('REPORT_DELETED');
    expect(await app.services.db.webhook.count({ where: { deletedAt: null } })).toBe(0);
  });

  it('keeps at most 20 live webhooks, concurrent creations included', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        gql(app.url, CREATE, { input: { url: `https://example.com/${index}`, events: ['BILL_PAID'] } }, admin),
      ),
    );
    expect(results.filter((result) => !result.errors)).toHaveLength(20);
    expect(results.find((result) => result.errors)?.errors?.[0]).toMatchObject({ message: webhookMessages.tooMany });
    expect(await app.services.db.webhook.count({ where: { deletedAt: null } })).toBe(20);
  });
});
