// Calendar days as 'YYYY-MM-DD' strings (absences are whole days, product.md §3): arithmetic on the
// day itself, never through a time zone, and the French 'DD/MM/YYYY' the date fields show.

/** A 'YYYY-MM-DD' calendar day. */
export type Day = string;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const FRENCH_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const pad = (value: number) => String(value).padStart(2, '0');

function utc(day: Day): Date {
  const [, year, month, date] = ISO_DAY.exec(day) ?? [];
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(date)));
}

function fromUtc(date: Date): Day {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The day a local Date falls on (what a date picker hands back). */
export function dayOf(date: Date): Day {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a day (what a date picker takes). */
export function dateOf(day: Day): Date {
  const [, year, month, date] = ISO_DAY.exec(day) ?? [];
  return new Date(Number(year), Number(month) - 1, Number(date));
}

export function addDays(day: Day, count: number): Day {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + count);
  return fromUtc(date);
}

/** 0 for Monday … 6 for Sunday (French weeks start on Monday). */
export function weekdayIndex(day: Day): number {
  return (utc(day).getUTCDay() + 6) % 7;
}

export function startOfWeek(day: Day): Day {
  return addDays(day, -weekdayIndex(day));
}

/** The first day of the month `offset` months after the day's month. */
export function firstOfMonth(day: Day, offset = 0): Day {
  const date = utc(day);
  return fromUtc(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1)));
}

export function lastOfMonth(day: Day): Day {
  return addDays(firstOfMonth(day, 1), -1);
}

/** 'DD/MM/YYYY' (one-digit day and month accepted) ⇒ 'YYYY-MM-DD'; null when it is not a real day. */
export function parseFrenchDay(text: string): Day | null {
  const match = FRENCH_DAY.exec(text.trim());
  return match ? realDay(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** A 'YYYY-MM-DD' text (e.g. from an address) when it is a real day, else null. */
export function parseIsoDay(text: string | null | undefined): Day | null {
  const match = ISO_DAY.exec(text ?? '');
  return match ? realDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

function realDay(year: number, month: number, day: number): Day | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date rolls 31/02 over to March: such a day does not exist.
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return fromUtc(date);
}
