// Rétrocession: what a secretary is paid for a report (product.md §9), period totals and her monthly
// invoices (product.md §2 "Rétrocession", §9 "Secretary invoice number").
import type { CountsAndPrices, LineAmounts } from '@constats/domain/line-amounts';
import { retrocessionAmounts } from '@constats/domain/line-amounts';
import { Decimal, sum } from '@constats/domain/money';

export {
  countsAmount,
  retrocessionAmounts,
  retrocessionTextPages,
  type CountsAndPrices,
  type LineAmounts,
} from '@constats/domain/line-amounts';

/** "CUMUL PÉRIODE" (product.md §2): Nb de constats, pages, pages texte, photos, Total HT. */
export interface PeriodTotals {
  reports: number;
  /** Pages as counted. */
  pages: number;
  /** Pages charged as text (photos taken off by the line's formula). */
  textPages: number;
  photos: number;
  amountHT: Decimal;
}

/** Totals of a period: counts add up, Total HT adds the rounded line totals (money.ts policy). */
export function periodTotals(rows: CountsAndPrices[], formula: (row: CountsAndPrices) => LineAmounts): PeriodTotals {
  const lines = rows.map((row) => ({ row, amounts: formula(row) }));
  return {
    reports: rows.length,
    pages: rows.reduce((total, row) => total + row.pages, 0),
    textPages: lines.reduce((total, line) => total + line.amounts.textPages, 0),
    photos: rows.reduce((total, row) => total + row.photos, 0),
    amountHT: sum(lines.map((line) => line.amounts.total)),
  };
}

export const retrocessionPeriodTotals = (rows: CountsAndPrices[]) => periodTotals(rows, retrocessionAmounts);

// ---------------------------------------------------------------------------------------------
// Secretary invoices
// ---------------------------------------------------------------------------------------------

export const secretaryBillMessages = {
  uploaded: 'Facture déposée avec succès.',
  removed: 'Facture supprimée avec succès.',
  fileRequired: 'Veuillez choisir un fichier Word ou PDF.',
  oneFileOnly: 'Une seule facture par envoi.',
  alreadyUploaded: 'Une facture a déjà été déposée pour ce mois. Demandez à l’administrateur de la supprimer pour en déposer une autre.',
  periodInvalid: 'Choisissez un mois et une année valides, au plus tard le mois en cours.',
  notFound: 'Facture introuvable.',
  notYours: 'Vous ne pouvez consulter que vos propres factures.',
} as const;

export const FIRST_BILL_YEAR = 2000;

/** A secretary invoices a past or the current month, never a future one. */
export function isInvoiceablePeriod(year: number, month: number, current: { year: number; month: number }): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12 || year < FIRST_BILL_YEAR) return false;
  return year * 12 + month <= current.year * 12 + current.month;
}

/** product.md §9: the invoice number is the time stamp (milliseconds) followed by four random digits. */
export function secretaryBillNumber(now: Date, random: number): string {
  if (!Number.isInteger(random) || random < 0 || random > 9999) throw new RangeError(`random must be 0–9999, got ${random}`);
  return `${now.getTime()}${String(random).padStart(4, '0')}`;
}
