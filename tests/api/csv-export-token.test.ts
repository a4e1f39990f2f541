// Issue 37 item 5: the CSV export with a personal API token — its creator's visibility and its études,
// the scopes the export's rows need (403 in French otherwise), 401 for a revoked or expired one, its
// cost budget; the « Étude » and « Statut » columns (the list's own badge, « Non attribué » for a new
// deposit) and a file name with the list and the period.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { listedStatusLabel, REPORT_STATUS_LABELS } from '@constats/domain/report-statuses';
import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { exportCost } from '../../api/src/modules/reporting/rules.js';

const CREATE = 'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token apiToken { id } } }';
const REVOKE = 'mutation($id: ID!) { revokeApiToken(input: { id: $id }) { apiToken { status } } }';
/** The export's rows are in a year no demo constat has, so a year filter holds exactly them. */
const YEAR = 2011;
const MARK = 'Témoin export';
const LIMIT = 50_000;
const MAX_COST = 20_000;

let app: TestApp;
let sessions: Record<'admin' | 'bailiff' | 'secretary', string>;
let me: { id: number; groupId: number; groupName: string };
let other: { id: number; groupId: number; groupName: string };
/** The constat of each kind the screens show differently. */
let ids: Record<'newDeposit' | 'olderNA' | 'inProgress' | 'retroceded' | 'done' | 'archived' | 'othersDeposit', number>;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const [admin, bailiff, secretary] = await Promise.all(
    (['admin', 'bailiff', 'secretary'] as const).map((role) => loginToken(app.url, demo[role].email, demo[role].password)),
  );
  sessions = { admin, bailiff, secretary };
  const bailiffRow = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email }, include: { group: true } });
  me = { id: bailiffRow.id, groupId: bailiffRow.groupId!, groupName: bailiffRow.group!.name };
  const otherRow = await db.user.findFirstOrThrow({
    where: { role: 'BAILIFF', groupId: { not: null, notIn: [me.groupId] } },
    include: { group: true },
  });
  other = { id: otherRow.id, groupId: otherRow.groupId!, groupName: otherRow.group!.name };
  const secretaryId = (await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } })).id;
  const kinds = {
    // A new deposit is stored EC without a secretary (docs/decisions.md); NA is older data.
    newDeposit: { bailiffId: me.id, status: 'EC', secretaryId: null },
    olderNA: { bailiffId: me.id, status: 'NA', secretaryId: null },
    inProgress: { bailiffId: me.id, status: 'EC', secretaryId },
    retroceded: { bailiffId: me.id, status: 'RS', secretaryId },
    done: { bailiffId: me.id, status: 'TE', secretaryId },
    archived: { bailiffId: me.id, status: 'AR', secretaryId, isArchived: true },
    othersDeposit: { bailiffId: other.id, status: 'EC', secretaryId: null },
  } as const;
  const entries = Object.entries(kinds);
  const created = await db.report.createManyAndReturn({
    data: entries.map(([kind, data], index) => ({
      ...data,
      name: `${MARK} ${kind}`,
      createdAt: new Date(Date.UTC(YEAR, 10, 10 + index, 9)),
      countPagesBilling: 3,
      countPagesRetrocession: 2,
    })),
    select: { id: true, name: true },
  });
  ids = Object.fromEntries(entries.map(([kind]) => [kind, created.find((row) => row.name === `${MARK} ${kind}`)!.id])) as typeof ids;
});

afterAll(async () => {
  await app?.stop();
});

async function createToken(session: string, input: Record<string, unknown>): Promise<{ token: string; id: string; dbId: number }> {
  const result = await gql(app.url, CREATE, { input: { name: 'Tableur', ...input } }, session);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  const { token, apiToken } = result.data.createApiToken;
  const dbId = (await app.services.db.apiToken.findFirstOrThrow({ orderBy: { id: 'desc' }, select: { id: true } })).id;
  return { token, id: apiToken.id, dbId };
}

