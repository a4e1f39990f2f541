// The rules of « Signaler une absence ou un congé » (product.md §2, §5), as the form applies them
// before the server does the same.
import { parseFrenchDay, type Day } from '../../ui/days.js';
import { absencesText } from '../../i18n/absences.js';
import { CALENDAR_DAY_PARAM } from './calendarRange.js';

const t = absencesText.form;

export interface AbsenceDates {
  /** As typed or picked, 'DD/MM/YYYY'. */
  start: string;
  end: string;
}

export interface AbsenceDatesCheck {
  /** Both days, when both are real days and the end is not before the start. */
  days: { startDate: Day; endDate: Day } | null;
  errors: Partial<Record<keyof AbsenceDates, string>>;
}

/**
 * Both dates are required and real; the end may not be before the start ('La date doit être
 * postérieure à la date de début.'); a one-day absence ends the day it starts.
 */
export function checkAbsenceDates({ start, end }: AbsenceDates): AbsenceDatesCheck {
  const startDate = parseFrenchDay(start);
  const endDate = parseFrenchDay(end);
  const errors: AbsenceDatesCheck['errors'] = {};
  if (start.trim() && !startDate) errors.start = t.invalidDate;
  if (end.trim() && !endDate) errors.end = t.invalidDate;
  else if (startDate && endDate && endDate < startDate) errors.end = t.endBeforeStart;
  const days = startDate && endDate && !errors.end ? { startDate, endDate } : null;
  return { days, errors };
}

/**
 * product.md §2: after reporting an absence the bailiff sees his calendar, the others the
 * secretary's, opened on the absence's first day (its month), where it shows.
 */
export function calendarPathAfterReport(role: 'ADMIN' | 'BAILIFF' | 'SECRETARY', startDate: Day): string {
  const path = role === 'BAILIFF' ? '/dashboard/bailiffcalendar' : '/dashboard/secretarycalendar';
  return `${path}?${new URLSearchParams({ [CALENDAR_DAY_PARAM]: startDate })}`;
}
