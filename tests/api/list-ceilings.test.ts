// The lists without pages have ceilings the server enforces, so that the query cost can price them
// at their real size (server/list-bounds.ts): a constat's comments and files per side, a bailiff's
// matrices (refused when written, concurrent writes included), a secretary's bailiffs selector and
// reportAggregates' rows (an error when read, never a cut).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { COMMENTS_PER_REPORT, FILES_PER_SIDE } from '../../api/src/modules/reports/rules.js';
import { MATRICES_PER_BAILIFF } from '../../api/src/modules/accounts/rules.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { queryRows } from '../support/sql.js';
import { gqlUpload, samplePdf } from '../support/upload.js';

let app: TestApp;
let admin: string;
let bailiff: string;
let secretary: string;

beforeAll(async () => {
  app = await startTestApp();
  [admin, bailiff, secretary] = await Promise.all([
    loginToken(app.url, demo.admin.email, demo.admin.password),
    loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
    loginToken(app.url, demo.secretary.email, demo.secretary.password),
  ]);
});

afterAll(async () => {
  await app?.stop();
});

const sql = (text: string, values: unknown[] = []) => queryRows(app.databaseUrl, text, values);
const reportGid = (id: number) => encodeGlobalID('Report', id);

async function createReport(name: string): Promise<number> {
  const result = await gqlUpload(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
    { input: { name, files: [null] } },
    [{ path: 'input.files.0', name: 'premier.pdf', content: samplePdf(name) }],
    bailiff,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createReport.report.databaseId;
}

const COMMENT = 'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }';
const comment = (reportId: number, body: string) => gql(app.url, COMMENT, { input: { reportId: reportGid(reportId), body } }, bailiff);
const commentCount = async (reportId: number) => app.services.db.comment.count({ where: { reportId } });

/** `count` comments written straight into the table, as if posted before. */
async function seedComments(reportId: number, count: number): Promise<void> {
  await sql(
    `INSERT INTO "Comment" ("reportId", "authorId", body) SELECT $1::int, "bailiffId", 'Ancien ' || n FROM "Report", generate_series(1, $2::int) n WHERE id = $1::int`,
    [reportId, count],
  );
}

describe("a constat's comments: at most COMMENTS_PER_REPORT", () => {
  const full = `Ce constat a atteint ${COMMENTS_PER_REPORT} commentaires, le maximum : poursuivez l’échange par e-mail.`;

  it('the last one is accepted, the next refused in French, nothing written', async () => {
    const reportId = await createReport('Constat bavard');
    await seedComments(reportId, COMMENTS_PER_REPORT - 1);
    expect((await comment(reportId, 'Le dernier')).errors).toBeUndefined();
    const refused = await comment(reportId, 'Un de trop');
    expect(refused.errors?.[0]).toMatchObject({ message: full, extensions: { code: 'BAD_USER_INPUT', fields: { comment: full } } });
    expect(await commentCount(reportId)).toBe(COMMENTS_PER_REPORT);
  });

  it('ten concurrent comments with room for four: four are written, never more', async () => {
    const reportId = await createReport('Constat disputé');
    await seedComments(reportId, COMMENTS_PER_REPORT - 4);
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => comment(reportId, `Concurrent ${n}`)));
    expect(results.filter((result) => !result.errors)).toHaveLength(4);
    expect(results.filter((result) => result.errors?.[0]?.message === full)).toHaveLength(6);
    expect(await commentCount(reportId)).toBe(COMMENTS_PER_REPORT);
  });
});

describe('the files of a side: at most FILES_PER_SIDE', () => {
  const ADD = 'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { message } }';
  const add = (reportId: number, names: string[]) =>
    gqlUpload(
      app.url,
      ADD,
      { input: { reportId: reportGid(reportId), kind: 'DEPOSITED', files: names.map(() => null) } },
      names.map((name, index) => ({ path: `input.files.${index}`, name, content: samplePdf(name) })),
      bailiff,
    );
  const fileCount = (reportId: number) => app.services.db.reportFile.count({ where: { reportId, kind: 'DEPOSITED' } });

  it('refuses a deposit that would pass the ceiling, saying how many still fit; accepts one that fills it', async () => {
    const reportId = await createReport('Constat volumineux');
    // Rows only (as counted): the ceiling is on the rows, whatever their content.
    await sql(
      `INSERT INTO "ReportFile" ("reportId", kind, "originalName", size, "mimeType", "storageKey", "countStatus", "pageCount", "photoCount")
       SELECT $1::int, 'DEPOSITED', 'photo-' || n || '.pdf', 10, 'application/pdf', 'reports/plafond/' || $1::int || '-' || n, 'DONE', 1, 0
         FROM generate_series(1, $2) n`,
      [reportId, FILES_PER_SIDE - 3],
    );
    const refused = await add(reportId, ['a.pdf', 'b.pdf', 'c.pdf']);
    const message = 'Un constat compte au plus 1\u202f000 fichiers déposés : vous pouvez en ajouter encore 2.';
    expect(refused.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await fileCount(reportId)).toBe(FILES_PER_SIDE - 2);
    expect((await add(reportId, ['a.pdf', 'b.pdf'])).errors).toBeUndefined();
    expect(await fileCount(reportId)).toBe(FILES_PER_SIDE);
    const full = await add(reportId, ['d.pdf']);
    expect(full.errors?.[0].message).toBe('Un constat compte au plus 1\u202f000 fichiers déposés : retirez-en avant d’en ajouter.');
  });
});

