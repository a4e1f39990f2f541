// A variable the client sent wrong (an invalid date, text for a number, a required value missing) is the client's mistake: the answer names the variable, in French, with the code
// BAD_USER_INPUT, and nothing runs.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken } from '../support/http.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

async function post(query: string, variables: Record<string, unknown>, accept = 'application/graphql-response+json') {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${admin}` },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors: { message: string; extensions?: { code?: string; detail?: string } }[] },
  };
}

const CREATE_TOKEN = 'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }';

it('an invalid date is BAD_USER_INPUT, in French, naming the variable, and creates nothing', async () => {
  const before = await app.services.db.apiToken.count();
  const { status, body } = await post(CREATE_TOKEN, { input: { name: 'Export', expiresAt: 'demain midi', scopes: ['REPORTS'] } });
  expect(status).toBe(400);
  expect(body.data).toBeUndefined();
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(body.errors[0].message).toBe('Variable « $input » : date invalide (format ISO 8601 attendu, par exemple 2026-11-29T10:00:00Z).');
  expect(await app.services.db.apiToken.count()).toBe(before);
});

it('text for a number, or a missing required field, is BAD_USER_INPUT in French naming the variable', async () => {
  const wrongType = await post('query($count: Int!) { reports(first: $count) { totalCount } }', { count: 'dix' });
  expect(wrongType.status).toBe(400);
  expect(wrongType.body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(wrongType.body.errors[0].message).toBe('Variable « $count » : valeur invalide pour le type déclaré (voir extensions.detail).');
  expect(wrongType.body.errors[0].extensions?.detail).toContain('Int cannot represent');
  const missing = await post(CREATE_TOKEN, { input: {} });
  expect(missing.body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(missing.body.errors[0].message).toBe('Variable « $input » : champ « name » obligatoire manquant.');
  const unknown = await post(CREATE_TOKEN, { input: { name: 'x', couleur: 'bleu', scopes: ['REPORTS'] } });
  expect(unknown.body.errors[0].message).toBe('Variable « $input » : champ « couleur » inconnu.');
  const absent = await post(CREATE_TOKEN, {});
  expect(absent.body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(absent.body.errors[0].message).toBe('Variable « $input » : valeur obligatoire manquante.');
});

it('a hostile value is not echoed whole: the message stays short', async () => {
  const { body } = await post(CREATE_TOKEN, { input: { name: 'x', expiresAt: 'é'.repeat(100_000), scopes: ['REPORTS'] } });
  expect(body.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(body.errors[0].message.length).toBeLessThan(400);
});

describe("graphql-armor's limits", () => {
  const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: me { id }`).join(' ')} }`;

  it('too many aliases: BAD_USER_INPUT in French with the limit and what was asked', async () => {
    const { body } = await post(aliases(16), {});
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'Trop d’alias dans la requête : 15 au plus, 16 demandés.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', reason: 'ALIASES' }),
      }),
    ]);
    expect((await post(aliases(15), {})).body.errors).toBeUndefined();
  });

  it('too many tokens and too many directives: the same', async () => {
    const tokens = await post(`{ ${'__typename '.repeat(2_100)}}`, {});
    expect(tokens.body.errors[0]).toEqual(
      expect.objectContaining({
        message: 'Requête trop longue : 2000 éléments (noms, valeurs, ponctuation) au plus.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', reason: 'TOKENS' }),
      }),
    );
    const directives = await post(`{ __typename ${'@skip(if: false) '.repeat(51)}}`, {});
    expect(directives.body.errors[0]).toEqual(
      expect.objectContaining({
        message: 'Trop de directives dans la requête : 50 au plus, 51 demandées.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', reason: 'DIRECTIVES' }),
      }),
    );
  });

  it('a syntax error naming a client text that looks like a limit is not taken for one', async () => {
    const { body } = await post('{ "Syntax Error: Token limit of 5 exceeded." }', {});
    expect(body.errors[0].message).not.toMatch(/^Requête trop longue/);
  });
});

describe('the document and its ids: French, with a code', () => {
  it('an unknown field, a missing argument and a syntax error keep their codes, graphql-js’s words in detail', async () => {
    const unknown = await post('{ reports(first: 1) { edges { node { nom } } } }', {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({
      message: 'Champ « nom » inconnu sur le type « Report ».',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', detail: expect.stringContaining('Cannot query field "nom"') },
    });
    const missing = await post('{ node { id } }', {});
    expect(missing.body.errors[0].message).toBe('Argument obligatoire « id » (ID!) manquant pour le champ « node ».');
    const syntax = await post('{ reports(', {});
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors[0]).toMatchObject({
      message: 'Erreur de syntaxe dans la requête GraphQL (voir extensions.detail).',
      extensions: { code: 'GRAPHQL_PARSE_FAILED', detail: 'Syntax Error: Expected Name, found <EOF>.' },
    });
  });

  it('an id that is not one, or of another type, is BAD_USER_INPUT in French and nothing runs', async () => {
    const comments = await app.services.db.comment.count();
    const COMMENT = 'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }';
    const invalid = await post(COMMENT, { input: { reportId: 'pas-un-id', body: 'Bonjour' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0]).toMatchObject({
      message: 'Identifiant invalide : « pas-un-id ».',
      extensions: { code: 'BAD_USER_INPUT', reason: 'INVALID_ID' },
    });
    const long = await post('query($id: ID!) { node(id: $id) { id } }', { id: 'x'.repeat(5_000) });
    expect(long.body.errors[0].message).toBe(`Identifiant invalide : « ${'x'.repeat(40)}… ».`);
    const report = Buffer.from('Report:1').toString('base64');
    const otherType = await post('query($id: ID!) { reports(first: 1, filter: { bailiffId: $id }) { totalCount } }', { id: report });
    expect(otherType.status).toBe(400);
    expect(otherType.body.errors[0]).toMatchObject({
      message: 'Identifiant d’un autre type d’objet : un identifiant de User est attendu.',
      extensions: { code: 'BAD_USER_INPUT', reason: 'INVALID_ID' },
    });
    expect(await app.services.db.comment.count()).toBe(comments);
  });
});

it('an operation run often (compiled by graphql-jit) answers its variable errors as before it was', async () => {
  const query = 'query($n: Int) { reports(first: $n) { totalCount } }';
  const first = await post(query, { n: 'abc' });
  expect(first.status).toBe(400);
  for (let run = 0; run < 6; run++) expect((await post(query, { n: 1 })).status).toBe(200);
  const compiled = await post(query, { n: 'abc' });
  expect(compiled.status).toBe(first.status);
  // graphql-jit words its detail a little differently and gives no location: the answer is the same.
  expect(compiled.body.errors[0].message).toBe(first.body.errors[0].message);
  expect(compiled.body.errors[0]).toMatchObject({
    message: 'Variable « $n » : valeur invalide pour le type déclaré (voir extensions.detail).',
    extensions: { code: 'BAD_USER_INPUT', variable: 'n' },
  });
});

it('the HTTP request’s own refusals (no query, not JSON, no operation, wrong parameters) are in French with their code', async () => {
  const send = async (body: string, accept = 'application/graphql-response+json') => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${admin}` },
      body,
    });
    return {
      status: response.status,
      body: (await response.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] },
    };
  };
  const cases: [string, number, string, string][] = [
    ['{}', 400, 'BAD_REQUEST', 'Requête GraphQL absente : envoyez-la dans le paramètre « query ».'],
    ['{"query":', 400, 'BAD_REQUEST', 'Le corps de la requête n’est pas du JSON valide.'],
    [
      JSON.stringify({ query: '{ me { id } }', variables: 3 }),
      400,
      'BAD_REQUEST',
      'Paramètre « variables » invalide : un objet ou rien attendu, number reçu.',
    ],
    [
      JSON.stringify({ query: 'query A { me { id } } query B { me { id } }' }),
      400,
      'OPERATION_RESOLUTION_FAILURE',
      'Opération à exécuter introuvable : donnez dans « operationName » le nom d’une des opérations envoyées.',
    ],
  ];
  for (const [body, status, code, message] of cases) {
    const answer = await send(body);
    expect(answer.status).toBe(status);
    expect(answer.body.errors[0]).toMatchObject({ message, extensions: { code, detail: expect.any(String) } });
  }
});
