// Server-side PDF documents (group invoices), rendered with @react-pdf/renderer from data the
// server owns — never from HTML a client sends. Fonts are local TTF files (Debian's
// fonts-dejavu-core): full French and euro-sign coverage, no font URL fetched at render time.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Font } from '@react-pdf/renderer';

export const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const PDF_FONT_FAMILY = 'DejaVu Sans';
const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

export class PdfFontMissingError extends Error {
  override name = 'PdfFontMissingError';
}

let registered = false;

/** Registers DejaVu Sans once; fails with the install command when the package is missing. */
export function ensurePdfFonts(fontDir = FONT_DIR): void {
  if (registered) return;
  const files = { regular: path.join(fontDir, FONT_FILES.regular), bold: path.join(fontDir, FONT_FILES.bold) };
  const missing = Object.values(files).filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new PdfFontMissingError(`Police introuvable pour les PDF : ${missing.join(', ')}. Installez-la : apt-get install -y fonts-dejavu-core`);
  }
  Font.register({
    family: PDF_FONT_FAMILY,
    fonts: [
      { src: files.regular, fontWeight: 'normal' },
      { src: files.bold, fontWeight: 'bold' },
    ],
  });
  // French words are not cut with English hyphenation rules: lines break between words only.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
