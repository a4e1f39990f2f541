// CSV export (issue 17 item 5): the file parsed back equals the list the screen shows for the same
// filter, for each role and list kind; permissions and hostile parameters are refused before a row is read.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';

let app: TestApp;
let tokens: Record<'admin' | 'bailiff' | 'secretary', string>;
let otherBailiffId: number;
let secretaryId: number;
const YEAR = 2024;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  secretaryId = secretary.id;
  const other = await db.user.findFirstOrThrow({ where: { role: 'BAILIFF', id: { not: bailiff.id } } });
  otherBailiffId = other.id;
  // Names that would run as formulas, with the separator, quotes and accents; more rows than one batch.
  const names = ['=HYPERLINK("http://x";"clic")', '+33 1 23', '-2+3', '@SUM(A1)', 'Constat; « été » "cité"', 'Ordinaire'];
  const rows = Array.from({ length: 520 }, (_, i) => {
    const createdAt = new Date(Date.UTC(YEAR, i % 12, 1 + (i % 27), 9, i % 60));
    return {
      name: names[i % names.length],
      bailiffId: i % 3 === 0 ? other.id : bailiff.id,
      secretaryId: i % 5 === 0 ? null : secretary.id,
      status: (['EC', 'RS', 'TE', 'AR'] as const)[i % 4],
      isArchived: i % 4 === 3,
      createdAt,
      lastStatusChange: createdAt,
      countPagesRetrocession: i % 17,
      countPhotosRetrocession: i % 5,
      countPagesBilling: (i % 4) * 3,
      countPhotosBilling: i % 3,
      ...(i % 2 === 0 && { groupPricePage: '1.255', groupPricePhoto: '0.335', secretaryPricePage: '0.805', secretaryPricePhoto: '0.125' }),
    };
  });
  await db.report.createMany({ data: rows });
  const [admin, bailiffToken, secretaryToken] = await Promise.all(
    (['admin', 'bailiff', 'secretary'] as const).map((role) => loginToken(app.url, demo[role].email, demo[role].password)),
  );
  tokens = { admin, bailiff: bailiffToken, secretary: secretaryToken };
});

afterAll(async () => {
  await app?.stop();
});

