// Pure rules of the rétrocession screens.

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
