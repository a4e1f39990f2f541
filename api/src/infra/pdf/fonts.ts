// Server-side PDF documents (group invoices), rendered with @react-pdf/renderer from data the
// server owns — never from HTML a client sends. The font is DejaVu Sans from the npm package
// dejavu-fonts-ttf (installed by `npm install`, no system font package): full French and euro-sign
// coverage, embedded (subset) in every PDF, no font URL fetched at render time.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Font } from '@react-pdf/renderer';

export const PDF_FONT_FAMILY = 'DejaVu Sans';
/** The package's TTF folder, found through Node's resolution wherever npm put it. */
export const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_FILES = { regular: path.join(FONT_DIR, 'DejaVuSans.ttf'), bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf') } as const;

let registered = false;

/** Registers DejaVu Sans once. */
export function ensurePdfFonts(): void {
  if (registered) return;
  Font.register({
    family: PDF_FONT_FAMILY,
    fonts: [
      { src: FONT_FILES.regular, fontWeight: 'normal' },
      { src: FONT_FILES.bold, fontWeight: 'bold' },
    ],
  });
  // French words are not cut with English hyphenation rules: lines break between words only.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