async function exportCsv(search: string, token?: string) {
  const response = await fetch(`${app.url}/api/v1/exports/reports.csv?${search}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

function parseCsv(bytes: Buffer): Record<string, string>[] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes, { bom: true, delimiter: ';', columns: true, record_delimiter: '\r\n' });
}

const FIELDS = `databaseId name status isArchived createdAt bailiff { fullName } secretary { fullName }
  countPagesBilling countPhotosBilling countPagesRetrocession retrocessionAmounts { total } billingAmounts { total }`;

async function listOf(token: string, query: string, path: (data: any) => any, variables: Record<string, unknown>) {
  const rows: any[] = [];
  let after: string | null = null;
  for (;;) {
    const result = await gql(app.url, query, { ...variables, after }, token);
    expect(result.errors).toBeUndefined();
    const connection = path(result.data);
    rows.push(...connection.edges.map((edge: any) => edge.node));
    if (!connection.pageInfo.hasNextPage) return { rows, totalCount: connection.totalCount };
    after = connection.pageInfo.endCursor;
  }
}

const reportsList = (token: string, filter: Record<string, unknown>) =>
  listOf(
    token,
    `query($filter: ReportFilter, $after: String) { reports(filter: $filter, first: 100, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${FIELDS} } } } }`,
    (data) => data.reports,
    { filter },
  );

const retrocessionList = (token: string, filter: Record<string, unknown>) =>
  listOf(
    token,
    `query($filter: RetrocessionFilter!, $after: String) { retrocession(filter: $filter) { reports(first: 100, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${FIELDS} } } } } }`,
    (data) => data.retrocession.reports,
    { filter },
  );

const frenchAmount = (amounts: { total: string } | null) => (amounts ? amounts.total.replace('.', ',') : undefined);
const guarded = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

/** The CSV rows hold what the list shows, in its order, amounts for whoever the list shows them to. */
function expectSame(csv: Record<string, string>[], list: any[]) {
  expect(csv.map((row) => Number(row['N°']))).toEqual(list.map((row) => row.databaseId));
  list.forEach((row, index) => {
    const line = csv[index];
    expect(line.Constat).toBe(guarded(row.name));
    expect(line.Huissier).toBe(row.bailiff.fullName);
    expect(line['Secrétaire']).toBe(row.secretary?.fullName ?? '');
    expect(line['Créé le']).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(line['Pages facturation']).toBe(String(row.countPagesBilling));
    expect(line['Montant rétrocession HT (€)']).toBe(frenchAmount(row.retrocessionAmounts));
    expect(line['Montant facturation HT (€)']).toBe(frenchAmount(row.billingAmounts));
  });
}

describe('the CSV equals the list', () => {
  const reportFilters = [
    { search: '', filter: {} },
    { search: 'statuses=EC,RS&archived=false', filter: { statuses: ['EC', 'RS'], archived: false } },
    { search: 'statuses=TE,AR', filter: { statuses: ['TE', 'AR'] } },
    { search: `archived=true&year=${YEAR}`, filter: { archived: true, year: YEAR } },
    { search: `year=${YEAR}&month=3&search=${encodeURIComponent('été')}`, filter: { year: YEAR, month: 3, search: 'été' } },
  ];
  for (const role of ['admin', 'bailiff', 'secretary'] as const) {
    it(`${role}: report lists (en cours, terminés, archivés, recherche)`, async () => {
      for (const { search, filter } of reportFilters) {
        const list = await reportsList(tokens[role], filter);
        const csv = await exportCsv(`list=reports${search ? `&${search}` : ''}`, tokens[role]);
        expect(csv.status).toBe(200);
        expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(csv.headers.get('x-total-count')).toBe(String(list.totalCount));
        expectSame(parseCsv(csv.bytes), list.rows);
      }
    });
  }

  it('admin: a bailiff and a secretary filter by global id', async () => {
    const filter = { bailiffId: encodeGlobalID('User', otherBailiffId), secretaryId: encodeGlobalID('User', secretaryId) };
    const list = await reportsList(tokens.admin, filter);
    expect(list.rows.length).toBeGreaterThan(0);
    const csv = await exportCsv(`list=reports&bailiffId=${filter.bailiffId}&secretaryId=${filter.secretaryId}`, tokens.admin);
    expectSame(parseCsv(csv.bytes), list.rows);
  });

  for (const role of ['admin', 'secretary'] as const) {
    it(`${role}: rétrocession of a month and of a year`, async () => {
      for (const filter of [{ year: YEAR, month: 5 }, { year: YEAR }]) {
        const list = await retrocessionList(tokens[role], filter);
        const csv = await exportCsv(
          `list=retrocession&year=${filter.year}${'month' in filter ? `&month=${filter.month}` : ''}`,
          tokens[role],
        );
        expect(csv.status).toBe(200);
        expectSame(parseCsv(csv.bytes), list.rows);
      }
    });
  }

  it('admin: facturation of a month holds its counted constats and their total HT', async () => {
    const period = await gql(app.url, 'query { billingPeriod(year: 2024, month: 6) { totals { reports amountHT } } }', {}, tokens.admin);
    expect(period.errors).toBeUndefined();
    const csv = parseCsv((await exportCsv('list=billing&year=2024&month=6', tokens.admin)).bytes);
    expect(csv.length).toBe(period.data!.billingPeriod.totals.reports);
    expect(csv.length).toBeGreaterThan(0);
    const total = csv.reduce((sum, row) => sum + Math.round(Number(row['Montant facturation HT (€)'].replace(',', '.')) * 100), 0);
    expect((total / 100).toFixed(2)).toBe(Number(period.data!.billingPeriod.totals.amountHT).toFixed(2));
  });

  it('cells that would run as formulas are prefixed with an apostrophe; dates are DD/MM/YYYY HH:mm Paris time', async () => {
    const csv = await exportCsv('list=reports', tokens.admin);
    const rows = parseCsv(csv.bytes);
    const names = new Set(rows.map((row) => row.Constat));
    expect(names).toContain(`'=HYPERLINK("http://x";"clic")`);
    expect(names).toContain(`'@SUM(A1)`);
    expect(names).toContain(`'-2+3`);
    expect(names).toContain('Constat; « été » "cité"');
    expect(csv.text.split('\r\n')[0]).toBe(
      '\ufeffN°;Constat;Huissier;Étude;Secrétaire;Statut;Archivé;Facturé;Créé le;Dernier changement de statut;Retourné le;Pages provisoires;Photos provisoires;Pages rétrocession;Photos rétrocession;Pages facturation;Photos facturation;Montant rétrocession HT (€);Montant facturation HT (€)',
    );
  });
});

describe('permissions', () => {
  it('anonymous → 401 before anything is read', async () => {
    const response = await exportCsv('list=reports');
    expect(response.status).toBe(401);
    expect(JSON.parse(response.text).message).toBe('Veuillez vous connecter.');
    expect((await exportCsv('list=nothing&x=1', 'not-a-token')).status).toBe(401);
  });

  it('a bailiff exports only his own constats, whatever bailiff he names; no rétrocession nor facturation', async () => {
    const me = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    const others = parseCsv((await exportCsv(`list=reports&bailiffId=${encodeGlobalID('User', otherBailiffId)}`, tokens.bailiff)).bytes);
    expect(others).toEqual([]);
    const mine = parseCsv((await exportCsv('list=reports', tokens.bailiff)).bytes);
    const owned = await app.services.db.report.findMany({ where: { bailiffId: me.id }, select: { id: true } });
    expect(new Set(mine.map((row) => Number(row['N°'])))).toEqual(new Set(owned.map((row) => row.id)));
    expect(Object.keys(mine[0])).not.toContain('Montant rétrocession HT (€)');
    expect((await exportCsv(`list=retrocession&year=${YEAR}`, tokens.bailiff)).status).toBe(403);
    expect((await exportCsv(`list=billing&year=${YEAR}&month=6`, tokens.bailiff)).status).toBe(403);
  });

  it("a secretary cannot export another secretary's rétrocession, nor the facturation; her lists have no billing amount", async () => {
    const other = await app.services.db.user.findFirstOrThrow({ where: { role: 'SECRETARY', id: { not: secretaryId } } });
    expect(
      (await exportCsv(`list=retrocession&year=${YEAR}&secretaryId=${encodeGlobalID('User', other.id)}`, tokens.secretary)).status,
    ).toBe(403);
    expect((await exportCsv(`list=billing&year=${YEAR}&month=6`, tokens.secretary)).status).toBe(403);
    const mine = parseCsv((await exportCsv('list=reports', tokens.secretary)).bytes);
    expect(Object.keys(mine[0])).not.toContain('Montant facturation HT (€)');
  });
});

