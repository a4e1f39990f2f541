import { COMPILE_AFTER } from '../../api/src/graphql/compiled-execution.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';

// Issue 16 class 12: every bad value gets a 4xx with a French message, never a 500.

let app: TestApp;
let admin: string;
let bailiff: string;

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
  ]);
});

afterAll(async () => {
  await app?.stop();
});

const REPORTS = 'query($filter: ReportFilter) { reports(first: 10, filter: $filter) { totalCount edges { node { id } } } }';
const HEADERS = 'query($filter: ReportFilter) { reportHeaders(filter: $filter) { averageDelay { hours } } }';

/** A French refusal: a code other than the internal one and no English. */
function expectRefused(result: { errors?: { message: string; extensions?: { code?: string } }[] }, code = 'BAD_USER_INPUT') {
  expect(result.errors?.[0]?.extensions?.code).toBe(code);
  expect(result.errors![0].message).not.toMatch(/interne/);
}

describe('NUL bytes (PostgreSQL refuses \\u0000 in text)', () => {
  it('a NUL byte in a search is refused with a French message', async () => {
    const result = await gql(app.url, REPORTS, { filter: { search: 'abc\u0000' } }, admin);
    expectRefused(result);
    expect(result.errors![0].message).toBe('Le texte envoyé contient un caractère nul, qui n’est pas accepté.');
  });

  it('in a comment, a news body, an inline literal and a REST field too', async () => {
    const reports = await gql(app.url, REPORTS, {}, bailiff);
    const reportId = reports.data!.reports.edges[0].node.id;
    expectRefused(
      await gql(
        app.url,
        'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }',
        { input: { reportId, body: 'a\u0000b' } },
        bailiff,
      ),
    );
    expectRefused(
      await gql(
        app.url,
        'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
        { input: { title: 'Titre', body: '<p>\u0000</p>' } },
        admin,
      ),
    );
    expectRefused(await gql(app.url, '{ news(first: 5, search: "x\\u0000") { totalCount } }', {}, admin));
    const legacy = await rest(app.url, 'GET', `/api/v1/report/get_all?search=${encodeURIComponent('a\u0000')}`, { token: admin });
    expect(legacy.status).toBe(400);
  });
});

describe('years and months out of range', () => {
  it.each([
    ['year 99999', { year: 99999, month: 1 }],
    ['year 2^31 − 1', { year: 2 ** 31 - 1 }],
    ['month 0', { year: 2026, month: 0 }],
    ['month 13', { year: 2026, month: 13 }],
    ['year 1899', { year: 1899 }],
  ])('%s is refused by the reports filter and headers', async (_label, filter) => {
    const list = await gql(app.url, REPORTS, { filter }, admin);
    expectRefused(list);
    expect(list.errors![0].message).toMatch(/Période invalide/);
    expectRefused(await gql(app.url, HEADERS, { filter }, admin));
  });

  it('year 2^31 overflows GraphQL Int and is refused as a bad request', async () => {
    const result = await gql(app.url, REPORTS, { filter: { year: 2 ** 31 } }, admin);
    expect(result.errors?.[0]?.message).toBeDefined();
    expect(result.data).toBeUndefined();
  });

  it('the REST shims answer 400 for month 0 and year 99999', async () => {
    for (const query of ['year=2026&month=0', 'year=99999&month=1', 'month=13&year=2026']) {
      for (const route of [
        '/api/v1/report/get_all',
        '/api/v1/statistics/get',
        '/api/v1/billing/get_all_bailiff',
        '/api/v1/billing/get_all_secretaries',
      ]) {
        const response = await rest(app.url, 'GET', `${route}?${query}`, { token: admin });
        expect([route, query, response.status]).toEqual([route, query, 400]);
      }
    }
  });

  it('the absence calendar refuses month 0 and year 99999', async () => {
    for (const variables of [
      { year: 2026, month: 0 },
      { year: 99999, month: 1 },
    ]) {
      expectRefused(
        await gql(
          app.url,
          'query($year: Int, $month: Int) { myAbsences(first: 10, year: $year, month: $month) { pageInfo { hasNextPage } } }',
          variables,
          bailiff,
        ),
      );
    }
  });
});

describe('malformed URLs', () => {
  it.each(['/%', '/api/v1/users/%E0%A4%A', '/api/v1/group/%', '/files/%', '/dashboard/%zz'])('%s answers 400, not 500', async (route) => {
    const response = await rest(app.url, 'GET', route, { token: admin });
    expect(response.status).toBe(400);
  });
});

