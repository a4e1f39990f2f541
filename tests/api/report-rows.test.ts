// The Report type reads rows built by one hand-written statement (read-model/rows.ts); this test
// holds them to what Prisma loads for the same reports, for every role: comment visibility (product.md
// §6, restated below row by row), read marks, files, effective tariffs (captured, else in force; a
// secretary's withheld from bailiffs, the étude's from secretaries) and timestamps.
import type { Viewer } from '../../api/src/context.js';
import type { Role } from '../../api/src/generated/prisma/enums.js';
import { toDecimal } from '@constats/domain/money';
import { amountsShownTo } from '../../api/src/modules/reports/rules.js';
import { loadReportRows, type ReportRow } from '../../api/src/modules/reports/read-model/rows.js';
import { demoViewers, serviceContext, startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
let viewers: Record<Role, Viewer>;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  viewers = await demoViewers(app);
  const { ADMIN: admin, BAILIFF: bailiff, SECRETARY: secretary } = viewers;
  // Every kind of comment audience, one read mark, both kinds of files and captured tariffs.
  const report = await db.report.create({
    data: {
      name: 'Constat des lignes',
      bailiffId: bailiff.id,
      secretaryId: secretary.id,
      status: 'RS',
      returnedAt: new Date(),
      secretaryPricePage: '1.255',
      files: {
        create: (['DEPOSITED', 'RETURNED'] as const).map((kind, n) => ({
          kind,
          originalName: `piece-${n}.pdf`,
          size: 1000 + n,
          mimeType: 'application/pdf',
          storageKey: `reports/rows/${n}.pdf`,
        })),
      },
      comments: {
        create: [
          { authorId: admin.id, receiverId: secretary.id, body: 'À la secrétaire' },
          { authorId: admin.id, receiverId: bailiff.id, body: 'À l’huissier' },
          { authorId: bailiff.id, receiverId: null, body: 'Au bureau' },
          { authorId: secretary.id, receiverId: bailiff.id, body: 'De la secrétaire' },
        ],
      },
    },
    select: { id: true, comments: { select: { id: true }, orderBy: { id: 'asc' } } },
  });
  await db.commentRead.create({ data: { commentId: report.comments[0].id, userId: secretary.id } });
  // Stored out of display order: a deposited file after the returned one (the kind's index lists
  // it first) and a comment written last but dated first, twice at the same instant (ids decide).
  await db.reportFile.create({
    data: {
      reportId: report.id,
      kind: 'DEPOSITED',
      originalName: 'piece-2.pdf',
      size: 1002,
      mimeType: 'application/pdf',
      storageKey: 'reports/rows/2.pdf',
    },
  });
  const early = new Date(Date.now() - 3_600_000);
  for (const body of ['Antidaté', 'Antidaté aussi']) {
    await db.comment.create({ data: { reportId: report.id, authorId: admin.id, receiverId: null, body, createdAt: early } });
  }
});

afterAll(async () => {
  await app?.stop();
});

