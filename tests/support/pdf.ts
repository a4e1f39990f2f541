import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensurePdfTools, PDFTOTEXT } from '../../scripts/ensure-pdf-tools.js';

const execFileAsync = promisify(execFile);

/**
 * The text of a PDF as poppler's pdftotext reads it (what a person sees, whatever the PDF's font
 * encoding), with every kind of space folded to a plain one.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  await ensurePdfTools();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await execFileAsync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', file, '-']);
    return foldSpaces(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** "1 234,56 €" written with no-break spaces reads as "1 234,56 €". */
export const foldSpaces = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');