describe('HTML entities beyond Unicode', () => {
  it('a news body &#99999999; is stored without failing', async () => {
    for (const body of ['<p>&#99999999;</p>', '<p>&#x110000; fin</p>', '<p>&#xFFFFFFFFFF;</p>']) {
      const result = await gql(
        app.url,
        'mutation($input: CreateNewsInput!) { createNews(input: $input) { message news { body } } }',
        { input: { title: 'Entités', body } },
        admin,
      );
      expect(result.errors).toBeUndefined();
    }
    const search = await gql(app.url, '{ news(first: 50, search: "Entités") { totalCount } }', {}, admin);
    expect(search.errors).toBeUndefined();
  });
});

describe('absence dates within sane bounds', () => {
  const CREATE = 'mutation($input: CreateAbsenceInput!) { createAbsence(input: $input) { message } }';

  it('an absence from 1900 to 9999 is refused', async () => {
    const result = await gql(app.url, CREATE, { input: { startDate: '1900-01-01', endDate: '9999-12-31' } }, bailiff);
    expectRefused(result);
  });

  it.each([
    ['longer than a year', '2026-01-01', '2027-06-01'],
    ['too far in the past', '2015-03-01', '2015-03-02'],
    ['too far in the future', '2099-03-01', '2099-03-02'],
    ['year 99999', '99999-01-01', '99999-01-02'],
  ])('an absence %s is refused', async (_label, startDate, endDate) => {
    expectRefused(await gql(app.url, CREATE, { input: { startDate, endDate } }, bailiff));
  });

  it('the REST calendar answers 400 for such an absence and for a huge list range', async () => {
    const created = await rest(app.url, 'POST', '/api/v1/calendar', {
      json: { start_date: '1900-01-01', end_date: '9999-12-31' },
      token: bailiff,
    });
    expect(created.status).toBe(400);
    const listed = await rest(app.url, 'GET', '/api/v1/calendar/getAllAbsences?startDate=99999-01-01', { token: admin });
    expect(listed.status).toBe(400);
  });
});

