// What the absences calendar shows: the days of a month, week or day view, moving between them,
// and which absences fall on a day. Pure, on 'YYYY-MM-DD' days (absences are whole days).
import { addDays, dayOf, firstOfMonth, lastOfMonth, parseIsoDay, startOfWeek, type Day } from '../../ui/days.js';

export type CalendarView = 'month' | 'week' | 'day';

/** The address parameter of the day a calendar opens on (its month): `?date=YYYY-MM-DD`. */
export const CALENDAR_DAY_PARAM = 'date';

/** Far above any office's absences over six weeks; sent as a variable (graphql-armor's cost rule). */
export const MAX_ABSENCES = 500;

export interface DayRange {
  from: Day;
  to: Day;
}

export interface AbsenceDays {
  readonly startDate: Day;
  readonly endDate: Day;
}

/**
 * The days on screen around `anchor`: the month's weeks, Monday to Sunday, neighbouring days
 * included (as the month grid draws them); the week; the day.
 */
export function visibleRange(view: CalendarView, anchor: Day): DayRange {
  if (view === 'day') return { from: anchor, to: anchor };
  if (view === 'week') return { from: startOfWeek(anchor), to: addDays(startOfWeek(anchor), 6) };
  return { from: startOfWeek(firstOfMonth(anchor)), to: addDays(startOfWeek(lastOfMonth(anchor)), 6) };
}

/** 'Précédent' (-1) and 'Suivant' (+1): a month (to its first day), a week or a day away. */
export function shiftAnchor(view: CalendarView, anchor: Day, direction: 1 | -1): Day {
  if (view === 'month') return firstOfMonth(anchor, direction);
  return addDays(anchor, direction * (view === 'week' ? 7 : 1));
}

/** The absences covering a day (both ends included), in their order. */
export function absencesOn<T extends AbsenceDays>(absences: readonly T[], day: Day): T[] {
  return absences.filter((absence) => absence.startDate <= day && day <= absence.endDate);
}

/** The absences overlapping a range of days. */
export function absencesIn<T extends AbsenceDays>(absences: readonly T[], range: DayRange): T[] {
  return absences.filter((absence) => absence.startDate <= range.to && range.from <= absence.endDate);
}

/**
 * The period a phone's agenda lists: the month itself (not the neighbouring days the month grid
 * draws), the week, the day.
 */
export function agendaRange(view: CalendarView, anchor: Day): DayRange {
  if (view === 'month') return { from: firstOfMonth(anchor), to: lastOfMonth(anchor) };
  return visibleRange(view, anchor);
}

export interface AgendaDay<T> {
  day: Day;
  absences: T[];
}

/**
 * The agenda of a range: each absence once, under the day it starts on (or the range's first day
 * when it started before), the days in order and, on a day, the absences in their order. A long
 * absence is listed once with its period rather than on each of its days.
 */
export function agendaOf<T extends AbsenceDays>(absences: readonly T[], range: DayRange): AgendaDay<T>[] {
  const byDay = new Map<Day, T[]>();
  for (const absence of absencesIn(absences, range)) {
    const day = absence.startDate < range.from ? range.from : absence.startDate;
    byDay.set(day, [...(byDay.get(day) ?? []), absence]);
  }
  return [...byDay.keys()].sort().map((day) => ({ day, absences: byDay.get(day)! }));
}

/** A calendar opens on the month of `?date=` (a new absence's), else on today's. */
export function openingAnchor(search: URLSearchParams, today: Date = new Date()): Day {
  return parseIsoDay(search.get(CALENDAR_DAY_PARAM)) ?? dayOf(today);
}

/** The calendars' query variables for the days on screen. */
export const calendarQueryVariables = (range: DayRange) => ({ ...range, count: MAX_ABSENCES });

/** The opening query of a calendar at the address `search` (the route starts it with the screen's code). */
export const calendarOpening = (search: URLSearchParams) => calendarQueryVariables(visibleRange('month', openingAnchor(search)));
