// Billing of études (spec §9): report lines, discounts, VAT and payment mentions.
import { Decimal, roundCents, sum, toDecimal } from '../../lib/money.js';
import { roundHalfUp, type CountsAndPrices, type LineAmounts } from '../retrocession/rules.js';

export const VAT_RATE = new Decimal('0.20');
export const PAYMENT_TERMS = 'Règlement comptant';
export const LATE_INTEREST = 'Intérêts de retard : 1,5 % par mois';

/**
 * Spec §9: HT = (billing pages − round(photos/2)) × group page price + photos × group photo price
 * (photos are counted apart, so half their number comes off the text pages, never below zero).
 */
export function billingAmounts({ pages, photos, pricePage, pricePhoto }: CountsAndPrices): LineAmounts {
  const textPages = Math.max(0, pages - roundHalfUp(photos / 2));
  const pagesAmount = roundCents(toDecimal(pricePage).times(textPages));
  const photosAmount = roundCents(toDecimal(pricePhoto).times(photos));
  return { pages: pagesAmount, photos: photosAmount, total: pagesAmount.plus(photosAmount) };
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

export function billTotals(lines: BillLine[], globalDiscount: number): BillTotals {
  const amountHT = sum(lines.map((line) => line.amount));
  const lineDiscounts = sum(lines.map((line) => discountOf(line.amount, line.discount)));
  const globalDiscountAmount = discountOf(amountHT.minus(lineDiscounts), globalDiscount);
  const discountAmount = lineDiscounts.plus(globalDiscountAmount);
  const netHT = amountHT.minus(discountAmount);
  const vatAmount = roundCents(netHT.times(VAT_RATE));
  return { amountHT, discountAmount, vatAmount, amountTTC: netHT.plus(vatAmount) };
}
