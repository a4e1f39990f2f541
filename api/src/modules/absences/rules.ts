// Pure rules of absences ("indisponibilités"): whole days, inclusive (product.md §3, §5).
import { absenceFormMessages } from '@constats/domain/form-messages';
import { FIRST_YEAR, LAST_YEAR } from '../../lib/periods.js';
import { multiLineProblem } from '@constats/domain/text-input';

export const absenceMessages = {
  // The form's messages the web app shows too (packages/domain/src/form-messages.ts).
  ...absenceFormMessages,
  outOfRange: 'Date trop éloignée : une absence se déclare au plus un an avant et cinq ans après aujourd’hui.',
  tooLongAbsence: 'Une absence dure au plus un an : déclarez-la en plusieurs fois.',
} as const;

export const ABSENCE_COMMENT_MAX = 500;

const DAY = 86_400_000;
/** Bounds of a declared absence: a typing slip (1900, 9999) must not fill the calendars for ever. */
export const ABSENCE_LIMITS = { daysBefore: 366, daysAfter: 5 * 366, longestDays: 366 } as const;

/**
 * A calendar day as a UTC-midnight Date (the DATE column's value), from 'YYYY-MM-DD', the legacy
 * 'YYYY/MM/DD' (product.md §7) or the French 'DD/MM/YYYY'; null when it is not a real day.
 */
export function parseDay(text: string | null | undefined): Date | null {
  const value = (text ?? '').trim();
  const ymd = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [year, month, day] = ymd ? [ymd[1], ymd[2], ymd[3]].map(Number) : dmy ? [dmy[3], dmy[2], dmy[1]].map(Number) : [];
  if (!year || year < FIRST_YEAR || year > LAST_YEAR) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects 31/02 and the like, which Date would silently roll over.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** 'YYYY-MM-DD' of a DATE column value. */
export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface AbsenceFields {
  startDate?: string | null;
  endDate?: string | null;
  comment?: string | null;
}

/** product.md §5: both days required and real; the end may not be before the start (a one-day absence ends the day it starts). */
export function validateAbsence(input: AbsenceFields, today: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  const start = parseDay(input.startDate);
  const end = parseDay(input.endDate);
  if (!input.startDate?.trim()) errors.startDate = absenceMessages.required;
  else if (!start) errors.startDate = absenceMessages.invalidDate;
  if (!input.endDate?.trim()) errors.endDate = absenceMessages.required;
  else if (!end) errors.endDate = absenceMessages.invalidDate;
  else if (start && end < start) errors.endDate = absenceMessages.endBeforeStart;
  else if (start && (end.getTime() - start.getTime()) / DAY + 1 > ABSENCE_LIMITS.longestDays)
    errors.endDate = absenceMessages.tooLongAbsence;
  const [first, last] = [today.getTime() - ABSENCE_LIMITS.daysBefore * DAY, today.getTime() + ABSENCE_LIMITS.daysAfter * DAY];
  if (start && !errors.startDate && (start.getTime() < first || start.getTime() > last)) errors.startDate = absenceMessages.outOfRange;
  if (end && !errors.endDate && (end.getTime() < first || end.getTime() > last)) errors.endDate = absenceMessages.outOfRange;
  if ((input.comment ?? '').trim().length > ABSENCE_COMMENT_MAX) errors.comment = absenceMessages.tooLong(ABSENCE_COMMENT_MAX);
  else if (multiLineProblem(input.comment)) errors.comment = multiLineProblem(input.comment)!;
  return errors;
}

/** The days a month view shows: first and last day of the month. */
export function monthRange(year: number, month: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 0)) };
}
