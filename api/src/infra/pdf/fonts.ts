// Server-side PDF documents (group invoices), rendered with @react-pdf/renderer from data the
// server owns — never from HTML a client sends. Every font is embedded (subset) in every PDF: the
// files are those of font-files.ts.
import { Font } from '@react-pdf/renderer';
import { FONT_STACK_FILES, PDF_FONT_STACK } from './font-files.js';

let registered = false;

/** Registers the fonts of PDF_FONT_STACK once, each in normal and bold. */
export function ensurePdfFonts(): void {
  if (registered) return;
  PDF_FONT_STACK.forEach((family, index) =>
    Font.register({
      family,
      fonts: [
        { src: FONT_STACK_FILES.normal[index], fontWeight: 'normal' },
        { src: FONT_STACK_FILES.bold[index], fontWeight: 'bold' },
      ],
    }),
  );
  // French words are not cut with English hyphenation rules: lines break between words only.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
