// The only date and money formatters of the mail templates (and of the PDF bills). They depend on
// nothing else in mail/.
import { parisDateTime } from '../../lib/periods.js';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * "05/11/2026 14:30" (DD/MM/YYYY HH:mm): études are in France, every date a user reads is in Paris
 * time whatever the server's zone — the one Paris clock of lib/periods.ts.
 */
export function formatParisDateTime(date: Date): string {
  const { year, month, day, hour, minute } = parisDateTime(date);
  return `${twoDigits(day)}/${twoDigits(month)}/${year} ${twoDigits(hour)}:${twoDigits(minute)}`;
}

// UTC on both sides: a calendar month has no time zone, and this avoids any shift at midnight.
const monthYear = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "novembre 2026" for month 11 (1–12) of 2026. */
export function formatMonthYear(year: number, month: number): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Invalid month ${month} (expected 1–12)`);
  }
  return monthYear.format(Date.UTC(year, month - 1, 1));
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * "1 234,56 €" from a decimal string in euros ("1234.56", e.g. Prisma `Decimal#toFixed(2)`).
 * A string, not a number: amounts are exact decimals and must never pass through a float.
 */
export function formatEuros(amount: string): string {
  // Intl would print "NaN €" for garbage; a bill e-mail must fail loudly instead.
  if (!DECIMAL.test(amount)) throw new RangeError(`Invalid decimal amount "${amount}"`);
  // fr-FR groups digits with U+202F (narrow no-break space) but puts U+00A0 before "€"; some mail
  // clients' fonts lack U+202F, so use U+00A0 everywhere: it renders everywhere and never wraps.
  return euros.format(amount as Intl.StringNumericLiteral).replace(/\u202f/g, '\u00a0');
}
