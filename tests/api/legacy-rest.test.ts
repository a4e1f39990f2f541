// The legacy REST calls of product.md §7 as an existing client written against it uses them (issue 18,
// items 13–16): get_all returns every matching constat (streamed) unless it pages, list parameters
// arrive in every spelling, generate-pdf works before billing/create, and secretary bills carry
// the constats of their month.
// Over 400 lines on purpose: one file for the four items of issue 18 it proves, one server.
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { foldSpaces, pdfText } from '../support/pdf.js';
import { expectEvery } from '../support/expect-every.js';

let app: TestApp;
const tokens: Record<'admin' | 'bailiff' | 'secretary', string> = {} as never;
let secretaryId: number;
let sequence = 0;

/** A year no seeded constat uses, so each test counts exactly what it made. */
const QUIET_YEAR = 2004;
const parisNoon = (year: number, month: number, day = 15) => new Date(Date.UTC(year, month - 1, day, 10));

async function makeBailiff(groupId: number | null = null) {
  sequence += 1;
  return app.services.db.user.create({
    data: {
      role: 'BAILIFF',
      firstName: 'Maître',
      lastName: `Héritage ${sequence}`,
      email: `legacy-${sequence}@etude.test`,
      identity: `legacy.test.${sequence}`,
      passwordHash: 'not-a-hash',
      groupId,
    },
  });
}

