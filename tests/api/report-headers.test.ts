// The dashboard headers are aggregated by PostgreSQL (the read model's filters, one statement);
// these tests hold them to the rules applied row by row in JavaScript, for every role and list filter.
import type { Viewer } from '../../api/src/context.js';
import type { Role } from '../../api/src/generated/prisma/enums.js';
import { sum } from '@constats/domain/money';
import { currentParisMonth, parisYearMonth } from '../../api/src/lib/periods.js';
import { alertClock, alertLevel, averageDelay, hoursBetween, isInAlert } from '../../api/src/modules/reports/rules.js';
import { reportHeaders } from '../../api/src/modules/reports/headers.js';
import { reportsSql, type ReportFilter } from '../../api/src/modules/reports/read-model/filters.js';
import { can } from '../../api/src/modules/reports/rules.js';
import { countsAmount } from '../../api/src/modules/retrocession/rules.js';
import { demoViewers, serviceContext, startTestApp, type TestApp } from '../support/app.js';
import { inList, ORACLE_SELECT } from '../support/report-oracle.js';

let app: TestApp;
let viewers: Record<Role, Viewer>;
let bailiffId: number;
let secretaryId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  viewers = await demoViewers(app);
  bailiffId = viewers.BAILIFF.id;
  secretaryId = viewers.SECRETARY.id;
  // Whatever the day of the month: constats of this month with counts (one at a tariff whose
  // amount ends in half a cent), and in-progress ones on both sides of the alert threshold.
  const now = Date.now();
  const rows = [
    { name: 'Constat % du jour', status: 'RS' as const, createdAt: new Date(now - 60_000), counts: [3, 1], prices: ['1.255', '0.333'] },
    { name: 'Constat demi-centime', status: 'TE' as const, createdAt: new Date(now - 120_000), counts: [1, 0], prices: ['0.005', '0.000'] },
    { name: 'Constat aux tarifs de l’étude', status: 'EC' as const, createdAt: new Date(now - 2 * HOUR), counts: [12, 7], prices: null },
    { name: 'Constat ÉTÉ en alerte', status: 'EC' as const, createdAt: new Date(now - 31 * HOUR), counts: [0, 0], prices: null },
    { name: 'Constat en retard', status: 'RS' as const, createdAt: new Date(now - 40 * HOUR), counts: [5, 2], prices: null },
  ];
  for (const row of rows) {
    await db.report.create({
      data: {
        name: row.name,
        bailiffId,
        secretaryId,
        status: row.status,
        createdAt: row.createdAt,
        lastStatusChange: new Date(row.createdAt.getTime() + HOUR / 2),
        countPagesRetrocession: row.counts[0],
        countPhotosRetrocession: row.counts[1],
        groupPricePage: row.prices?.[0],
        groupPricePhoto: row.prices?.[1],
      },
    });
  }
});

afterAll(async () => {
  await app?.stop();
});

function filters(): ReportFilter[] {
  const { year, month } = parisYearMonth(new Date());
  return [
    {},
    { statuses: ['EC', 'RS'] },
    { statuses: ['EC'] },
    { statuses: ['TE', 'AR'], archived: true },
    { archived: false },
    { year },
    { year, month },
    { search: 'constat' },
    { search: 'été' },
    { search: '%' },
    { search: '_' },
    { bailiffId },
    { secretaryId, statuses: ['RS'] },
    { statuses: ['EC', 'RS'], year, month, search: 'CONSTAT', archived: false, bailiffId, secretaryId },
  ];
}

/** The headers as the rules compute them from the rows themselves. */
async function reference(viewer: Viewer, filter: ReportFilter, now: Date) {
  const month = currentParisMonth(now);
  const all = await app.services.db.report.findMany({
    select: {
      ...ORACLE_SELECT,
      lastStatusChange: true,
      countPagesRetrocession: true,
      countPhotosRetrocession: true,
      groupPricePage: true,
      groupPricePhoto: true,
      bailiff: { select: { group: { select: { pricePage: true, pricePhoto: true } } } },
    },
  });
  const listed = all.filter((report) => inList(viewer, filter, report));
  const total = listed.length;
  const inProgress = listed.filter((report) => report.status === 'EC' || report.status === 'RS');
  const monthReports = all.filter(
    (report) => can(viewer, 'view', report) && report.createdAt >= month.start && report.createdAt < month.end,
  );
  return {
    totalReports: total,
    reportsInAlert: inProgress.filter((report) => isInAlert(alertLevel(report.status, hoursBetween(alertClock(viewer.role, report), now))))
      .length,
    averageDelay: averageDelay(inProgress.map((report) => hoursBetween(report.lastStatusChange, now))),
    currentRevenue: sum(
      monthReports.map((report) =>
        countsAmount({
          pages: report.countPagesRetrocession,
          photos: report.countPhotosRetrocession,
          pricePage: report.groupPricePage ?? report.bailiff.group?.pricePage,
          pricePhoto: report.groupPricePhoto ?? report.bailiff.group?.pricePhoto,
        }),
      ),
    ).toFixed(2),
  };
}

describe('report headers in SQL', () => {
  it('the read model selects the constats the rules applied row by row select, for every role and filter', async () => {
    const db = app.services.db;
    const all = await db.report.findMany({ select: ORACLE_SELECT, orderBy: { id: 'asc' } });
    let exercised = 0;
    for (const viewer of Object.values(viewers)) {
      for (const filter of filters()) {
        const expected = all.filter((report) => inList(viewer, filter, report)).map((report) => report.id);
        const actual = await db.$queryRaw<{ id: number }[]>`SELECT r.id FROM "Report" r WHERE ${reportsSql(viewer, filter)} ORDER BY r.id`;
        expect({ role: viewer.role, filter, ids: actual.map((row) => row.id) }).toEqual({ role: viewer.role, filter, ids: expected });
        exercised += expected.length;
      }
    }
    expect(exercised).toBeGreaterThan(0);
  });

  it('counts, alerts, mean delay and CA en cours equal the rules applied row by row', async () => {
    const now = new Date();
    let exercised = { alerts: 0, revenue: 0 };
    for (const viewer of Object.values(viewers)) {
      const ctx = serviceContext(app, viewer);
      for (const filter of filters()) {
        const headers = await reportHeaders(ctx, filter, now);
        const expected = await reference(viewer, filter, now);
        const actual = {
          totalReports: headers.totalReports,
          reportsInAlert: headers.reportsInAlert,
          averageDelay: headers.averageDelay,
          currentRevenue: headers.currentRevenue.toFixed(2),
        };
        expect({ role: viewer.role, filter, ...actual }).toEqual({ role: viewer.role, filter, ...expected });
        exercised = { alerts: exercised.alerts + actual.reportsInAlert, revenue: exercised.revenue + Number(actual.currentRevenue) };
      }
    }
    // The data above reaches both sides of every rule.
    expect(exercised.alerts).toBeGreaterThan(0);
    expect(exercised.revenue).toBeGreaterThan(0);
  });

  it('the half cent of a line rounds up, as money.ts rounds', async () => {
    const ctx = serviceContext(app, viewers.ADMIN);
    const withHalfCent = await reportHeaders(ctx, {});
    await app.services.db.report.updateMany({ where: { name: 'Constat demi-centime' }, data: { countPagesRetrocession: 0 } });
    const without = await reportHeaders(ctx, {});
    expect(withHalfCent.currentRevenue.minus(without.currentRevenue).toFixed(2)).toBe('0.01');
  });
});
