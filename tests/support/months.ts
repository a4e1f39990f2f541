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
