// Names and texts typed by people (packages/domain/src/text-input.ts): what XML, CSV cells and file
// names cannot hold is refused with a French message, ordinary text (accents, emoji) is not.
import {
  hasNoncharacter,
  multiLineProblem,
  printableText,
  singleLineProblem,
  textInputMessages,
  unprintableProblem,
} from '@constats/domain/text-input';

/** A font stand-in that draws Latin-1 but its controls, the emoji 🎉 and « � ». */
const latin1 = (codePoint: number) =>
  (codePoint >= 0x20 && codePoint < 0x7f) || (codePoint >= 0xa0 && codePoint <= 0xff) || codePoint === 0x1f389 || codePoint === 0xfffd;

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

  it('refuses, naming each once, the characters of a printed text that no font draws', () => {
    expect(unprintableProblem('Étude Ça 🎉 & « Fils »', latin1)).toBeNull();
    expect(unprintableProblem('Étude 张伟 张', latin1)).toBe(textInputMessages.unprintable(['张', '伟']));
    expect(textInputMessages.unprintable(['张', '伟'])).toBe(
      'Ce champ est imprimé sur les factures, qui ne savent pas écrire « 张 », « 伟 » : retirez ou remplacez ces caractères puis réessayez.',
    );
    expect(textInputMessages.unprintable(['☃'])).toContain('retirez ou remplacez ce caractère');
    // Spaces the fonts lack print as plain spaces: no reason to refuse them.
    expect(unprintableProblem('a\u2003b', latin1)).toBeNull();
    expect(unprintableProblem(null, latin1)).toBeNull();
  });

  it('prints a tab or a space the fonts lack as a space, any other undrawable character as « � »', () => {
    expect(printableText('Ça 🎉\tcave\u2003<sol>', latin1)).toBe('Ça 🎉 cave <sol>');
    expect(printableText('Constat 张伟', latin1)).toBe('Constat \uFFFD\uFFFD');
  });
});
