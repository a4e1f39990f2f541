// No request blocks the event loop: error messages that echo a client's value (a 40 KB or 2 MB run
// of blanks in an Int, an enum, an ID, a literal, a variable…) are read in linear time and cut.
// The server runs in a child process, production-like (suggestions removed): a server frozen by a
// request is seen from outside, by a /meta.json that does not answer, and is killed then.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { MAX_MESSAGE_CHARACTERS } from '../../api/src/graphql/error-messages.js';
import { MAX_GRAPHQL_BODY_BYTES } from '../../api/src/graphql/body-limit.js';
import { exited, startChild } from '../support/child-server.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/** A concurrent /meta.json must be answered within this while a hostile request is handled. */
const META_WITHIN_MS = 1_000;
/** Past this a probe is counted as blocked and the server is given up (killed and started again). */
const FROZEN_MS = 8_000;

let database: TestDatabase;
let dataDir: string;
let server: { child: ChildProcess; url: string };

/**
 * The server, warmed up: its first operations load modules (the executor's compiler among them),
 * which would be counted as the hostile request's blocking.
 */
async function start() {
  const started = await startChild({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SEED_DEMO_DATA: 'false',
    COUNTING_CONCURRENCY: '0',
  });
  for (const [, make] of shapes) {
    await fetch(`${started.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(make(20)),
    });
  }
  for (let run = 0; run < 8; run++) {
    await fetch(`${started.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });
  }
  return started;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = path.join(os.tmpdir(), `constats-freeze-${randomUUID()}`);
  server = await start();
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  if (server) await exited(server.child);
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Measure {
  /** The slowest /meta.json answer while the request was handled (FROZEN_MS: none came). */
  worstMetaMs: number;
  answer: { status: number; messages: string[] } | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `body` to /graphql while /meta.json is asked every 50 ms, and measures the slowest answer. */
async function measure(body: string): Promise<Measure> {
  let done = false;
  let worstMetaMs = 0;
  const probing = (async () => {
    while (!done) {
      const sent = Date.now();
      const answered = await fetch(`${server.url}/meta.json`, { signal: AbortSignal.timeout(FROZEN_MS) })
        .then((response) => response.ok)
        .catch(() => false);
      worstMetaMs = Math.max(worstMetaMs, answered ? Date.now() - sent : FROZEN_MS);
      if (!answered) return;
      await pause(50);
    }
  })();
  const answer = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(FROZEN_MS * 2),
  })
    .then(async (response) => {
      const json = (await response.json()) as { errors?: { message: string }[] };
      return { status: response.status, messages: (json.errors ?? []).map((error) => error.message) };
    })
    .catch(() => null);
  done = true;
  await probing;
  if (!answer || worstMetaMs >= FROZEN_MS) {
    // Frozen (today's quadratic stripper on 2 MB takes hours): the next shape gets a fresh server.
    server.child.kill('SIGKILL');
    await exited(server.child);
    server = await start();
  }
  return { worstMetaMs, answer };
}

const blanks = (length: number) => ' '.repeat(length);

/** The worst shapes: each puts `length` characters of client text where an error message echoes it. */
const shapes: [string, (length: number) => object][] = [
  ['Int variable', (n) => ({ query: 'query($n: Int) { reports(first: $n) { totalCount } }', variables: { n: blanks(n) } })],
  [
    'enum variable',
    (n) => ({
      query: 'query($s: ReportStatus!) { reports(first: 1, filter: { statuses: [$s] }) { totalCount } }',
      variables: { s: blanks(n) },
    }),
  ],
  ['ID variable (an object)', (n) => ({ query: 'query($id: ID!) { node(id: $id) { id } }', variables: { id: { a: blanks(n) } } })],
  ['ID variable (a string)', (n) => ({ query: 'query($id: ID!) { node(id: $id) { id } }', variables: { id: blanks(n) } })],
  ['ID literal', (n) => ({ query: `{ node(id: "${blanks(n)}") { id } }` })],
  ['Int literal', (n) => ({ query: `{ reports(first: "${blanks(n)}") { totalCount } }` })],
  ['enum literal', (n) => ({ query: `{ reports(first: 1, filter: { statuses: ["${blanks(n)}"] }) { totalCount } }` })],
  ['Int literal given a name', (n) => ({ query: `{ reports(first: ${'a'.repeat(n)}) { totalCount } }` })],
  ['unknown field', (n) => ({ query: `{ ${'a'.repeat(n)} }` })],
  ['unknown type', (n) => ({ query: `query($n: ${'A'.repeat(n)}) { __typename }` })],
  ['syntax error on a long token', (n) => ({ query: `{ __typename } ${'a'.repeat(n)}` })],
  ['variable object key', (n) => ({ query: 'query($n: Int) { reports(first: $n) { totalCount } }', variables: { n: { [blanks(n)]: 1 } } })],
];

/** `length` characters of client text in a body just under the 2 MB limit, or 40 KB. */
const sizes: [string, number][] = [
  ['40 KB', 40_000],
  ['2 MB', MAX_GRAPHQL_BODY_BYTES - 1_000],
];

describe.each(sizes)('%s of client text', (_size, length) => {
  it.each(shapes)(
    '%s: answered with a short message, /meta.json within 1 s meanwhile',
    async (_shape, make) => {
      const body = JSON.stringify(make(length - 200));
      expect(body.length).toBeLessThanOrEqual(MAX_GRAPHQL_BODY_BYTES);
      const { worstMetaMs, answer } = await measure(body);
      expect(answer).not.toBeNull();
      expect(worstMetaMs).toBeLessThan(META_WITHIN_MS);
      expect(answer!.status).toBeLessThan(500);
      expect(answer!.messages.length).toBeGreaterThan(0);
      for (const message of answer!.messages) {
        // The echo is cut (« … »), never the client's whole value.
        expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARACTERS + 1);
        expect(message).not.toMatch(/ {101}|a{101}|A{101}/);
        expect(message).not.toMatch(/Did you mean/);
      }
    },
    60_000,
  );
});
