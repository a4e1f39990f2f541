// Issue 16, classes 1 and 2: no request can stop the server; bodies are read only once the caller
// is known and allowed, and every body has a size limit.
import { jest } from '@jest/globals';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app.js';
import { countFiles, leftoversOf, settledLeftovers, type Leftovers } from '../support/files.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { multipart, sendRaw, type Part, type RawOutcome } from '../support/raw-http.js';
import { samplePdf } from '../support/upload.js';

let app: TestApp;
const tokens = { admin: '', bailiff: '', secretary: '' };
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { message } }';

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  // Small limits so that "too many bytes" needs only a few MB.
  app = await startTestApp({ env: { MAX_UPLOAD_MB: '1', MAX_UPLOAD_REQUEST_MB: '2' } });
  for (const role of ['admin', 'bailiff', 'secretary'] as const)
    tokens[role] = await loginToken(app.url, demo[role].email, demo[role].password);
});

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await app?.stop();
});

/** Every file under DATA_DIR but the mail outbox, by relative path. */
async function dataFiles(dir = app.dataDir, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const relative = path.join(prefix, entry.name);
    if (relative === 'outbox') continue;
    if (entry.isDirectory()) files.push(...(await dataFiles(path.join(dir, entry.name), relative)));
    else files.push(relative);
  }
  return files.sort();
}

const leftovers = () => leftoversOf(app);

/** Waits for the server to settle what a cut request left, then checks nothing remains. */
async function expectNothingLeft(before: Leftovers): Promise<void> {
  expect(await settledLeftovers(app, before)).toEqual(before);
  // The process is still there and answers.
  expect((await rest(app.url, 'GET', '/meta.json')).status).toBe(200);
  expect(rejections).toEqual([]);
}

const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** A legacy report/create form with one PDF of `size` bytes. */
function reportForm(size = 64 * 1024): { body: Buffer; contentType: string } {
  const content = Buffer.concat([samplePdf(), Buffer.alloc(size, 0x20)]);
  return multipart([
    { name: 'name', content: 'Constat coupé' },
    { name: 'deposited_items[]', filename: 'acte.pdf', content },
  ]);
}

/** A GraphQL multipart createReport with one PDF of `size` bytes. */
function graphqlForm(size = 64 * 1024, files = 1): { body: Buffer; contentType: string } {
  const parts: Part[] = [
    {
      name: 'operations',
      content: JSON.stringify({ query: CREATE, variables: { input: { name: 'Constat coupé', files: Array(files).fill(null) } } }),
    },
    {
      name: 'map',
      content: JSON.stringify(Object.fromEntries(Array.from({ length: files }, (_, i) => [String(i), [`variables.input.files.${i}`]]))),
    },
  ];
  for (let i = 0; i < files; i++)
    parts.push({ name: String(i), filename: `acte-${i}.pdf`, content: Buffer.concat([samplePdf(), Buffer.alloc(size, 0x20)]) });
  return multipart(parts);
}

/** The body cut `cut` bytes before its end, sent whole with its (true) length. */
function truncated(form: { body: Buffer; contentType: string }, token: string | undefined, cut = 1000) {
  const body = form.body.subarray(0, form.body.length - cut);
  return { body, headers: { ...auth(token), 'content-type': form.contentType, 'content-length': body.length } };
}

const statusOf = (outcome: RawOutcome) => ('status' in outcome ? outcome.status : 'closed');

