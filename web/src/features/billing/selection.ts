// The report-selection dialog's rules (product.md §4 "Bill lifecycle", §5 discounts, §9 amounts): the
// same checks and the same rounding as the server's (api/src/modules/billing/rules.ts), so the
// preview shows the figures the bill will freeze. Exact cents as BigInt, never binary floats.
import { monthName, parisYearMonth } from '../../ui/periods.js';
import { billingText as t } from '../../i18n/billing.js';

/** A discount as typed: '' until the admin types one. */
export type DiscountInput = string;

/**
 * product.md §5: a discount is an integer from 0 to 100, typed as digits, required for each selected
 * report. Returns the French message, or null when it is valid.
 */
export function discountError(value: DiscountInput): string | null {
  const text = value.trim();
  if (text === '') return t.discount.required;
  if (!/^\d{1,3}$/.test(text) || Number(text) > 100) return t.discount.invalid;
  return null;
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
  if (selected.length === 0) errors.selection = t.selectionRequired;
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

const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** '1234.5' (the API's decimal string, at most 2 decimals) → 123450n cents. */
export function toCents(amount: string): bigint {
  const match = AMOUNT.exec(amount.trim());
  if (!match) throw new Error(`not an amount: ${amount}`);
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** 123450n → '1234.50', the API's wire format, ready for formatMoney. */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/** `percent` % of an amount in cents, rounded to the cent half up (amounts are never negative). */
function percentOf(cents: bigint, percent: number): bigint {
  return percent > 0 ? (cents * BigInt(percent) + 50n) / 100n : 0n;
}

const VAT_PERCENT = 20;

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

/**
 * product.md §9: HT is the sum of the lines; each line's discount, then the global discount on what
 * remains, come off; VAT 20 % on the net. Each discount and the VAT are rounded to the cent.
 */
export function selectionTotals(lines: readonly SelectionLine[], globalDiscount: number): SelectionTotals {
  const amountHT = lines.reduce((total, line) => total + toCents(line.amount), 0n);
  const lineDiscounts = lines.reduce((total, line) => total + percentOf(toCents(line.amount), line.discount), 0n);
  const discountAmount = lineDiscounts + percentOf(amountHT - lineDiscounts, globalDiscount);
  const net = amountHT - discountAmount;
  const vat = percentOf(net, VAT_PERCENT);
  return {
    amountHT: fromCents(amountHT),
    discountAmount: fromCents(discountAmount),
    netAmountHT: fromCents(net),
    vatAmount: fromCents(vat),
    amountTTC: fromCents(net + vat),
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