async function exportCsv(search: string, authorization?: string) {
  const response = await fetch(`${app.url}/api/v1/exports/reports.csv?${search}`, {
    headers: authorization === undefined ? {} : { authorization },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

const bearer = (token: string) => `Bearer ${token}`;

function rowsOf(csv: { status: number; bytes: Buffer }): Record<string, string>[] {
  expect(csv.status).toBe(200);
  return parse(csv.bytes, { bom: true, delimiter: ';', columns: true, record_delimiter: '\r\n' });
}

const byId = (rows: Record<string, string>[]) => new Map(rows.map((row) => [Number(row['N°']), row]));
const headerOf = (csv: { text: string }) =>
  csv.text
    .replace(/^\ufeff/, '')
    .split('\r\n')[0]
    .split(';');

/** The statements the server sent while `run` ran that read constats (the list or its rollup). */
async function constatReads(run: () => Promise<unknown>): Promise<string[]> {
  app.queries.length = 0;
  await run();
  return app.queries.filter((sql) => /"Report(MonthSummary)?"/.test(sql));
}

const budgetSpent = async (tokenId: number) =>
  (await app.services.rateLimits.limiter('apiTokenCost', { points: LIMIT, durationSeconds: 60 }).get(String(tokenId)))?.consumedPoints ?? 0;

describe('a token exports what its creator sees', () => {
  it('a bailiff’s token: his constats only, with his étude; the amounts its scopes read', async () => {
    const { token } = await createToken(sessions.bailiff, { scopes: ['REPORTS'] });
    const rows = rowsOf(await exportCsv(`list=reports&year=${YEAR}`, bearer(token)));
    const mine = await app.services.db.report.findMany({ where: { bailiffId: me.id, name: { startsWith: MARK } }, select: { id: true } });
    expect(rows.map((row) => Number(row['N°'])).sort((a, b) => a - b)).toEqual(mine.map((row) => row.id).sort((a, b) => a - b));
    expect(byId(rows).has(ids.othersDeposit)).toBe(false);
    expect(new Set(rows.map((row) => row['Étude']))).toEqual(new Set([me.groupName]));
    // REPORTS alone reads no amount; with BILLING his étude's billing amounts come (never a secretary's pay).
    expect(Object.keys(rows[0])).not.toContain('Montant facturation HT (€)');
    expect(Object.keys(rows[0])).not.toContain('Montant rétrocession HT (€)');
    const billing = await createToken(sessions.bailiff, { scopes: ['REPORTS', 'BILLING'] });
    const withAmounts = rowsOf(await exportCsv(`list=reports&year=${YEAR}`, bearer(billing.token)));
    expect(byId(withAmounts).get(ids.done)!['Montant facturation HT (€)']).toMatch(/^\d+,\d\d$/);
    expect(Object.keys(withAmounts[0])).not.toContain('Montant rétrocession HT (€)');
    // The rétrocession and the facturation are not his to export, whatever his token holds.
    expect((await exportCsv(`list=retrocession&year=${YEAR}`, bearer(billing.token))).status).toBe(403);
    expect((await exportCsv(`list=billing&year=${YEAR}&month=11`, bearer(billing.token))).status).toBe(403);
  });

  it('an admin’s token limited to one étude: that étude’s constats only, and only the constats list', async () => {
    const { token } = await createToken(sessions.admin, {
      scopes: ['REPORTS', 'BILLING'],
      groupIds: [encodeGlobalID('Group', me.groupId)],
    });
    const rows = rowsOf(await exportCsv(`list=reports&year=${YEAR}`, bearer(token)));
    const members = await app.services.db.user.findMany({ where: { groupId: me.groupId }, select: { id: true } });
    const ofEtude = await app.services.db.report.findMany({
      where: { bailiffId: { in: members.map((member) => member.id) }, name: { startsWith: MARK } },
      select: { id: true },
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => Number(row['N°'])).sort((a, b) => a - b)).toEqual(ofEtude.map((row) => row.id).sort((a, b) => a - b));
    expect(byId(rows).has(ids.othersDeposit)).toBe(false);
    expect(new Set(rows.map((row) => row['Étude']))).toEqual(new Set([me.groupName]));
    // The facturation's list is not narrowed by études: not open to such a token (as billingPeriod in GraphQL).
    const billing = await exportCsv(`list=billing&year=${YEAR}&month=11`, bearer(token));
    expect(billing.status).toBe(403);
    expect(JSON.parse(billing.text)).toEqual({
      code: 403,
      message: 'Ce jeton d’API est limité à certaines études : l’export CSV de la facturation ne lui est pas ouvert.',
      reason: 'API_TOKEN_FIELD',
    });
  });

  it('an admin’s token with every scope exports the same file as his session', async () => {
    const { token } = await createToken(sessions.admin, {
      scopes: ['REPORTS', 'BILLING', 'RETROCESSION', 'STATISTICS', 'NEWS', 'NOTIFICATIONS', 'ABSENCES', 'ACCOUNTS'],
    });
    for (const search of [`list=reports&year=${YEAR}`, `list=retrocession&year=${YEAR}&month=11`, `list=billing&year=${YEAR}&month=11`]) {
      const withToken = await exportCsv(search, bearer(token));
      const withSession = await exportCsv(search, bearer(sessions.admin));
      expect(withToken.status).toBe(200);
      expect(withToken.text).toBe(withSession.text);
      expect(withToken.headers.get('content-disposition')).toBe(withSession.headers.get('content-disposition'));
    }
  });
});

describe('refusals', () => {
  it('a token without REPORTS → 403 naming the scope, in the REST shape, before its budget is touched', async () => {
    const { token, dbId } = await createToken(sessions.admin, { scopes: ['STATISTICS'] });
    const reads = await constatReads(async () => {
      const refused = await exportCsv('list=reports', bearer(token));
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)).toEqual({
        code: 403,
        message: 'Ce jeton d’API n’a pas la portée « Constats » (REPORTS) qu’exige l’export CSV des constats.',
        reason: 'API_TOKEN_SCOPE',
        missingScopes: ['REPORTS'],
      });
      expect(refused.headers.get('ratelimit-remaining')).toBeNull();
    });
    expect(reads).toEqual([]);
    expect(await budgetSpent(dbId)).toBe(0);
  });

  it('the rétrocession needs RETROCESSION, the facturation BILLING, besides REPORTS; amounts need their own scope', async () => {
    const { token } = await createToken(sessions.admin, { scopes: ['REPORTS'] });
    const retrocession = await exportCsv(`list=retrocession&year=${YEAR}`, bearer(token));
    expect(retrocession.status).toBe(403);
    expect(JSON.parse(retrocession.text)).toMatchObject({
      code: 403,
      message: 'Ce jeton d’API n’a pas la portée « Rétrocession des secrétaires » (RETROCESSION) qu’exige l’export CSV de la rétrocession.',
      missingScopes: ['RETROCESSION'],
    });
    const billing = await exportCsv(`list=billing&year=${YEAR}&month=11`, bearer(token));
    expect(billing.status).toBe(403);
    expect(JSON.parse(billing.text).missingScopes).toEqual(['BILLING']);
    // Its constats list comes without the amounts it may not read.
    const rows = rowsOf(await exportCsv(`list=reports&year=${YEAR}`, bearer(token)));
    expect(Object.keys(rows[0]).filter((header) => header.startsWith('Montant'))).toEqual([]);
  });

  it('a revoked, an expired or an unknown token → 401 « Jeton d’API invalide, révoqué ou expiré. »', async () => {
    const revoked = await createToken(sessions.admin, { scopes: ['REPORTS'] });
    expect((await exportCsv('list=reports', bearer(revoked.token))).status).toBe(200);
    expect((await gql(app.url, REVOKE, { id: revoked.id }, sessions.admin)).data!.revokeApiToken.apiToken.status).toBe('REVOKED');
    const expired = await createToken(sessions.bailiff, { scopes: ['REPORTS'] });
    await app.services.db.apiToken.update({ where: { id: expired.dbId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const token of [revoked.token, expired.token, `cst_${'A'.repeat(43)}`]) {
      const refused = await exportCsv('list=reports', bearer(token));
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(JSON.parse(refused.text)).toEqual({ code: 401, message: 'Jeton d’API invalide, révoqué ou expiré.' });
    }
  });

  it('anonymous → 401; a token stays refused on the other REST routes', async () => {
    const anonymous = await exportCsv('list=reports');
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text).message).toBe('Veuillez vous connecter.');
    const { token } = await createToken(sessions.admin, { scopes: ['REPORTS', 'ACCOUNTS'] });
    const other = await fetch(`${app.url}/api/v1/users/me`, { headers: { authorization: bearer(token) } });
    expect(other.status).toBe(401);
    expect((await other.json()).errors[0].message).toBe(
      'Un jeton d’API n’est accepté que sur /graphql et sur les exports CSV (/api/v1/exports/reports.csv).',
    );
  });
});

describe('columns', () => {
  it('« Étude » follows « Huissier »; the other columns keep their order', async () => {
    const { token } = await createToken(sessions.admin, { scopes: ['REPORTS', 'BILLING', 'RETROCESSION'] });
    expect(headerOf(await exportCsv(`list=reports&year=${YEAR}`, bearer(token)))).toEqual([
      'N°',
      'Constat',
      'Huissier',
      'Étude',
      'Secrétaire',
      'Statut',
      'Archivé',
      'Facturé',
      'Créé le',
      'Dernier changement de statut',
      'Retourné le',
      'Pages provisoires',
      'Photos provisoires',
      'Pages rétrocession',
      'Photos rétrocession',
      'Pages facturation',
      'Photos facturation',
      'Montant rétrocession HT (€)',
      'Montant facturation HT (€)',
    ]);
  });

  it('« Statut » is the badge the list shows to the token’s creator: « Non attribué » for a new deposit', async () => {
    const expected = {
      admin: {
        newDeposit: 'Non attribué',
        olderNA: 'Non attribué',
        inProgress: 'En cours',
        retroceded: 'Rétrocédé',
        done: 'Terminé',
        archived: 'Archivé',
      },
      // A bailiff's EC stands for NA and RS, and no constat of his waits for a secretary in his eyes.
      bailiff: {
        newDeposit: 'En cours',
        olderNA: 'En cours',
        inProgress: 'En cours',
        retroceded: 'En cours',
        done: 'Terminé',
        archived: 'Archivé',
      },
    } as const;
    for (const role of ['admin', 'bailiff'] as const) {
      const { token } = await createToken(sessions[role], { scopes: ['REPORTS'] });
      const rows = byId(rowsOf(await exportCsv(`list=reports&year=${YEAR}`, bearer(token))));
      for (const [kind, label] of Object.entries(expected[role]))
        expect([kind, rows.get(ids[kind as keyof typeof ids])!.Statut]).toEqual([kind, label]);
      // The screen's own words: the list's status and awaitingSecretary, read by the same token, through the domain's labels.
      const screen = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: bearer(token) },
        body: JSON.stringify({
          query: `{ reports(first: 100, filter: { year: ${YEAR} }) { edges { node { databaseId status awaitingSecretary } } } }`,
        }),
      }).then((response) => response.json());
      const nodes: { databaseId: number; status: 'NA' | 'EC' | 'RS' | 'TE' | 'AR'; awaitingSecretary: boolean }[] =
        screen.data.reports.edges.map((edge: { node: unknown }) => edge.node);
      expect(nodes.length).toBe(rows.size);
      for (const node of nodes) expect(rows.get(node.databaseId)!.Statut).toBe(listedStatusLabel(node));
    }
    expect(Object.values(expected.admin).sort()).toEqual([...Object.values(REPORT_STATUS_LABELS), REPORT_STATUS_LABELS.NA].sort());
  });
});

