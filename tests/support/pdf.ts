import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { ensurePdfTools, PDFDETACH, PDFFONTS, PDFIMAGES, PDFTOTEXT } from '../../scripts/ensure-pdf-tools.js';

const execFileAsync = promisify(execFile);

/**
 * The text of a PDF as poppler's pdftotext reads it (what a person sees, whatever the PDF's font
 * encoding), with every kind of space folded to a plain one.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await execFileAsync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', file, '-']);
    return foldSpaces(stdout);
  });
}

/** The fonts of a PDF as poppler's pdffonts lists them: name and whether it is embedded. */
export async function pdfFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await execFileAsync(PDFFONTS, [file]);
    // Two header lines, then one line per font: name, type, encoding, emb, sub, uni, object, id.
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        return { name: columns[0], embedded: columns[columns.length - 5] === 'yes' };
      });
  });
}

/** The images of a PDF as poppler's `pdfimages -list` lists them (a soft mask is a row of type 'smask'). */
export async function pdfImages(
  pdf: Buffer,
): Promise<{ page: number; type: string; width: number; height: number; color: string; components: number; bits: number }[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await execFileAsync(PDFIMAGES, ['-list', file]);
    // Two header lines, then: page num type width height color comp bpc enc interp object ID …
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const [page, , type, width, height, color, components, bits] = line.trim().split(/\s+/);
        return {
          page: Number(page),
          type,
          width: Number(width),
          height: Number(height),
          color,
          components: Number(components),
          bits: Number(bits),
        };
      });
  });
}

/** The files embedded in a PDF (poppler's pdfdetach), by name. */
export async function pdfAttachments(pdf: Buffer): Promise<Map<string, Buffer>> {
  return withPdfFile(pdf, async (file, dir) => {
    const { stdout } = await execFileAsync(PDFDETACH, ['-list', '-enc', 'UTF-8', file]);
    const names = stdout
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^\s*\d+:\s*/, '').trim())
      .filter(Boolean);
    const files = new Map<string, Buffer>();
    for (const [index, name] of names.entries()) {
      const out = path.join(dir, `attachment-${index}`);
      await execFileAsync(PDFDETACH, ['-save', String(index + 1), '-o', out, file]);
      files.set(name, await readFile(out));
    }
    return files;
  });
}

async function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  await ensurePdfTools();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** "1 234,56 €" written with no-break spaces reads as "1 234,56 €". */
export const foldSpaces = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');

/** What makes a PDF a PDF/A-3 Factur-X, read with pdf-lib: XMP text, the catalog's AF entries, output intents. */
export async function pdfaMarkers(
  pdf: Buffer,
): Promise<{ xmp: string; attachedFiles: { name: string; relationship: string | undefined }[]; outputIntents: number }> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const metadata = document.catalog.lookup(PDFName.of('Metadata'));
  const xmp = metadata instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(metadata).decode()) : '';
  const af = document.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  const attachedFiles = (af?.asArray() ?? []).map((ref) => {
    const spec = document.context.lookup(ref, PDFDict);
    return {
      name: spec.lookupMaybe(PDFName.of('UF'), PDFString, PDFHexString)?.decodeText() ?? '',
      relationship: spec.lookupMaybe(PDFName.of('AFRelationship'), PDFName)?.decodeText(),
    };
  });
  return { xmp, attachedFiles, outputIntents: document.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray)?.size() ?? 0 };
}
