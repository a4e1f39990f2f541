// What the screens should say of a month, written out here rather than computed with the app's own
// helpers, so that a test would see them wrong.
export const MONTHS = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
];

/** A month after « de » in a sentence: « Constats d'octobre 2026 », « Ma facture de mars 2026 ». */
export const OF_MONTHS = [
  'de janvier',
  'de février',
  'de mars',
  "d'avril",
  'de mai',
  'de juin',
  'de juillet',
  "d'août",
  'de septembre',
  "d'octobre",
  'de novembre',
  'de décembre',
];

export interface MonthOfYear {
  year: number;
  /** 1–12. */
  month: number;
}

/** The Paris month of an instant: the app's periods are Paris months, whatever the machine's zone. */
export function parisMonth(at = new Date()): MonthOfYear {
  const [year, month] = at.toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' }).split('-').map(Number);
  return { year, month };
}

export function monthBefore({ year, month }: MonthOfYear): MonthOfYear {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}