async function reference(viewer: Viewer, ids: number[]) {
  const reports = await app.services.db.report.findMany({
    where: { id: { in: ids } },
    include: {
      bailiff: {
        select: { id: true, firstName: true, lastName: true, group: { select: { name: true, pricePage: true, pricePhoto: true } } },
      },
      secretary: { select: { id: true, firstName: true, lastName: true, secretaryPricePage: true, secretaryPricePhoto: true } },
      files: {
        select: {
          id: true,
          kind: true,
          originalName: true,
          size: true,
          storageKey: true,
          createdAt: true,
          pageCount: true,
          photoCount: true,
          countStatus: true,
          countError: true,
          takenAt: true,
          latitude: true,
          longitude: true,
          durationSeconds: true,
        },
        orderBy: [{ position: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
      },
      comments: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: { author: { select: { firstName: true, lastName: true, role: true } }, reads: { where: { userId: viewer.id } } },
      },
    },
  });
  const text = (value: { toString(): string } | null | undefined) => (value == null ? null : toDecimal(value).toString());
  // A secretary's tariffs are her pay: never loaded for a viewer who may not read it (a bailiff).
  const pay = (value: { toString(): string } | null | undefined) => (amountsShownTo(viewer.role).retrocession ? text(value) : null);
  const billing = (value: { toString(): string } | null | undefined) => (amountsShownTo(viewer.role).billing ? text(value) : null);
  // Admins read every comment; others what they wrote or received, a secretary also the office's.
  const readable = (comment: { authorId: number; receiverId: number | null }) =>
    viewer.role === 'ADMIN' ||
    comment.authorId === viewer.id ||
    comment.receiverId === viewer.id ||
    (viewer.role === 'SECRETARY' && comment.receiverId === null);
  const byId = new Map(
    reports.map(({ bailiff, secretary, files, comments, ...report }) => [
      report.id,
      {
        ...report,
        // The deposit order's counter is not part of a row (its files come in that order).
        filePositions: undefined,
        groupPricePage: undefined,
        groupPricePhoto: undefined,
        secretaryPricePage: undefined,
        secretaryPricePhoto: undefined,
        billingPricePage: billing(report.groupPricePage ?? bailiff.group?.pricePage),
        billingPricePhoto: billing(report.groupPricePhoto ?? bailiff.group?.pricePhoto),
        retrocessionPricePage: pay(report.secretaryPricePage ?? secretary?.secretaryPricePage),
        retrocessionPricePhoto: pay(report.secretaryPricePhoto ?? secretary?.secretaryPricePhoto),
        // product.md §6: admins see every constat, a bailiff his own, a secretary those assigned to her.
        visible: viewer.role === 'ADMIN' || (viewer.role === 'BAILIFF' ? report.bailiffId : report.secretaryId) === viewer.id,
        bailiff: { id: bailiff.id, firstName: bailiff.firstName, lastName: bailiff.lastName },
        // The étude of a constat is its bailiff's (the CSV's « Étude »).
        groupName: bailiff.group?.name ?? null,
        secretary: secretary && { id: secretary.id, firstName: secretary.firstName, lastName: secretary.lastName },
        files,
        comments: comments.filter(readable).map(({ author, reads, reportId: _report, ...comment }) => ({
          ...comment,
          authorName: `${author.firstName} ${author.lastName}`,
          authorRole: author.role,
          read: reads.length > 0,
        })),
      },
    ]),
  );
  return ids.map((id) => byId.get(id) ?? null);
}

// Decimals as values: PostgreSQL's text keeps the column's scale ("2.500"), Prisma's Decimal drops it.
const DECIMALS = ['billingPricePage', 'billingPricePhoto', 'retrocessionPricePage', 'retrocessionPricePhoto'] as const;
const byValue = (row: ReportRow | null) =>
  row && { ...row, ...Object.fromEntries(DECIMALS.map((key) => [key, row[key] === null ? null : toDecimal(row[key]).toString()])) };

describe('report rows', () => {
  it('equal what Prisma loads, for every role, in the order of the ids asked', async () => {
    const ids = (await app.services.db.report.findMany({ select: { id: true }, orderBy: { id: 'desc' } })).map((report) => report.id);
    ids.push(2_000_000_000); // unknown: null in its place
    let exercised = { comments: 0, read: 0 };
    for (const viewer of Object.values(viewers)) {
      const ctx = serviceContext(app, viewer);
      const rows = await loadReportRows(ctx, ids);
      expect({ role: viewer.role, rows: rows.map(byValue) }).toEqual({ role: viewer.role, rows: await reference(viewer, ids) });
      const comments = rows.flatMap((row) => row?.comments ?? []);
      exercised = {
        comments: exercised.comments + comments.length,
        read: exercised.read + comments.filter((comment) => comment.read).length,
      };
    }
    expect(exercised.comments).toBeGreaterThan(0);
    expect(exercised.read).toBeGreaterThan(0);
  });
});