describe('hostile parameters', () => {
  const cases: [string, string][] = [
    ['no list', ''],
    ['unknown list', 'list=users'],
    ['unknown parameter', 'list=reports&sql=1'],
    ['repeated parameter', 'list=reports&year=2024&year=2025'],
    ['parameter of another list', 'list=retrocession&year=2024&statuses=EC'],
    ['status injection', "list=reports&statuses=EC'%20OR%201=1--"],
    ['too many statuses', 'list=reports&statuses=EC,EC,EC,EC,EC,EC'],
    ['year out of range', 'list=reports&year=99999'],
    ['negative year', 'list=reports&year=-1'],
    ['month without year', 'list=reports&month=3'],
    ['month 13', 'list=reports&year=2024&month=13'],
    ['archived not a boolean', 'list=reports&archived=yes'],
    ['malformed global id', 'list=reports&bailiffId=%00%ff'],
    ['global id of another type', `list=reports&bailiffId=${encodeGlobalID('Report', 1)}`],
    ['oversized search', `list=reports&search=${'a'.repeat(201)}`],
    ['oversized query', `list=reports&search=${'%41'.repeat(1200)}`],
    ['billing without month', 'list=billing&year=2024'],
    ['rétrocession without year', 'list=retrocession'],
  ];
  it.each(cases)('%s → 400 in French', async (_label, search) => {
    const response = await exportCsv(search, tokens.admin);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).message).toMatch(/[ée]|invalide|inconnu/);
  });

  it('concurrent exports and a client leaving mid-stream leave the server answering', async () => {
    const controller = new AbortController();
    const aborted = fetch(`${app.url}/api/v1/exports/reports.csv?list=reports`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
      signal: controller.signal,
    })
      .then(async (response) => {
        const reader = response.body!.getReader();
        await reader.read();
        controller.abort();
      })
      .catch(() => undefined);
    const all = await Promise.all([aborted, ...Array.from({ length: 4 }, () => exportCsv('list=reports', tokens.admin))]);
    for (const response of all.slice(1) as { status: number }[]) expect(response.status).toBe(200);
    expect((await exportCsv('list=reports&year=2024', tokens.admin)).status).toBe(200);
  });
});

describe('line breaks in stored names', () => {
  const BREAKS = /[\r\n\v\f\u0085\u2028\u2029]/;
  const FORMULA = /^["\s]*[=+\-@\t]/;

  it('a name stored with a line break before a formula exports no formula, whatever the reader', async () => {
    const db = app.services.db;
    const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
    // Names are refused with a line break at input now; older rows may still hold one.
    const names = ["Piège\n=cmd|' /C calc'!A0", 'Piège\r\n@SUM(A1)', 'Piège\r-2+3', 'Piège\u2028+1', 'Piège\n\t=1', 'Piège\n =1+1'];
    const created = await db.report.createManyAndReturn({
      data: names.map((name) => ({ name, bailiffId: bailiff.id })),
      select: { id: true },
    });
    try {
      const csv = await exportCsv(`list=reports&search=${encodeURIComponent('Piège')}`, tokens.admin);
      expect(csv.status).toBe(200);
      // A reader that splits lines before quotes (a line-based import): no line starts with a formula.
      const lines = csv.text.replace(/^\ufeff/, '').split(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/);
      expect(lines.filter((line) => FORMULA.test(line))).toEqual([]);
      // A CSV reader: no cell holds a line break or starts with a formula.
      const rows = parseCsv(csv.bytes);
      expect(rows.map((row) => Number(row['N°'])).sort((a, b) => a - b)).toEqual(created.map((row) => row.id).sort((a, b) => a - b));
      for (const row of rows) {
        for (const cell of Object.values(row)) {
          expect(cell).not.toMatch(BREAKS);
          expect(cell).not.toMatch(FORMULA);
        }
      }
      expect(rows.map((row) => row.Constat)).toContain("Piège '=cmd|' /C calc'!A0");
    } finally {
      await db.report.deleteMany({ where: { id: { in: created.map((row) => row.id) } } });
    }
  });
});