describe('a cut or malformed upload body never stops the server and leaves nothing behind', () => {
  it('REST report/create, truncated multipart, signed in: 400, no spooled part, no file, no row', async () => {
    const before = await leftovers();
    const outcome = await sendRaw(app.url, '/api/v1/report/create', truncated(reportForm(), tokens.bailiff));
    expect(outcome).toMatchObject({ status: 400, body: { message: 'Formulaire multipart invalide.' } });
    await expectNothingLeft(before);
  });

  it('REST report/create, truncated multipart, anonymous: 401, nothing written', async () => {
    const before = await leftovers();
    const outcome = await sendRaw(app.url, '/api/v1/report/create', truncated(reportForm(), undefined));
    expect(outcome).toMatchObject({ status: 401, body: { message: 'Veuillez vous connecter.' } });
    await expectNothingLeft(before);
  });

  it('REST report/create, connection dropped mid-file: no spooled part, no file, no row', async () => {
    const before = await leftovers();
    const form = reportForm(512 * 1024);
    const headers = { ...auth(tokens.bailiff), 'content-type': form.contentType, 'content-length': form.body.length };
    expect(
      await sendRaw(app.url, '/api/v1/report/create', { body: form.body.subarray(0, 200 * 1024), headers, abortAfterWrite: true }),
    ).toEqual({ closed: true });
    await expectNothingLeft(before);
  });

  it('REST report/create, malformed multipart (no boundary, garbage): 400 in French', async () => {
    const before = await leftovers();
    const noBoundary = await sendRaw(app.url, '/api/v1/report/create', {
      body: Buffer.from('x'),
      headers: { ...auth(tokens.bailiff), 'content-type': 'multipart/form-data', 'content-length': 1 },
    });
    expect(noBoundary).toMatchObject({ status: 400, body: { message: 'Formulaire multipart invalide.' } });
    const garbage = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="deposited_items[]"; filename="a.pdf"\r\n\r\n%PDF-1.4 \r\n--b\r\nnot a header\r\n\r\n',
    );
    const malformed = await sendRaw(app.url, '/api/v1/report/create', {
      body: garbage,
      headers: { ...auth(tokens.bailiff), 'content-type': 'multipart/form-data; boundary=b', 'content-length': garbage.length },
    });
    expect(statusOf(malformed)).toBe(400);
    await expectNothingLeft(before);
  });

  it('GraphQL multipart, truncated or dropped mid-file: 4xx or closed, no file, no row, no internal error logged', async () => {
    const before = await leftovers();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const cut = await sendRaw(app.url, '/graphql', truncated(graphqlForm(), tokens.bailiff));
      expect(statusOf(cut)).toBe(400);
      const form = graphqlForm(512 * 1024);
      const headers = { ...auth(tokens.bailiff), 'content-type': form.contentType, 'content-length': form.body.length };
      expect(await sendRaw(app.url, '/graphql', { body: form.body.subarray(0, 200 * 1024), headers, abortAfterWrite: true })).toEqual({
        closed: true,
      });
      await expectNothingLeft(before);
      // A client's cut body is its own fault: nothing reaches the operators' log as an internal error.
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('a complete form still works after all of the above', async () => {
    const form = reportForm();
    const created = await sendRaw(app.url, '/api/v1/report/create', {
      body: form.body,
      headers: { ...auth(tokens.bailiff), 'content-type': form.contentType },
    });
    expect(created).toMatchObject({ status: 201, body: { message: 'Constat créé avec succès' } });
    expect(await countFiles(path.join(app.dataDir, 'tmp'))).toBe(0);
  });
});

describe('the caller is known and allowed before any body byte is read', () => {
  // The body is announced but never sent: an answer proves the server did not wait to read it.
  const held = (form: { body: Buffer; contentType: string }, token?: string) => ({
    body: form.body.subarray(0, 1024),
    headers: { ...auth(token), 'content-type': form.contentType, 'content-length': form.body.length },
    holdOpen: true,
  });

  it('anonymous multipart to every REST upload route: 401 before the body, DATA_DIR untouched', async () => {
    const before = await dataFiles();
    for (const route of [
      '/api/v1/report/create',
      '/api/v1/report/add_files',
      '/api/v1/users/image',
      '/api/v1/billing/create_secretary',
      '/api/v1/billing/create',
    ]) {
      const outcome = await sendRaw(app.url, route, held(reportForm()));
      expect([route, outcome]).toMatchObject([route, { status: 401, body: { message: 'Veuillez vous connecter.' } }]);
    }
    expect(await dataFiles()).toEqual(before);
  });

  it('anonymous GraphQL multipart: 401 before the body, DATA_DIR untouched', async () => {
    const before = await dataFiles();
    const outcome = await sendRaw(app.url, '/graphql', held(graphqlForm()));
    expect(outcome).toMatchObject({
      status: 401,
      body: { errors: [{ message: 'Veuillez vous connecter.', extensions: { code: 'UNAUTHENTICATED' } }] },
    });
    const invalidToken = await sendRaw(app.url, '/graphql', held(graphqlForm(), 'not-a-session'));
    expect(statusOf(invalidToken)).toBe(401);
    expect(await dataFiles()).toEqual(before);
  });

  it('a secretary sending a multipart to a bailiff-only upload route is refused before storing', async () => {
    const before = await dataFiles();
    const outcome = await sendRaw(app.url, '/api/v1/report/create', held(reportForm(), tokens.secretary));
    expect(outcome).toMatchObject({ status: 403, body: { message: "Vous n'avez pas les droits pour effectuer cette action." } });
    // And the admin-only bill creation, and the secretary-only bill upload for a bailiff.
    expect(statusOf(await sendRaw(app.url, '/api/v1/billing/create', held(reportForm(), tokens.bailiff)))).toBe(403);
    expect(statusOf(await sendRaw(app.url, '/api/v1/billing/create_secretary', held(reportForm(), tokens.bailiff)))).toBe(403);
    expect(await dataFiles()).toEqual(before);
  });

  it('the session resolved before the body is the one the operation runs with: looked up once per request', async () => {
    app.queries.length = 0;
    const answer = await rest(app.url, 'POST', '/api/v1/billing/get-next-bill-number', { json: {}, token: tokens.admin });
    expect(answer.status).toBe(200);
    expect(app.queries.filter((sql) => /^SELECT/i.test(sql) && /FROM "public"\."Session"/.test(sql))).toHaveLength(1);
  });

  it('anonymous JSON and form bodies on signed-in REST routes: 401 before the body', async () => {
    const json = await sendRaw(app.url, '/api/v1/report/set_archive', {
      body: Buffer.from('{"report_id":'),
      headers: { 'content-type': 'application/json', 'content-length': 100_000 },
      holdOpen: true,
    });
    expect(json).toMatchObject({ status: 401, body: { message: 'Veuillez vous connecter.' } });
    const form = await sendRaw(app.url, '/api/v1/news', {
      body: Buffer.from('title=a&'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 100_000 },
      holdOpen: true,
    });
    expect(statusOf(form)).toBe(401);
  });
});

describe('size limits on every body', () => {
  it('a 5 MB JSON login body: 413 « Requête trop volumineuse. » without reading it', async () => {
    const body = Buffer.from(JSON.stringify({ email: demo.admin.email, password: 'x'.repeat(5 * 1024 * 1024) }));
    // Declared length: refused before a byte is read (only the first KB is ever sent).
    const declared = await sendRaw(app.url, '/api/v1/auth/login', {
      body: body.subarray(0, 1024),
      headers: { 'content-type': 'application/json', 'content-length': body.length },
      holdOpen: true,
    });
    expect(declared).toMatchObject({ status: 413, body: { message: 'Requête trop volumineuse.' } });
    // No declared length (chunked): refused once the first megabyte has passed.
    const chunked = await sendRaw(app.url, '/api/v1/auth/login', {
      body,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(chunked).toMatchObject({ status: 413, body: { message: 'Requête trop volumineuse.' } });
    expect(
      (await rest(app.url, 'POST', '/api/v1/auth/login', { json: { email: demo.admin.email, password: demo.admin.password } })).status,
    ).toBe(200);
  });

  it('an oversized form-encoded body or a multipart body on a fields-only route: 413', async () => {
    const form = Buffer.from(`email=${'a'.repeat(2 * 1024 * 1024)}`);
    const encoded = await sendRaw(app.url, '/api/v1/auth/forgot-password', {
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(encoded).toMatchObject({ status: 413, body: { message: 'Requête trop volumineuse.' } });
    const big = reportForm(2 * 1024 * 1024);
    const fieldsOnly = await sendRaw(app.url, '/api/v1/report/set_archive', {
      body: big.body,
      headers: { ...auth(tokens.admin), 'content-type': big.contentType },
    });
    expect(statusOf(fieldsOnly)).toBe(413);
  });

  it('/graphql JSON above 2 MB: 413 « Requête trop volumineuse. », declared or chunked; under it, answered', async () => {
    const tooLarge = {
      status: 413,
      body: { errors: [{ message: 'Requête trop volumineuse.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] },
    };
    const body = Buffer.from(JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(3_000_000) } }));
    const headers = { ...auth(tokens.admin), 'content-type': 'application/json' };
    // Declared length: refused from the header, before a byte of the body is read.
    const declared = await sendRaw(app.url, '/graphql', {
      body: body.subarray(0, 1024),
      headers: { ...headers, 'content-length': body.length },
      holdOpen: true,
    });
    expect(declared).toMatchObject(tooLarge);
    // No declared length: read up to the limit, then refused.
    expect(await sendRaw(app.url, '/graphql', { body, headers: { ...headers, 'transfer-encoding': 'chunked' } })).toMatchObject(tooLarge);
    // A chunked body under the limit is read whole and executed, as a declared one is.
    const small = Buffer.from(JSON.stringify({ query: '{ me { email } }', variables: { pad: 'x'.repeat(1_500_000) } }));
    for (const extra of [{ 'transfer-encoding': 'chunked' }, { 'content-length': String(small.length) }] as Record<string, string>[]) {
      expect(await sendRaw(app.url, '/graphql', { body: small, headers: { ...headers, ...extra } })).toMatchObject({
        status: 200,
        body: { data: { me: { email: demo.admin.email } } },
      });
    }
  });

  it('/graphql: a Content-Length shorter than the body bounds what is read; the bytes after it are refused as HTTP', async () => {
    const operation = Buffer.from(JSON.stringify({ query: '{ me { email } }' }));
    const headers = { ...auth(tokens.admin), 'content-type': 'application/json', 'content-length': operation.length };
    const answer = await sendRaw(app.url, '/graphql', { body: Buffer.concat([operation, Buffer.alloc(3_000_000, 0x78)]), headers });
    // Node's HTTP parser hands the operation its declared bytes and answers the 3 MB after them,
    // which are no request, with a 400 that may come first: never a body past its declared length.
    expect(answer).toMatchObject({ status: expect.any(Number) });
    const { status, body } = answer as { status: number; body: unknown };
    if (status === 200) expect(body).toEqual({ data: { me: { email: demo.admin.email } } });
    else expect(status).toBe(400);
    expect((await rest(app.url, 'GET', '/meta.json')).status).toBe(200);
    expect(rejections).toEqual([]);
  });

  it('too many files in one request, REST and GraphQL: 413 and nothing kept', async () => {
    const before = await leftovers();
    const parts: Part[] = [{ name: 'name', content: 'Trop de fichiers' }];
    for (let i = 0; i < 51; i++) parts.push({ name: 'deposited_items[]', filename: `p${i}.pdf`, content: samplePdf() });
    const form = multipart(parts);
    const restAnswer = await sendRaw(app.url, '/api/v1/report/create', {
      body: form.body,
      headers: { ...auth(tokens.bailiff), 'content-type': form.contentType },
    });
    expect(restAnswer).toMatchObject({ status: 413, body: { message: 'Trop de fichiers (50 au maximum).' } });
    const graphql = graphqlForm(10, 51);
    const graphqlAnswer = await sendRaw(app.url, '/graphql', {
      body: graphql.body,
      headers: { ...auth(tokens.bailiff), 'content-type': graphql.contentType },
    });
    // The reason, in French, for the screens to show (issue 18).
    expect(graphqlAnswer).toMatchObject({
      status: 413,
      body: { errors: [{ message: 'Trop de fichiers (50 au maximum).', extensions: { code: 'BAD_USER_INPUT' } }] },
    });
    await expectNothingLeft(before);
  });

  it('too many bytes in one request (files under their own limit), REST and GraphQL: 413 and nothing kept', async () => {
    const before = await leftovers();
    // Three files of 0.9 MB: each under MAX_UPLOAD_MB=1, together over MAX_UPLOAD_REQUEST_MB=2.
    const parts: Part[] = [{ name: 'name', content: 'Trop lourd' }];
    for (let i = 0; i < 3; i++)
      parts.push({
        name: 'deposited_items[]',
        filename: `p${i}.pdf`,
        content: Buffer.concat([samplePdf(), Buffer.alloc(900 * 1024, 0x20)]),
      });
    const form = multipart(parts);
    const headers = { ...auth(tokens.bailiff), 'content-type': form.contentType };
    const declared = await sendRaw(app.url, '/api/v1/report/create', {
      body: form.body,
      headers: { ...headers, 'content-length': form.body.length },
    });
    expect(declared).toMatchObject({ status: 413, body: { message: 'Requête trop volumineuse.' } });
    const chunked = await sendRaw(app.url, '/api/v1/report/create', {
      body: form.body,
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    expect(chunked).toMatchObject({ status: 413, body: { message: 'Requête trop volumineuse.' } });
    const graphql = graphqlForm(900 * 1024, 3);
    const graphqlHeaders = { ...auth(tokens.bailiff), 'content-type': graphql.contentType };
    const graphqlDeclared = await sendRaw(app.url, '/graphql', {
      body: graphql.body,
      headers: { ...graphqlHeaders, 'content-length': graphql.body.length },
    });
    expect(graphqlDeclared).toMatchObject({ status: 413, body: { errors: [{ message: 'Requête trop volumineuse.' }] } });
    // Without a declared length the connection is cut once the limit has passed.
    const graphqlChunked = await sendRaw(app.url, '/graphql', {
      body: graphql.body,
      headers: { ...graphqlHeaders, 'transfer-encoding': 'chunked' },
    });
    expect(['closed', 400, 413]).toContain(statusOf(graphqlChunked));
    await expectNothingLeft(before);
    // One file of 0.9 MB passes.
    const one = reportForm(900 * 1024);
    expect(
      statusOf(
        await sendRaw(app.url, '/api/v1/report/create', {
          body: one.body,
          headers: { ...auth(tokens.bailiff), 'content-type': one.contentType },
        }),
      ),
    ).toBe(201);
    expect((await gql(app.url, '{ me { id } }', {}, tokens.bailiff)).data?.me).toBeTruthy();
  });
});
