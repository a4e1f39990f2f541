// Billing of études (product.md §9): report lines, discounts, VAT, payment mentions, and the rules of a
// monthly bill (product.md §4 bill lifecycle, §5 discounts).
import { Decimal, roundCents } from '@constats/domain/money';
import { checkDiscount, selectionMessages } from '@constats/domain/bill-amounts';
import { billingAmounts, type ReportCounts } from '@constats/domain/line-amounts';
import { formatParisDate } from '@constats/domain/format';
import { periodTotals, type CountsAndPrices, type PeriodTotals } from '../retrocession/rules.js';
import { parseDay } from '../absences/rules.js';
import { parisDate, parisWallClock } from '../../lib/periods.js';

export const PAYMENT_TERMS = 'Règlement comptant';
export const LATE_INTEREST = 'Intérêts de retard : 1,5 % par mois';
/** product.md §9: late interest of 1.5 % per month. */
export const LATE_INTEREST_MONTHLY_RATE = new Decimal('0.015');

export { billingAmounts, billingTextPages } from '@constats/domain/line-amounts';

export const billingPeriodTotals = (rows: CountsAndPrices[]): PeriodTotals => periodTotals(rows, billingAmounts);

/**
 * What a bill freezes when it is issued: its étude as it was (name, address, tariffs) and the
 * counts it bills, so that the invoice reads the same after either changes.
 */
export function billSnapshot<Price>(
  group: { name: string; address: string; zip: string; city: string; pricePage: Price; pricePhoto: Price },
  reports: readonly { countPagesBilling: number; countPhotosBilling: number }[],
) {
  return {
    groupName: group.name,
    groupAddress: group.address,
    groupZip: group.zip,
    groupCity: group.city,
    groupPricePage: group.pricePage,
    groupPricePhoto: group.pricePhoto,
    totalCountPages: reports.reduce((total, report) => total + report.countPagesBilling, 0),
    totalCountPhotos: reports.reduce((total, report) => total + report.countPhotosBilling, 0),
  };
}

/**
 * product.md §9 "late interest 1.5 % per month": simple interest on the amount due for each month (or
 * part of a month) of delay, rounded to the cent. What the invoice's mention announces.
 */
export function lateInterest(amountDue: Decimal, monthsLate: number): Decimal {
  if (monthsLate <= 0) return new Decimal(0);
  return roundCents(amountDue.times(LATE_INTEREST_MONTHLY_RATE).times(Math.ceil(monthsLate)));
}

/** The payment mentions printed on every invoice and in the e-mail that carries it. */
export const paymentMentions = (): string[] => [PAYMENT_TERMS, LATE_INTEREST];

// ---------------------------------------------------------------------------------------------
// Bill generation
// ---------------------------------------------------------------------------------------------

export const billMessages = {
  created: 'facture créée avec succès',
  sent: 'Facture envoyée avec succès',
  createFailed: 'erreur lors de la création de la facture',
  sendFailed: "erreur lors de l'envoi de la facture",
  pdfFailed: 'Erreur lors de la génération du PDF.',
  nextNumberFailed: "Erreur lors de l'obtention du numéro de facture.",
  paid: 'Facture marquée comme payée.',
  unpaid: 'Facture marquée comme non payée.',
  paidAtInvalid: 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).',
  paidAtFuture: 'La date de paiement ne peut pas être dans le futur.',
  paidAtBeforeBill: (billDay: string) => `La date de paiement ne peut pas précéder la facture, émise le ${billDay}.`,
  paidAtWithoutPayment: 'Une date de paiement ne s’indique que pour une facture marquée payée.',
  alreadyPaid: (paidDay: string) =>
    `Cette facture est déjà marquée payée le ${paidDay}. Décochez « Payée » avant d’indiquer une autre date.`,
  ...selectionMessages,
  reportNotBillable:
    'Ce constat ne peut pas être facturé : il doit appartenir à l’étude, dater du mois facturé, être compté et pas encore facturé.',
  duplicateReport: 'Ce constat est sélectionné deux fois.',
  reportsTaken: 'Un des constats vient d’être facturé. Rechargez la liste.',
  notCurrentPeriod: 'Une facture ne peut être générée que pour le mois en cours.',
  alreadyGenerated: 'La facture de ce mois a déjà été générée pour cette étude : elle ne peut pas être régénérée.',
  groupNotFound: 'Étude introuvable.',
  notFound: 'Facture introuvable.',
  periodInvalid: 'Choisissez un mois (1 à 12) et une année valides.',
  tooManyGroups: (max: string) =>
    `Plus de ${max} études à facturer ce mois-là : la facturation ne peut pas les présenter toutes. Prévenez l’exploitant.`,
  noPdfRequested:
    'Indiquez la facture dont il faut générer le PDF (bill_id ou bill_number), ou l’étude et les constats à facturer (group_id, reports).',
} as const;

