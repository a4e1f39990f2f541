// Issue 19: ONE table of cases says who sees what of a constat — every role × every list, the
// constats, their comments, the tariffs and amounts. It is run against the read model
// (reports/read-model: the lists' SQL filters, the Report rows, the header cards, the aggregates,
// the statistics) and against the action rules (rules.ts `can`, `amountsShownTo`): both must
// answer the table, hence each other.
import type { AppContext, Viewer } from '../../api/src/context.js';
import type { Role } from '../../api/src/generated/prisma/enums.js';
import { parisYearMonth } from '../../api/src/lib/periods.js';
import { countedReportsSql } from '../../api/src/modules/billing/service.js';
import { reportAggregates } from '../../api/src/modules/reporting/service.js';
import { reportHeaders } from '../../api/src/modules/reports/headers.js';
import { reportsSql, type ReportsWhere } from '../../api/src/modules/reports/read-model/filters.js';
import { loadReportRows } from '../../api/src/modules/reports/read-model/rows.js';
import { amountsShownTo, can } from '../../api/src/modules/reports/rules.js';
import { retrocessionReportsSql } from '../../api/src/modules/retrocession/service.js';
import { statisticsItems, statisticsPeriod } from '../../api/src/modules/statistics/service.js';
import { demoViewers, serviceContext, startTestApp, type TestApp } from '../support/app.js';

type Fixture = 'mine' | 'unassigned' | 'others';
type List = 'reports' | 'inProgress' | 'headers' | 'aggregates' | 'retrocession' | 'billable' | 'statistics';
type Comment = 'adminToSecretary' | 'adminToBailiff' | 'bailiffToOffice' | 'secretaryToBailiff';

// « mine »: the demo bailiff's constat typed by the demo secretary; « unassigned »: his, no
// secretary yet; « others »: another bailiff's, typed by another secretary.
const SEES: Record<Role, Fixture[]> = {
  ADMIN: ['mine', 'unassigned', 'others'],
  BAILIFF: ['mine', 'unassigned'],
  SECRETARY: ['mine'],
};
// What each list answers per role: the constats it shows, or refused (FORBIDDEN).
const LISTS: Record<Role, Record<List, Fixture[] | 'refused'>> = {
  ADMIN: {
    reports: SEES.ADMIN,
    inProgress: SEES.ADMIN,
    headers: SEES.ADMIN,
    aggregates: SEES.ADMIN,
    retrocession: SEES.ADMIN,
    billable: SEES.ADMIN,
    statistics: SEES.ADMIN,
  },
  BAILIFF: {
    reports: SEES.BAILIFF,
    inProgress: SEES.BAILIFF,
    headers: SEES.BAILIFF,
    aggregates: SEES.BAILIFF,
    retrocession: 'refused',
    billable: 'refused',
    statistics: 'refused',
  },
  SECRETARY: {
    reports: SEES.SECRETARY,
    inProgress: SEES.SECRETARY,
    headers: SEES.SECRETARY,
    aggregates: SEES.SECRETARY,
    retrocession: SEES.SECRETARY,
    billable: 'refused',
    statistics: 'refused',
  },
};
// The comments of « mine » each role reads: admins all; others what they wrote or received, the
// secretary also what was written to the office.
const READS: Record<Role, Comment[]> = {
  ADMIN: ['adminToSecretary', 'adminToBailiff', 'bailiffToOffice', 'secretaryToBailiff'],
  BAILIFF: ['adminToBailiff', 'bailiffToOffice', 'secretaryToBailiff'],
  SECRETARY: ['adminToSecretary', 'bailiffToOffice', 'secretaryToBailiff'],
};
// Tariffs and amounts: a secretary's pay never reaches a bailiff, the étude's billing never a secretary.
const AMOUNTS: Record<Role, { retrocession: boolean; billing: boolean }> = {
  ADMIN: { retrocession: true, billing: true },
  BAILIFF: { retrocession: false, billing: true },
  SECRETARY: { retrocession: true, billing: false },
};

