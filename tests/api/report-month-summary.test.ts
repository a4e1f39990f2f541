// reportAggregates reads the monthly rollup the database keeps (migration report_month_summary):
// these tests change what it was computed from — tariffs in force, a bailiff's étude, a removed
// secretary — and write constats concurrently, then check the rollup against a rebuild from the
// constats and the aggregates against the sums over the list; the lists' totals (migration
// report_totals, read by every list's count) are checked against the constats alike.
import { GROUPINGS, aggregates, expected, wholeList } from '../support/aggregates.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken } from '../support/http.js';

let app: TestApp;
let admin: string;
let bailiffId: number;
let otherBailiffId: number;
let secretaryId: number;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  bailiffId = (await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
  secretaryId = (await db.user.findUniqueOrThrow({ where: { email: demo.secretary.email } })).id;
  otherBailiffId = (await db.user.findFirstOrThrow({ where: { role: 'BAILIFF', id: { not: bailiffId } } })).id;
  for (let i = 0; i < 24; i++) await db.report.create({ data: constat(i) });
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

/** Two years of constats, odd counts, half-cent tariffs captured on a third of them only. */
function constat(i: number) {
  const createdAt = new Date(Date.UTC(2024 + (i % 2), i % 12, i % 3 === 0 ? 31 : 10, 23, 30));
  return {
    name: `Cumul ${i}`,
    bailiffId: i % 3 === 1 ? otherBailiffId : bailiffId,
    secretaryId: i % 5 === 0 ? null : secretaryId,
    status: (['EC', 'RS', 'TE', 'AR'] as const)[i % 4],
    isArchived: i % 4 === 3,
    createdAt,
    lastStatusChange: createdAt,
    countPagesProvisional: i % 7,
    countPhotosProvisional: i % 3,
    countPagesRetrocession: (i * 7) % 23,
    countPhotosRetrocession: (i * 3) % 7,
    countPagesBilling: (i * 5) % 19,
    countPhotosBilling: (i * 11) % 9,
    ...(i % 3 === 2 && { groupPricePage: '1.255', groupPricePhoto: '0.335', secretaryPricePage: '0.805', secretaryPricePhoto: '0.125' }),
  };
}

/** The rollup's sums per key (a key may have several rows), keys whose sums are all zero left out. */
const SUMS = `SELECT "monthStart", "year", "month", "bailiffId", "secretaryId", "status", "isArchived",
  sum("reports") AS reports, sum("pagesProvisional") AS a, sum("photosProvisional") AS b, sum("pagesRetrocession") AS c,
  sum("photosRetrocession") AS d, sum("pagesBilling") AS e, sum("photosBilling") AS f, sum("billingCents") AS g, sum("retrocessionCents") AS h
  FROM "ReportMonthSummary" GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING (sum("reports"), sum("pagesProvisional"), sum("photosProvisional"), sum("pagesRetrocession"), sum("photosRetrocession"),
          sum("pagesBilling"), sum("photosBilling"), sum("billingCents"), sum("retrocessionCents")) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)`;

/** Keys whose sums differ from a rebuild from "Report" (rolled back afterwards): none expected. */
async function rollupDrift(): Promise<unknown[]> {
  const db = app.services.db;
  const rolledBack = new Error('rollback');
  let drift: unknown[] = [];
  await db
    .$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`CREATE TEMP TABLE kept ON COMMIT DROP AS ${SUMS}`);
      await tx.$executeRawUnsafe('DELETE FROM "ReportMonthSummary"');
      await tx.$executeRawUnsafe(`DO $$ BEGIN EXECUTE report_month_summary_sql('SELECT 1 AS sign, r.* FROM "Report" r'); END $$`);
      drift = await tx.$queryRawUnsafe<unknown[]>(`
        (SELECT 'kept' AS side, * FROM kept EXCEPT ALL SELECT 'kept', * FROM (${SUMS}) x)
        UNION ALL
        (SELECT 'rebuilt' AS side, * FROM (${SUMS}) x EXCEPT ALL SELECT 'rebuilt', * FROM kept)`);
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return drift;
}

/** The totals per key (a key may have several rows) against a count of "Report": no difference expected. */
async function totalsDrift(): Promise<unknown[]> {
  const totals = `SELECT "bailiffId", "secretaryId", "status"::text, "isArchived", sum("reports")::int AS reports
    FROM "ReportTotals" GROUP BY 1, 2, 3, 4 HAVING sum("reports") <> 0`;
  const counted = `SELECT "bailiffId", coalesce("secretaryId", 0), "status"::text, "isArchived", count(*)::int
    FROM "Report" GROUP BY 1, 2, 3, 4`;
  return app.services.db.$queryRawUnsafe<unknown[]>(`
    (SELECT 'totals' AS side, * FROM (${totals}) t EXCEPT ALL SELECT 'totals', * FROM (${counted}) c)
    UNION ALL
    (SELECT 'counted' AS side, * FROM (${counted}) c EXCEPT ALL SELECT 'counted', * FROM (${totals}) t)`);
}

