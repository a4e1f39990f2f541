// The report-selection dialog's rules (product.md §4 "Bill lifecycle", §5 discounts, §9 amounts): the
// server's own checks and totals (@constats/domain/bill-amounts), so the preview shows the figures
// the bill will freeze.
import { billTotals, checkDiscount, selectionMessages } from '@constats/domain/bill-amounts';
import { formatAmount, toDecimal } from '@constats/domain/money';
import { monthName, parisYearMonth } from '../../ui/periods.js';

/** A discount as typed: '' until the admin types one. */
export type DiscountInput = string;

/**
 * product.md §5: a discount is an integer from 0 to 100, typed as digits, required for each selected
 * report. Returns the French message, or null when it is valid.
 */
export function discountError(value: DiscountInput): string | null {
  const check = checkDiscount(value);
  return check.ok ? null : check.message;
}

/** The global discount is optional (empty means none); when typed, the same rule applies. */
export function globalDiscountError(value: DiscountInput): string | null {
  return value.trim() === '' ? null : discountError(value);
}

export interface SelectionErrors {
  /** Per selected report id. */
  discounts: Record<string, string>;
  global: string | null;
  /** No report selected. */
  selection: string | null;
}

/** Every message of a selection; `hasErrors` says whether the bill may be generated. */
export function validateSelection(
  selected: readonly string[],
  discounts: Readonly<Record<string, DiscountInput>>,
  globalDiscount: DiscountInput,
): SelectionErrors {
  const errors: SelectionErrors = { discounts: {}, global: globalDiscountError(globalDiscount), selection: null };
  if (selected.length === 0) errors.selection = selectionMessages.reportsRequired;
  for (const id of selected) {
    const message = discountError(discounts[id] ?? '');
    if (message) errors.discounts[id] = message;
  }
  return errors;
}

export function hasErrors(errors: SelectionErrors): boolean {
  return errors.selection !== null || errors.global !== null || Object.keys(errors.discounts).length > 0;
}

// --- Amounts ---------------------------------------------------------------------------------

export interface SelectionLine {
  /** The report's billing amount HT (`billingAmounts.total`). */
  amount: string;
  /** Its discount, percent 0–100. */
  discount: number;
}

export interface SelectionTotals {
  amountHT: string;
  /** Per-report discounts plus the global discount on what remains. */
  discountAmount: string;
  netAmountHT: string;
  vatAmount: string;
  amountTTC: string;
}

/** The bill's totals for these lines, in the API's wire format ('1234.50'), ready for formatMoney. */
export function selectionTotals(lines: readonly SelectionLine[], globalDiscount: number): SelectionTotals {
  const totals = billTotals(
    lines.map((line) => ({ amount: toDecimal(line.amount), discount: line.discount })),
    globalDiscount,
  );
  return {
    amountHT: formatAmount(totals.amountHT),
    discountAmount: formatAmount(totals.discountAmount),
    netAmountHT: formatAmount(totals.amountHT.minus(totals.discountAmount)),
    vatAmount: formatAmount(totals.vatAmount),
    amountTTC: formatAmount(totals.amountTTC),
  };
}

/**
 * The lines of a selection whose discounts are valid (invalid ones count as 0 % so the preview
 * stays readable while the admin types); the global discount likewise.
 */
export function previewTotals(
  reports: readonly { id: string; amount: string }[],
  selected: readonly string[],
  discounts: Readonly<Record<string, DiscountInput>>,
  globalDiscount: DiscountInput,
): SelectionTotals {
  const chosen = new Set(selected);
  const percent = (value: DiscountInput | undefined) => (value !== undefined && discountError(value) === null ? Number(value.trim()) : 0);
  return selectionTotals(
    reports.filter((report) => chosen.has(report.id)).map((report) => ({ amount: report.amount, discount: percent(discounts[report.id]) })),
    percent(globalDiscount),
  );
}

/** One month of the billing selection: its French label and its constats, in the server's order. */
export interface PeriodGroup<T> {
  key: string;
  label: string;
  reports: T[];
}

/**
 * The billing selection grouped by the Paris month each constat was created in (product.md §4), so the
 * dialog shows the period of what it offers: the server lists the month's own constats first,
 * then the earlier months' still unbilled, newest first; consecutive constats of a month share
 * its heading.
 */
export function groupByPeriod<T extends { createdAt: string }>(reports: readonly T[]): PeriodGroup<T>[] {
  const groups: PeriodGroup<T>[] = [];
  for (const report of reports) {
    const { year, month } = parisYearMonth(new Date(report.createdAt));
    const key = `${year}-${month}`;
    const last = groups[groups.length - 1];
    if (last?.key === key) last.reports.push(report);
    else groups.push({ key, label: `${monthName(month)} ${year}`, reports: [report] });
  }
  return groups;
}
