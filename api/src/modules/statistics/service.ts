import type { ResolveCursorConnectionArgs } from '@pothos/plugin-relay';
import type { AppContext } from '../../context.js';
import { forbidden, notAuthenticated, validationError } from '../../errors.js';
import { Prisma } from '../../generated/prisma/client.js';
import { sqlTimestamp } from '../../infra/db.js';
import { toDecimal } from '@constats/domain/money';
import { parisPeriod, parisYearMonth, type Period } from '../../lib/periods.js';
import { periodAgreement } from '../counting/agreement.js';
import { statisticsSql } from '../reports/read-model/filters.js';
import {
  billingPricePage,
  billingPricePhoto,
  retrocessionPricePage,
  retrocessionPricePhoto,
  TARIFF_JOINS,
} from '../reports/read-model/tariffs.js';
import type { Agreement } from '../counting/rules.js';
import { monthOrYear, statisticsSeries, validateStatisticsPeriod, type Bucket, type Statistics, type StatisticsItem } from './rules.js';

type Price = 'secretaryPricePage' | 'secretaryPricePhoto' | 'groupPricePage' | 'groupPricePhoto';

/** A constat of the period (legacy `data.data`) with its counts at its effective tariffs. */
export type StatisticsItemRow = StatisticsItem & { id: number };

/** The period asked, checked; its figures are read only by the fields that show them. */
export interface StatisticsPeriod {
  year: number;
  /** null for the whole year. */
  month: number | null;
  period: Period;
}

/** product.md §2 "Statistiques" (admins): years from 2000 to the current one, a month or the whole year. */
export function statisticsPeriod(ctx: AppContext, year: number, month: number | null | undefined, now = new Date()): StatisticsPeriod {
  if (!ctx.viewer) throw notAuthenticated();
  if (ctx.viewer.role !== 'ADMIN') throw forbidden();
  const errors = validateStatisticsPeriod(year, month, parisYearMonth(now).year);
  if (Object.keys(errors).length > 0) throw validationError(errors, Object.values(errors)[0]);
  const wanted = monthOrYear(month);
  return { year, month: wanted, period: parisPeriod(year, wanted) };
}

/**
 * countsAmount (packages/domain/src/line-amounts.ts) in SQL: counts × prices, rounded to the cent per constat
 * (half up: PostgreSQL rounds half away from zero, and amounts are never negative). Held equal to
 * itemAmounts, constat by constat, by tests/api/statistics-pages.test.ts.
 */
const countsAmountSql = (pages: Prisma.Sql, photos: Prisma.Sql, pricePage: Prisma.Sql, pricePhoto: Prisma.Sql) =>
  Prisma.sql`round(coalesce(${pricePage}, 0) * ${pages} + coalesce(${pricePhoto}, 0) * ${photos}, 2)`;

/**
 * The two series and their totals, added up by PostgreSQL per Paris day (a month) or month (a
 * year): at most 31 rows leave the database, however many constats the period holds.
 */
export async function statisticsFigures(ctx: AppContext, { year, month, period }: StatisticsPeriod): Promise<Statistics> {
  const paris = Prisma.sql`((r."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Paris')`;
  const bucket = month == null ? Prisma.sql`extract(month FROM ${paris})::int` : Prisma.sql`extract(day FROM ${paris})::int`;
  const secretaries = countsAmountSql(
    Prisma.sql`r."countPagesRetrocession"`,
    Prisma.sql`r."countPhotosRetrocession"`,
    retrocessionPricePage,
    retrocessionPricePhoto,
  );
  const bailiffs = countsAmountSql(
    Prisma.sql`r."countPagesBilling"`,
    Prisma.sql`r."countPhotosBilling"`,
    billingPricePage,
    billingPricePhoto,
  );
  // Sums travel as text (exact decimals).
  const buckets = await ctx.db.$queryRaw<Bucket[]>`
    SELECT ${bucket} AS bucket, count(*)::int AS reports, sum(${secretaries})::text AS secretaries, sum(${bailiffs})::text AS bailiffs
      FROM "Report" r ${TARIFF_JOINS}
     WHERE ${statisticsSql(period)}
     GROUP BY 1`;
  return statisticsSeries(buckets, year, month);
}

/** Billed constats whose counts equal the automatic counting (product.md §10). */
export const statisticsAgreement = (ctx: AppContext, { period }: StatisticsPeriod): Promise<Agreement> => periodAgreement(ctx.db, period);

const CURSOR_PREFIX = 'StatisticsItem:';

/** An item's place in the list (creation instant, then id): a page goes on after it even if it was deleted since. */
export const statisticsItemCursor = (item: { createdAt: Date; id: number }) =>
  Buffer.from(`${CURSOR_PREFIX}${item.createdAt.getTime()}:${item.id}`).toString('base64');

function parseCursor(cursor: string): { createdAt: Date; id: number } {
  const decoded = Buffer.from(cursor, 'base64').toString();
  const [time, id] = decoded.slice(CURSOR_PREFIX.length).split(':').map(Number);
  if (!decoded.startsWith(CURSOR_PREFIX) || !Number.isSafeInteger(time) || !Number.isSafeInteger(id)) {
    throw validationError({ cursor: 'Curseur invalide.' }, 'Curseur invalide.');
  }
  return { createdAt: new Date(time), id };
}

/**
 * A page of the period's constats in creation order (the legacy order), for
 * resolveCursorConnection: backwards pages come nearest-first, as the helper expects.
 */
export async function statisticsItems(
  ctx: AppContext,
  { period }: StatisticsPeriod,
  page: ResolveCursorConnectionArgs,
): Promise<StatisticsItemRow[]> {
  const cursor = page.inverted ? page.before : page.after;
  const direction = page.inverted ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const from = cursor ? parseCursor(cursor) : null;
  const after = from
    ? Prisma.sql`AND (r."createdAt", r.id) ${page.inverted ? Prisma.sql`<` : Prisma.sql`>`} (${sqlTimestamp(from.createdAt)}, ${from.id})`
    : Prisma.empty;
  // Decimals travel as text (exact); null where no tariff applies (no secretary, no étude).
  const rows = await ctx.db.$queryRaw<(Omit<StatisticsItemRow, Price> & Record<Price, string | null>)[]>`
    SELECT r.id, r."createdAt", r."countPagesRetrocession", r."countPhotosRetrocession", r."countPagesBilling", r."countPhotosBilling",
           ${retrocessionPricePage}::text AS "secretaryPricePage", ${retrocessionPricePhoto}::text AS "secretaryPricePhoto",
           ${billingPricePage}::text AS "groupPricePage", ${billingPricePhoto}::text AS "groupPricePhoto"
      FROM "Report" r ${TARIFF_JOINS}
     WHERE ${statisticsSql(period)} ${after}
     ORDER BY r."createdAt" ${direction}, r.id ${direction}
     LIMIT ${page.limit}`;
  const decimal = (text: string | null) => (text === null ? null : toDecimal(text));
  return rows.map((row) => ({
    ...row,
    secretaryPricePage: decimal(row.secretaryPricePage),
    secretaryPricePhoto: decimal(row.secretaryPricePhoto),
    groupPricePage: decimal(row.groupPricePage),
    groupPricePhoto: decimal(row.groupPricePhoto),
  }));
}
