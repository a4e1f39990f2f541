// Exact money arithmetic. Rounding policy, stated once: every amount is rounded to the cent,
// half up (0.005 → 0.01), at the line where it is computed; totals add rounded lines.
import { Decimal } from 'decimal.js';

export { Decimal };
export type DecimalInput = Decimal | string | number | { toString(): string };

export function toDecimal(value: DecimalInput | null | undefined): Decimal {
  return new Decimal(value == null ? 0 : value.toString());
}

export function roundCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function sum(values: Decimal[]): Decimal {
  return values.reduce((total, value) => total.plus(value), new Decimal(0));
}

/** "1234.50": the wire format of amounts (GraphQL and REST), never a float. */
export function formatAmount(value: Decimal): string {
  return roundCents(value).toFixed(2);
}
