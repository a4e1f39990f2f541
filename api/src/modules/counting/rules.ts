// What counts as a page and as a photo (docs/decisions.md, product.md §10). Pure rules, unit-tested in
// tests/unit/counting-rules.test.ts; the readers (pdf.ts, office.ts, txt.ts) only measure.
import { fileKindOf } from '@constats/domain/file-kinds';
import type { FileCountStatus } from '../../generated/prisma/enums.js';
import type { DetectedTotals } from '../reports/rules.js';

export type CountFormat = 'pdf' | 'docx' | 'odt' | 'doc' | 'txt';

const extensionOf = (originalName: string) => /\.([A-Za-z0-9]+)$/.exec(originalName)?.[1]?.toLowerCase();

/** The counting format of a stored file from its extension (the upload checked its content). */
export function countFormat(originalName: string): CountFormat | null {
  const extension = extensionOf(originalName);
  return extension === 'pdf' || extension === 'docx' || extension === 'odt' || extension === 'doc' || extension === 'txt'
    ? extension
    : null;
}

/**
 * A deposited photo or dictation (product.md §16) is counted by its type, without reading it: a photo is
 * one photo and no page (what will prefill the provisional photo count), a dictation neither. Its
 * size was checked on upload, so nothing needs decoding. Null for a document, which is read.
 */
export function depositedMediaCount(originalName: string): CountResult | null {
  const kind = fileKindOf(originalName);
  if (kind === 'photo') return { status: 'DONE', pageCount: 0, photoCount: 1, error: null };
  if (kind === 'dictation') return { status: 'DONE', pageCount: 0, photoCount: 0, error: null };
  return null;
}

/**
 * A raster image is a photo when its shorter side has at least this many pixels: logos (wide and
 * short), rules (a few pixels high), bullets and icons stay below; a phone photo scaled down for a
 * constat stays far above (640 × 480 and more).
 */
export const PHOTO_MIN_SIDE_PX = 150;

export const isPhoto = (width: number, height: number): boolean => Math.min(width, height) >= PHOTO_MIN_SIDE_PX;

/**
 * Plain text laid out on A4 (210 × 297 mm) with 2 cm margins in a 10-point monospaced font at
 * 12-point leading: 80 characters a line, 60 lines a page. Longer lines wrap; a form feed starts a
 * new page.
 */
export const TXT_CHARS_PER_LINE = 80;
export const TXT_LINES_PER_PAGE = 60;

/** Pages of plain text, fed in chunks of any size (a one-line 200 MB file streams through too). */
export function createTxtPager() {
  let pages = 0;
  let linesOnPage = 0;
  let column = 0;
  let lineOpen = false;
  let sawContent = false;
  const addLine = () => {
    if (linesOnPage === 0) pages += 1;
    linesOnPage = (linesOnPage + 1) % TXT_LINES_PER_PAGE;
  };
  const endLine = () => {
    addLine();
    column = 0;
    lineOpen = false;
  };
  return {
    feed(text: string) {
      for (const char of text) {
        if (char === '\r') continue;
        if (char === '\n') endLine();
        else if (char === '\f') {
          if (lineOpen) endLine();
          linesOnPage = 0; // what follows starts a new page
        } else {
          if (column === TXT_CHARS_PER_LINE) {
            addLine(); // wrapped
            column = 0;
          }
          lineOpen = true;
          column += 1;
          if (!sawContent && char.trim().length > 0) sawContent = true;
        }
      }
    },
    /** Pages of the whole text; 0 for blank text, which has nothing to count. */
    end(): number {
      if (lineOpen) endLine();
      return sawContent ? pages : 0;
    },
  };
}

export interface CountResult {
  status: Extract<FileCountStatus, 'DONE' | 'ESTIMATED' | 'FAILED' | 'UNSUPPORTED'>;
  pageCount: number | null;
  photoCount: number | null;
  /** French, for the admins: why the file could not be counted. */
  error: string | null;
}

/** A file that cannot be counted, with the reason kept for the admins. */
export class CountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CountError';
  }
}

/** Why a count was stopped for its memory (the counting process's cap, or an allocation refused under it). */
export const MEMORY_MESSAGE = 'Mémoire insuffisante pour compter ce document (trop lourd ou anormal).';

export const timeoutMessage = (seconds: number) => `Comptage trop long (plus de ${seconds} s) : document trop lourd ou anormal.`;

/** An allocation refused by the process's memory limit, as JavaScript sees it. */
export function isOutOfMemory(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: string }).code;
  return (
    code === 'ERR_STRING_TOO_LONG' ||
    code === 'ERR_BUFFER_TOO_LARGE' ||
    /Array buffer allocation failed|Invalid typed array length|Invalid array buffer length|Cannot create a string longer/.test(
      error.message,
    )
  );
}

/** What a crashed counting process wrote on its way out says it ran out of memory. */
export const diedOfMemory = (stderr: string): boolean => /out of memory|heap limit|allocation failed/i.test(stderr);

export interface CountTimeLimits {
  /** Any count, LibreOffice renderings included (COUNTING_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
  /** A file read directly, without LibreOffice (COUNTING_READ_TIMEOUT_SECONDS). */
  readTimeoutSeconds: number;
}

/**
 * One file's time limit. Reading a PDF, a TXT or a zip's entries takes seconds even for the
 * largest uploads (4,000 pages: 4 s), so a file still running long after that is pathological and
 * gives its slot back early; only a LibreOffice rendering may take the long limit.
 */
export function countTimeLimitSeconds(format: CountFormat, hasLibreOffice: boolean, limits: CountTimeLimits): number {
  const rendered = hasLibreOffice && (format === 'docx' || format === 'odt' || format === 'doc');
  return rendered ? limits.timeoutSeconds : Math.min(limits.readTimeoutSeconds, limits.timeoutSeconds);
}

/**
 * The fetch priority of a file that is `rank`-th (0 first) in its étude's backlog: pg-boss serves
 * the highest priority first, then the oldest, so études take turns and a burst from one étude
 * waits behind the first file of every other étude.
 */
export const fairPriority = (rank: number): number => -rank;

/** Entered counts that disagree with complete detected totals (null: nothing final to compare with). */
export function countsDiffer(entered: { pages: number; photos: number }, detected: DetectedTotals): boolean | null {
  if (!detected.complete) return null;
  return entered.pages !== detected.pages || entered.photos !== detected.photos;
}

export interface AgreementRow {
  /** The billed (applied) counts. */
  pages: number;
  photos: number;
  returnedFiles: number;
  countedFiles: number;
  detectedPages: number;
  detectedPhotos: number;
}

export interface Agreement {
  /** Billed constats whose returned items are all counted. */
  compared: number;
  /** Among them, those billed with exactly the detected pages and photos. */
  agreeing: number;
  /** agreeing / compared, null when nothing compares. */
  rate: number | null;
}

/** How often the applied (billed) counts equal the automatic counting (statistics screen). */
export function detectionAgreement(rows: AgreementRow[]): Agreement {
  const compared = rows.filter((row) => row.pages > 0 && row.returnedFiles > 0 && row.countedFiles === row.returnedFiles);
  const agreeing = compared.filter((row) => row.pages === row.detectedPages && row.photos === row.detectedPhotos).length;
  return { compared: compared.length, agreeing, rate: compared.length === 0 ? null : agreeing / compared.length };
}
