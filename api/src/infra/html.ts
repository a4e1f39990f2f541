// The one HTML sanitizer of the API. Rich text (news bodies, instructions to secretaries,
// notification bodies) is stored already sanitized against a strict allow-list, so every reader
// (web app, REST shims, e-mails) gets safe markup without having to clean it again.
import sanitizeHtml from 'sanitize-html';

const RICH_TEXT: sanitizeHtml.IOptions = {
  // What a rich-text editor produces for formatted prose; no images, tables, forms or styles.
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  // Anything else (javascript:, data:, vbscript:, protocol-relative //) loses its href.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The content of these is dropped with the tag, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title', 'template'],
  // Links open outside the extranet and cannot reach back to it through window.opener.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href && { href: attribs.href }), target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

/** Rich text reduced to the allow-list: no scripts, event handlers, styles or dangerous URLs. */
export function sanitizeRichText(html: string | null | undefined): string {
  return sanitizeHtml(html ?? '', RICH_TEXT).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Decodes the named entities above and numeric ones; a number beyond Unicode (`&#99999999;`) or a
 * surrogate becomes U+FFFD as browsers do, instead of making String.fromCodePoint throw.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}

/** The visible text of some HTML, tags removed and entities decoded (search, previews, "is it empty?"). */
export function htmlToText(html: string | null | undefined): string {
  // Block ends would otherwise glue the words of consecutive paragraphs together.
  const spaced = (html ?? '').replace(/<\/(p|li|h[1-6]|blockquote|div|td)\s*>|<br\s*\/?>/gi, '$& ');
  const text = decodeEntities(sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: RICH_TEXT.nonTextTags }));
  return text.replace(/\s+/g, ' ').trim();
}

/** Escapes user text before it is placed inside HTML we compose (notification bodies, e-mails). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
