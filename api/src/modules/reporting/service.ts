// Reporting for report builders: aggregates of the constats a viewer may see (product.md §12), computed by
// PostgreSQL in one statement from the lists' own filter SQL (reports/read-model/filters.ts), on the
// monthly rollup the database keeps (migration report_month_summary) or, for what it cannot answer (a
// name search, instants: rollupsAnswer), on the constats themselves.
import type { AppContext, Viewer } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { ReportStatus } from '../../generated/prisma/enums.js';
import { AppError } from '../../errors.js';
import { toDecimal, type Decimal } from '@constats/domain/money';
import { FIRST_YEAR, LAST_YEAR } from '../../lib/periods.js';
import { amountsShownTo } from '../reports/rules.js';
import { reportsSql, rollupsAnswer, type ReportFilter } from '../reports/read-model/filters.js';
import { billingCents, retrocessionCents, TARIFF_JOINS } from '../reports/read-model/tariffs.js';
import {
  AGGREGATE_DIMENSIONS,
  AGGREGATE_ROWS_DEFAULT,
  checkMaxRows,
  normaliseGroupBy,
  reportingMessages,
  type AggregateDimension,
} from './rules.js';

export interface PersonKey {
  id: number;
  firstName: string;
  lastName: string;
}

/** How many constats a group holds and the sums of their counts (the ReportCounts, product.md §3). */
export interface CountSums {
  reports: number;
  pagesProvisional: number;
  photosProvisional: number;
  pagesRetrocession: number;
  photosRetrocession: number;
  pagesBilling: number;
  photosBilling: number;
}

export interface ReportAggregate extends CountSums {
  year: number | null;
  month: number | null;
  bailiff: PersonKey | null;
  secretary: PersonKey | null;
  groupId: number | null;
  groupName: string | null;
  status: ReportStatus | null;
  /** Null for a viewer who may not read the étude's billing (a secretary). */
  billingAmountHT: Decimal | null;
  /** Null for a viewer who may not read a secretary's pay (a bailiff). */
  retrocessionAmountHT: Decimal | null;
}

// Months and years in Paris time, as every period filter (lib/periods.ts). Converting each row's
// instant to Paris time costs more than the rest of the statement: the instant is placed instead
// by binary search (width_bucket) among the UTC starts of the Paris months FIRST_YEAR…LAST_YEAR,
// built once per statement; an instant outside them (none in practice) is converted.
const MONTHS = (LAST_YEAR - FIRST_YEAR + 1) * 12;
const MONTH_STARTS = Prisma.sql`(SELECT array_agg((make_timestamptz(${FIRST_YEAR}::int + i / 12, i % 12 + 1, 1, 0, 0, 0, 'Europe/Paris') AT TIME ZONE 'UTC')::timestamp(3) ORDER BY i)
                                  FROM generate_series(0, ${MONTHS}::int) AS i)`;
const PARIS_CREATED = Prisma.sql`((r."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Paris')`;
const MONTH_INDEX = Prisma.sql`width_bucket(r."createdAt", m.starts)`;
const IN_RANGE = Prisma.sql`${MONTH_INDEX} BETWEEN 1 AND ${MONTHS}::int`;

/**
 * Where the figures come from. The rollup "ReportMonthSummary" (one row per Paris month, bailiff,
 * secretary, status and archiving, kept by the database in the same transaction as every write:
 * migration report_month_summary) answers every filter but the name search, which only the constats
 * themselves can: then they are scanned. Both expose the columns the lists' filter SQL reads under
 * the alias r, so reportsSql applies to either unchanged.
 */
interface Source {
  from: (byMonth: boolean) => Prisma.Sql;
  year: Prisma.Sql;
  month: Prisma.Sql;
  figures: (shown: { billing: boolean; retrocession: boolean }) => Prisma.Sql;
  /** Groups the rollup holds with no constat left (all removed) are not groups of the list. */
  having: Prisma.Sql;
}

const hidden = Prisma.sql`NULL::text`;

