// The month names of the mail templates and the PDF bills. Amounts and dates have the app's one
// formatter each (packages/domain/src/format.ts).

// UTC on both sides: a calendar month has no time zone, and this avoids any shift at midnight.
const monthYear = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "novembre 2026" for month 11 (1–12) of 2026. */
export function formatMonthYear(year: number, month: number): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Invalid month ${month} (expected 1–12)`);
  }
  return monthYear.format(Date.UTC(year, month - 1, 1));
}
