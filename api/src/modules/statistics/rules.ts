// Statistiques (product.md §2, §9): revenue per day of a month, or per month of a year, as two series —
// the secretaries' (rétrocession counts × secretary prices) and the bailiffs' (billing counts ×
// étude prices) — in the shape a line chart (nivo) takes: [{ id, data: [{ x, y }] }].
import { Decimal, sum, toDecimal, type DecimalInput } from '@constats/domain/money';
import { daysInMonth } from '../../lib/periods.js';
import { countsAmount, type ReportCounts } from '@constats/domain/line-amounts';

export const FIRST_STATISTICS_YEAR = 2000;
/** Legacy `month=-1`: the whole year. */
export const WHOLE_YEAR = -1;

export const statisticsMessages = {
  yearInvalid: `Choisissez une année de ${FIRST_STATISTICS_YEAR} à l’année en cours.`,
  monthInvalid: 'Choisissez un mois de 1 à 12, ou -1 pour toute l’année.',
} as const;

export const SERIES_LABELS = { secretaries: 'Secrétaires', bailiffs: 'Huissiers' } as const;

const MONTH_LABELS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** product.md §2: years from 2000 to the current one; a month 1–12, or −1 (or none) for the whole year. */
export function validateStatisticsPeriod(year: number, month: number | null | undefined, currentYear: number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Number.isInteger(year) || year < FIRST_STATISTICS_YEAR || year > currentYear) errors.year = statisticsMessages.yearInvalid;
  if (month != null && month !== WHOLE_YEAR && (!Number.isInteger(month) || month < 1 || month > 12))
    errors.month = statisticsMessages.monthInvalid;
  return errors;
}

/** null for the whole year. */
export const monthOrYear = (month: number | null | undefined): number | null => (month == null || month === WHOLE_YEAR ? null : month);

/** A constat with its validated counts at its effective tariffs (secretary's and étude's). */
export interface StatisticsItem extends Omit<ReportCounts, 'countPagesProvisional' | 'countPhotosProvisional'> {
  createdAt: Date;
  secretaryPricePage: DecimalInput | null;
  secretaryPricePhoto: DecimalInput | null;
  groupPricePage: DecimalInput | null;
  groupPricePhoto: DecimalInput | null;
}

export interface Point {
  /** Day of the month ("1" … "31") or month of the year ("janv." … "déc."). */
  x: string;
  amount: Decimal;
}

export interface Statistics {
  secretaries: Point[];
  bailiffs: Point[];
  totals: { reports: number; secretaries: Decimal; bailiffs: Decimal };
}

/** What a report weighs in each series (product.md §9: counts × prices, per report to the cent). */
export function itemAmounts(item: StatisticsItem): { secretaries: Decimal; bailiffs: Decimal } {
  return {
    secretaries: countsAmount({
      pages: item.countPagesRetrocession,
      photos: item.countPhotosRetrocession,
      pricePage: item.secretaryPricePage,
      pricePhoto: item.secretaryPricePhoto,
    }),
    bailiffs: countsAmount({
      pages: item.countPagesBilling,
      photos: item.countPhotosBilling,
      pricePage: item.groupPricePage,
      pricePhoto: item.groupPricePhoto,
    }),
  };
}

/**
 * What the period's constats created on one Paris day (of a month) or in one Paris month (of a
 * year) add up to: each constat's amounts rounded to the cent (itemAmounts), then summed.
 */
export interface Bucket {
  /** Day of the month (1–31) or month of the year (1–12). */
  bucket: number;
  reports: number;
  secretaries: DecimalInput;
  bailiffs: DecimalInput;
}

/** One point per day of the month (or per month of the year), zero where nothing was deposited. */
export function statisticsSeries(buckets: Bucket[], year: number, month: number | null): Statistics {
  const labels = month == null ? MONTH_LABELS : Array.from({ length: daysInMonth(year, month) }, (_, index) => String(index + 1));
  const found = new Map(buckets.map((bucket) => [bucket.bucket, bucket]));
  const points = (series: 'secretaries' | 'bailiffs') =>
    labels.map((x, index) => ({ x, amount: toDecimal(found.get(index + 1)?.[series] ?? 0) }));
  const secretaryPoints = points('secretaries');
  const bailiffPoints = points('bailiffs');
  return {
    secretaries: secretaryPoints,
    bailiffs: bailiffPoints,
    totals: {
      reports: labels.reduce((total, _x, index) => total + (found.get(index + 1)?.reports ?? 0), 0),
      secretaries: sum(secretaryPoints.map((point) => point.amount)),
      bailiffs: sum(bailiffPoints.map((point) => point.amount)),
    },
  };
}
