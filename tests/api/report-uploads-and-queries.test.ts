import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app.js';
import { countFiles } from '../support/files.js';
import { demo, gql, loginToken, rest } from '../support/http.js';
import { streamingUpload } from '../support/upload.js';

let app: TestApp;
let bailiffToken: string;
let adminToken: string;

const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { message } }';

const filesOnDisk = () => countFiles(path.join(app.dataDir, 'files'));

async function settle(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  app = await startTestApp();
  bailiffToken = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

describe('large and interrupted uploads', () => {
  it('a 201 MB file is refused with a French message, streamed without holding it in memory', async () => {
    const [reports, files] = [await app.services.db.report.count(), await filesOnDisk()];
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const result = await streamingUpload(app.url, bailiffToken, {
      query: CREATE,
      variables: { input: { name: 'Constat volumineux', files: [null] } },
      path: 'input.files.0',
      size: 201 * 1024 * 1024,
    });
    clearInterval(sampler);
    expect(result).toMatchObject({
      body: { errors: [{ message: 'Le fichier « gros-constat.pdf » dépasse la taille maximale autorisée (200 Mo).' }] },
    });
    // Client and server share this process: a buffered upload would add 201 MB or more.
    expect(peak - baseline).toBeLessThan(100 * 1024 * 1024);
    expect(await app.services.db.report.count()).toBe(reports);
    expect(await filesOnDisk()).toBe(files);
  });

  it('an upload aborted half-way leaves no row and no file', async () => {
    const [reports, files] = [await app.services.db.report.count(), await filesOnDisk()];
    const result = await streamingUpload(app.url, bailiffToken, {
      query: CREATE,
      variables: { input: { name: 'Constat interrompu', files: [null] } },
      path: 'input.files.0',
      size: 50 * 1024 * 1024,
      abortAfter: 8 * 1024 * 1024,
    });
    expect(result).toEqual({ aborted: true });
    // The server notices the closed connection asynchronously; its partial file must go.
    await settle(async () => (await filesOnDisk()) === files);
    expect(await app.services.db.report.count()).toBe(reports);
    expect(await app.services.db.report.findFirst({ where: { name: 'Constat interrompu' } })).toBeNull();
  });
});

describe('the admin in-progress screen query', () => {
  const SCREEN = `query($first: Int!) {
    reportHeaders(filter: { statuses: [EC, RS] }) { totalReports reportsInAlert averageDelay { hours minutes } currentRevenue }
    reports(first: $first, filter: { statuses: [EC, RS] }) {
      totalCount
      edges { node {
        id name status alert delayHours createdAt
        bailiff { id fullName } secretary { id fullName }
        deposited { count totalSize archiveUrl }
        returned { count totalSize }
        countPagesProvisional countPhotosProvisional retrocessionAmounts { total } billingAmounts { total }
        unreadCommentCount
      } }
    }
  }`;
  // Files and comments of every row of a page: a client may not ask for them on 50 rows at once
  // (priced at their ceilings, server/list-bounds.ts), the legacy list does, as the server's own query.
  const legacyList = (first: number) => `/api/v1/report/get_all?page=1&limit=${first}&states=EC,RS`;

  beforeAll(async () => {
    // Enough in-progress constats for a 50-row page, each with files and comments.
    const db = app.services.db;
    const [bailiff, secretary, admin] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } }),
      db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } }),
      db.user.findUniqueOrThrow({ where: { email: demo.admin.email } }),
    ]);
    for (let i = 0; i < 55; i++) {
      await db.report.create({
        data: {
          name: `Constat de charge ${i}`,
          bailiffId: bailiff.id,
          secretaryId: secretary.id,
          status: i % 2 ? 'EC' : 'RS',
          files: {
            create: [0, 1, 2].map((n) => ({
              kind: 'DEPOSITED' as const,
              originalName: `piece-${n}.pdf`,
              size: 1000 + n,
              mimeType: 'application/pdf',
              storageKey: `reports/load/${i}-${n}.pdf`,
            })),
          },
          comments: {
            create: [
              { authorId: admin.id, receiverId: secretary.id, body: 'À traiter' },
              { authorId: secretary.id, receiverId: bailiff.id, body: 'En cours' },
            ],
          },
        },
      });
    }
  });

  const statements = () => app.queries.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(sql)).length;

  async function statementsFor(first: number): Promise<number> {
    await gql(app.url, SCREEN, { first }, adminToken); // warm caches (session lookup, parse)
    app.queries.length = 0;
    const result = await gql(app.url, SCREEN, { first }, adminToken);
    expect(result.errors).toBeUndefined();
    expect(result.data!.reports.edges).toHaveLength(first);
    return statements();
  }

  async function legacyStatementsFor(first: number): Promise<number> {
    await rest(app.url, 'GET', legacyList(first), { token: adminToken });
    app.queries.length = 0;
    const response = await rest(app.url, 'GET', legacyList(first), { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body.reports).toHaveLength(first);
    expect(response.body.reports.every((report: { deposited_items: unknown[] }) => report.deposited_items.length > 0)).toBe(true);
    return statements();
  }

  it("reads the list's total off the header cards' statement when both ask for the same constats", async () => {
    const together = await gql<{ reportHeaders: { totalReports: number }; reports: { totalCount: number } }>(
      app.url,
      SCREEN,
      { first: 5 },
      adminToken,
    );
    app.queries.length = 0;
    const alone = await gql<{ reports: { totalCount: number } }>(
      app.url,
      'query { reports(first: 5, filter: { statuses: [EC, RS] }) { totalCount } }',
      {},
      adminToken,
    );
    // A list's count reads the totals rollup (reports/read-model/count.ts), a name search the constats.
    const counts = app.queries.filter(
      (sql) => (/SELECT COUNT/i.test(sql) && /"Report"/.test(sql)) || /sum\(r\."reports"\).*"ReportTotals"/i.test(sql),
    ).length;
    expect(together.data!.reports.totalCount).toBe(together.data!.reportHeaders.totalReports);
    expect(alone.data!.reports.totalCount).toBe(together.data!.reportHeaders.totalReports);
    expect(counts).toBe(1); // the list alone still counts

    await gql(app.url, SCREEN, { first: 5 }, adminToken);
    app.queries.length = 0;
    await gql(app.url, SCREEN, { first: 5 }, adminToken);
    expect(app.queries.filter((sql) => /SELECT COUNT\(/i.test(sql) && /FROM "public"\."Report"/.test(sql))).toEqual([]);
  });

  it('issues the same small number of SQL statements for 5 and for 50 rows', async () => {
    const five = await statementsFor(5);
    const fifty = await statementsFor(50);
    expect(fifty).toBe(five);
    expect(fifty).toBeLessThanOrEqual(12);
  });

  it('the legacy list, with every file and comment of each row, too', async () => {
    const five = await legacyStatementsFor(5);
    const fifty = await legacyStatementsFor(50);
    expect(fifty).toBe(five);
    expect(fifty).toBeLessThanOrEqual(14);
  });
});
