// The mail relay down or hanging: the user's action succeeds without waiting for it; its mail waits
// in the database and leaves, once, when the relay is back. Real faults: a port nothing listens
// on, then a TCP server that accepts and never says a word, then a real SMTP server on that port.
import net, { type AddressInfo, type Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { registration } from '../support/accounts.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { waitFor } from '../support/wait.js';

const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }';
const REVIEW = 'mutation($input: ReviewPendingAccountInput!) { reviewPendingAccount(input: $input) { message } }';
const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

let app: TestApp;
let port: number;
let relay: { close(): Promise<void> } | null = null;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

/** Accepts connections and never answers (no SMTP greeting). */
async function startHangingRelay(): Promise<{ accepted: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    accepted: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A real SMTP server, keeping what it receives. */
async function startRelay() {
  const received: { to: string[]; subject: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** How long the app waits on a silent relay: far longer than any answer of the app takes. */
const RELAY_TIMEOUT_MS = 20_000;

async function timed<T>(action: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await action();
  return { result, ms: performance.now() - start };
}

/**
 * The queued mails whose subject contains `subject`, once each is marked sent: from then on none
 * can leave again, so what the relay received is all it will receive.
 */
async function waitForSent(subject: string) {
  await waitFor(
    async () => {
      const rows = await app.services.db.mailOutbox.findMany({ where: { subject: { contains: subject } } });
      return rows.length > 0 && rows.every((row) => row.sentAt !== null);
    },
    { timeout: 20_000, what: `« ${subject} » sent` },
  );
}

/** The queued mails whose subject contains `subject`, once each has failed `tries` times. */
async function waitForFailures(subject: string, tries = 1) {
  let rows: Awaited<ReturnType<typeof app.services.db.mailOutbox.findMany>> = [];
  await waitFor(
    async () => {
      rows = await app.services.db.mailOutbox.findMany({ where: { subject: { contains: subject } } });
      return rows.length > 0 && rows.every((row) => row.attempts >= tries && row.lastError !== null);
    },
    { timeout: 15_000, what: `a failed try of « ${subject} »` },
  );
  return rows;
}

beforeAll(async () => {
  port = await freePort();
  app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_TIMEOUT_SECONDS: String(RELAY_TIMEOUT_MS / 1000) } });
});

afterEach(async () => {
  await relay?.close();
  relay = null;
});

afterAll(async () => {
  await app?.stop();
});

it('relay closed: registering and approving succeed, and each mail leaves exactly once when the relay is back', async () => {
  const form = registration({ email: 'relais.ferme@etude.fr', identity: 'relais.ferme' });
  const registered = await rest(app.url, 'POST', '/api/v1/auth/register', { form });
  expect(registered.status).toBe(201);

  const user = await app.services.db.user.findUniqueOrThrow({ where: { email: form.email } });
  const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const approved = await gql(app.url, REVIEW, { input: { id: globalId('User', user.id), approve: true } }, admin);
  expect(approved.errors).toBeUndefined();
  expect((await app.services.db.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe('ACTIVE');

  // Both mails are kept, their failure recorded (the connection refused), nothing lost.
  const [failed] = await waitForFailures('activé');
  expect(failed.lastError).toMatch(/ECONNREFUSED/);
  expect(failed.sentAt).toBeNull();

  const smtp = await startRelay();
  relay = smtp;
  const mine = () => smtp.received.filter((mail) => mail.text.includes(form.email) || mail.to.includes(form.email));
  await waitForSent('activé');
  await waitForSent('demande de création');
  expect(
    mine()
      .map((mail) => mail.subject)
      .sort(),
  ).toEqual(['Nouvelle demande de création de compte', 'Votre compte Extranet Constats est activé']);
  const rows = await app.services.db.mailOutbox.findMany({
    where: { OR: [{ subject: { contains: 'activé' } }, { subject: { contains: 'demande' } }] },
  });
  expect(rows.every((row) => row.sentAt !== null && row.nextAttemptAt === null)).toBe(true);
}, 40_000);

it('relay hanging: creating a constat answers long before the relay would time out, and its mail leaves exactly once when the relay answers', async () => {
  const hanging = await startHangingRelay();
  relay = hanging;
  const bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  const created = await timed(() =>
    gqlUpload(
      app.url,
      CREATE,
      { input: { name: 'Constat – relais muet', files: [null] } },
      [{ path: 'input.files.0', name: 'pv.pdf', content: samplePdf() }],
      bailiff,
    ),
  );
  expect(created.result.errors).toBeUndefined();
  // Had the action waited for the relay, it would have taken the relay's whole timeout.
  expect(created.ms).toBeLessThan(RELAY_TIMEOUT_MS / 2);

  // The queue's try is held by the silent relay; cut, it fails and is kept for later.
  await waitFor(() => hanging.accepted() > 0, { timeout: 15_000, what: 'the queue reaching the relay' });
  await hanging.close();
  const [failed] = await waitForFailures('Nouveau Constat');
  expect(failed.sentAt).toBeNull();

  const smtp = await startRelay();
  relay = smtp;
  const mine = () => smtp.received.filter((mail) => mail.text.includes('relais muet'));
  await waitForSent('Nouveau Constat');
  expect(mine()).toHaveLength(1);
  const admins = await app.services.db.user.findMany({ where: { role: 'ADMIN', status: 'ACTIVE' }, select: { email: true } });
  expect(mine()[0].to.sort()).toEqual(admins.map((admin) => admin.email).sort());
  // One constat: the user saw it created, so he had no reason to send it again.
  expect(await app.services.db.report.count({ where: { name: 'Constat – relais muet' } })).toBe(1);
}, 40_000);
