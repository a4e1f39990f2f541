// Phone numbers as people type them (product.md §5): « 06 12 34 56 78 », « 06.12.34.56.78 »,
// « 06-12-34-56-78 », « +33 6 12 34 56 78 ». No imports: the web forms import this very module,
// so their patterns accept exactly what the server stores.

/**
 * The stored form of a typed phone number: separators (spaces, dots, hyphens, parentheses) go,
 * and a French number written internationally (+33 or 0033, then 9 digits) becomes its 10-digit
 * national form. Anything else keeps its characters, for the form's pattern to refuse it.
 */
export function normalizePhone(typed: string): string {
  const compact = typed.trim().replace(/[\s.\-()]/g, '');
  // « +33 (0)6 … »: the trunk 0 some write in brackets after the country code goes too.
  const french = /^(?:\+33|0033)0?(\d{9})$/.exec(compact);
  if (french) return `0${french[1]}`;
  return /^\+?\d+$/.test(compact) ? compact : typed.trim();
}
