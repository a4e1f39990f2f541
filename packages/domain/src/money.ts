// Exact money arithmetic. Rounding policy, stated once: every amount is rounded to the cent,
// half up (0.005 → 0.01), at the line where it is computed; totals add rounded lines.
import { Decimal } from 'decimal.js';

export { Decimal };
export type DecimalInput = Decimal | string | number | { toString(): string };

const ZERO = new Decimal(0);

// Tariffs repeat on every row of a list (a handful of distinct prices per étude): each text is
// parsed once, not once per amount. Decimals are immutable, so one instance may serve every caller.
const PARSED_KEPT = 1_000;
const parsed = new Map<string, Decimal>();

export function toDecimal(value: DecimalInput | null | undefined): Decimal {
  if (value == null) return ZERO;
  if (value instanceof Decimal) return value;
  const text = value.toString();
  let decimal = parsed.get(text);
  if (decimal === undefined) {
    decimal = new Decimal(text);
    if (parsed.size < PARSED_KEPT) parsed.set(text, decimal);
  }
  return decimal;
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
