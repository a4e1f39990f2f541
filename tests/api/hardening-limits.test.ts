// Issue 16 §4–5: limits that variables bypassed (`nodes(ids: $ids)` with 100,000 ids answered
// 10 MB), the legacy get_all paging refused by the cost limit, and the Idempotency-Key of a
// creation over each transport.
import { randomUUID } from 'node:crypto';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { samplePdf } from '../support/upload.js';

let app: TestApp;
let admin: string;
let bailiff: string;
let bailiffId: number;

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
  ]);
  bailiffId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
  // More than two legacy pages of 100 constats.
  await app.services.db.report.createMany({
    data: Array.from({ length: 230 }, (_, n) => ({ name: `Page ${n}`, bailiffId, status: 'EC' as const })),
  });
});

afterAll(async () => {
  await app?.stop();
});

const REPORT_NODES =
  'query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Report { name status bailiff { firstName lastName } deposited { files { name url } } } } }';
const reason = (result: { errors?: { extensions?: { reason?: string } }[] }) => result.errors?.map((error) => error.extensions?.reason);

describe('lists given as variables count against the limits', () => {
  it('refuses nodes(ids: $ids) with 100,000 ids, with a short French answer', async () => {
    const ids = Array.from({ length: 100_000 }, (_, n) => encodeGlobalID('Report', n + 1));
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ query: REPORT_NODES, variables: { ids } }),
    });
    const text = await response.text();
    expect(text.length).toBeLessThan(1_000);
    const result = JSON.parse(text);
    expect(result.data ?? null).toBeNull();
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: 'Liste trop longue : 1000 éléments au plus.',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
  });

  it('costs nodes(ids:) per id: 1,000 reports with their files are refused, 5 are served, the same as a literal list', async () => {
    const ids = (count: number) => Array.from({ length: count }, (_, n) => encodeGlobalID('Report', n + 1));
    expect(reason(await gql(app.url, REPORT_NODES, { ids: ids(1000) }, admin))).toEqual(['QUERY_COST']);
    // Each constat's files are priced at their ceiling (1,000 a side): a handful fit under the limit.
    expect(reason(await gql(app.url, REPORT_NODES, { ids: ids(10) }, admin))).toEqual(['QUERY_COST']);
    const served = await gql(app.url, REPORT_NODES, { ids: ids(5) }, admin);
    expect(served.errors).toBeUndefined();
    expect(served.data!.nodes).toHaveLength(5);
    const literal = `query { nodes(ids: [${ids(1000)
      .map((id) => JSON.stringify(id))
      .join(',')}]) { id ... on Report { name status bailiff { firstName lastName } deposited { files { name url } } } } }`;
    expect(reason(await gql(app.url, literal, {}, admin))).toEqual(['QUERY_COST']);
  });

  it('refuses a list nested in an input variable beyond 1,000 items before running the mutation', async () => {
    const report = await app.services.db.report.findFirstOrThrow({ where: { bailiffId }, select: { id: true } });
    const result = await gql(
      app.url,
      'mutation($input: RemoveReportFilesInput!) { removeReportFiles(input: $input) { message } }',
      { input: { reportId: encodeGlobalID('Report', report.id), fileIds: Array.from({ length: 5_000 }, (_, n) => String(n)) } },
      admin,
    );
    expect(reason(result)).toEqual(['LIST_TOO_LONG']);
  });
});