describe("a bailiff's matrices: at most MATRICES_PER_BAILIFF", () => {
  const PROFILE = 'mutation($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { user { matrices { id } } } }';
  const addMatrices = (count: number) =>
    gqlUpload(
      app.url,
      PROFILE,
      { input: { matrices: Array.from({ length: count }, () => null) } },
      Array.from({ length: count }, (_, n) => ({ path: `input.matrices.${n}`, name: `trame-${n}.pdf`, content: samplePdf(`Trame ${n}`) })),
      bailiff,
    );
  const matrixCount = async () => app.services.db.userMatrix.count({ where: { user: { email: demo.bailiff.email } } });

  it('concurrent saves cannot pass the ceiling together; a save past it stores nothing', async () => {
    const room = MATRICES_PER_BAILIFF - (await matrixCount());
    expect(room).toBeGreaterThan(3);
    // Three saves of `room - 2` each: whichever commits first fits, the others would pass the ceiling.
    const results = await Promise.all([0, 1, 2].map(() => addMatrices(room - 2)));
    expect(results.filter((result) => !result.errors)).toHaveLength(1);
    const message = `Au plus ${MATRICES_PER_BAILIFF} matrices par huissier : retirez-en avant d’en ajouter.`;
    for (const result of results.filter((each) => each.errors))
      expect(result.errors![0].extensions).toMatchObject({ fields: { matrices: message } });
    expect(await matrixCount()).toBe(MATRICES_PER_BAILIFF - 2);
    expect((await addMatrices(3)).errors?.[0].extensions).toMatchObject({ fields: { matrices: message } });
    expect(await matrixCount()).toBe(MATRICES_PER_BAILIFF - 2);
    expect((await addMatrices(2)).errors).toBeUndefined();
    expect(await matrixCount()).toBe(MATRICES_PER_BAILIFF);
  });
});

describe('lists refused when read past their ceiling', () => {
  it('reportAggregates: more rows than maxRows is TOO_MANY_ROWS, never a shorter list; maxRows is bounded', async () => {
    const AGGREGATES = 'query($max: Int) { reportAggregates(groupBy: [BAILIFF], maxRows: $max) { reports } }';
    const all = await gql(app.url, AGGREGATES, { max: 1000 }, admin);
    const rows = all.data!.reportAggregates.length;
    expect(rows).toBeGreaterThan(1);
    expect((await gql(app.url, AGGREGATES, { max: rows }, admin)).data!.reportAggregates).toHaveLength(rows);
    const refused = await gql(app.url, AGGREGATES, { max: rows - 1 }, admin);
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', reason: 'TOO_MANY_ROWS' } });
    expect(refused.errors?.[0].message).toMatch(/^Plus de \d+ lignes : augmentez maxRows/);
    for (const max of [0, 10_001]) {
      expect((await gql(app.url, AGGREGATES, { max }, admin)).errors?.[0].message).toBe('maxRows : de 1 à 10\u202f000.');
    }
  });

  it("a secretary's bailiffs selector: past 1,000 bailiffs, TOO_MANY_CHOICES rather than a list missing some", async () => {
    const ASSIGNED = '{ assignedBailiffs { id } }';
    const before = await gql(app.url, ASSIGNED, {}, secretary);
    expect(before.errors).toBeUndefined();
    const seeded = 1001 - before.data!.assignedBailiffs.length;
    // Bailiffs, each with one constat assigned to the demo secretary (the rollup follows by trigger).
    await sql(
      `WITH bailiffs AS (
         INSERT INTO "User" (role, "firstName", "lastName", email, identity, "passwordHash", "searchText", "updatedAt")
         SELECT 'BAILIFF', 'Huissier', 'Plafond ' || n, 'plafond' || n || '@etude.fr', 'plafond' || n, 'x', 'plafond', now()
           FROM generate_series(1, $1) n RETURNING id)
       INSERT INTO "Report" (name, "bailiffId", "secretaryId", status, "updatedAt")
       SELECT 'Constat plafond', id, (SELECT id FROM "User" WHERE email = $2), 'EC', now() FROM bailiffs`,
      [seeded, demo.secretary.email],
    );
    const refused = await gql(app.url, ASSIGNED, {}, secretary);
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', reason: 'TOO_MANY_CHOICES' } });
  });
});
