// Every list's filter, in SQL on the "Report" row `r`: the admin, bailiff and secretary lists (and
// their header cards, aggregates and CSV export), the rétrocession period, the billable constats of
// the Facturation screen, the statistics period. A list's page (page.ts), its totalCount (count.ts)
// and its aggregates all take the SAME `ReportsWhere` value, so they cannot disagree.
import type { Viewer } from '../../../context.js';
import { sqlTimestamp } from '../../../infra/db.js';
import { Prisma } from '../../../generated/prisma/client.js';
import type { ReportStatus } from '../../../generated/prisma/enums.js';
import { validationError } from '../../../errors.js';
import { parisPeriod, type Period } from '../../../lib/periods.js';
import { AWAITING_SECRETARY_STATUSES, messages, statusesForFilter } from '../rules.js';
import { visibleReportsSql } from './visibility.js';

/** A list's filter: SQL on the "Report" row `r`, its visibility included. */
export type ReportsWhere = Prisma.Sql;

export interface ReportFilter {
  statuses?: ReportStatus[] | null;
  bailiffId?: number | null;
  secretaryId?: number | null;
  year?: number | null;
  month?: number | null;
  search?: string | null;
  /** true: archived only; false: not archived; absent: both. */
  archived?: boolean | null;
  /** true: only the constats waiting for a secretary (isAwaitingSecretary). */
  awaitingSecretary?: boolean | null;
  /** Only the constats of this étude's bailiffs. */
  groupId?: number | null;
  /** Created at or after this instant. */
  createdFrom?: Date | null;
  /** Created before this instant. */
  createdBefore?: Date | null;
  /** Changed at or after this instant (`updatedAt`, which every change a reader can see moves). */
  updatedSince?: Date | null;
  /** true: only the returned constats (a return date). */
  returned?: boolean | null;
}

/**
 * Whether the rollups (read-model/count.ts, reporting's aggregates) can answer `filter`: they hold
 * bailiff, secretary, status, archiving and Paris month, not names nor instants nor return dates.
 */
export const rollupsAnswer = (filter: ReportFilter): boolean =>
  !filter.search?.trim() && !filter.createdFrom && !filter.createdBefore && !filter.updatedSince && filter.returned == null;

export const statusList = (statuses: readonly ReportStatus[]) =>
  Prisma.join(statuses.map((status) => Prisma.sql`${status}::"ReportStatus"`));

/** Created within `period` (Paris months, lib/periods.ts), as every year/month filter. */
export const createdWithin = (period: Period, alias = 'r') =>
  Prisma.sql`${Prisma.raw(`${alias}."createdAt"`)} >= ${sqlTimestamp(period.start)} AND ${Prisma.raw(`${alias}."createdAt"`)} < ${sqlTimestamp(period.end)}`;

/** The filter's creation period; a month without its year is refused, never silently dropped. */
function filterPeriod(filter: ReportFilter): Period | null {
  if (filter.year == null) {
    if (filter.month != null) throw validationError({ month: messages.monthWithoutYear }, messages.monthWithoutYear);
    return null;
  }
  return parisPeriod(filter.year, filter.month);
}

/**
 * The admin, bailiff and secretary lists: what the viewer may see (visibility.ts) and the list
 * filters, on the "Report" row `alias` (reportAggregates reads the rollup under the same columns).
 */
export function reportsSql(viewer: Viewer, filter: ReportFilter = {}, alias = 'r'): ReportsWhere {
  const column = (name: string) => Prisma.raw(`${alias}."${name}"`);
  const and: Prisma.Sql[] = [visibleReportsSql(viewer, alias)];
  if (filter.statuses?.length)
    and.push(Prisma.sql`${column('status')} IN (${statusList(statusesForFilter(viewer.role, filter.statuses))})`);
  if (filter.bailiffId) and.push(Prisma.sql`${column('bailiffId')} = ${filter.bailiffId}`);
  if (filter.secretaryId) and.push(Prisma.sql`${column('secretaryId')} = ${filter.secretaryId}`);
  const period = filterPeriod(filter);
  if (period) and.push(createdWithin(period, alias));
  const search = filter.search?.trim();
  // The text as typed inside ILIKE '%…%', on the bare column, as its trigram index is built
  // (tests/api/search-indexes.test.ts).
  if (search) and.push(Prisma.sql`${column('name')} ILIKE ('%' || ${search} || '%')`);
  if (filter.archived != null) and.push(Prisma.sql`${column('isArchived')} = ${filter.archived}`);
  if (filter.groupId) and.push(Prisma.sql`${column('bailiffId')} IN (SELECT g.id FROM "User" g WHERE g."groupId" = ${filter.groupId})`);
  if (filter.createdFrom) and.push(Prisma.sql`${column('createdAt')} >= ${sqlTimestamp(filter.createdFrom)}`);
  if (filter.createdBefore) and.push(Prisma.sql`${column('createdAt')} < ${sqlTimestamp(filter.createdBefore)}`);
  if (filter.updatedSince) and.push(Prisma.sql`${column('updatedAt')} >= ${sqlTimestamp(filter.updatedSince)}`);
  if (filter.returned != null)
    and.push(filter.returned ? Prisma.sql`${column('returnedAt')} IS NOT NULL` : Prisma.sql`${column('returnedAt')} IS NULL`);
  if (filter.awaitingSecretary) {
    and.push(
      Prisma.sql`${column('secretaryId')} IS NULL AND NOT ${column('isArchived')} AND ${column('status')} IN (${statusList(AWAITING_SECRETARY_STATUSES)})`,
    );
  }
  return Prisma.join(and, ' AND ');
}

/**
 * Rétrocession > Constats: created in the period, of one secretary or all. Who may ask for which
 * secretary is checked before (retrocession/service.ts retrocessionScope): an admin may read every
 * constat, a secretary reads only hers (`secretaryId` is then hers).
 */
export function retrocessionSql(scope: { period: Period; secretaryId: number | null }): ReportsWhere {
  const secretary = scope.secretaryId ? Prisma.sql` AND r."secretaryId" = ${scope.secretaryId}` : Prisma.empty;
  return Prisma.sql`${createdWithin(scope.period)}${secretary}`;
}

/**
 * Facturation (admins): counted constats (billing pages > 0) of études, created in the period —
 * or before its end with `backlog` and not yet invoiced, to catch constats counted after their own
 * month was billed (billing/rules.ts isBillable decides among them).
 */
export function billableSql(period: Period, options: { backlog?: boolean } = {}): ReportsWhere {
  const created = options.backlog ? Prisma.sql`r."createdAt" < ${sqlTimestamp(period.start)} AND NOT r.invoiced` : createdWithin(period);
  return Prisma.sql`${created} AND r."countPagesBilling" > 0
    AND EXISTS (SELECT 1 FROM "User" bg WHERE bg.id = r."bailiffId" AND bg."groupId" IS NOT NULL)`;
}

/** Statistics (admins): every constat created in the period. */
export const statisticsSql = (period: Period): ReportsWhere => createdWithin(period);
