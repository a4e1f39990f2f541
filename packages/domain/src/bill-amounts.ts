// A bill's discounts and totals (product.md §5 discounts, §9 amounts): the one place both the server,
// which freezes them on the bill, and the web's selection dialog, which previews them while the
// admin types, compute them.
import { Decimal, roundCents, sum } from './money.js';

export const VAT_RATE = new Decimal('0.20');

export const DISCOUNT_MIN = 0;
export const DISCOUNT_MAX = 100;

/** The selection's messages, as the form shows them and as the API answers them. */
export const selectionMessages = {
  // product.md §5 'Remise is required', in French (docs/decisions.md).
  discountRequired: 'La remise est obligatoire.',
  discountInvalid: 'La remise doit être un nombre entier de 0 à 100.',
  reportsRequired: 'Sélectionnez au moins un constat à facturer.',
} as const;

export type DiscountCheck = { ok: true; value: number } | { ok: false; message: string };

/**
 * product.md §5: a discount is an integer from 0 to 100, typed as digits, required for each selected
 * report. Forms send strings, GraphQL numbers; both go through here.
 */
export function checkDiscount(value: unknown): DiscountCheck {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return { ok: false, message: selectionMessages.discountRequired };
  }
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,3}$/.test(text)) return { ok: false, message: selectionMessages.discountInvalid };
  const number = Number(text);
  return number >= DISCOUNT_MIN && number <= DISCOUNT_MAX
    ? { ok: true, value: number }
    : { ok: false, message: selectionMessages.discountInvalid };
}

/** A percentage (0–100) of an amount, rounded to the cent; 0 % gives nothing off. */
export function discountOf(amount: Decimal, percent: number): Decimal {
  return percent > 0 ? roundCents(amount.times(percent).dividedBy(100)) : new Decimal(0);
}

export interface BillLine {
  amount: Decimal;
  /** Per-report discount, percent 0–100. */
  discount: number;
}

export interface BillTotals {
  /** Sum of the lines before any discount. */
  amountHT: Decimal;
  /** Per-report discounts plus the global discount on what remains. */
  discountAmount: Decimal;
  vatAmount: Decimal;
  /** TTC = HT − discounts + 20 % VAT on the discounted HT. */
  amountTTC: Decimal;
}

/**
 * product.md §9: HT is the sum of the lines; each line's discount, then the global discount on what
 * remains, come off; VAT 20 % on the net. Each discount and the VAT are rounded to the cent.
 */
export function billTotals(lines: readonly BillLine[], globalDiscount: number): BillTotals {
  const amountHT = sum(lines.map((line) => line.amount));
  const lineDiscounts = sum(lines.map((line) => discountOf(line.amount, line.discount)));
  const globalDiscountAmount = discountOf(amountHT.minus(lineDiscounts), globalDiscount);
  const discountAmount = lineDiscounts.plus(globalDiscountAmount);
  const netHT = amountHT.minus(discountAmount);
  const vatAmount = roundCents(netHT.times(VAT_RATE));
  return { amountHT, discountAmount, vatAmount, amountTTC: netHT.plus(vatAmount) };
}