describe('legacy get_all pages', () => {
  const page = (query: string) => rest(app.url, 'GET', `/api/v1/report/get_all?${query}`, { token: admin });

  it('serves get_all?page=2&limit=100: the second hundred, newest first, within the cost limit', async () => {
    const [first, second, third] = await Promise.all([page('page=1&limit=100'), page('page=2&limit=100'), page('page=3&limit=100')]);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ page: 2, limit: 100, total: first.body.total });
    expect(second.body.reports).toHaveLength(100);
    const ids = [...first.body.reports, ...second.body.reports, ...third.body.reports].map((report: { id: number }) => report.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(Math.min(first.body.total, 300));
  });

  it('page=3&limit=4 is rows 9 to 12 of the list; a larger limit is served at 100; a page too far is a French 400', async () => {
    const [whole, third] = await Promise.all([page('page=1&limit=12'), page('page=3&limit=4')]);
    expect(third.body.reports.map((report: { id: number }) => report.id)).toEqual(
      whole.body.reports.slice(8, 12).map((report: { id: number }) => report.id),
    );
    const capped = await page('page=2&limit=5000');
    expect(capped.body).toMatchObject({ page: 2, limit: 100 });
    expect(capped.body.reports).toHaveLength(100);
    const far = await page('page=5000&limit=100');
    expect(far.status).toBe(400);
    expect(far.body.message).toMatch(/^Pagination invalide/);
  });
});

describe('Idempotency-Key on a constat creation', () => {
  const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }';

  async function viaGraphQL(name: string, key: string | null, token = bailiff) {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: CREATE, variables: { input: { name, files: [null] } } }));
    form.append('map', JSON.stringify({ 0: ['variables.input.files.0'] }));
    form.append('0', new Blob([new Uint8Array(samplePdf(name))], { type: 'application/pdf' }), 'constat.pdf');
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}`, ...(key && { 'idempotency-key': key }) },
    });
    return (await response.json()) as { data?: { createReport: { report: { databaseId: number } } }; errors?: { message: string }[] };
  }

  async function viaRest(name: string, key: string) {
    const form = new FormData();
    form.append('name', name);
    form.append('deposited_items', new Blob([new Uint8Array(samplePdf(name))], { type: 'application/pdf' }), 'constat.pdf');
    const response = await fetch(`${app.url}/api/v1/report/create`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${bailiff}`, 'idempotency-key': key },
    });
    return { status: response.status, body: await response.json() };
  }

  const constatsNamed = (name: string) => app.services.db.report.count({ where: { name } });

  it('REST report/create sent twice with one key answers 201 with the same constat both times', async () => {
    const key = randomUUID();
    const first = await viaRest('Idempotent REST', key);
    const again = await viaRest('Idempotent REST', key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.report.id).toBe(first.body.report.id);
    expect(await constatsNamed('Idempotent REST')).toBe(1);
  });

  it('GraphQL multipart: a repeat returns the first constat; another key, or no key, creates; keys are per user', async () => {
    const key = randomUUID();
    const first = await viaGraphQL('Idempotent GraphQL', key);
    const again = await viaGraphQL('Idempotent GraphQL', key);
    expect(again.data!.createReport.report.databaseId).toBe(first.data!.createReport.report.databaseId);
    expect(await constatsNamed('Idempotent GraphQL')).toBe(1);
    await viaGraphQL('Idempotent GraphQL', randomUUID());
    await viaGraphQL('Idempotent GraphQL', null);
    expect(await constatsNamed('Idempotent GraphQL')).toBe(3);
    // The admin's request with the bailiff's key is his own (for the same bailiff).
    const bailiffGid = encodeGlobalID('User', bailiffId);
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({ query: CREATE, variables: { input: { name: 'Idempotent GraphQL', bailiffId: bailiffGid, files: [null] } } }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.input.files.0'] }));
    form.append('0', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'constat.pdf');
    const byAdmin = await (
      await fetch(`${app.url}/graphql`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin}`, 'idempotency-key': key },
      })
    ).json();
    expect(byAdmin.data.createReport.report.databaseId).not.toBe(first.data!.createReport.report.databaseId);
  });

  it('refuses a malformed key with a French message and stores nothing', async () => {
    const result = await viaGraphQL('Clé invalide', 'x'.repeat(300));
    expect(result.errors?.[0].message).toBe('En-tête Idempotency-Key invalide : 1 à 255 caractères visibles.');
    expect(await constatsNamed('Clé invalide')).toBe(0);
  });
});
