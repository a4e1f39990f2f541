// Calendar periods as the études live them: months and years in Paris time, as UTC instants.
import { AppError } from '../errors.js';

/** Years any period may name: the extranet's data starts in 2000; beyond 2100 is a typing error. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** A year within the bounds and, when given, a month 1–12. */
export function isValidPeriod(year: number, month?: number | null): boolean {
  const yearOk = Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
  return yearOk && (month == null || (Number.isInteger(month) && month >= 1 && month <= 12));
}

export const invalidPeriodMessage = `Période invalide : l’année doit être comprise entre ${FIRST_YEAR} et ${LAST_YEAR} et le mois entre 1 et 12.`;

const TIME_ZONE = 'Europe/Paris';

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it, and the
// dashboard headers ask for the current Paris month on every request.
const PARIS_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

const HOUR = 3_600_000;
// Paris changes its offset on a whole UTC hour (01:00 UTC), so the offset is known per hour:
// formatting costs ~20 µs and the dashboard headers need five offsets per request.
const OFFSETS_KEPT = 10_000;
const offsetByHour = new Map<number, number>();

/** Offset of Paris from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function parisOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * HOUR);
    const parts = PARIS_CLOCK.formatToParts(start);
    const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'));
    offset = Math.round((asUtc - start.getTime()) / 60_000);
    if (offsetByHour.size >= OFFSETS_KEPT) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The UTC instant of a Paris wall-clock midnight. */
function parisMidnight(year: number, monthIndex: number, day: number): Date {
  return parisWallClock(year, monthIndex, day);
}

/**
 * The UTC instant of a Paris wall-clock time (month 0–11). In the hour skipped when clocks go
 * forward it lands an hour later; in the hour lived twice, on its second pass.
 */
export function parisWallClock(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const guess = new Date(Date.UTC(year, monthIndex, day, hour, minute, second));
  // Two passes: the offset at the guess may differ from the one at the true instant around DST.
  const first = new Date(guess.getTime() - parisOffsetMinutes(guess) * 60_000);
  return new Date(guess.getTime() - parisOffsetMinutes(first) * 60_000);
}

export interface Period {
  start: Date;
  /** Exclusive. */
  end: Date;
}

/** Month 1–12 of a year, or the whole year when month is omitted. */
export function parisPeriod(year: number, month?: number | null): Period {
  // Date.UTC would turn month 0 into December of the year before and year 99999 into no date at all.
  if (!isValidPeriod(year, month)) throw new AppError('BAD_USER_INPUT', invalidPeriodMessage, { reason: 'PERIOD' });
  if (month == null) return { start: parisMidnight(year, 0, 1), end: parisMidnight(year + 1, 0, 1) };
  return { start: parisMidnight(year, month - 1, 1), end: parisMidnight(year, month, 1) };
}

/** Year and month (1–12) in Paris of an instant. */
export function parisYearMonth(instant: Date): { year: number; month: number } {
  const shifted = new Date(instant.getTime() + parisOffsetMinutes(instant) * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

export function currentParisMonth(now: Date): Period {
  const { year, month } = parisYearMonth(now);
  return parisPeriod(year, month);
}

/** The Paris wall clock at an instant: year, month (1–12), day, hour (0–23) and minute. */
export function parisDateTime(instant: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const shifted = new Date(instant.getTime() + parisOffsetMinutes(instant) * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** Year, month (1–12) and day of the month in Paris of an instant. */
export function parisDate(instant: Date): { year: number; month: number; day: number } {
  const { year, month, day } = parisDateTime(instant);
  return { year, month, day };
}

/** Number of days of a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
