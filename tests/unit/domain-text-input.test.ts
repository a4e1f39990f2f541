// Names and texts typed by people (packages/domain/src/text-input.ts): what XML, CSV cells and file
// names cannot hold is refused with a French message, ordinary text (accents, emoji) is not.
import { hasNoncharacter, multiLineProblem, singleLineProblem, textInputMessages } from '@constats/domain/text-input';

const NONCHARACTERS = ['\uFFFF', '\uFFFE', '\uFDD0', '\uFDEF', '\u{1FFFE}', '\u{10FFFF}', '\u{EFFFF}', '\uD800', '\uDC00x'];

describe('text input rules', () => {
  it.each(NONCHARACTERS.map((character) => [character.codePointAt(0)!.toString(16), character]))(
    'refuses the noncharacter U+%s in names and in multi-line texts',
    (_hex, character) => {
      expect(hasNoncharacter(`Étude ${character} Rivière`)).toBe(true);
      expect(singleLineProblem(`Étude ${character}`)).toBe(textInputMessages.invalidCharacter);
      expect(multiLineProblem(`Ligne 1\nLigne ${character}`)).toBe(textInputMessages.invalidCharacter);
    },
  );

  it.each(
    ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001f', '\u007f', '\u0080', '\u009f'].map((c) => [
      c.charCodeAt(0).toString(16),
      c,
    ]),
  )('refuses the control character U+%s everywhere', (_hex, character) => {
    expect(singleLineProblem(`a${character}b`)).toBe(textInputMessages.singleLine);
    expect(multiLineProblem(`a${character}b`)).toBe(textInputMessages.invalidCharacter);
  });

  it('refuses line breaks and tabs in a name, welcomes them in a multi-line text', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\tb', 'a\u0085b', 'a\u2028b', 'a\u2029b']) {
      expect(singleLineProblem(text)).toBe(textInputMessages.singleLine);
    }
    expect(multiLineProblem('Première ligne\r\nSeconde\tligne\n')).toBeNull();
  });

  it('accepts ordinary French text, symbols, emoji and the characters next to the noncharacters', () => {
    for (const text of ['Étude Dupré & Fils – « Lyon » 2 €', 'Constat 😀 n° 12', '\uFDCF\uFDF0\uFFFD', '\u{1FFFD}', '\u00a0\u202f']) {
      expect(singleLineProblem(text)).toBeNull();
      expect(multiLineProblem(text)).toBeNull();
      expect(hasNoncharacter(text)).toBe(false);
    }
    expect(singleLineProblem(null)).toBeNull();
    expect(multiLineProblem(undefined)).toBeNull();
  });
});
