// The Montant HT of a counters line as its counts are typed (product.md §4): the server's own module
// (packages/domain/src/line-amounts.ts, product.md §9), applied to the tariffs the server reported for the line,
// so the row shows before « Facturer » exactly what saving will store.
import { billingAmounts, retrocessionAmounts } from '@constats/domain/line-amounts';
import { formatAmount } from '@constats/domain/money';
import type { Counts } from './counters';

export interface LineTariffs {
  readonly pricePage: string;
  readonly pricePhoto: string;
}

/** The HT total of `counts` at `tariffs`, in the wire format ('1234.50'); null without tariffs. */
export function liveAmount(line: 'retrocession' | 'billing', counts: Counts, tariffs: LineTariffs | null | undefined): string | null {
  if (!tariffs) return null;
  const formula = line === 'retrocession' ? retrocessionAmounts : billingAmounts;
  return formatAmount(formula({ ...counts, ...tariffs }).total);
}