const NAME = 'Table de visibilité';
let app: TestApp;
let viewers: Record<Role, Viewer>;
const ids = {} as Record<Fixture, number>;
const facts = {} as Record<Fixture, { status: 'EC'; isArchived: false; invoiced: false; bailiffId: number; secretaryId: number | null }>;
const commentIds = {} as Record<Comment, number>;

beforeAll(async () => {
  app = await startTestApp();
  const db = app.services.db;
  viewers = await demoViewers(app);
  const otherBailiff = await db.user.findFirstOrThrow({
    where: { role: 'BAILIFF', id: { not: viewers.BAILIFF.id }, groupId: { not: null } },
    select: { id: true },
  });
  const otherSecretary = await db.user.findFirstOrThrow({
    where: { role: 'SECRETARY', id: { not: viewers.SECRETARY.id } },
    select: { id: true },
  });
  const people: Record<Fixture, { bailiffId: number; secretaryId: number | null }> = {
    mine: { bailiffId: viewers.BAILIFF.id, secretaryId: viewers.SECRETARY.id },
    unassigned: { bailiffId: viewers.BAILIFF.id, secretaryId: null },
    others: { bailiffId: otherBailiff.id, secretaryId: otherSecretary.id },
  };
  for (const [fixture, who] of Object.entries(people) as [Fixture, (typeof people)[Fixture]][]) {
    // In progress, created now, counted, with captured tariffs: in every list of the month.
    const report = await db.report.create({
      data: {
        name: `${NAME} ${fixture}`,
        ...who,
        status: 'EC',
        countPagesRetrocession: 4,
        countPhotosRetrocession: 1,
        countPagesBilling: 4,
        countPhotosBilling: 1,
        groupPricePage: '2.000',
        groupPricePhoto: '0.500',
        secretaryPricePage: '1.000',
        secretaryPricePhoto: '0.250',
      },
      select: { id: true },
    });
    ids[fixture] = report.id;
    facts[fixture] = { status: 'EC', isArchived: false, invoiced: false, ...who };
  }
  const { ADMIN: admin, BAILIFF: bailiff, SECRETARY: secretary } = viewers;
  const comments: Record<Comment, { authorId: number; receiverId: number | null }> = {
    adminToSecretary: { authorId: admin.id, receiverId: secretary.id },
    adminToBailiff: { authorId: admin.id, receiverId: bailiff.id },
    bailiffToOffice: { authorId: bailiff.id, receiverId: null },
    secretaryToBailiff: { authorId: secretary.id, receiverId: bailiff.id },
  };
  for (const [key, comment] of Object.entries(comments) as [Comment, (typeof comments)[Comment]][]) {
    commentIds[key] = (await db.comment.create({ data: { reportId: ids.mine, body: key, ...comment }, select: { id: true } })).id;
  }
});

afterAll(async () => {
  await app?.stop();
});

const ROLES: Role[] = ['ADMIN', 'BAILIFF', 'SECRETARY'];
const fixtureOf = (id: number) => (Object.keys(ids) as Fixture[]).find((fixture) => ids[fixture] === id);
const sorted = (fixtures: (Fixture | undefined)[]) => fixtures.filter((fixture) => fixture !== undefined).sort();

async function fixturesOf(ctx: AppContext, where: ReportsWhere): Promise<Fixture[]> {
  const rows = await ctx.db.$queryRaw<{ id: number }[]>`SELECT r.id FROM "Report" r WHERE ${where}`;
  return sorted(rows.map((row) => fixtureOf(row.id)));
}