beforeAll(async () => {
  app = await startTestApp();
  tokens.admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  tokens.bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  tokens.secretary = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
  secretaryId = (await app.services.db.user.findFirstOrThrow({ where: { email: demo.secretary.email } })).id;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('GET /api/v1/report/get_all without paging (item 13)', () => {
  it('returns every matching constat, past the API page size, each once, newest first; page/limit still page', async () => {
    const bailiff = await makeBailiff();
    const count = 237;
    await app.services.db.report.createMany({
      data: Array.from({ length: count }, (_, index) => ({
        name: `Constat héritage ${index}`,
        bailiffId: bailiff.id,
        status: 'EC' as const,
        createdAt: new Date(parisNoon(QUIET_YEAR, 3).getTime() + index * 60_000),
      })),
    });
    const response = await fetch(`${app.url}/api/v1/report/get_all?year=${QUIET_YEAR}&bailiff_id=${bailiff.id}`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.json();
    expect(body.total).toBe(count);
    expect(body.reports).toHaveLength(count);
    const ids = body.reports.map((report: { id: number }) => report.id);
    expect(new Set(ids).size).toBe(count);
    const created = body.reports.map((report: { created_at: string }) => Date.parse(report.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(body.reports[0]).toMatchObject({ name: `Constat héritage ${count - 1}`, bailiff_id: bailiff.id, status: 'EC' });

    // Every visible constat when no filter is given (admins see all; archived ones stay hidden).
    const all = await rest(app.url, 'GET', '/api/v1/report/get_all', { token: tokens.admin });
    const notArchived = await app.services.db.report.count({ where: { isArchived: false } });
    expect(all.status).toBe(200);
    expect(all.body.reports).toHaveLength(notArchived);
    expect(all.body.total).toBe(notArchived);

    const paged = await rest(app.url, 'GET', `/api/v1/report/get_all?year=${QUIET_YEAR}&bailiff_id=${bailiff.id}&page=3&limit=100`, {
      token: tokens.admin,
    });
    expect(paged.body).toMatchObject({ total: count, page: 3, limit: 100 });
    expect(paged.body.reports.map((report: { id: number }) => report.id)).toEqual(ids.slice(200));
    const limited = await rest(app.url, 'GET', `/api/v1/report/get_all?year=${QUIET_YEAR}&bailiff_id=${bailiff.id}&limit=1000`, {
      token: tokens.admin,
    });
    expect(limited.body.reports).toHaveLength(100);
  });

  it('streams only what the caller may see, refuses a bad filter before streaming, and answers nothing anonymous', async () => {
    const mine = await rest(app.url, 'GET', '/api/v1/report/get_all?without_filter_archived=true', { token: tokens.bailiff });
    const bailiffId = (await app.services.db.user.findFirstOrThrow({ where: { email: demo.bailiff.email } })).id;
    expect(mine.status).toBe(200);
    expect(mine.body.reports.length).toBe(await app.services.db.report.count({ where: { bailiffId } }));
    expectEvery(mine.body.reports, (report: { bailiff_id: number }) => report.bailiff_id === bailiffId);

    const badYear = await rest(app.url, 'GET', '/api/v1/report/get_all?year=99999', { token: tokens.admin });
    expect(badYear.status).toBe(400);
    expect(typeof badYear.body.message).toBe('string');
    const anonymous = await rest(app.url, 'GET', '/api/v1/report/get_all');
    expect(anonymous.status).toBe(401);
  });

  it('a client that stops reading early does not stop the server', async () => {
    const controller = new AbortController();
    const response = await fetch(`${app.url}/api/v1/report/get_all`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => null);
    const again = await rest(app.url, 'GET', `/api/v1/report/get_all?year=${QUIET_YEAR}&limit=1`, { token: tokens.admin });
    expect(again.status).toBe(200);
  });
});

describe('list parameters and month (item 14)', () => {
  let bailiffId: number;
  beforeAll(async () => {
    bailiffId = (await makeBailiff()).id;
    const statuses = ['EC', 'RS', 'TE', 'RS', 'EC', 'TE', 'EC'] as const;
    await app.services.db.report.createMany({
      data: statuses.map((status, index) => ({
        name: `Liste ${index}`,
        bailiffId,
        status,
        createdAt: parisNoon(QUIET_YEAR, 6 + (index % 2)),
      })),
    });
  });

  const names = async (query: string, token = tokens.admin) => {
    const response = await rest(app.url, 'GET', `/api/v1/report/get_all?year=${QUIET_YEAR}&bailiff_id=${bailiffId}&${query}`, { token });
    expect(response.status).toBe(200);
    return response.body.reports.map((report: { name: string }) => report.name).sort();
  };

  it('reads states=…&states=…, axios’ states[]=…, qs’ states[0]=… and comma lists alike', async () => {
    const expected = ['Liste 0', 'Liste 1', 'Liste 3', 'Liste 4', 'Liste 6'];
    expect(await names('states=EC&states=RS')).toEqual(expected);
    expect(await names('states%5B%5D=EC&states%5B%5D=RS')).toEqual(expected);
    expect(await names('states[]=EC&states[]=RS')).toEqual(expected);
    expect(await names('states[0]=EC&states[1]=RS')).toEqual(expected);
    expect(await names('states=EC,RS')).toEqual(expected);
    expect(await names('status[]=TE')).toEqual(['Liste 2', 'Liste 5']);
    // The same lists on get_headers.
    const headers = await rest(
      app.url,
      'GET',
      `/api/v1/report/get_headers?year=${QUIET_YEAR}&bailiff_id=${bailiffId}&states[]=EC&states[]=RS`,
      { token: tokens.admin },
    );
    expect(headers.body.headers.total_reports).toBe(5);
  });

  it('hostile list values: unknown, empty, oddly bracketed or huge lists filter nothing in and never fail', async () => {
    const all = await names('without_filter_archived=true');
    expect(all).toHaveLength(7);
    expect(await names('states[]=XX&states[]=')).toEqual(all);
    expect(await names('states[foo]=TE')).toEqual(all);
    expect(await names('states[]=te&states[]=%00TE')).toEqual(['Liste 2', 'Liste 5']);
    const many = Array.from({ length: 500 }, () => 'states[]=EC').join('&');
    expect(await names(many)).toEqual(['Liste 0', 'Liste 4', 'Liste 6']);
  });

  it('month without year is refused with 400 and a French message (REST and GraphQL), never ignored', async () => {
    const refused = await rest(app.url, 'GET', '/api/v1/report/get_all?month=6', { token: tokens.admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Précisez l’année du mois choisi.');
    const headers = await rest(app.url, 'GET', '/api/v1/report/get_headers?month=6', { token: tokens.admin });
    expect(headers.status).toBe(400);
    const paged = await rest(app.url, 'GET', '/api/v1/report/get_all?month=6&page=1&limit=10', { token: tokens.admin });
    expect(paged.status).toBe(400);
    const graphql = await gql(app.url, 'query { reports(filter: { month: 6 }) { totalCount } }', {}, tokens.admin);
    expect(graphql.errors?.[0]).toMatchObject({ message: 'Précisez l’année du mois choisi.', extensions: { code: 'BAD_USER_INPUT' } });
    // With its year the month applies.
    expect(await names('month=6')).toEqual(['Liste 0', 'Liste 2', 'Liste 4', 'Liste 6']);
    for (const month of ['0', '13', '-1', 'juin', '6.5']) {
      const bad = await rest(app.url, 'GET', `/api/v1/report/get_all?year=${QUIET_YEAR}&month=${month}`, { token: tokens.admin });
      expect(bad.status).toBe(400);
    }
  });

  it('form-encoded list fields of a body (comments_ids[]=…) are read as lists', async () => {
    const demoBailiff = await app.services.db.user.findFirstOrThrow({ where: { email: demo.bailiff.email } });
    const admin = await app.services.db.user.findFirstOrThrow({ where: { email: demo.admin.email } });
    const report = await app.services.db.report.create({ data: { name: 'Fil de commentaires', bailiffId: demoBailiff.id, status: 'EC' } });
    const comments = await Promise.all(
      ['un', 'deux', 'trois'].map((body) =>
        app.services.db.comment.create({ data: { reportId: report.id, authorId: admin.id, body, receiverId: demoBailiff.id } }),
      ),
    );
    const form = new URLSearchParams();
    form.append('report_id', String(report.id));
    form.append('comments_ids[]', String(comments[0].id));
    form.append('comments_ids[]', String(comments[1].id));
    const response = await fetch(`${app.url}/api/v1/report/mark_as_read`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${tokens.bailiff}` },
      body: form.toString(),
    });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.report.comments_without_read).toEqual([comments[2].id]);
  });
});

describe('POST /api/v1/billing/generate-pdf before billing/create (item 15)', () => {
  it('renders the selection’s bill from the server’s figures, then create bills the same amounts', async () => {
    const group = await app.services.db.group.create({
      data: {
        name: 'Étude Aperçu',
        siret: '41234567800012',
        telephone: '0478000000',
        email: 'apercu@etude.test',
        address: '3 place Bellecour',
        zip: '69002',
        city: 'Lyon',
        pricePage: '2.50',
        pricePhoto: '0.80',
      },
    });
    const bailiff = await makeBailiff(group.id);
    const counted = (name: string, pages: number, photos: number) =>
      app.services.db.report.create({
        data: {
          name,
          bailiffId: bailiff.id,
          secretaryId,
          status: 'TE',
          countPagesBilling: pages,
          countPhotosBilling: photos,
          countPagesRetrocession: pages,
          countPhotosRetrocession: photos,
        },
      });
    const a = await counted('Constat aperçu A', 10, 4);
    const b = await counted('Constat aperçu B', 3, 0);
    const before = await app.services.db.groupBill.count();

    // axios-style form lists; the client's HTML is ignored.
    const form = new URLSearchParams({
      group_id: String(group.id),
      discount: '0',
      header: '<h1>PIRATE</h1>',
      content: '<script>alert(1)</script>',
      footer: '',
    });
    form.append('reports[]', String(a.id));
    form.append('reports[]', String(b.id));
    form.append('discounts[]', '10');
    form.append('discounts[]', '0');
    const pdf = await fetch(`${app.url}/api/v1/billing/generate-pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${tokens.admin}` },
      body: form.toString(),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = foldSpaces(await pdfText(Buffer.from(await pdf.arrayBuffer())));
    const next = (await rest(app.url, 'POST', '/api/v1/billing/get-next-bill-number', { token: tokens.admin })).body.bill_number;
    expect(text).toContain(`FACTURE N° ${next}`);
    expect(text).toContain('Étude Aperçu');
    expect(text).toContain('Constat aperçu A');
    expect(text).toContain('Constat aperçu B');
    // 10 − 2 = 8 × 2.50 + 4 × 0.80 = 23.20, 10 % off → 2.32; 3 × 2.50 = 7.50 → HT 30.70, VAT 5.68, TTC 34.06.
    expect(text).toContain('34,06');
    expect(text).not.toContain('PIRATE');
    expect(text).not.toContain('alert(1)');
    // Nothing created, allocated or marked invoiced by the preview.
    expect(await app.services.db.groupBill.count()).toBe(before);
    expect((await app.services.db.report.findUniqueOrThrow({ where: { id: a.id } })).invoiced).toBe(false);

    const created = await fetch(`${app.url}/api/v1/billing/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${tokens.admin}` },
      body: form.toString(),
    });
    const bill = (await created.json()).bill;
    expect(created.status).toBe(201);
    expect(bill).toMatchObject({ billing_number: next, group_id: group.id, amount_with_taxes: '34.06' });
    expect(bill.reports.map((line: { id: number; discount: number }) => [line.id, line.discount])).toEqual([
      [a.id, 10],
      [b.id, 0],
    ]);

    // Once the bill exists, the same selection is refused (it cannot be generated twice), and the
    // bill itself is served by its number.
    const again = await rest(app.url, 'POST', '/api/v1/billing/generate-pdf', {
      json: { group_id: group.id, reports: [a.id, b.id], discounts: [10, 0] },
      token: tokens.admin,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Erreur lors de la génération du PDF.');
    const stored = await fetch(`${app.url}/api/v1/billing/generate-pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` },
      body: JSON.stringify({ bill_number: next }),
    });
    expect(stored.status).toBe(200);
    expect(foldSpaces(await pdfText(Buffer.from(await stored.arrayBuffer())))).toContain('34,06');
  });

  it('hostile selections get the French reason, and only admins get a preview', async () => {
    const group = await app.services.db.group.findFirstOrThrow({ where: { name: 'Étude Aperçu' } });
    const post = (json: Record<string, unknown>, token = tokens.admin) =>
      rest(app.url, 'POST', '/api/v1/billing/generate-pdf', { json, token });
    const report = await app.services.db.report.findFirstOrThrow({
      where: { bailiff: { groupId: { not: group.id } }, countPagesBilling: { gt: 0 }, invoiced: false },
    });

    const noReports = await post({ group_id: 999_999_999, reports: [] });
    expect(noReports.status).toBe(400);
    expect(noReports.body.detail).toBe('Sélectionnez au moins un constat à facturer.');
    const unknownGroup = await post({ group_id: 999_999_999, reports: [report.id], discounts: [0] });
    expect(unknownGroup.status).toBe(404);
    expect(unknownGroup.body.detail).toBe('Étude introuvable.');
    const otherEtude = await post({ group_id: (await makeGroupFor()).id, reports: [report.id], discounts: [0] });
    expect(otherEtude.status).toBe(400);
    expect(otherEtude.body.detail).toMatch(/^Ce constat ne peut pas être facturé/);
    const badDiscount = await post({ group_id: group.id, reports: [report.id], discounts: ['<b>'] });
    expect(badDiscount.status).toBe(400);
    const huge = await post({
      group_id: group.id,
      reports: Array.from({ length: 5000 }, (_, index) => index + 1),
      discounts: Array.from({ length: 5000 }, () => 0),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.detail).toBe('Liste trop longue : 1000 éléments au plus.');
    const pastMonth = await post({ group_id: group.id, year: 2001, month: 1, reports: [report.id], discounts: [0] });
    expect(pastMonth.status).toBe(400);
    expect(pastMonth.body.detail).toBe('Une facture ne peut être générée que pour le mois en cours.');
    const bailiff = await post({ group_id: group.id, reports: [report.id], discounts: [0] }, tokens.bailiff);
    expect(bailiff.status).toBe(403);
    const anonymous = await rest(app.url, 'POST', '/api/v1/billing/generate-pdf', { json: { group_id: group.id, reports: [report.id] } });
    expect(anonymous.status).toBe(401);
    const htmlOnly = await post({ header: '', content: '<p>Facture</p>', footer: '' });
    expect(htmlOnly.status).toBe(400);
  });
});

async function makeGroupFor() {
  sequence += 1;
  return app.services.db.group.create({
    data: {
      name: `Étude vide ${sequence}`,
      siret: '41234567800012',
      telephone: '0478000000',
      email: `vide-${sequence}@etude.test`,
      address: '1 rue',
      zip: '69001',
      city: 'Lyon',
      pricePage: '1',
      pricePhoto: '1',
    },
  });
}

describe('secretary bills carry the constats of their month (item 16)', () => {
  it('get_all_secretaries and get_all_secretary list each bill with its secretary’s constats of its month', async () => {
    const bailiff = await makeBailiff();
    const inMonth = await Promise.all(
      [1, 2, 3].map((day) =>
        app.services.db.report.create({
          data: {
            name: `Rétro ${day}`,
            bailiffId: bailiff.id,
            secretaryId,
            status: 'RS',
            countPagesRetrocession: day,
            createdAt: parisNoon(QUIET_YEAR, 9, day + 1),
          },
        }),
      ),
    );
    // Another month, and the same month without this secretary: not on the bill.
    await app.services.db.report.create({
      data: { name: 'Rétro octobre', bailiffId: bailiff.id, secretaryId, status: 'RS', createdAt: parisNoon(QUIET_YEAR, 10) },
    });
    await app.services.db.report.create({
      data: { name: 'Rétro sans secrétaire', bailiffId: bailiff.id, status: 'EC', createdAt: parisNoon(QUIET_YEAR, 9) },
    });
    const bill = await app.services.db.secretaryBill.create({
      data: {
        secretaryId,
        year: QUIET_YEAR,
        month: 9,
        number: `legacy-${Date.now()}`,
        pricePage: '1.20',
        pricePhoto: '0.35',
        storageKey: `secretary-bills/legacy-${Date.now()}.pdf`,
        originalName: 'facture.pdf',
        size: 10,
        mimeType: 'application/pdf',
      },
    });
    const expected = inMonth.map((report) => report.id).sort();

    const admin = await rest(app.url, 'GET', `/api/v1/billing/get_all_secretaries?year=${QUIET_YEAR}&month=9`, { token: tokens.admin });
    expect(admin.status).toBe(200);
    const listed = admin.body.bills_secretaries.find((entry: { id: number }) => entry.id === bill.id);
    expect(listed.reports.map((report: { id: number }) => report.id).sort()).toEqual(expected);
    expect(listed.reports[0]).toMatchObject({ secretary_id: secretaryId, count_pages_retrocession: expect.any(Number) });
    expect(listed.reports_count).toBe(3);

    const wholeYear = await rest(app.url, 'GET', `/api/v1/billing/get_all_secretaries?year=${QUIET_YEAR}`, { token: tokens.admin });
    const yearEntry = wholeYear.body.bills_secretaries.find((entry: { id: number }) => entry.id === bill.id);
    expect(yearEntry.reports.map((report: { id: number }) => report.id).sort()).toEqual(expected);

    for (const query of [`year=${QUIET_YEAR}&month=9`, `year=${QUIET_YEAR}&only_bills_secretary=true`]) {
      const own = await rest(app.url, 'GET', `/api/v1/billing/get_all_secretary?${query}`, { token: tokens.secretary });
      expect(own.status).toBe(200);
      const entry = own.body.bills_secretary.find((item: { id: number }) => item.id === bill.id);
      expect(entry.reports.map((report: { id: number }) => report.id).sort()).toEqual(expected);
    }
  });
});
