// Pure helpers of the period filters (years offered, French month names).
import { fr } from '../i18n/fr.js';

/** The years from `firstYear` to the current one, newest first. */
export function yearsSince(firstYear: number, now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: Math.max(current - firstYear + 1, 0) }, (_, index) => current - index);
}

/** The French name of a month numbered 1 to 12 (1 → 'Janvier'). */
export function monthName(month: number): string {
  return fr.periods.months[month - 1] ?? '';
}

/**
 * A period's label inside a sentence, after « de »: « Octobre 2026 » → « d'octobre 2026 »,
 * « Mars 2026 (Étude Martin) » → « de mars 2026 (Étude Martin) »: month names are lower case in
 * French prose, and « de » elides before a vowel.
 */
export function ofPeriod(label: string): string {
  const inSentence = label.charAt(0).toLocaleLowerCase('fr') + label.slice(1);
  return /^[aeiouyàâéèêëîïôûü]/.test(inSentence) ? `d'${inSentence}` : `de ${inSentence}`;
}

const parisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });

/** The Paris calendar month of an instant (the API's periods are Paris months too). */
export function parisYearMonth(now: Date = new Date()): { year: number; month: number } {
  const parts = Object.fromEntries(parisMonth.formatToParts(now).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month) };
}
