// Plain-text helpers for previews of rich text (notifications, news). Pure functions, no DOM.

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  euro: '€',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** The text of an HTML fragment, markup stripped and white space collapsed (product.md §2 previews). */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\s*(br|\/p|\/li|\/h[1-6]|\/blockquote)\b[^>]*>/gi, ' ');
  return decodeEntities(withBreaks.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** product.md §9: previews are cut to `max` characters followed by '...'. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
