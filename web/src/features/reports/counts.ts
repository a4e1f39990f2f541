// Pure rules of the secretary's count entry (spec §4, §5): counts are typed as digits only, and
// 'Rapport rétrocédé' stays disabled while the provisional page count is 0.

/** The server refuses counts above this (api/src/modules/reports/rules.ts `isValidCount`). */
export const COUNT_MAX = 100_000;

/**
 * What a count field keeps of what was typed: its digits, without leading zeros and at most
 * six of them; `refused` tells the field to say why something typed did not appear.
 */
export function keepDigits(typed: string): { value: string; refused: boolean } {
  const digits = typed.replace(/\D/g, '');
  return {
    value: digits.slice(0, 6).replace(/^0+(?=\d)/, ''),
    refused: digits.length !== typed.length || digits.length > 6,
  };
}

/** A count field's number: empty counts as 0. */
export function countOf(text: string): number {
  return text === '' ? 0 : Number(text);
}

/** Spec §4: sending is disabled while the provisional pages are 0 (and above the server's maximum). */
export function canSendRetrocession(pages: string, photos: string): boolean {
  const pageCount = countOf(pages);
  return pageCount > 0 && pageCount <= COUNT_MAX && countOf(photos) <= COUNT_MAX;
}