// graphql-jit compiles each operation into JavaScript (server/yoga.ts): the query's own text must
// never reach that code as code.
describe('operations compiled by the executor', () => {
  const breakouts = [
    '"); process.exit(1); ("',
    "'); process.exit(1); ('",
    '`${process.exit(1)}`',
    '\\"); process.exit(1); //',
    '*/ process.exit(1); /*',
  ];

  // Only operations run often are compiled: each is sent until it is.
  const compiledRuns = COMPILE_AFTER + 2;

  it('inline string literals, aliases and variables that look like JavaScript are only data', async () => {
    for (const text of breakouts) {
      const literal = JSON.stringify(text);
      for (let run = 0; run < compiledRuns; run++) {
        const inline = await gql<{ reports: { totalCount: number } }>(
          app.url,
          `{ reports(first: 1, filter: { search: ${literal} }) { totalCount } }`,
          {},
          admin,
        );
        expect(inline.errors).toBeUndefined();
        expect(inline.data!.reports.totalCount).toBe(0);
        const variable = await gql<{ reports: { totalCount: number } }>(app.url, REPORTS, { filter: { search: text } }, admin);
        expect(variable.data!.reports.totalCount).toBe(0);
      }
    }
    let aliased: Awaited<ReturnType<typeof gql<Record<string, unknown>>>> | undefined;
    for (let run = 0; run < compiledRuns; run++)
      aliased = await gql<Record<string, unknown>>(
        app.url,
        '{ constructor: me { id } __proto__: me { id } toString: me { id } }',
        {},
        admin,
      );
    if (!aliased) throw new Error('no answer');
    expect(aliased.errors).toBeUndefined();
    // Every alias answered as data (the compiled code writes `__proto__` after the others).
    expect(Object.keys(aliased.data!).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    for (const value of Object.values(aliased.data!)) expect(value).toEqual({ id: expect.any(String) });
    // Still serving: none of the above ran.
    const me = await gql<{ me: { id: string } }>(app.url, '{ me { id } }', {}, admin);
    expect(me.data!.me.id).toBeTruthy();
  });

  it('a refused value inside a compiled operation is a 400-class error with a code, not a crash', async () => {
    const result = await gql(app.url, REPORTS, { filter: { statuses: ['NOPE'] } }, admin);
    expect(result.errors?.[0]?.message).toMatch(/statuses|ReportStatus/);
    expect(result.errors![0].message).not.toMatch(/interne|Did you mean/);
    const rest = await gql<{ me: { id: string } }>(app.url, '{ me { id } }', {}, admin);
    expect(rest.data!.me.id).toBeTruthy();
  });
});

// One length for every list's search box, keyword and typed date, in GraphQL and REST alike, the
// CSV export's (200): refused in French before any SQL (a 1.5 MB search cost 4.4 s of database time).
describe('search texts bounded', () => {
  const SEARCH_TOO_LONG = 'Recherche trop longue (200 caractères au plus).';
  const searches: [string, string, (text: string) => Record<string, unknown>][] = [
    ['reports (filter variable)', REPORTS, (text) => ({ filter: { search: text } })],
    ['report headers', HEADERS, (text) => ({ filter: { search: text } })],
    [
      'reports (literal filter around a variable)',
      'query($s: String) { reports(first: 1, filter: { search: $s }) { totalCount } }',
      (text) => ({ s: text }),
    ],
    [
      'report aggregates',
      'query($filter: ReportFilter) { reportAggregates(filter: $filter) { pagesBilling } }',
      (text) => ({ filter: { search: text } }),
    ],
    ['news search', 'query($s: String) { news(first: 5, search: $s) { totalCount } }', (text) => ({ s: text })],
    ['news keyword', 'query($s: String) { news(first: 5, keyword: $s) { totalCount } }', (text) => ({ s: text })],
    ['news date', 'query($s: String) { news(first: 5, date: $s) { totalCount } }', (text) => ({ s: text })],
    ['groups keyword', 'query($s: String) { groups(first: 5, keyword: $s) { totalCount } }', (text) => ({ s: text })],
    ['users keyword', 'query($s: String) { users(first: 5, keyword: $s) { totalCount } }', (text) => ({ s: text })],
  ];

  it.each(searches)('%s: 201 characters refused before any SQL, 200 accepted', async (_label, query, variables) => {
    app.queries.length = 0;
    const refused = await gql(app.url, query, variables('é'.repeat(201)), admin);
    expectRefused(refused);
    expect(refused.errors![0].message).toBe(SEARCH_TOO_LONG);
    expect(refused.errors![0].extensions?.reason).toBe('SEARCH_TOO_LONG');
    // Only the session was read: no list statement, hence no ILIKE over the rows.
    expect(app.queries.filter((sql) => /ILIKE|"Report"|"News"|"Group"/i.test(sql))).toEqual([]);
    const accepted = await gql(app.url, query, variables('é'.repeat(200)), admin);
    expect(accepted.errors).toBeUndefined();
  });

  it('a default value and an inline literal are bounded too', async () => {
    const long = JSON.stringify('x'.repeat(201));
    expectRefused(await gql(app.url, `query($s: String = ${long}) { news(first: 5, search: $s) { totalCount } }`, {}, admin));
    expectRefused(await gql(app.url, `{ reports(first: 1, filter: { search: ${long} }) { totalCount } }`, {}, admin));
  });

  it('the REST shims answer 400 in French', async () => {
    const long = encodeURIComponent('x'.repeat(201));
    for (const route of [
      `/api/v1/report/get_all?search=${long}`,
      `/api/v1/news?search=${long}`,
      `/api/v1/news?name=${long}`,
      `/api/v1/users?keyword=${long}`,
      `/api/v1/group?keyword=${long}`,
      `/api/v1/exports/reports.csv?list=reports&search=${long}`,
    ]) {
      const response = await rest(app.url, 'GET', route, { token: admin });
      expect([route, response.status]).toEqual([route, 400]);
      expect(JSON.stringify(response.body)).toMatch(/Recherche trop longue/);
    }
  });
});

// graphql-js, the cost walk and the NUL check recurse over variables, and the REST readers over
// JSON bodies: 10,000 levels overflowed the stack into a 500.
describe('deeply nested JSON', () => {
  const TOO_DEEP = 'Données trop imbriquées (32 niveaux au plus).';
  const deepList = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  it.each([
    ['a list', deepList(10_000)],
    ['an object', deepObject(10_000)],
  ])('GraphQL variables holding %s 10,000 levels deep: a French 400', async (_label, value) => {
    for (const query of ['{ __typename }', 'query($filter: ReportFilter) { reports(first: 1, filter: $filter) { totalCount } }']) {
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: `{"query":${JSON.stringify(query)},"variables":{"filter":${value}}}`,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors[0]).toMatchObject({ message: TOO_DEEP, extensions: { code: 'BAD_USER_INPUT' } });
    }
    // 32 levels, the variables' own included, pass the guard (and are refused by the schema).
    const shallow = await gql(app.url, REPORTS, { filter: JSON.parse(deepObject(31)) as unknown }, admin);
    expect(shallow.errors?.[0]?.message).not.toBe(TOO_DEEP);
  });

  it.each([
    ['a list', deepList(10_000)],
    ['an object', deepObject(10_000)],
  ])('REST JSON bodies holding %s 10,000 levels deep: a French 400', async (_label, value) => {
    for (const route of ['/api/v1/auth/login', '/api/v1/auth/forgot-password']) {
      const response = await fetch(`${app.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"email":${value},"password":"x"}`,
      });
      expect([route, response.status]).toEqual([route, 400]);
      expect(((await response.json()) as { message: string }).message).toBe(TOO_DEEP);
    }
  });
});
