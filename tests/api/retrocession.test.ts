// Rétrocession and statistics through the real server: secretaries' monthly invoices (upload checked
// by content, one a month, private to their author), the period views with their totals, and the
// statistics — every total checked against sums computed here from the database rows.
// Over 400 lines on purpose: one file per capability's API contract; the three parts share the
// sessions and the expected-total helpers computed from the database rows.
import { sampleDocx } from '../support/office.js';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { gqlUpload, restForm, samplePdf } from '../support/upload.js';
import { expectEvery } from '../support/expect-every.js';
import { monthBefore, parisMonth } from '../support/months.js';

let app: TestApp;
const tokens: Record<'admin' | 'bailiff' | 'secretary' | 'otherSecretary', string> = {} as never;
const ids: Record<'secretary' | 'otherSecretary', number> = {} as never;

const gid = (type: string, id: number) => encodeGlobalID(type, id);

const UPLOAD = `mutation($input: UploadSecretaryBillInput!) { uploadSecretaryBill(input: $input) { message bill {
  id databaseId number year month monthLabel secretary { databaseId } file { name size url downloadUrl } figures { reports pages textPages photos amountHT } } } }`;
const RETROCESSION = `query($filter: RetrocessionFilter!, $first: Int) { retrocession(filter: $filter) {
  year month totals { reports pages textPages photos amountHT }
  reports(first: $first) { totalCount edges { node { databaseId createdAt name returnedAt bailiff { lastName } secretary { databaseId lastName }
    deposited { count totalSize } retrocessionAmounts { total } } } }
  bills(first: 100) { edges { node { databaseId secretary { databaseId } year month file { name url } figures { reports pages textPages photos amountHT } } } } } }`;

/** "YYYY-MM" of an instant in Paris, by Intl (not the app's period helpers). */
const parisMonthOf = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' }).slice(0, 7);
const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

// Independent arithmetic: prices in thousandths of a euro (integers), amounts rounded half up to
// the cent per line, as product.md §9 and docs/decisions.md state.
const millis = (price: { toFixed(digits: number): string } | null | undefined) => (price ? Math.round(Number(price.toFixed(3)) * 1000) : 0);
const centsOf = (thousandths: number) => Math.floor((thousandths + 5) / 10);
const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

async function periodReports(where: { secretaryId?: number }, year: number, month?: number) {
  const reports = await app.services.db.report.findMany({
    where,
    include: { secretary: true, bailiff: { include: { group: true } } },
  });
  return reports.filter((report) =>
    month ? parisMonthOf(report.createdAt) === monthKey(year, month) : parisMonthOf(report.createdAt).startsWith(`${year}-`),
  );
}

/** product.md §9 rétrocession: round(pages − photos/2) × page price + photos × photo price. */
function retrocessionCents(report: Awaited<ReturnType<typeof periodReports>>[number]): { textPages: number; cents: number } {
  const textPages = Math.max(0, Math.floor(report.countPagesRetrocession - report.countPhotosRetrocession / 2 + 0.5));
  const page = millis(report.secretaryPricePage ?? report.secretary?.secretaryPricePage);
  const photo = millis(report.secretaryPricePhoto ?? report.secretary?.secretaryPricePhoto);
  return { textPages, cents: centsOf(textPages * page) + centsOf(report.countPhotosRetrocession * photo) };
}

