// The change feed of constats: `updatedAt` moves with every change a reader can see (the row, its
// files, its comments, whoever writes them), and `reports(orderBy, filter: { updatedSince, … })`
// pages through the changes without losing one, even when a constat changes between two pages.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';

let app: TestApp;
const tokens: Record<'admin' | 'bailiff', string> = {} as never;
let bailiffId: number;
let otherBailiffId: number;
let groupId: number;

const FEED = `query($filter: ReportFilter, $orderBy: ReportOrder, $first: Int, $after: String) {
  reports(filter: $filter, orderBy: $orderBy, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { databaseId name updatedAt createdAt returnedAt } }
  }
}`;

interface FeedNode {
  databaseId: number;
  name: string;
  updatedAt: string;
  createdAt: string;
  returnedAt: string | null;
}
interface FeedPage {
  reports: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: FeedNode }[] };
}

async function page(token: string, variables: Record<string, unknown>) {
  const result = await gql<FeedPage>(app.url, FEED, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.reports;
}

/** The database's clock, which moves updatedAt. */
async function dbNow(): Promise<Date> {
  const [{ now }] = await app.services.db.$queryRaw<{ now: Date }[]>`SELECT (clock_timestamp() AT TIME ZONE 'UTC')::timestamp(3) AS now`;
  return now;
}

async function updatedAtOf(id: number): Promise<number> {
  return (await app.services.db.report.findUniqueOrThrow({ where: { id }, select: { updatedAt: true } })).updatedAt.getTime();
}

/** The database clock has moved past `instant` (timestamps have millisecond precision). */
async function pastMillisecond(): Promise<void> {
  const start = (await dbNow()).getTime();
  while ((await dbNow()).getTime() <= start) await new Promise((resolve) => setTimeout(resolve, 1));
}

async function createReports(prefix: string, count: number, owner = bailiffId, extra: (n: number) => object = () => ({})) {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const report = await app.services.db.report.create({ data: { name: `${prefix} ${n}`, bailiffId: owner, ...extra(n) } });
    ids.push(report.id);
  }
  return ids;
}

/** Changes a constat the way SQL written anywhere would: a reader-visible column. */
const rename = (id: number, name: string) => app.services.db.$executeRaw`UPDATE "Report" SET name = ${name} WHERE id = ${id}`;

beforeAll(async () => {
  app = await startTestApp();
  tokens.admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  tokens.bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  const db = app.services.db;
  const bailiff = await db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  bailiffId = bailiff.id;
  groupId = bailiff.groupId!;
  const other = await db.user.findFirstOrThrow({ where: { role: 'BAILIFF', id: { not: bailiff.id }, groupId: { not: bailiff.groupId } } });
  otherBailiffId = other.id;
});

afterAll(async () => {
  await app?.stop();
});

