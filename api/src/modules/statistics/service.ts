import type { AppContext } from '../../context.js';
import { forbidden, notAuthenticated, validationError } from '../../errors.js';
import { parisPeriod, parisYearMonth } from '../../lib/periods.js';
import { periodAgreement } from '../counting/agreement.js';
import type { Agreement } from '../counting/rules.js';
import { monthOrYear, statisticsSeries, validateStatisticsPeriod, type Statistics, type StatisticsItem } from './rules.js';

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
 * Spec §2 "Statistiques" (admins): the reports created in the Paris month or year, each at the
 * tariffs captured on it, else the secretary's and the étude's current ones.
 */
export async function statistics(ctx: AppContext, year: number, month: number | null | undefined, now = new Date()): Promise<StatisticsResult> {
  if (!ctx.viewer) throw notAuthenticated();
  if (ctx.viewer.role !== 'ADMIN') throw forbidden();
  const errors = validateStatisticsPeriod(year, month, parisYearMonth(now).year);
  if (Object.keys(errors).length > 0) throw validationError(errors, Object.values(errors)[0]);
  const wanted = monthOrYear(month);
  const period = parisPeriod(year, wanted);
  const reports = await ctx.db.report.findMany({
    where: { createdAt: { gte: period.start, lt: period.end } },
    select: {
      id: true,
      createdAt: true,
      countPagesRetrocession: true,
      countPhotosRetrocession: true,
      countPagesBilling: true,
      countPhotosBilling: true,
      secretaryPricePage: true,
      secretaryPricePhoto: true,
      groupPricePage: true,
      groupPricePhoto: true,
      secretary: { select: { secretaryPricePage: true, secretaryPricePhoto: true } },
      bailiff: { select: { group: { select: { pricePage: true, pricePhoto: true } } } },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const items = reports.map((report) => ({
    id: report.id,
    createdAt: report.createdAt,
    countPagesRetrocession: report.countPagesRetrocession,
    countPhotosRetrocession: report.countPhotosRetrocession,
    countPagesBilling: report.countPagesBilling,
    countPhotosBilling: report.countPhotosBilling,
    secretaryPricePage: report.secretaryPricePage ?? report.secretary?.secretaryPricePage ?? null,
    secretaryPricePhoto: report.secretaryPricePhoto ?? report.secretary?.secretaryPricePhoto ?? null,
    groupPricePage: report.groupPricePage ?? report.bailiff.group?.pricePage ?? null,
    groupPricePhoto: report.groupPricePhoto ?? report.bailiff.group?.pricePhoto ?? null,
  }));
  const detection = await periodAgreement(ctx.db, period);
  return { year, month: wanted, items, detection, ...statisticsSeries(items, year, wanted) };
}