describe('file name', () => {
  it.each([
    ['list=reports&year=2026&month=11', 'constats-2026-11.csv'],
    ['list=reports&year=2026&month=3', 'constats-2026-03.csv'],
    ['list=reports&year=2026', 'constats-2026.csv'],
    ['list=reports', 'constats.csv'],
    ['list=retrocession&year=2011&month=11', 'retrocession-2011-11.csv'],
    ['list=retrocession&year=2011', 'retrocession-2011.csv'],
    ['list=billing&year=2011&month=11', 'facturation-2011-11.csv'],
  ])('%s → %s', async (search, name) => {
    const csv = await exportCsv(search, bearer(sessions.admin));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
  });
});

describe('cost budget', () => {
  it('an export spends its rows’ cost, told in the RateLimit headers', async () => {
    const { token, dbId } = await createToken(sessions.admin, { scopes: ['REPORTS'] });
    let csv!: Awaited<ReturnType<typeof exportCsv>>;
    // The probe the refusals below rely on: an export that runs reads the constats.
    expect(await constatReads(async () => (csv = await exportCsv(`list=reports&year=${YEAR}`, bearer(token))))).not.toEqual([]);
    const rows = rowsOf(csv);
    const cost = exportCost(rows.length, headerOf(csv).length, MAX_COST);
    expect(cost).toBeLessThan(MAX_COST);
    expect(csv.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(csv.headers.get('ratelimit-remaining')).toBe(String(LIMIT - cost));
    expect(Number(csv.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(await budgetSpent(dbId)).toBe(cost);
    // A session has no budget.
    expect((await exportCsv('list=reports', bearer(sessions.admin))).headers.get('ratelimit-remaining')).toBeNull();
  });

  it('over budget: 429 with Retry-After, nothing read, nothing spent', async () => {
    const { token, dbId } = await createToken(sessions.admin, { scopes: ['REPORTS'] });
    const limiter = app.services.rateLimits.limiter('apiTokenCost', { points: LIMIT, durationSeconds: 60 });
    await limiter.consume(String(dbId), LIMIT - MAX_COST + 1);
    const reads = await constatReads(async () => {
      const refused = await exportCsv('list=reports', bearer(token));
      expect(refused.status).toBe(429);
      const body = JSON.parse(refused.text);
      expect(body).toMatchObject({ code: 429, message: 'Budget de coût des requêtes dépassé pour ce jeton. Réessayez après resetAt.' });
      expect(body.cost).toEqual({ requested: MAX_COST, limit: LIMIT, remaining: MAX_COST - 1, resetAt: expect.any(String) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('ratelimit-remaining')).toBe(String(MAX_COST - 1));
    });
    expect(reads).toEqual([]);
    expect(await budgetSpent(dbId)).toBe(LIMIT - MAX_COST + 1);
  });
});

describe('hostile input', () => {
  it.each([
    ['an empty bearer', 'Bearer '],
    ['no scheme', 'cst_AAAA'],
    ['another scheme', `Basic ${Buffer.from('admin@demo.fr:Admin#2026').toString('base64')}`],
    ['a truncated token', `Bearer cst_${'A'.repeat(20)}`],
    ['an oversized token', `Bearer cst_${'A'.repeat(5000)}`],
    ['two tokens', `Bearer cst_${'A'.repeat(43)} cst_${'B'.repeat(43)}`],
  ])('a malformed Authorization header (%s) → 401 in French', async (_label, authorization) => {
    const refused = await exportCsv('list=reports', authorization);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text).message).toMatch(/^(Veuillez vous connecter\.|Jeton d’API invalide, révoqué ou expiré\.)$/);
  });

  it('huge or garbled periods → 400 in French, with no constat read and nothing spent', async () => {
    const { token, dbId } = await createToken(sessions.admin, { scopes: ['REPORTS', 'BILLING', 'RETROCESSION'] });
    const cases = [
      'list=reports&year=99999999999999999999',
      'list=reports&year=2026&month=0',
      'list=reports&year=2026&month=1e1',
      'list=reports&year=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96',
      'list=reports&year=2026&month=11&month=12',
      'list=reports&year=2026%00&month=11',
      `list=reports&year=${'9'.repeat(5000)}`,
      'list=billing&year=2026&month=-1',
      'list=retrocession&year=',
      'list=reports&year=2026-11',
    ];
    const reads = await constatReads(async () => {
      for (const search of cases) {
        const refused = await exportCsv(search, bearer(token));
        expect([search, refused.status]).toEqual([search, 400]);
        expect(JSON.parse(refused.text).message).toMatch(/invalide|inconnu|trop longue/);
      }
    });
    expect(reads).toEqual([]);
    expect(await budgetSpent(dbId)).toBe(0);
  });
});
