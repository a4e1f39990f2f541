// Searching a short list in the browser the way the server searches (accounts/rules.ts
// toSearchText): case and accents ignored, every typed word found somewhere.

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether every word of `query` occurs in `text` ('helene mar' finds 'Hélène Marchand'). */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = folded(text);
  return folded(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
