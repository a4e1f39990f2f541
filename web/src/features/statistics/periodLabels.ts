// What a point of the statistics chart stands for, in words (the API's x is a day number or a
// short month name): its tooltip title.
import { formatDate } from '../../ui/format.js';
import { monthName } from '../../ui/periods.js';

/**
 * The tooltip title of the `index`-th point (0-based): the day 'DD/MM/YYYY' in a month's chart,
 * the month 'Mars 2026' in a year's chart.
 */
export function pointTitle(year: number, month: number | null, index: number): string {
  if (month === null) return `${monthName(index + 1)} ${year}`;
  const pad = (value: number) => String(value).padStart(2, '0');
  return formatDate(`${year}-${pad(month)}-${pad(index + 1)}`);
}

/** The statistics screen opens on the whole current year (the route starts its query with the screen's code). */
export const statisticsOpening = (today: Date = new Date()): { year: number; month: number | null } => ({
  year: today.getFullYear(),
  month: null,
});
