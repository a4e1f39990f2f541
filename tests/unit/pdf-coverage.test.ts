// What the bills can print is read from their fonts (api/src/infra/pdf/coverage.ts): French text,
// the euro sign, symbols and emoji (Noto Emoji after DejaVu Sans) are, Chinese is not.
import { textInputMessages } from '@constats/domain/text-input';
import { canPrint, printProblem } from '../../api/src/infra/pdf/coverage.js';

const codePoint = (character: string) => character.codePointAt(0)!;

describe('PDF font coverage', () => {
  it('prints French text, the euro sign, symbols and emoji, in both weights', () => {
    for (const character of ['É', 'ç', 'œ', '€', '«', '\u202f', '–', '✓', '★', '🎉', '👍', '\u{1F3FD}', '\u200d', '\ufe0f', '🇫', '\ufffd'])
      expect([character, canPrint(codePoint(character))]).toEqual([character, true]);
  });

  it('does not print what no font draws: Chinese, a tab', () => {
    for (const character of ['张', '伟', '\t']) expect([character, canPrint(codePoint(character))]).toEqual([character, false]);
  });

  it('refuses a name with Chinese characters, accepts one with emoji', () => {
    expect(printProblem('Étude Ça 🎉 <Durand> & "Fils"')).toBeNull();
    expect(printProblem('Étude 张伟')).toBe(textInputMessages.unprintable(['张', '伟']));
  });
});
