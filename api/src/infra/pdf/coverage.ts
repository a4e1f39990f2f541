// Which characters the PDF documents can print: those that some font of the stack draws, in normal
// and in bold weight alike (a name prints in both), read from the font files themselves. Any other
// character would fall back to react-pdf's last resort, Helvetica, which is not embedded (the bill
// stops being a PDF/A-3) and has no glyph for it either.
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { unprintableProblem } from '@constats/domain/text-input';
import { FONT_STACK_FILES } from './font-files.js';

type Stack = Font[];
let stacks: Stack[] | null = null;

/**
 * The fonts of each weight, opened at the first question (some 25 ms, then kept). fontkit itself
 * is loaded then too, not at start-up, where importing it costs ~0.2 s (the input rules import this file).
 */
function fontStacks(): Stack[] {
  if (!stacks) {
    const fontkit = createRequire(import.meta.url)('fontkit') as typeof import('fontkit');
    stacks = Object.values(FONT_STACK_FILES).map((files) => files.map((file) => fontkit.openSync(file) as Font));
  }
  return stacks;
}

/** Whether every weight of the PDF fonts has a glyph for this code point. */
export function canPrint(codePoint: number): boolean {
  return fontStacks().every((stack) => stack.some((font) => font.hasGlyphForCodePoint(codePoint)));
}

/** The French refusal of a text printed on a bill that holds a character no PDF font draws, else null. */
export const printProblem = (text: string | null | undefined): string | null => unprintableProblem(text, canPrint);
