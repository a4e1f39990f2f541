// docs/api.md says what a report builder can run: its GraphQL examples are checked against the live
// schema and run on the real server, its curl payload is sent, and its Node script pages through a
// year of constats with a personal API token, as a report builder would.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { schema } from '../../api/src/server/schema.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { importByWorkerNode } from '../support/worker-import.js';

const execFileAsync = promisify(execFile);

interface Block {
  lang: string;
  code: string;
}

/** The fenced blocks of a Markdown file. */
function blocks(markdown: string): Block[] {
  const found: Block[] = [];
  const pattern = /```(\w+)\n([\s\S]*?)```/g;
  for (let match = pattern.exec(markdown); match; match = pattern.exec(markdown)) found.push({ lang: match[1], code: match[2] });
  return found;
}

let app: TestApp;
let token: string;
/** A personal API token created as the doc says: the curl example and the Node script use it. */
let apiToken: string;
let doc: Block[];

beforeAll(async () => {
  doc = blocks(await readFile('docs/api.md', 'utf8'));
  app = await startTestApp();
  token = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const created = await gql<{ createApiToken: { token: string } }>(
    app.url,
    'mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }',
    {
      input: {
        name: 'Documentation',
        scopes: ['REPORTS', 'BILLING', 'RETROCESSION', 'STATISTICS', 'NEWS', 'NOTIFICATIONS', 'ABSENCES', 'ACCOUNTS'],
      },
    },
    token,
  );
  apiToken = created.data!.createApiToken.token;
  expect(apiToken).toMatch(/^cst_/);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('docs/api.md', () => {
  it('has GraphQL, curl and Node examples, and every GraphQL example is valid and runs without error', async () => {
    // graphql as the server loaded it, its schema's (support/worker-import.ts).
    const { parse, validate } = await importByWorkerNode<typeof import('graphql')>('graphql');
    const graphql = doc.filter((block) => block.lang === 'graphql');
    expect(graphql.length).toBeGreaterThanOrEqual(3);
    for (const block of graphql) {
      const document = parse(block.code);
      expect(validate(schema, document)).toEqual([]);
      const variables = JSON.parse(/^# variables: (.*)$/m.exec(block.code)?.[1] ?? '{}') as Record<string, unknown>;
      const result = await gql(app.url, block.code, variables, token);
      expect(result.errors).toBeUndefined();
    }
  });

  it('the curl example’s payload answers data to an API token, with its cost', async () => {
    const curl = doc.find((block) => block.lang === 'sh' && block.code.includes('curl'))!;
    const payload = /-d '(.*)'/.exec(curl.code)![1];
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiToken}` },
      body: payload,
    });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.reports.edges.length).toBeGreaterThan(0);
    expect(body.extensions.cost).toEqual({
      requested: expect.any(Number),
      actual: expect.any(Number),
      limit: expect.any(Number),
      remaining: expect.any(Number),
      resetAt: expect.any(String),
    });
  });

  it('the CSV export’s curl example answers the file to an API token, under the name it says', async () => {
    const curl = doc.find((block) => block.lang === 'sh' && block.code.includes('/api/v1/exports/'))!;
    const address = new URL(/'(https:\/\/[^']+)'/.exec(curl.code)![1]);
    expect(curl.code).toContain('-H "Authorization: Bearer $TOKEN"');
    const response = await fetch(`${app.url}${address.pathname}${address.search}`, { headers: { authorization: `Bearer ${apiToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="constats-2026-11.csv"');
    expect((await response.text()).split('\r\n')[0]).toContain('Huissier;Étude;Secrétaire;Statut');
  });

  it('the Node script reads every constat of a year, page after page', async () => {
    const script = doc.find((block) => block.lang === 'js')!;
    // A year of its own with enough constats for several pages of 100, the first and last days included.
    const year = 2005;
    const bailiff = await app.services.db.user.findFirstOrThrow({ where: { email: demo.bailiff.email } });
    const start = Date.UTC(year - 1, 11, 31, 23, 0); // 1 January, 00:00 in Paris
    const end = Date.UTC(year, 11, 31, 22, 59); // 31 December, 23:59 in Paris
    await app.services.db.report.createMany({
      data: Array.from({ length: 250 }, (_, index) => ({
        name: `Constat de l’année ${index}`,
        bailiffId: bailiff.id,
        status: 'TE' as const,
        isArchived: index % 5 === 0,
        createdAt: new Date(start + Math.round(((end - start) * index) / 249)),
      })),
    });
    await app.services.db.report.create({
      data: { name: 'Veille', bailiffId: bailiff.id, status: 'TE', createdAt: new Date(start - 60_000) },
    });
    const expected = (
      await app.services.db.report.findMany({ where: { name: { startsWith: 'Constat de l’année' } }, select: { id: true } })
    )
      .map((report) => report.id)
      .sort((a, b) => a - b);
    expect(expected).toHaveLength(250);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-doc-'));
    try {
      const file = path.join(dir, 'constats.mjs');
      await writeFile(file, script.code);
      const { stdout, stderr } = await execFileAsync(process.execPath, [file], {
        env: { PATH: process.env.PATH, CONSTATS_URL: app.url, CONSTATS_TOKEN: apiToken, CONSTATS_YEAR: String(year) },
        maxBuffer: 64 * 1024 * 1024,
      });
      const lines = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { databaseId: number });
      expect(lines.map((line) => line.databaseId).sort((a, b) => a - b)).toEqual(expected);
      expect(stderr).toContain(`${expected.length} constats lus.`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
