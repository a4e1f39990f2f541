import type { AppContext } from '../../context.js';
import { forbidden, notAuthenticated, validationError } from '../../errors.js';
import { toDecimal } from '../../lib/money.js';
import { parisPeriod, parisYearMonth } from '../../lib/periods.js';
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
import { monthOrYear, statisticsSeries, validateStatisticsPeriod, type Statistics, type StatisticsItem } from './rules.js';

type Price = 'secretaryPricePage' | 'secretaryPricePhoto' | 'groupPricePage' | 'groupPricePhoto';

export interface StatisticsResult extends Statistics {
  year: number;
  /** null for the whole year. */
  month: number | null;
  /** The reports behind the series (legacy `data.data`). */
  items: (StatisticsItem & { id: number })[];
  /** Billed constats whose counts equal the automatic counting (issue 21). */
  detection: Agreement;
}

/**
 * Spec §2 "Statistiques" (admins): the reports created in the Paris month or year, each at its
 * effective tariffs (read-model/tariffs.ts).
 */
export async function statistics(
  ctx: AppContext,
  year: number,
  month: number | null | undefined,
  now = new Date(),
): Promise<StatisticsResult> {
  if (!ctx.viewer) throw notAuthenticated();
  if (ctx.viewer.role !== 'ADMIN') throw forbidden();
  const errors = validateStatisticsPeriod(year, month, parisYearMonth(now).year);
  if (Object.keys(errors).length > 0) throw validationError(errors, Object.values(errors)[0]);
  const wanted = monthOrYear(month);
  const period = parisPeriod(year, wanted);
  // Decimals travel as text (exact); null where no tariff applies (no secretary, no étude).
  const rows = await ctx.db.$queryRaw<(Omit<StatisticsResult['items'][number], Price> & Record<Price, string | null>)[]>`
    SELECT r.id, r."createdAt", r."countPagesRetrocession", r."countPhotosRetrocession", r."countPagesBilling", r."countPhotosBilling",
           ${retrocessionPricePage}::text AS "secretaryPricePage", ${retrocessionPricePhoto}::text AS "secretaryPricePhoto",
           ${billingPricePage}::text AS "groupPricePage", ${billingPricePhoto}::text AS "groupPricePhoto"
      FROM "Report" r ${TARIFF_JOINS}
     WHERE ${statisticsSql(period)}
     ORDER BY r."createdAt", r.id`;
  const decimal = (text: string | null) => (text === null ? null : toDecimal(text));
  const items = rows.map((row) => ({
    ...row,
    secretaryPricePage: decimal(row.secretaryPricePage),
    secretaryPricePhoto: decimal(row.secretaryPricePhoto),
    groupPricePage: decimal(row.groupPricePage),
    groupPricePhoto: decimal(row.groupPricePhoto),
  }));
  const detection = await periodAgreement(ctx.db, period);
  return { year, month: wanted, items, detection, ...statisticsSeries(items, year, wanted) };
}