const ROLLUP: Source = {
  from: () => Prisma.sql`(SELECT "monthStart" AS "createdAt", "year", "month", "bailiffId", NULLIF("secretaryId", 0) AS "secretaryId", "status", "isArchived",
                           "reports", "pagesProvisional", "photosProvisional", "pagesRetrocession", "photosRetrocession", "pagesBilling", "photosBilling",
                           "billingCents", "retrocessionCents"
                      FROM "ReportMonthSummary") r`,
  year: Prisma.sql`r."year"`,
  month: Prisma.sql`r."month"`,
  figures: (shown) => Prisma.sql`
    coalesce(sum(r."reports"), 0)::int AS "reports",
    coalesce(sum(r."pagesProvisional"), 0)::int AS "pagesProvisional", coalesce(sum(r."photosProvisional"), 0)::int AS "photosProvisional",
    coalesce(sum(r."pagesRetrocession"), 0)::int AS "pagesRetrocession", coalesce(sum(r."photosRetrocession"), 0)::int AS "photosRetrocession",
    coalesce(sum(r."pagesBilling"), 0)::int AS "pagesBilling", coalesce(sum(r."photosBilling"), 0)::int AS "photosBilling",
    ${shown.billing ? Prisma.sql`coalesce(sum(r."billingCents"), 0)::text` : hidden} AS "billingCents",
    ${shown.retrocession ? Prisma.sql`coalesce(sum(r."retrocessionCents"), 0)::text` : hidden} AS "retrocessionCents"`,
  having: Prisma.sql`HAVING sum(r."reports") > 0`,
};

const SCAN: Source = {
  from: (byMonth) => (byMonth ? Prisma.sql`"Report" r CROSS JOIN (SELECT ${MONTH_STARTS} AS starts) m` : Prisma.sql`"Report" r`),
  year: Prisma.sql`(CASE WHEN ${IN_RANGE} THEN ${FIRST_YEAR}::int + (${MONTH_INDEX} - 1) / 12 ELSE extract(year FROM ${PARIS_CREATED})::int END)`,
  month: Prisma.sql`(CASE WHEN ${IN_RANGE} THEN (${MONTH_INDEX} - 1) % 12 + 1 ELSE extract(month FROM ${PARIS_CREATED})::int END)`,
  figures: (shown) => Prisma.sql`
    count(*)::int AS "reports",
    coalesce(sum(r."countPagesProvisional"), 0)::int AS "pagesProvisional", coalesce(sum(r."countPhotosProvisional"), 0)::int AS "photosProvisional",
    coalesce(sum(r."countPagesRetrocession"), 0)::int AS "pagesRetrocession", coalesce(sum(r."countPhotosRetrocession"), 0)::int AS "photosRetrocession",
    coalesce(sum(r."countPagesBilling"), 0)::int AS "pagesBilling", coalesce(sum(r."countPhotosBilling"), 0)::int AS "photosBilling",
    ${shown.billing ? Prisma.sql`coalesce(sum(${billingCents}), 0)::text` : hidden} AS "billingCents",
    ${shown.retrocession ? Prisma.sql`coalesce(sum(${retrocessionCents}), 0)::text` : hidden} AS "retrocessionCents"`,
  having: Prisma.empty,
};

/** The SQL key columns of each dimension (what it selects and groups by). */
function keyColumns(viewer: Viewer, source: Source, dimension: AggregateDimension): Prisma.Sql[] {
  switch (dimension) {
    case 'YEAR':
      return [Prisma.sql`${source.year} AS "year"`];
    case 'MONTH':
      return [Prisma.sql`${source.year} AS "year"`, Prisma.sql`${source.month} AS "month"`];
    case 'BAILIFF':
      return [
        Prisma.sql`b.id AS "bailiffId"`,
        Prisma.sql`b."firstName" AS "bailiffFirstName"`,
        Prisma.sql`b."lastName" AS "bailiffLastName"`,
      ];
    case 'SECRETARY':
      return [
        Prisma.sql`s.id AS "secretaryId"`,
        Prisma.sql`s."firstName" AS "secretaryFirstName"`,
        Prisma.sql`s."lastName" AS "secretaryLastName"`,
      ];
    case 'GROUP':
      return [Prisma.sql`g.id AS "groupId"`, Prisma.sql`g.name AS "groupName"`];
    case 'STATUS':
      // The status as the viewer's lists show it (rules.ts statusShownTo): a bailiff's NA and RS are EC.
      return [
        viewer.role === 'BAILIFF'
          ? Prisma.sql`(CASE WHEN r.status IN ('NA', 'RS') THEN 'EC' ELSE r.status::text END) AS "status"`
          : Prisma.sql`r.status::text AS "status"`,
      ];
  }
}