async function expectAggregatesMatchTheList(): Promise<void> {
  expect(await rollupDrift()).toEqual([]);
  expect(await totalsDrift()).toEqual([]);
  const rows = await wholeList(app.url, admin);
  for (const groupBy of GROUPINGS) {
    const sorted = (await aggregates(app.url, admin, groupBy)).sort((a: any, b: any) => a.key.localeCompare(b.key));
    expect({ groupBy, sorted }).toEqual({ groupBy, sorted: expected(rows, groupBy) });
  }
}

describe('the monthly rollup behind reportAggregates', () => {
  it('follows the tariffs in force, a bailiff moved to another étude and a removed secretary', async () => {
    const db = app.services.db;
    await expectAggregatesMatchTheList();
    const bailiff = await db.user.findUniqueOrThrow({ where: { id: bailiffId } });
    await db.group.update({ where: { id: bailiff.groupId! }, data: { pricePage: '1.355', pricePhoto: '0.445' } });
    await expectAggregatesMatchTheList();
    await db.user.update({ where: { id: secretaryId }, data: { secretaryPricePage: '0.915', secretaryPricePhoto: '0.235' } });
    await expectAggregatesMatchTheList();
    const otherGroup = await db.group.create({
      data: {
        name: 'Étude de passage',
        siret: '73282932000074',
        telephone: '0102030405',
        email: 'passage@etude.fr',
        address: '1 rue du Passage',
        zip: '75001',
        city: 'Paris',
        pricePage: '2.005',
        pricePhoto: '0.105',
      },
    });
    await db.user.update({ where: { id: bailiffId }, data: { groupId: otherGroup.id } });
    await expectAggregatesMatchTheList();
    // A secretary removed: the foreign key sets her constats' secretary to null.
    const temporary = await db.user.create({
      data: {
        email: 'passage@demo.fr',
        identity: 'passage',
        firstName: 'Éphémère',
        lastName: 'Secrétaire',
        role: 'SECRETARY',
        passwordHash: 'x',
        secretaryPricePage: '0.555',
        secretaryPricePhoto: '0.055',
      },
    });
    await db.report.updateMany({ where: { name: { in: ['Cumul 4', 'Cumul 8'] } }, data: { secretaryId: temporary.id } });
    await expectAggregatesMatchTheList();
    await db.user.delete({ where: { id: temporary.id } });
    await expectAggregatesMatchTheList();
  });

  it('stays equal to the constats under concurrent writes, bulk updates and a tariff change', async () => {
    const db = app.services.db;
    const ids = (await db.report.findMany({ where: { name: { startsWith: 'Cumul' } }, select: { id: true }, orderBy: { id: 'asc' } })).map(
      (report) => report.id,
    );
    const groupId = (await db.group.findFirstOrThrow({ where: { members: { some: { role: 'BAILIFF' } } } })).id;
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      const id = ids[i % ids.length];
      switch (i % 8) {
        case 0:
          writes.push(db.report.create({ data: constat(100 + i) }));
          break;
        case 1:
          writes.push(
            db.report.update({ where: { id }, data: { countPagesBilling: { increment: 3 }, countPhotosBilling: { increment: 1 } } }),
          );
          break;
        case 2:
          writes.push(db.report.update({ where: { id }, data: { status: 'TE', secretaryId: i % 3 === 0 ? null : secretaryId } }));
          break;
        case 3:
          // Another month (and another Paris month boundary) for the same constat.
          writes.push(db.report.update({ where: { id }, data: { createdAt: new Date(Date.UTC(2023, i % 12, 28, 22, 59)) } }));
          break;
        case 4:
          // Bulk updates of the same constats lock them in id order first, as the app's do (billing's
          // generation): a bare UPDATE locks in the order it scans the heap, which the writes around
          // it reshuffle, and two of them then deadlock each other, whatever the rollup does.
          writes.push(
            db.$transaction(async (tx) => {
              const bulk = ids.slice(0, 10);
              await tx.$queryRaw`SELECT id FROM "Report" WHERE id = ANY(${bulk}::int4[]) ORDER BY id FOR UPDATE`;
              await tx.report.updateMany({
                where: { id: { in: bulk }, groupPricePage: null },
                data: { groupPricePage: '1.115', groupPricePhoto: '0.225' },
              });
            }),
          );
          break;
        case 5:
          // A transaction that holds its write while the others, and a tariff change, go on.
          writes.push(
            db.$transaction(async (tx) => {
              await tx.report.update({ where: { id }, data: { countPagesRetrocession: { increment: 5 }, isArchived: true, status: 'AR' } });
              await tx.$executeRawUnsafe('SELECT pg_sleep(0.2)');
              await tx.report.update({ where: { id: ids[(i + 7) % ids.length] }, data: { countPhotosRetrocession: { increment: 2 } } });
            }),
          );
          break;
        case 6:
          writes.push(db.group.update({ where: { id: groupId }, data: { pricePage: `1.${100 + i}`, pricePhoto: `0.${300 + i}` } }));
          break;
        case 7:
          writes.push(db.report.create({ data: constat(200 + i) }).then((created) => db.report.delete({ where: { id: created.id } })));
          break;
      }
    }
    const results = await Promise.allSettled(writes);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    await expectAggregatesMatchTheList();
  });

  it('is left untouched by statements that change nothing it sums, and still follows those that do', async () => {
    const db = app.services.db;
    const rollupRows = async () =>
      (await db.$queryRawUnsafe<{ id: bigint }[]>('SELECT id FROM "ReportMonthSummary" ORDER BY id')).map((row) => String(row.id));
    const id = (await db.report.findFirstOrThrow({ where: { name: { startsWith: 'Cumul' } }, orderBy: { id: 'asc' } })).id;
    const totalsRows = async () =>
      (await db.$queryRawUnsafe<{ id: bigint }[]>('SELECT id FROM "ReportTotals" ORDER BY id')).map((row) => String(row.id));
    const before = await rollupRows();
    const totalsBefore = await totalsRows();
    expect(before.length).toBeGreaterThan(0);
    // A rename, a new date of status change (updatedAt written too), a bulk update matching nothing, a delete of nothing.
    await db.report.update({ where: { id }, data: { name: 'Cumul renommé' } });
    await db.report.update({ where: { id }, data: { lastStatusChange: new Date(Date.UTC(2025, 0, 2)) } });
    await db.report.updateMany({ where: { id: -1 }, data: { status: 'AR' } });
    await db.report.deleteMany({ where: { id: -1 } });
    // A statement touching several constats of which none changes a summarised column.
    await db.report.updateMany({ where: { name: { startsWith: 'Cumul' } }, data: { updatedAt: new Date() } });
    expect(await rollupRows()).toEqual(before);
    expect(await totalsRows()).toEqual(totalsBefore);
    // The totals move with a status, not with a count.
    await db.report.update({ where: { id }, data: { status: 'TE' } });
    expect(await totalsRows()).not.toEqual(totalsBefore);
    expect(await totalsDrift()).toEqual([]);
    // A count that changes, within a statement that also renames: the rollup moves, and stays right.
    await db.report.update({ where: { id }, data: { name: 'Cumul 0', countPagesBilling: { increment: 2 } } });
    expect(await rollupRows()).not.toEqual(before);
    await expectAggregatesMatchTheList();
  });

  it("pairs a bulk update's old and new constats without a nested loop, and stays right", async () => {
    const db = app.services.db;
    // Transition tables have no statistics: left to itself, the planner pairs them by id with a
    // nested loop, quadratic in the rows one statement updates (8,000 renamed constats: 81 s).
    const settings = await db.$queryRawUnsafe<{ proname: string; proconfig: string[] | null }[]>(
      `SELECT proname, proconfig FROM pg_proc WHERE proname IN ('report_month_summary_on_report', 'report_totals_on_report') ORDER BY proname`,
    );
    expect(settings).toEqual([
      { proname: 'report_month_summary_on_report', proconfig: ['enable_nestloop=off'] },
      { proname: 'report_totals_on_report', proconfig: ['enable_nestloop=off'] },
    ]);
    // One statement renaming every constat (nothing summed changes), then one moving counts and statuses.
    await db.$executeRawUnsafe(`UPDATE "Report" SET name = left(name, 80) || ' (lot)'`);
    await db.$executeRawUnsafe(
      `UPDATE "Report" SET "countPagesBilling" = "countPagesBilling" + 1, status = CASE WHEN id % 2 = 0 THEN 'TE'::"ReportStatus" ELSE status END`,
    );
    expect(await rollupDrift()).toEqual([]);
    expect(await totalsDrift()).toEqual([]);
    await expectAggregatesMatchTheList();
  });
});
