// Pure rules of absences ("indisponibilités"): whole days, inclusive (spec §3, §5).

export const absenceMessages = {
  required: 'Champ requis',
  invalidDate: 'Date invalide.',
  endBeforeStart: 'La date doit être postérieure à la date de début.',
  tooLong: (max: number) => `Ce champ est trop long (${max} caractères maximum).`,
  created: 'Indisponibilité créée avec succès.',
} as const;

export const ABSENCE_COMMENT_MAX = 500;

/**
 * A calendar day as a UTC-midnight Date (the DATE column's value), from 'YYYY-MM-DD', the legacy
 * 'YYYY/MM/DD' (spec §7) or the French 'DD/MM/YYYY'; null when it is not a real day.
 */
export function parseDay(text: string | null | undefined): Date | null {
  const value = (text ?? '').trim();
  const ymd = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [year, month, day] = ymd ? [ymd[1], ymd[2], ymd[3]].map(Number) : dmy ? [dmy[3], dmy[2], dmy[1]].map(Number) : [];
  if (!year) return null;
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

/** Spec §5: both days required and real; the end may not be before the start (a one-day absence ends the day it starts). */
export function validateAbsence(input: AbsenceFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const start = parseDay(input.startDate);
  const end = parseDay(input.endDate);
  if (!input.startDate?.trim()) errors.startDate = absenceMessages.required;
  else if (!start) errors.startDate = absenceMessages.invalidDate;
  if (!input.endDate?.trim()) errors.endDate = absenceMessages.required;
  else if (!end) errors.endDate = absenceMessages.invalidDate;
  else if (start && end < start) errors.endDate = absenceMessages.endBeforeStart;
  if ((input.comment ?? '').trim().length > ABSENCE_COMMENT_MAX) errors.comment = absenceMessages.tooLong(ABSENCE_COMMENT_MAX);
  return errors;
}

/** The days a month view shows: first and last day of the month. */
export function monthRange(year: number, month: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 0)) };
}