function expectedTotals(reports: Awaited<ReturnType<typeof periodReports>>) {
  const lines = reports.map(retrocessionCents);
  return {
    reports: reports.length,
    pages: reports.reduce((total, report) => total + report.countPagesRetrocession, 0),
    textPages: lines.reduce((total, line) => total + line.textPages, 0),
    photos: reports.reduce((total, report) => total + report.countPhotosRetrocession, 0),
    amountHT: euros(lines.reduce((total, line) => total + line.cents, 0)),
  };
}

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  const secretary = await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } });
  const otherSecretary = await db.user.findFirstOrThrow({
    where: { role: 'SECRETARY', status: 'ACTIVE', id: { not: secretary.id } },
    orderBy: { id: 'asc' },
  });
  Object.assign(ids, { secretary: secretary.id, otherSecretary: otherSecretary.id });
  Object.assign(tokens, {
    admin: await loginToken(app.url, demo.admin.email, demo.admin.password),
    bailiff: await loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    secretary: await loginToken(app.url, demo.secretary.email, demo.secretary.password),
    otherSecretary: await loginToken(app.url, otherSecretary.email, demo.secretary.password),
  });
});

afterAll(async () => {
  await app?.stop();
});

describe('secretary bills: one Word or PDF file a month', () => {
  let bill: any;
  const pdf = samplePdf('Facture de rétrocession');

  it('a secretary uploads her invoice of the month: numbered time stamp + 4 digits, downloadable by signed link', async () => {
    const { year, month } = parisMonth();
    const before = Date.now();
    const result = await gqlUpload(
      app.url,
      UPLOAD,
      { input: { file: null, year, month } },
      [{ path: 'input.file', name: 'Facture novembre.pdf', content: pdf }],
      tokens.secretary,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.uploadSecretaryBill.message).toBe('Facture déposée avec succès.');
    bill = result.data!.uploadSecretaryBill.bill;
    expect(bill).toMatchObject({
      year,
      month,
      secretary: { databaseId: ids.secretary },
      file: { name: 'Facture novembre.pdf', size: pdf.length },
    });
    expect(bill.number).toMatch(/^\d{17}$/);
    expect(Number(bill.number.slice(0, 13))).toBeGreaterThanOrEqual(before);
    expect(Number(bill.number.slice(0, 13))).toBeLessThanOrEqual(Date.now());
    const download = await fetch(`${app.url}${bill.file.downloadUrl}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);
    // Its figures are her constats of the month, computed independently here.
    expect(bill.figures).toEqual(expectedTotals(await periodReports({ secretaryId: ids.secretary }, year, month)));
    const notified = await app.services.db.notification.count({ where: { kind: 'SECRETARY_BILL' } });
    expect(notified).toBe(await app.services.db.user.count({ where: { role: 'ADMIN', status: 'ACTIVE' } }));
  });

  it('a second invoice for the same month is refused', async () => {
    const { year, month } = parisMonth();
    const result = await gqlUpload(
      app.url,
      UPLOAD,
      { input: { file: null, year, month } },
      [{ path: 'input.file', name: 'encore.pdf', content: pdf }],
      tokens.secretary,
    );
    expect(result.errors![0].extensions!.code).toBe('CONFLICT');
    expect(result.errors![0].message).toMatch(/^Une facture a déjà été déposée pour ce mois/);
    expect(await app.services.db.secretaryBill.count({ where: { secretaryId: ids.secretary, year, month } })).toBe(1);
  });

  it('types are checked by content: Word accepted, an executable named .pdf or a text file refused', async () => {
    const word = await gqlUpload(
      app.url,
      UPLOAD,
      { input: { file: null, year: 2001, month: 3 } },
      [{ path: 'input.file', name: 'facture.docx', content: await sampleDocx('Facture') }],
      tokens.otherSecretary,
    );
    expect(word.errors).toBeUndefined();
    expect(word.data!.uploadSecretaryBill.bill.file.name).toBe('facture.docx');
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(512)]);
    for (const [name, content] of [
      ['facture.pdf', exe],
      ['facture.txt', 'Facture de mars'],
    ] as const) {
      const result = await gqlUpload(
        app.url,
        UPLOAD,
        { input: { file: null, year: 2001, month: 4 } },
        [{ path: 'input.file', name, content }],
        tokens.otherSecretary,
      );
      expect(result.errors![0].message).toBe(`Type de fichier non autorisé : « ${name} ». Formats acceptés : Word (.doc, .docx) ou PDF.`);
    }
    expect(await app.services.db.secretaryBill.count({ where: { secretaryId: ids.otherSecretary, year: 2001, month: 4 } })).toBe(0);
  });

  it('a future month is refused; only secretaries upload', async () => {
    const { year } = parisMonth();
    const future = await gqlUpload(
      app.url,
      UPLOAD,
      { input: { file: null, year: year + 1, month: 1 } },
      [{ path: 'input.file', name: 'f.pdf', content: pdf }],
      tokens.secretary,
    );
    expect(future.errors![0].message).toBe('Choisissez un mois et une année valides, au plus tard le mois en cours.');
    for (const token of [tokens.admin, tokens.bailiff]) {
      const result = await gqlUpload(
        app.url,
        UPLOAD,
        { input: { file: null, year: 2001, month: 5 } },
        [{ path: 'input.file', name: 'f.pdf', content: pdf }],
        token,
      );
      expect(result.errors![0].extensions!.code).toBe('FORBIDDEN');
    }
  });

  it('REST create_secretary (multipart: secretary_id, bill, month MM, year) answers 201 with the bill', async () => {
    const response = await restForm(
      app.url,
      '/api/v1/billing/create_secretary',
      { secretary_id: String(ids.secretary), month: '02', year: '2001' },
      [{ field: 'bill', name: 'fevrier.pdf', content: pdf }],
      tokens.secretary,
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Facture déposée avec succès.');
    expect(response.body.bill).toMatchObject({
      secretary_id: ids.secretary,
      year: 2001,
      month: 2,
      files: [expect.objectContaining({ originalname: 'fevrier.pdf' })],
    });
    const none = await restForm(app.url, '/api/v1/billing/create_secretary', { month: '03', year: '2001' }, [], tokens.secretary);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Veuillez choisir un fichier Word ou PDF.');
  });

  it('she lists her bills by year; another secretary cannot see them in any way', async () => {
    const mine = await gql(
      app.url,
      'query($filter: SecretaryBillFilter) { secretaryBills(filter: $filter, first: 100) { totalCount edges { node { databaseId secretary { databaseId } } } } }',
      { filter: { year: 2001 } },
      tokens.secretary,
    );
    expect(mine.data!.secretaryBills.edges.map((edge: any) => edge.node.secretary.databaseId)).toEqual([ids.secretary]);
    const legacy = await rest(app.url, 'GET', '/api/v1/billing/get_all_secretary?only_bills_secretary=true&year=2001', {
      token: tokens.secretary,
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body.bills_secretary.map((entry: any) => [entry.secretary_id, entry.month])).toEqual([[ids.secretary, 2]]);

    const all = await gql(
      app.url,
      'query { secretaryBills(first: 200) { edges { node { secretary { databaseId } } } } }',
      {},
      tokens.otherSecretary,
    );
    expect(all.data!.secretaryBills.edges.length).toBeGreaterThan(0);
    expectEvery(all.data!.secretaryBills.edges, (edge: any) => edge.node.secretary.databaseId === ids.otherSecretary);
    const node = await gql(
      app.url,
      'query($id: ID!) { node(id: $id) { ... on SecretaryBill { number file { url } } } }',
      { id: bill.id },
      tokens.otherSecretary,
    );
    expect(node.data?.node ?? null).toBeNull();
    const filtered = await gql(
      app.url,
      'query($filter: SecretaryBillFilter) { secretaryBills(filter: $filter) { totalCount } }',
      { filter: { secretaryId: gid('User', ids.secretary) } },
      tokens.otherSecretary,
    );
    expect(filtered.errors![0].extensions!.code).toBe('FORBIDDEN');
    const period = await gql(
      app.url,
      RETROCESSION,
      { filter: { year: 2001, secretaryId: gid('User', ids.secretary) } },
      tokens.otherSecretary,
    );
    expect(period.errors![0].extensions!.code).toBe('FORBIDDEN');
    const rest403 = await rest(
      app.url,
      'GET',
      `/api/v1/billing/get_all_secretary?secretary_id=${ids.secretary}&only_bills_secretary=true`,
      { token: tokens.otherSecretary },
    );
    expect(rest403.status).toBe(403);
    // Her own view of the same period lists only her bills.
    const own = await gql(app.url, RETROCESSION, { filter: { year: 2001 } }, tokens.otherSecretary);
    expect(own.data!.retrocession.bills.edges.map(({ node }: any) => node.secretary.databaseId)).toEqual([ids.otherSecretary]);
  });

  it('bailiffs see no secretary bill and no rétrocession', async () => {
    const list = await gql(app.url, 'query { secretaryBills { totalCount } }', {}, tokens.bailiff);
    expect(list.errors![0].extensions!.code).toBe('FORBIDDEN');
    const period = await gql(app.url, RETROCESSION, { filter: { year: 2001 } }, tokens.bailiff);
    expect(period.errors![0].extensions!.code).toBe('FORBIDDEN');
    const legacy = await rest(app.url, 'GET', '/api/v1/billing/get_all_secretaries', { token: tokens.bailiff });
    expect(legacy.status).toBe(403);
  });

  it('the admin removes a bill: row and file gone, the secretary may upload again', async () => {
    const row = await app.services.db.secretaryBill.findUniqueOrThrow({ where: { id: bill.databaseId } });
    const refused = await gql(
      app.url,
      'mutation($input: RemoveSecretaryBillInput!) { removeSecretaryBill(input: $input) { message } }',
      { input: { billId: bill.id } },
      tokens.secretary,
    );
    expect(refused.errors![0].extensions!.code).toBe('FORBIDDEN');
    const removed = await rest(app.url, 'POST', '/api/v1/billing/remove_secretary', {
      json: { bill_id: bill.databaseId },
      token: tokens.admin,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Facture supprimée avec succès.');
    expect(await app.services.db.secretaryBill.findUnique({ where: { id: bill.databaseId } })).toBeNull();
    expect(await app.services.storage.exists(row.storageKey)).toBe(false);
    const again = await rest(app.url, 'POST', '/api/v1/billing/remove_secretary', {
      json: { bill_id: bill.databaseId },
      token: tokens.admin,
    });
    expect(again.status).toBe(404);
    const { year, month } = parisMonth();
    const reupload = await gqlUpload(
      app.url,
      UPLOAD,
      { input: { file: null, year, month } },
      [{ path: 'input.file', name: 'bonne-facture.pdf', content: pdf }],
      tokens.secretary,
    );
    expect(reupload.errors).toBeUndefined();
  });
});

describe('rétrocession views: reports of a period, totals, « Factures » only where there is a bill', () => {
  /** The completed month with the most seeded constats (billed and invoiced by the seed). */
  async function busiestMonth(): Promise<{ year: number; month: number }> {
    const reports = await app.services.db.report.findMany({ select: { createdAt: true } });
    const counts = new Map<string, number>();
    const now = parisMonth();
    const current = monthKey(now.year, now.month);
    for (const report of reports) {
      const key = parisMonthOf(report.createdAt);
      if (key < current) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const [key] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)) };
  }

  it('admin, all secretaries: every constat of the month with its rows, totals equal to the sums of the rows in the database', async () => {
    const { year, month } = await busiestMonth();
    const result = await gql(app.url, RETROCESSION, { filter: { year, month }, first: 100 }, tokens.admin);
    expect(result.errors).toBeUndefined();
    const period = result.data!.retrocession;
    const reports = await periodReports({}, year, month);
    expect(reports.length).toBeGreaterThan(0);
    expect(period.totals).toEqual(expectedTotals(reports));
    expect(period.totals.amountHT).not.toBe('0.00');
    expect(period.reports.totalCount).toBe(reports.length);
    const byId = new Map(reports.map((report) => [report.id, report]));
    for (const { node } of period.reports.edges) {
      const report = byId.get(node.databaseId)!;
      expect(node.name).toBe(report.name);
      expect(node.bailiff.lastName).toBe(report.bailiff.lastName);
      expect(node.secretary?.databaseId ?? null).toBe(report.secretaryId);
      expect(node.retrocessionAmounts.total).toBe(euros(retrocessionCents(report).cents));
    }
    // « Factures »: one row per secretary who uploaded an invoice for the month, and only those.
    const uploaded = await app.services.db.secretaryBill.findMany({ where: { year, month } });
    const bills = period.bills.edges.map((edge: any) => edge.node);
    expect(bills.map((entry: any) => entry.databaseId).sort()).toEqual(uploaded.map((entry) => entry.id).sort());
    for (const entry of bills) {
      expect(entry.figures).toEqual(expectedTotals(await periodReports({ secretaryId: entry.secretary.databaseId }, year, month)));
    }

    const legacy = await rest(app.url, 'GET', `/api/v1/billing/get_all_secretaries?year=${year}&month=${month}`, { token: tokens.admin });
    expect(legacy.status).toBe(200);
    expect(legacy.body.bills).toHaveLength(reports.length);
    expect(legacy.body.bills_secretaries.map((entry: any) => entry.id).sort()).toEqual(uploaded.map((entry) => entry.id).sort());
    expect(legacy.body.totals).toEqual({
      total_reports: period.totals.reports,
      total_pages: period.totals.pages,
      total_text_pages: period.totals.textPages,
      total_photos: period.totals.photos,
      total_amount_without_taxes: period.totals.amountHT,
    });
  });

  it('a secretary’s own view holds only her constats, whatever she asks', async () => {
    const { year, month } = await busiestMonth();
    const result = await gql(app.url, RETROCESSION, { filter: { year, month }, first: 100 }, tokens.secretary);
    const reports = await periodReports({ secretaryId: ids.secretary }, year, month);
    expect(result.data!.retrocession.totals).toEqual(expectedTotals(reports));
    expectEvery(result.data!.retrocession.reports.edges, (edge: any) => edge.node.secretary.databaseId === ids.secretary);
    const legacy = await rest(app.url, 'GET', `/api/v1/billing/get_all_secretary?year=${year}&month=${month}`, { token: tokens.secretary });
    expect(legacy.body.bills.map((entry: any) => entry.id).sort()).toEqual(reports.map((report) => report.id).sort());
  });

  it('the whole year adds up its months', async () => {
    const { year } = await busiestMonth();
    const result = await gql(app.url, RETROCESSION, { filter: { year } }, tokens.admin);
    expect(result.data!.retrocession.totals).toEqual(expectedTotals(await periodReports({}, year)));
  });
});

describe('statistics', () => {
  const STATS = `query($year: Int!, $month: Int) { statistics(year: $year, month: $month) {
    year month reportCount secretariesTotal bailiffsTotal series { id data { x y amount } } items(first: 1) { edges { node { reportDatabaseId } } } } }`;

  /** product.md §9: counts × prices (captured on the report, else current), per report to the cent. */
  async function expected(year: number, month?: number) {
    const reports = await periodReports({}, year, month);
    let secretaries = 0;
    let bailiffs = 0;
    for (const report of reports) {
      secretaries += centsOf(
        report.countPagesRetrocession * millis(report.secretaryPricePage ?? report.secretary?.secretaryPricePage) +
          report.countPhotosRetrocession * millis(report.secretaryPricePhoto ?? report.secretary?.secretaryPricePhoto),
      );
      bailiffs += centsOf(
        report.countPagesBilling * millis(report.groupPricePage ?? report.bailiff.group?.pricePage) +
          report.countPhotosBilling * millis(report.groupPricePhoto ?? report.bailiff.group?.pricePhoto),
      );
    }
    return { reports: reports.length, secretaries: euros(secretaries), bailiffs: euros(bailiffs) };
  }

  const sumOf = (points: { amount: string }[]) => euros(points.reduce((total, point) => total + Math.round(Number(point.amount) * 100), 0));

  // The first period with counted constats: the current year or month, unless so young that nothing
  // was counted yet (the first hours of a month or a year), then the one before, which the seed fills.
  async function withCountedConstats(periods: { year: number; month: number }[]) {
    for (const { year, month } of periods) {
      const totals = await expected(year, month === -1 ? undefined : month);
      if (totals.reports > 0 && totals.secretaries !== '0.00') return { year, month, totals };
    }
    throw new Error(`no counted constat in ${JSON.stringify(periods)}`);
  }

  it.each([
    ['the current year, by month (month = -1)', 'year'],
    ['last year, by month', 'last year'],
    ['the current month, by day', 'month'],
  ] as const)('%s: the same totals as the seeded reports summed directly', async (_label, period) => {
    const now = parisMonth();
    const { year, month, totals } = await withCountedConstats(
      period === 'year'
        ? [
            { year: now.year, month: -1 },
            { year: now.year - 1, month: -1 },
          ]
        : period === 'last year'
          ? [{ year: now.year - 1, month: -1 }]
          : [now, monthBefore(now)],
    );
    const result = await gql(app.url, STATS, { year, month }, tokens.admin);
    expect(result.errors).toBeUndefined();
    const stats = result.data!.statistics;
    expect({ reports: stats.reportCount, secretaries: stats.secretariesTotal, bailiffs: stats.bailiffsTotal }).toEqual(totals);
    expect(stats.series.map((serie: any) => serie.id)).toEqual(['Secrétaires', 'Huissiers']);
    const days = new Date(Date.UTC(year, month === -1 ? 12 : month, 0)).getUTCDate();
    expect(stats.series[0].data).toHaveLength(month === -1 ? 12 : days);
    expect(sumOf(stats.series[0].data)).toBe(totals.secretaries);
    expect(sumOf(stats.series[1].data)).toBe(totals.bailiffs);
    expectEvery(stats.series[1].data, (point: any) => point.y === Number(point.amount));

    const legacy = await rest(app.url, 'GET', `/api/v1/statistics/get?month=${month}&year=${year}`, { token: tokens.admin });
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.data).toHaveLength(totals.reports);
    expect(legacy.body.data.data[0]).toEqual(
      expect.objectContaining({
        createdAt: expect.any(String),
        count_pages_retrocession: expect.any(Number),
        count_pages_billing: expect.any(Number),
      }),
    );
    expect(legacy.body.data.totals).toEqual(totals);
  });

  it('years from 2000; months 1 to 12 or -1; admins only', async () => {
    const early = await gql(app.url, STATS, { year: 1999 }, tokens.admin);
    expect(early.errors![0].message).toBe('Choisissez une année de 2000 à l’année en cours.');
    const month = await gql(app.url, STATS, { year: 2020, month: 13 }, tokens.admin);
    expect(month.errors![0].message).toBe('Choisissez un mois de 1 à 12, ou -1 pour toute l’année.');
    const empty = await gql(app.url, STATS, { year: 2000 }, tokens.admin);
    expect(empty.data!.statistics).toMatchObject({ reportCount: 0, secretariesTotal: '0.00', bailiffsTotal: '0.00' });
    for (const token of [tokens.bailiff, tokens.secretary]) {
      const refused = await gql(app.url, STATS, { year: 2020 }, token);
      expect(refused.errors![0].extensions!.code).toBe('FORBIDDEN');
    }
    const anonymous = await rest(app.url, 'GET', '/api/v1/statistics/get?year=2020&month=-1');
    expect(anonymous.status).toBe(401);
  });
});
