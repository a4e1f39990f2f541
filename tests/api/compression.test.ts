// Answers compressed on the wire: GraphQL, REST JSON and the streamed CSV export come in brotli or
// gzip as the client asks, decode to the very bytes sent uncompressed, small answers stay plain,
// the export stays streamed, and hostile Accept-Encoding headers change nothing but the coding.
import http from 'node:http';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken } from '../support/http.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  // Several export batches (100 rows each) and a list page well over the threshold.
  await db.report.createMany({
    data: Array.from({ length: 450 }, (_, i) => {
      const createdAt = new Date(Date.UTC(2024, i % 12, 1 + (i % 27), 9, i % 60));
      return { name: `Constat compressé ${i}`, bailiffId: bailiff.id, status: 'EC' as const, createdAt, lastStatusChange: createdAt };
    }),
  });
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came off the socket, one entry per read. */
  chunks: Buffer[];
  body: Buffer;
}

/** A request whose answer is read as it travels (fetch would decode it and send its own Accept-Encoding). */
function raw(route: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}${route}`, { method: options.method ?? 'GET', headers: options.headers, agent: false });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, chunks, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

function decoded(answer: RawAnswer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(answer.body);
    case 'gzip':
      return zlib.gunzipSync(answer.body);
    case undefined:
      return answer.body;
    default:
      throw new Error(`unexpected coding ${answer.headers['content-encoding']}`);
  }
}

const LIST = '{ reports(first: 100, filter: { statuses: [EC] }) { edges { node { id name status createdAt } } } }';
const graphql = (acceptEncoding?: string) =>
  raw('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${admin}`,
      ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
    },
    body: JSON.stringify({ query: LIST }),
  });
const restList = (acceptEncoding?: string) =>
  raw('/api/v1/report/get_all?states=EC&limit=100&page=1', {
    headers: { authorization: `Bearer ${admin}`, ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }) },
  });

/** The answer's data without the per-request cost figures GraphQL adds. */
const dataOf = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as { data: unknown }).data;

describe('GraphQL answers', () => {
  test('come in brotli or gzip as asked, decoding to the same answer; plain without Accept-Encoding', async () => {
    const plain = await graphql();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    for (const [asked, coding] of [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
    ] as const) {
      const answer = await graphql(asked);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers['content-length']).toBeUndefined();
      expect(answer.body.length).toBeLessThan(plain.body.length / 3);
      expect(dataOf(decoded(answer))).toEqual(dataOf(plain.body));
    }
  });

  test('a small answer is sent as it is', async () => {
    const answer = await raw('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ data: { me: { id: expect.any(String) } } });
  });

  test('hostile Accept-Encoding headers: huge, malformed, refusing every coding', async () => {
    const plain = await graphql();
    const cases: [string, string | undefined][] = [
      // A header of ~12 KB: read only as far as its first codings.
      [`gzip, ${'x-junk;q=0.1, '.repeat(900)}br`, 'gzip'],
      [`${'x-junk, '.repeat(1500)}br`, undefined],
      ['br;q=2, gzip;q=abc, ;;;, ,=,"br"', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      ['*;q=0.1', 'br'],
      ['\u00e9\u00e8, br', 'br'],
    ];
    for (const [asked, coding] of cases) {
      const answer = await graphql(asked);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(dataOf(decoded(answer))).toEqual(dataOf(plain.body));
    }
  });
});

test('REST JSON answers are compressed to the same bytes', async () => {
  const plain = await restList();
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const answer = await restList('gzip, br');
  expect(answer.headers['content-encoding']).toBe('br');
  expect(decoded(answer).equals(plain.body)).toBe(true);
  const small = await raw('/meta.json', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(small.status).toBe(200);
  expect(small.headers['content-encoding']).toBeUndefined();
});

test('the CSV export arrives compressed and progressively, each part decodable as it comes', async () => {
  const route = '/api/v1/exports/reports.csv?list=reports';
  const headers = { authorization: `Bearer ${admin}` };
  const plain = await raw(route, { headers });
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  for (const coding of ['br', 'gzip'] as const) {
    const answer = await raw(route, { headers: { ...headers, 'accept-encoding': coding } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(decoded(answer).equals(plain.body)).toBe(true);
    // Flushed batch by batch: the first bytes received already decode to the start of the file.
    expect(answer.chunks.length).toBeGreaterThan(1);
    const first =
      coding === 'br'
        ? zlib.brotliDecompressSync(answer.chunks[0], { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
        : zlib.gunzipSync(answer.chunks[0], { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(plain.body.length);
    expect(plain.body.subarray(0, first.length).equals(first)).toBe(true);
  }
});

test('HEAD and the web build: precompressed files keep their coding, hashed assets stay immutable', async () => {
  const index = await raw('/login', { headers: { 'accept-encoding': 'br' } });
  expect(index.status).toBe(200);
  expect(index.headers['cache-control']).toBe('no-cache');
  expect(index.headers.vary).toMatch(/Accept-Encoding/i);
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(decoded(index).toString('utf8'))?.[1];
  expect(script).toBeDefined();
  const plain = await raw(script!);
  expect(plain.headers['content-encoding']).toBeUndefined();
  for (const coding of ['br', 'gzip'] as const) {
    const answer = await raw(script!, { headers: { 'accept-encoding': coding } });
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/^Accept-Encoding, Origin$/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(decoded(answer).equals(plain.body)).toBe(true);
  }
  const head = await raw(script!, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
  expect(head.headers['content-encoding']).toBe('br');
  expect(head.body.length).toBe(0);
});
