// The fonts of the PDF documents, as files from npm packages (installed by `npm install`, no system
// font package, no font URL fetched at render time), apart from the renderer so that the input rules
// can read them (coverage.ts) without loading @react-pdf at start-up.
// - DejaVu Sans (dejavu-fonts-ttf): full French and euro-sign coverage, most symbols.
// - Noto Emoji (@expo-google-fonts/noto-emoji, OFL): the monochrome outline emoji font, for the
//   emoji DejaVu Sans lacks. A colour emoji font (bitmaps) cannot be embedded in a PDF/A.
import { createRequire } from 'node:module';
import path from 'node:path';

const PDF_FONT_FAMILY = 'DejaVu Sans';
const EMOJI_FONT_FAMILY = 'Noto Emoji';
/** Every text's font list: react-pdf picks, character by character, the first font that draws it. */
export const PDF_FONT_STACK = [PDF_FONT_FAMILY, EMOJI_FONT_FAMILY];

const packageDir = (name: string) => path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
/** The package's TTF folder, found through Node's resolution wherever npm put it. */
const FONT_DIR = path.join(packageDir('dejavu-fonts-ttf'), 'ttf');
const EMOJI_DIR = packageDir('@expo-google-fonts/noto-emoji');

export const FONT_FILES = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
  emojiRegular: path.join(EMOJI_DIR, '400Regular', 'NotoEmoji_400Regular.ttf'),
  emojiBold: path.join(EMOJI_DIR, '700Bold', 'NotoEmoji_700Bold.ttf'),
} as const;

/** The files of each weight the documents print in, in PDF_FONT_STACK's order. */
export const FONT_STACK_FILES = {
  normal: [FONT_FILES.regular, FONT_FILES.emojiRegular],
  bold: [FONT_FILES.bold, FONT_FILES.emojiBold],
} as const;
