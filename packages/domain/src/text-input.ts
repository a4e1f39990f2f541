// What a person may type in a name or a text. Names (a constat's, an étude's, a news title, a
// person's…) are shown in lists, put in file names, e-mail subjects and CSV cells, where a line break
// starts a new line or row (a CSV row whose first cell is a formula). Every text may end up in an
// XML document (the Factur-X invoice), which cannot hold control characters, U+FFFE/U+FFFF or a
// lone surrogate, and should not hold the other Unicode noncharacters. They are refused at input
// rather than silently changed, so what the user typed is what is stored.

export const textInputMessages = {
  singleLine: 'Ce champ doit tenir sur une ligne : retour à la ligne ou caractère de contrôle interdit.',
  invalidCharacter:
    'Ce champ contient un caractère invisible ou invalide (caractère de contrôle ou non-caractère Unicode) : retirez-le puis réessayez.',
  unprintable: (characters: string[]) =>
    `Ce champ est imprimé sur les factures, qui ne savent pas écrire ${characters.map((c) => `« ${c} »`).join(', ')} : retirez ou remplacez ${characters.length > 1 ? 'ces caractères' : 'ce caractère'} puis réessayez.`,
} as const;

/** Line breaks of every kind: CR, LF, NEL (C1), the Unicode line and paragraph separators. */
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
/** C0 controls but tab, LF and CR; DEL; C1 controls but NEL (a line break, told apart above). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f]/;
/** U+FDD0–U+FDEF, U+nFFFE and U+nFFFF on every plane, and a lone surrogate (no character at all). */
const NONCHARACTER =
  /[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]|\p{Cs}/u;

/** A Unicode noncharacter (U+FDD0–U+FDEF, U+nFFFE, U+nFFFF) or a lone surrogate. */
export const hasNoncharacter = (text: string): boolean => NONCHARACTER.test(text);

/**
 * The French refusal of a single-line text (a name, a title) holding a line break, a tab, a control
 * character or a noncharacter, else null.
 */
export function singleLineProblem(text: string | null | undefined): string | null {
  if (text == null) return null;
  if (LINE_BREAK.test(text) || CONTROL.test(text) || text.includes('\t')) return textInputMessages.singleLine;
  return hasNoncharacter(text) ? textInputMessages.invalidCharacter : null;
}

/**
 * The French refusal of a multi-line text (a comment): line breaks and tabs are welcome, the other
 * control characters and the noncharacters are not; else null.
 */
export function multiLineProblem(text: string | null | undefined): string | null {
  if (text == null) return null;
  return CONTROL.test(text) || hasNoncharacter(text) ? textInputMessages.invalidCharacter : null;
}

/** Tells whether the fonts of a printed document draw a code point (the server reads its fonts). */
export type CanPrint = (codePoint: number) => boolean;

/** The characters of a text that no font draws, each once, in order (whitespace apart: it prints as a space). */
function unprintableCharacters(text: string, canPrint: CanPrint): string[] {
  const found = new Set<string>();
  for (const character of text) if (!/\s/u.test(character) && !canPrint(character.codePointAt(0)!)) found.add(character);
  return [...found];
}

/**
 * The French refusal of a text printed on a bill (a name, an address) holding characters that no
 * font of the bill draws (a Chinese name, a rare symbol), naming them; else null.
 */
export function unprintableProblem(text: string | null | undefined, canPrint: CanPrint): string | null {
  if (text == null) return null;
  const characters = unprintableCharacters(text, canPrint);
  return characters.length ? textInputMessages.unprintable(characters) : null;
}

/**
 * A stored text as a printed document writes it, every character with a font that draws it: a tab
 * or another space the fonts lack becomes a plain space, any other such character (stored before
 * the fonts were checked at input) the replacement character « � ».
 */
export function printableText(text: string, canPrint: CanPrint): string {
  let printed = '';
  for (const character of text) {
    if (canPrint(character.codePointAt(0)!)) printed += character;
    else printed += /\s/u.test(character) ? ' ' : '\uFFFD';
  }
  return printed;
}