describe('updatedAt', () => {
  it('moves with the row, its files and its comments, whoever writes them, and not on a change that changes nothing', async () => {
    const db = app.services.db;
    const [id] = await createReports('Horodatage', 1);
    let last = await updatedAtOf(id);
    const moved = async () => {
      const now = await updatedAtOf(id);
      const result = now > last;
      last = now;
      return result;
    };

    await pastMillisecond();
    const file = await db.reportFile.create({
      data: { reportId: id, kind: 'DEPOSITED', originalName: 'a.pdf', size: 10, mimeType: 'application/pdf', storageKey: 'feed/a.pdf' },
    });
    expect(await moved()).toBe(true);

    await pastMillisecond();
    await db.reportFile.update({ where: { id: file.id }, data: { pageCount: 3, countStatus: 'DONE' } });
    expect(await moved()).toBe(true);

    await pastMillisecond();
    const comment = await gql(
      app.url,
      'mutation($input: AddReportCommentInput!) { addReportComment(input: $input) { message } }',
      { input: { reportId: encodeGlobalID('Report', id), body: 'Une question' } },
      tokens.bailiff,
    );
    expect(comment.errors).toBeUndefined();
    expect(await moved()).toBe(true);

    await pastMillisecond();
    await rename(id, 'Horodatage renommé');
    expect(await moved()).toBe(true);

    await pastMillisecond();
    await db.$executeRaw`UPDATE "Report" SET name = name WHERE id = ${id}`;
    expect(await moved()).toBe(false);

    await pastMillisecond();
    await db.reportFile.delete({ where: { id: file.id } });
    expect(await moved()).toBe(true);
  });

  it('stamps a new constat and a new bill with the database’s clock, whatever the clock of the instance that wrote them', async () => {
    // An instance whose clock lags a day behind the database's, as Prisma would stamp its rows.
    const lagging = new Date(Date.now() - 86_400_000);
    const since = await dbNow();
    const report = await app.services.db.report.create({ data: { name: 'Horloge en retard', bailiffId, updatedAt: lagging } });
    expect(report.updatedAt.getTime()).toBeGreaterThanOrEqual(since.getTime());
    const feed = await page(tokens.admin, { filter: { updatedSince: since.toISOString(), search: 'Horloge en retard' } });
    expect(feed.edges.map(({ node }) => node.databaseId)).toEqual([report.id]);

    // A bill copied from one of the seed's, in a transaction given up: numbering stays untouched.
    const given = new Error('given up');
    let stamped: Date | undefined;
    await app.services.db
      .$transaction(async (tx) => {
        const copy = { id: -1, number: -1, year: 1900, updatedAt: lagging.toISOString() };
        [{ updatedAt: stamped }] = await tx.$queryRaw<{ updatedAt: Date }[]>`
          INSERT INTO "GroupBill" SELECT (jsonb_populate_record(b, ${JSON.stringify(copy)}::jsonb)).* FROM "GroupBill" b LIMIT 1
          RETURNING "updatedAt"`;
        throw given;
      })
      .catch((error: unknown) => {
        if (error !== given) throw error;
      });
    expect(stamped!.getTime()).toBeGreaterThanOrEqual(since.getTime());
  });
});

