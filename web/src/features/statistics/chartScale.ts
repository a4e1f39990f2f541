// The statistics chart's scale and points (product.md §2), as pure functions: the amount axis shows
// round values and the horizontal grid lines sit on exactly those values; periods still to come
// are left out of the lines instead of being drawn at 0 €.
import { parisYearMonth } from '../../ui/periods.js';

/** Round tick values from 0 up to (at least) `max`, about `count` steps of 1, 2, 2.5 or 5 × 10ⁿ. */
export function amountTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks: number[] = [];
  for (let value = 0; value < max + step / 2 && ticks.length <= count + 1; value += step) ticks.push(Number(value.toFixed(10)));
  if (ticks[ticks.length - 1] < max) ticks.push(Number((ticks[ticks.length - 1] + step).toFixed(10)));
  return ticks;
}

/**
 * How many of the chart's points are past or present: a year's chart has 12 months, a month's
 * chart its days; the current Paris month (or day) counts, later ones do not.
 */
export function elapsedPoints(year: number, month: number | null, total: number, now: Date = new Date()): number {
  const current = parisYearMonth(now);
  if (month === null) {
    if (year !== current.year) return year < current.year ? total : 0;
    return current.month;
  }
  const period = year * 12 + month;
  const currentPeriod = current.year * 12 + current.month;
  if (period !== currentPeriod) return period < currentPeriod ? total : 0;
  const day = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', day: 'numeric' }).format(now));
  return Math.min(day, total);
}

/**
 * At most `max` of the axis' values, evenly spaced from the first one (every value when they fit):
 * a phone's narrow chart labels every 6th day of a month or every other month of a year, none
 * of them overlapping.
 */
export function spacedTicks<T>(values: readonly T[], max: number): T[] {
  const step = Math.max(1, Math.ceil(values.length / max));
  return values.filter((_, index) => index % step === 0);
}

const compactAmount = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** A phone's amount axis: '12,5 k €' rather than '12 500,00 €', so that the plot keeps its width. */
export function shortAmount(value: number): string {
  return compactAmount.format(value);
}
