// Rétrocession: what a secretary is paid for a report (spec §9).
import { roundCents, toDecimal, type Decimal, type DecimalInput } from '../../lib/money.js';

export interface CountsAndPrices {
  pages: number;
  photos: number;
  pricePage: DecimalInput | null | undefined;
  pricePhoto: DecimalInput | null | undefined;
}

export interface LineAmounts {
  pages: Decimal;
  photos: Decimal;
  total: Decimal;
}

/** Half up, as the legacy Math.round: 2.5 → 3. */
const roundHalfUp = (value: number) => Math.floor(value + 0.5);

/**
 * Spec §9: pages amount = round(pages − photos/2) × secretary page price (a photo counts as half a
 * page of text, never below zero); photos amount = photos × secretary photo price.
 */
export function retrocessionAmounts({ pages, photos, pricePage, pricePhoto }: CountsAndPrices): LineAmounts {
  const textPages = Math.max(0, roundHalfUp(pages - photos / 2));
  const pagesAmount = roundCents(toDecimal(pricePage).times(textPages));
  const photosAmount = roundCents(toDecimal(pricePhoto).times(photos));
  return { pages: pagesAmount, photos: photosAmount, total: pagesAmount.plus(photosAmount) };
}

export { roundHalfUp };