/** GROUP BY / ORDER BY expressions: the position of every key column in the select list. */
const positions = (count: number) => Prisma.raw(Array.from({ length: count }, (_, index) => String(index + 1)).join(', '));

interface AggregateRow extends CountSums {
  year?: number;
  month?: number;
  bailiffId?: number;
  bailiffFirstName?: string;
  bailiffLastName?: string;
  secretaryId?: number | null;
  secretaryFirstName?: string | null;
  secretaryLastName?: string | null;
  groupId?: number | null;
  groupName?: string | null;
  status?: ReportStatus;
  billingCents: string | null;
  retrocessionCents: string | null;
}

const euros = (cents: string | null) => (cents === null ? null : toDecimal(cents).dividedBy(100));

const person = (
  id: number | null | undefined,
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): PersonKey | null => (id == null ? null : { id, firstName: firstName ?? '', lastName: lastName ?? '' });

/**
 * Counts and amounts HT of the constats `filter` finds for the viewer, one row per combination of
 * the `groupBy` keys (one row in all without any), in key order. ONE statement.
 */
export async function reportAggregates(
  ctx: AppContext,
  filter: ReportFilter,
  groupBy: readonly string[],
  maxRows: number = AGGREGATE_ROWS_DEFAULT,
): Promise<ReportAggregate[]> {
  const viewer = ctx.viewer;
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'Veuillez vous connecter.');
  const dimensions = normaliseGroupBy(groupBy);
  checkMaxRows(maxRows);
  const source = rollupsAnswer(filter) ? ROLLUP : SCAN;
  const keys = dimensions.flatMap((dimension) => keyColumns(viewer, source, dimension));
  const grouping =
    keys.length > 0 ? Prisma.sql`GROUP BY ${positions(keys.length)} ${source.having} ORDER BY ${positions(keys.length)}` : Prisma.empty;
  const rows = await ctx.db.$queryRaw<AggregateRow[]>`
    SELECT ${Prisma.join([...keys, source.figures(amountsShownTo(viewer.role))])}
      FROM ${source.from(dimensions.includes('MONTH') || dimensions.includes('YEAR'))}
      ${TARIFF_JOINS}
     WHERE ${reportsSql(viewer, filter)}
     ${grouping}
     LIMIT ${maxRows + 1}`;
  if (rows.length > maxRows) throw new AppError('BAD_USER_INPUT', reportingMessages.tooManyRows(maxRows), { reason: 'TOO_MANY_ROWS' });
  return rows.map(
    ({ year, month, bailiffId, bailiffFirstName, bailiffLastName, secretaryId, secretaryFirstName, secretaryLastName, ...row }) => {
      const { groupId, groupName, status, billingCents: billing, retrocessionCents: retrocession, ...sums } = row;
      return {
        year: year ?? null,
        month: month ?? null,
        bailiff: person(bailiffId, bailiffFirstName, bailiffLastName),
        secretary: person(secretaryId, secretaryFirstName, secretaryLastName),
        groupId: groupId ?? null,
        groupName: groupName ?? null,
        status: status ?? null,
        ...sums,
        billingAmountHT: euros(billing),
        retrocessionAmountHT: euros(retrocession),
      };
    },
  );
}

export { AGGREGATE_DIMENSIONS };
