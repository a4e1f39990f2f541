// Pure rules of the rétrocession screens.
import { parisYearMonth } from '../../ui/periods.js';

export interface YearMonth {
  year: number;
  month: number;
}

/**
 * A secretary invoices a past or the current month, never a future one (the API refuses it):
 * the upload box is only offered for those.
 */
export function isBillableMonth(period: YearMonth, current: YearMonth): boolean {
  return period.year * 12 + period.month <= current.year * 12 + current.month;
}

/** A constat belongs to the rétrocession of the month it was created in (Paris time); `month` null: the whole year. */
export function createdInPeriod(createdAt: Date, shown: { year: number; month: number | null }): boolean {
  const created = parisYearMonth(createdAt);
  return created.year === shown.year && (shown.month == null || created.month === shown.month);
}