/** The read model's answer for one list: the fixtures it shows, or 'refused'. */
async function readModelList(role: Role, list: List): Promise<Fixture[] | 'refused'> {
  const ctx = serviceContext(app, viewers[role]);
  const now = parisYearMonth(new Date());
  const search = { search: NAME };
  try {
    switch (list) {
      case 'reports':
        return await fixturesOf(ctx, reportsSql(ctx.viewer!, {}));
      case 'inProgress':
        return await fixturesOf(ctx, reportsSql(ctx.viewer!, { statuses: ['EC'], archived: false, year: now.year, month: now.month }));
      case 'retrocession':
        return await fixturesOf(ctx, retrocessionReportsSql(ctx, now));
      case 'billable':
        return await fixturesOf(ctx, countedReportsSql(ctx, now.year, now.month));
      case 'statistics': {
        const items = await statisticsItems(ctx, statisticsPeriod(ctx, now.year, now.month), { limit: 10_000, inverted: false });
        return sorted(items.map((item) => fixtureOf(item.id)));
      }
      case 'headers': {
        // The cards count what the list shows: the fixtures are the only constats of this name.
        const headers = await reportHeaders(ctx, search);
        return SEES[role].length === headers.totalReports ? sorted([...SEES[role]]) : [`${headers.totalReports} constats` as Fixture];
      }
      case 'aggregates': {
        const [row] = await reportAggregates(ctx, search, []);
        return SEES[role].length === row.reports ? sorted([...SEES[role]]) : [`${row.reports} constats` as Fixture];
      }
    }
  } catch (error) {
    if ((error as { extensions?: { code?: string } }).extensions?.code === 'FORBIDDEN') return 'refused';
    throw error;
  }
}

describe('the visibility table', () => {
  it.each(ROLES)('%s: the action rule can(view) sees the constats of the table', (role) => {
    const seen = (Object.keys(facts) as Fixture[]).filter((fixture) => can(viewers[role], 'view', facts[fixture]));
    expect(seen.sort()).toEqual([...SEES[role]].sort());
  });

  it.each(ROLES)('%s: every list of the read model shows the constats of the table, or is refused', async (role) => {
    for (const list of Object.keys(LISTS[role]) as List[]) {
      const expected = LISTS[role][list];
      expect({ list, shown: await readModelList(role, list) }).toEqual({
        list,
        shown: expected === 'refused' ? expected : [...expected].sort(),
      });
      // Whatever a list shows, the action rule lets the viewer see it.
      if (expected !== 'refused') expect(expected.every((fixture) => can(viewers[role], 'view', facts[fixture]))).toBe(true);
    }
  });

  it.each(ROLES)('%s: the Report rows carry the comments, tariffs and amounts of the table', async (role) => {
    const ctx = serviceContext(app, viewers[role]);
    const [row] = await loadReportRows(ctx, [ids.mine]);
    const read = row!.comments.map((comment) => (Object.keys(commentIds) as Comment[]).find((key) => commentIds[key] === comment.id));
    expect(read.sort()).toEqual([...READS[role]].sort());
    const shown = {
      retrocession: row!.retrocessionPricePage !== null && row!.retrocessionPricePhoto !== null,
      billing: row!.billingPricePage !== null && row!.billingPricePhoto !== null,
    };
    expect(shown).toEqual(AMOUNTS[role]);
    const [aggregate] = await reportAggregates(ctx, { search: NAME }, []);
    expect({ retrocession: aggregate.retrocessionAmountHT !== null, billing: aggregate.billingAmountHT !== null }).toEqual(AMOUNTS[role]);
  });

  it.each(ROLES)('%s: the Report rows (node(id:), reportChanged) are visible as the table says, as can(view) does', async (role) => {
    const fixtures = Object.keys(ids) as Fixture[];
    const rows = await loadReportRows(
      serviceContext(app, viewers[role]),
      fixtures.map((fixture) => ids[fixture]),
    );
    const visible = fixtures.filter((_fixture, index) => rows[index]!.visible);
    expect(visible.sort()).toEqual([...SEES[role]].sort());
    expect(fixtures.filter((fixture) => can(viewers[role], 'view', facts[fixture])).sort()).toEqual(visible);
  });

  it.each(ROLES)('%s: the action rule amountsShownTo answers the table', (role) => {
    expect(amountsShownTo(role)).toEqual(AMOUNTS[role]);
  });
});
