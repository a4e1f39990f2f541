// Issue 35 item 3, with real faults: the real server (api/src/main.ts, in a child process as
// `npm start` runs it) on its embedded PostgreSQL, whose postmaster is killed with SIGKILL, then
// frozen with SIGSTOP. Meanwhile every request gets a French 503 (GraphQL and REST), /readyz says
// 503; afterwards the same process serves again by itself, with what was written before.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exited, startChild } from '../support/child-server.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { waitFor } from '../support/wait.js';

const UNAVAILABLE = 'Service momentanément indisponible. Réessayez dans un instant.';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token } }';

let dataDir: string;
let server: Awaited<ReturnType<typeof startChild>>;
/** What the server printed (both streams) from the start of the tests. */
let output = '';
let token: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'constats-db-faults-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter it.
  await fs.chmod(dataDir, 0o755);
  server = await startChild({ DATA_DIR: dataDir, COUNTING_CONCURRENCY: '0', WEB_DIR: path.resolve('dist/web') });
  for (const stream of [server.child.stdout!, server.child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  token = await loginToken(server.url, demo.admin.email, demo.admin.password);
}, 120_000);

afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

const postmasterPid = async () => Number.parseInt(await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8'), 10);

/** The postmaster's own processes (checkpointer, I/O workers, backends…), from /proc. */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/** The admin's `me`, as the web app asks it, with the answer's status and Retry-After. */
async function me() {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ me { email } }' }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, any> };
}

const readyz = async () => {
  const response = await fetch(`${server.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const expectUnavailable = (answer: Awaited<ReturnType<typeof me>>) => {
  expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
  expect(answer.body.errors).toHaveLength(1);
  expect(answer.body.errors[0]).toMatchObject({
    message: UNAVAILABLE,
    extensions: { code: 'SERVICE_UNAVAILABLE', reason: 'DATABASE_UNAVAILABLE' },
  });
};

test('the postmaster killed with SIGKILL: a French 503 meanwhile, then the same process serves again with the data written before', async () => {
  const title = `Avant la panne ${randomUUID().slice(0, 8)}`;
  const created = await gql(
    server.url,
    'mutation($input: CreateNewsInput!) { createNews(input: $input) { news { databaseId } } }',
    { input: { title, body: '<p>Écrite avant que la base ne meure.</p>' } },
    token,
  );
  expect(created.errors).toBeUndefined();
  const killed = await postmasterPid();
  const logged = output.length;

  process.kill(killed, 'SIGKILL');
  // The supervisor waits a second before its first restart try: requests meanwhile see the database gone.
  let answer: Awaited<ReturnType<typeof me>> | undefined;
  await waitFor(async () => (answer = await me()).status !== 200, { timeout: 10_000, interval: 50, what: 'a request failing' });
  expectUnavailable(answer!);
  // A REST shim (an anonymous one: its GraphQL operation meets the database) answers alike.
  const login = await rest(server.url, 'POST', '/api/v1/auth/login', { json: { email: demo.admin.email, password: demo.admin.password } });
  expect(login).toMatchObject({ status: 503, body: { code: 503, message: UNAVAILABLE } });
  expect(login.headers.get('retry-after')).toBe('5');
  // So does a resolver meeting it (an anonymous login: the session lookup is not in its way).
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: LOGIN, variables: { input: { email: demo.admin.email, password: demo.admin.password } } }),
  });
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toMatchObject({
    errors: [{ message: UNAVAILABLE, path: ['login'], extensions: { code: 'SERVICE_UNAVAILABLE', reason: 'DATABASE_UNAVAILABLE' } }],
  });
  // Never asked before, so not answered from its one-second cache.
  expect(await readyz()).toMatchObject({ status: 503, body: { status: 'indisponible', failing: ['database'] } });

  // Back by itself: no restart of the app.
  await waitFor(async () => (await me()).status === 200, { timeout: 60_000, interval: 200, what: 'the server answering again' });
  expect((await me()).body).toEqual({ data: { me: { email: demo.admin.email } }, extensions: expect.anything() });
  await waitFor(async () => (await readyz()).status === 200, { timeout: 10_000, interval: 200, what: '/readyz back to 200' });
  expect(server.child.exitCode).toBeNull();
  expect(await postmasterPid()).not.toBe(killed);
  const news = await gql(
    server.url,
    'query($search: String) { news(first: 5, search: $search) { edges { node { title } } } }',
    { search: title },
    token,
  );
  expect(news.data!.news.edges).toEqual([{ node: { title } }]);

  // The log says it once, in clear lines, without a stack trace per request.
  const since = output.slice(logged);
  expect(since.match(/PostgreSQL intégré arrêté de façon inattendue \(signal SIGKILL\)/g)).toHaveLength(1);
  expect(since.match(/PostgreSQL intégré redémarré après/g)).toHaveLength(1);
  expect(since).not.toMatch(/^\s+at /m);
}, 120_000);

test('the database frozen (SIGSTOP): a French 503 instead of a request that hangs, then service resumes on SIGCONT', async () => {
  expect((await me()).status).toBe(200);
  const postmaster = await postmasterPid();
  // The postmaster first, so that it forks no backend once its children are listed.
  const frozen = [postmaster];
  try {
    process.kill(postmaster, 'SIGSTOP');
    for (const pid of await childrenOf(postmaster)) {
      process.kill(pid, 'SIGSTOP');
      frozen.push(pid);
    }
    const started = performance.now();
    const answer = await me();
    // A frozen server never answers: only the client-side limit (DB_STATEMENT_TIMEOUT_SECONDS,
    // 4 s) can end the wait. Bounded generously for a loaded machine; hung, it would never end.
    expect(performance.now() - started).toBeLessThan(15_000);
    expectUnavailable(answer);
    expect(await readyz()).toMatchObject({ status: 503, body: { failing: ['database'] } });
  } finally {
    for (const pid of frozen) process.kill(pid, 'SIGCONT');
  }
  await waitFor(async () => (await me()).status === 200, { timeout: 30_000, interval: 200, what: 'the server answering again' });
  await waitFor(async () => (await readyz()).status === 200, { timeout: 10_000, interval: 200, what: '/readyz back to 200' });
  expect(server.child.exitCode).toBeNull();
}, 120_000);
