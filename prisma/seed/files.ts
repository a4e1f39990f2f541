// Demo seed: tiny but real documents, written through the storage and tracked for clean-up.
import { newStorageKey, type Storage } from '../../api/src/infra/storage.js';

export interface StoredFile {
  storageKey: string;
  originalName: string;
  size: number;
  mimeType: string;
}

export type FileRecorder = ReturnType<typeof createFileRecorder>;

export function createFileRecorder(storage: Storage) {
  const stored: { folder: string; key: string; size: number }[] = [];
  return {
    async store(folder: string, originalName: string, body: Buffer, date: Date): Promise<StoredFile> {
      const storageKey = newStorageKey(folder, originalName, date);
      const { size } = await storage.put(storageKey, body);
      stored.push({ folder, key: storageKey, size });
      const mimeType = originalName.endsWith('.pdf') ? 'application/pdf' : 'text/plain';
      return { storageKey, originalName, size, mimeType };
    },
    count: (folder?: string): number => stored.filter((file) => !folder || file.folder === folder).length,
    bytes: (): number => stored.reduce((total, file) => total + file.size, 0),
    async removeAll(): Promise<void> {
      await Promise.allSettled(stored.map((file) => storage.remove(file.key)));
    },
  };
}

// PDF strings are WinAnsi bytes: Latin-1 letters map to themselves, typographic signs do not.
const WIN_ANSI_EXTRAS: Record<string, string> = {
  '€': '\x80',
  '…': '\x85',
  '‘': '\x91',
  '’': '\x92',
  '“': '\x93',
  '”': '\x94',
  '–': '\x96',
  '—': '\x97',
  œ: '\x9c',
  Œ: '\x8c',
};

function pdfText(text: string): string {
  return Array.from(text, (char) => {
    if (char === '(' || char === ')' || char === '\\') return `\\${char}`;
    return WIN_ANSI_EXTRAS[char] ?? (char.charCodeAt(0) <= 0xff ? char : '?');
  }).join('');
}

/**
 * A one-page A4 PDF 1.4 in Helvetica, the first line as a title. The cross-reference table holds
 * exact byte offsets, so viewers open it without repairing it.
 */
export function minimalPdf(lines: string[]): Buffer {
  const content = lines
    .map((line, index) => `BT /F1 ${index === 0 ? 14 : 11} Tf 56 ${780 - index * 20} Td (${pdfText(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  // Every character here is one Latin-1 byte, so string lengths are byte offsets.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xrefOffset = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export const textFile = (lines: string[]): Buffer => Buffer.from(`${lines.join('\n')}\n`, 'utf8');