describe('reports(orderBy, filter: { updatedSince })', () => {
  it('pages through every changed constat in order, none lost when one changes between two pages', async () => {
    const ids = await createReports('Flux', 7);
    await pastMillisecond();
    const since = await dbNow();
    const changed = [ids[4], ids[1], ids[6], ids[0], ids[3]];
    for (const id of changed) {
      await pastMillisecond();
      await rename(id, `Flux changé ${id}`);
    }
    const variables = {
      filter: { updatedSince: since.toISOString(), search: 'Flux' },
      orderBy: { field: 'UPDATED_AT', direction: 'ASC' },
      first: 2,
    };

    const first = await page(tokens.admin, variables);
    expect(first.totalCount).toBe(5);
    expect(first.edges.map(({ node }) => node.databaseId)).toEqual(changed.slice(0, 2));
    // The cursor's constat changes again, and one never changed before changes now: both move to
    // the end; the next page still starts where the first ended.
    await pastMillisecond();
    await rename(changed[1], 'Flux changé encore');
    await pastMillisecond();
    await rename(ids[2], 'Flux changé enfin');

    const seen = first.edges.map(({ node }) => node);
    let after = first.pageInfo.endCursor;
    for (let guard = 0; after && guard < 10; guard++) {
      const next = await page(tokens.admin, { ...variables, after });
      seen.push(...next.edges.map(({ node }) => node));
      after = next.pageInfo.hasNextPage ? next.pageInfo.endCursor : null;
    }
    expect(seen.map((node) => node.databaseId)).toEqual([...changed, changed[1], ids[2]]);
    const instants = seen.map((node) => Date.parse(node.updatedAt));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    // Never changed since: not in the feed.
    expect(seen.some((node) => node.databaseId === ids[5])).toBe(false);
  });

  it('pages backwards and newest first as well', async () => {
    const ids = await createReports('Sens', 4, bailiffId, (n) => ({ createdAt: new Date(Date.UTC(2025, 0, 10 + n)) }));
    const filter = { search: 'Sens' };
    const ascending = await page(tokens.admin, { filter, orderBy: { field: 'CREATED_AT', direction: 'ASC' }, first: 10 });
    expect(ascending.edges.map(({ node }) => node.databaseId)).toEqual(ids);
    const descending = await page(tokens.admin, { filter, orderBy: { field: 'CREATED_AT' }, first: 10 });
    expect(descending.edges.map(({ node }) => node.databaseId)).toEqual([...ids].reverse());
    const third = (await page(tokens.admin, { filter, orderBy: { field: 'CREATED_AT', direction: 'ASC' }, first: 3 })).pageInfo.endCursor;
    const before = await gql<FeedPage>(
      app.url,
      `query($filter: ReportFilter, $before: String) {
        reports(filter: $filter, orderBy: { field: CREATED_AT, direction: ASC }, last: 2, before: $before) { edges { node { databaseId } } }
      }`,
      { filter, before: third },
      tokens.admin,
    );
    expect(before.data!.reports.edges.map(({ node }) => node.databaseId)).toEqual([ids[0], ids[1]]);
  });

  it('sorts by return date over the returned constats only, and counts those', async () => {
    const ids = await createReports('Retour', 4, bailiffId, (n) =>
      n % 2 === 0 ? { returnedAt: new Date(Date.UTC(2025, 5, 20 - n)), status: 'TE' } : {},
    );
    const result = await page(tokens.admin, {
      filter: { search: 'Retour' },
      orderBy: { field: 'RETURNED_AT', direction: 'ASC' },
      first: 10,
    });
    expect(result.edges.map(({ node }) => node.databaseId)).toEqual([ids[2], ids[0]]);
    expect(result.totalCount).toBe(2);

    const refused = await gql(app.url, FEED, { filter: { returned: false }, orderBy: { field: 'RETURNED_AT' } }, tokens.admin);
    expect(refused.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0].message).toMatch(/^Le tri par date de retour/);
  });

  it('filters by étude and by a creation range, with totals that agree', async () => {
    await createReports('Étendue', 3, bailiffId, (n) => ({ createdAt: new Date(Date.UTC(2024, 2, 1 + n, 12)) }));
    await createReports('Étendue autre', 2, otherBailiffId, (n) => ({ createdAt: new Date(Date.UTC(2024, 2, 1 + n, 12)) }));
    const range = { createdFrom: '2024-03-02T00:00:00.000Z', createdBefore: '2024-03-03T12:00:00.001Z' };
    const inRange = await page(tokens.admin, { filter: { ...range, search: 'Étendue' }, first: 10 });
    expect(inRange.edges.map(({ node }) => node.name).sort()).toEqual(['Étendue 1', 'Étendue 2', 'Étendue autre 1']);
    expect(inRange.totalCount).toBe(3);

    const ofGroup = await page(tokens.admin, { filter: { ...range, groupId: encodeGlobalID('Group', groupId) }, first: 10 });
    expect(ofGroup.edges.map(({ node }) => node.name).sort()).toEqual(['Étendue 1', 'Étendue 2']);
    expect(ofGroup.totalCount).toBe(2);

    // The aggregates read the constats themselves for an instant range (no rollup holds one).
    const aggregates = await gql<{ reportAggregates: { reports: number }[] }>(
      app.url,
      'query($filter: ReportFilter) { reportAggregates(filter: $filter) { reports } }',
      { filter: range },
      tokens.admin,
    );
    expect(aggregates.data!.reportAggregates[0].reports).toBe(3);
  });

  it('gives a bailiff his own changes only', async () => {
    const since = await dbNow();
    const [mine] = await createReports('Visible', 1);
    const [theirs] = await createReports('Visible autre', 1, otherBailiffId);
    await pastMillisecond();
    const result = await page(tokens.bailiff, {
      filter: { updatedSince: since.toISOString(), search: 'Visible' },
      orderBy: { field: 'UPDATED_AT' },
    });
    const shown = result.edges.map(({ node }) => node.databaseId);
    expect(shown).toContain(mine);
    expect(shown).not.toContain(theirs);
    expect(result.totalCount).toBe(shown.length);
  });

  it('refuses a forged cursor, an invalid instant and an id of another type, in French', async () => {
    const forged = [
      'pas-un-curseur',
      Buffer.from('Report:1:99999999999999999999').toString('base64'),
      Buffer.from('Report:12345678901').toString('base64'),
      Buffer.from(`Report:1:${'9'.repeat(100_000)}`).toString('base64'),
    ];
    for (const after of forged) {
      const result = await gql(app.url, FEED, { orderBy: { field: 'UPDATED_AT' }, after, first: 1 }, tokens.admin);
      expect(result.errors?.[0].message).toBe('Curseur invalide.');
      expect(result.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    const date = await gql(app.url, FEED, { filter: { updatedSince: 'hier' } }, tokens.admin);
    expect(date.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const wrongId = await gql(app.url, FEED, { filter: { groupId: encodeGlobalID('User', bailiffId) } }, tokens.admin);
    expect(wrongId.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const direction = await gql(app.url, FEED, { orderBy: { field: 'UPDATED_AT', direction: 'SIDEWAYS' } }, tokens.admin);
    expect(direction.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('groupBills(filter: { updatedSince })', () => {
  const BILLS = `query($filter: GroupBillFilter) { groupBills(filter: $filter, first: 200) { totalCount edges { node { databaseId updatedAt isPaid } } } }`;

  it('gives the bills paid or sent since an instant, not those whose PDF queue only took a lease', async () => {
    const db = app.services.db;
    const [paid, leased] = await db.groupBill.findMany({ where: { isPaid: false }, orderBy: { id: 'asc' }, take: 2 });
    await pastMillisecond();
    const since = await dbNow();
    await pastMillisecond();
    await db.groupBill.update({
      where: { id: leased.id },
      data: { pdfDueAt: new Date(Date.now() + 60_000), pdfAttempts: { increment: 1 } },
    });
    const marked = await gql(
      app.url,
      'mutation($input: SetGroupBillPaidInput!) { setGroupBillPaid(input: $input) { message } }',
      { input: { billId: encodeGlobalID('GroupBill', paid.id), isPaid: true } },
      tokens.admin,
    );
    expect(marked.errors).toBeUndefined();

    const result = await gql<{
      groupBills: { totalCount: number; edges: { node: { databaseId: number; updatedAt: string; isPaid: boolean } }[] };
    }>(app.url, BILLS, { filter: { updatedSince: since.toISOString() } }, tokens.admin);
    expect(result.data!.groupBills.edges.map(({ node }) => node.databaseId)).toEqual([paid.id]);
    expect(result.data!.groupBills.totalCount).toBe(1);
    expect(Date.parse(result.data!.groupBills.edges[0].node.updatedAt)).toBeGreaterThanOrEqual(since.getTime());

    const generated = await gql<{ groupBills: { totalCount: number } }>(
      app.url,
      BILLS,
      { filter: { createdFrom: paid.createdAt.toISOString(), createdBefore: new Date(paid.createdAt.getTime() + 1).toISOString() } },
      tokens.admin,
    );
    expect(generated.data!.groupBills.totalCount).toBe(await db.groupBill.count({ where: { createdAt: paid.createdAt } }));
    // The lease given back, as the queue does: the app's stop would wait for that PDF otherwise.
    await db.groupBill.update({ where: { id: leased.id }, data: { pdfDueAt: null } });
  });
});