export interface BillSelection {
  reports: { reportId: number; discount: unknown }[];
  /** The global discount; absent means none (0). */
  discount: unknown;
}

/** Field errors of a selection: `reports`, `discount` and `discounts.<reportId>` for each line. */
export function validateBillSelection(selection: BillSelection): Record<string, string> {
  const errors: Record<string, string> = {};
  if (selection.reports.length === 0) errors.reports = billMessages.reportsRequired;
  const seen = new Set<number>();
  for (const line of selection.reports) {
    const check = checkDiscount(line.discount);
    if (!check.ok) errors[`discounts.${line.reportId}`] = check.message;
    else if (seen.has(line.reportId)) errors[`discounts.${line.reportId}`] = billMessages.duplicateReport;
    seen.add(line.reportId);
  }
  if (selection.discount !== null && selection.discount !== undefined && selection.discount !== '') {
    const check = checkDiscount(selection.discount);
    if (!check.ok) errors.discount = check.message;
  }
  return errors;
}

/** product.md §4: a bill is generated for the current month and year only (Paris calendar). */
export function isCurrentPeriod(period: { year: number; month: number }, current: { year: number; month: number }): boolean {
  return period.year === current.year && period.month === current.month;
}

export interface BillableFacts extends Pick<ReportCounts, 'countPagesBilling'> {
  groupId: number | null;
  createdYearMonth: { year: number; month: number };
  invoiced: boolean;
}

/**
 * "Groups with billable reports for a month": a report of the étude, counted for billing (billing
 * pages > 0), not on a bill yet, created that Paris month or before — a constat counted after its
 * own month's bill was generated goes on the next bill instead of never being billed.
 */
export function isBillable(report: BillableFacts, groupId: number, period: { year: number; month: number }): boolean {
  const created = report.createdYearMonth.year * 12 + report.createdYearMonth.month;
  return report.groupId === groupId && created <= period.year * 12 + period.month && report.countPagesBilling > 0 && !report.invoiced;
}

export const BILL_PDF_NAME = (number: number) => `facture-${number}.pdf`;

// ---------------------------------------------------------------------------------------------
// Payment
// ---------------------------------------------------------------------------------------------

/** A calendar day of Paris as the UTC midnight parseDay gives, to compare days whatever the hour. */
function parisDay(instant: Date): Date {
  const { year, month, day } = parisDate(instant);
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * product.md §4 "paid": the day the étude paid, typed by the admin (today when absent). A real day, not
 * after today and not before the bill was issued (Paris days). Stored as that day's Paris midnight, so
 * every screen shows the day typed (docs/decisions.md).
 */
export function paymentInstant(
  typed: string | null | undefined,
  billCreatedAt: Date,
  now: Date,
): { ok: true; paidAt: Date } | { ok: false; message: string } {
  const today = parisDay(now);
  const day = typed === null || typed === undefined ? today : parseDay(typed);
  if (!day) return { ok: false, message: billMessages.paidAtInvalid };
  if (day > today) return { ok: false, message: billMessages.paidAtFuture };
  if (day < parisDay(billCreatedAt)) return { ok: false, message: billMessages.paidAtBeforeBill(formatParisDate(billCreatedAt)) };
  return { ok: true, paidAt: parisWallClock(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) };
}

/** Two instants on the same Paris day: a repeated « payée » with the day already recorded changes nothing. */
export const sameParisDay = (a: Date, b: Date) => parisDay(a).getTime() === parisDay(b).getTime();
