// Which uploaded files we accept, decided from their content by file-type (magic numbers, zip and
// OLE2 containers read), not by their name alone: the declared extension must name the detected type.
import { ACCEPTED_EXTENSIONS, ACCEPTED_LABELS } from '@constats/domain/file-kinds';
import { fileTypeFromBuffer } from 'file-type';

export type FileCategory = 'document' | 'deposit' | 'bill' | 'image' | 'logo';

interface FileType {
  extension: string;
  mimeType: string;
  /** file-type's `ext` for this type; null for plain text, which has no signature. */
  detected: string | null;
  /** Other names file-type gives the same format (an Android recorder's M4A carries an 'mp42' brand, read as mp4). */
  orDetected?: readonly string[];
}

const pdf: FileType = { extension: 'pdf', mimeType: 'application/pdf', detected: 'pdf' };
// Word 97–2003 is an OLE2 compound file, which file-type names 'cfb'.
const doc: FileType = { extension: 'doc', mimeType: 'application/msword', detected: 'cfb' };
const docx: FileType = {
  extension: 'docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  detected: 'docx',
};
const odt: FileType = { extension: 'odt', mimeType: 'application/vnd.oasis.opendocument.text', detected: 'odt' };
const txt: FileType = { extension: 'txt', mimeType: 'text/plain; charset=utf-8', detected: null };
const png: FileType = { extension: 'png', mimeType: 'image/png', detected: 'png' };
const jpeg: FileType = { extension: 'jpg', mimeType: 'image/jpeg', detected: 'jpg' };
const gif: FileType = { extension: 'gif', mimeType: 'image/gif', detected: 'gif' };
const webp: FileType = { extension: 'webp', mimeType: 'image/webp', detected: 'webp' };
// HEIF photos are stored as sent (iPhones take HEIC): file-type names every HEIF brand 'heic'.
const heic: FileType = { extension: 'heic', mimeType: 'image/heic', detected: 'heic' };
const heif: FileType = { extension: 'heif', mimeType: 'image/heif', detected: 'heic' };
// Dictations. A WhatsApp or Android voice note is Opus in an Ogg file named .ogg.
const mp3: FileType = { extension: 'mp3', mimeType: 'audio/mpeg', detected: 'mp3' };
const m4a: FileType = { extension: 'm4a', mimeType: 'audio/mp4', detected: 'm4a', orDetected: ['mp4'] };
const aac: FileType = { extension: 'aac', mimeType: 'audio/aac', detected: 'aac' };
const wav: FileType = { extension: 'wav', mimeType: 'audio/wav', detected: 'wav' };
const ogg: FileType = { extension: 'ogg', mimeType: 'audio/ogg', detected: 'ogg', orDetected: ['opus'] };
const opus: FileType = { extension: 'opus', mimeType: 'audio/ogg', detected: 'opus' };
/** Every type an upload may be, by the extensions that name it. */
const BY_EXTENSION: Record<string, FileType> = {
  pdf,
  doc,
  docx,
  odt,
  txt,
  jpg: jpeg,
  jpeg,
  png,
  webp,
  heic,
  heif,
  mp3,
  m4a,
  aac,
  wav,
  ogg,
  opus,
};

/** The types of a kind of upload the domain package lists (the web offers the same list). */
function typesOf(extensions: readonly string[]): Record<string, FileType> {
  return Object.fromEntries(
    extensions.map((extension) => {
      // At load: a format the web would offer but the server could not check stops the start.
      if (!BY_EXTENSION[extension]) throw new Error(`Format sans contrôle de contenu : .${extension}`);
      return [extension, BY_EXTENSION[extension]];
    }),
  );
}

/**
 * product.md §5: returned items and matrices take .doc .docx .odt .pdf .txt; deposited items also photos and
 * dictations (product.md §16); secretary bills Word or PDF; avatars images; the seller's logo PNG or JPEG only
 * (what a PDF/A-3 invoice draws).
 */
const CATEGORIES: Record<FileCategory, { types: Record<string, FileType>; label: string }> = {
  document: { types: typesOf(ACCEPTED_EXTENSIONS.document), label: ACCEPTED_LABELS.document },
  deposit: { types: typesOf(ACCEPTED_EXTENSIONS.deposit), label: ACCEPTED_LABELS.deposit },
  bill: { types: { pdf, doc, docx }, label: 'Word (.doc, .docx) ou PDF' },
  image: { types: { png, jpg: jpeg, jpeg, gif, webp }, label: 'images PNG, JPEG, GIF ou WebP' },
  logo: { types: { png, jpg: jpeg, jpeg }, label: 'images PNG ou JPEG' },
};

/** Files the server writes itself (never uploaded): the Factur-X XML alone. */
const GENERATED: Record<string, string> = { xml: 'application/xml; charset=utf-8' };

/** Bytes read before deciding: Word writes [Content_Types].xml, which names a docx, first. */
export const SNIFF_BYTES = 64 * 1024;

export function fileExtension(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(filename.trim());
  return match ? match[1].toLowerCase() : '';
}

/** The accepted type of a file from its name and first bytes, or null when it must be refused. */
export async function detectFileType(
  category: FileCategory,
  filename: string,
  head: Buffer,
): Promise<{ extension: string; mimeType: string } | null> {
  const type = CATEGORIES[category].types[fileExtension(filename)];
  if (!type || head.length === 0) return null;
  const detected = (await fileTypeFromBuffer(head))?.ext ?? null;
  if (detected !== type.detected && !(detected !== null && type.orDetected?.includes(detected))) return null;
  if (type.detected === null && !isPlainText(head)) return null;
  return { extension: type.extension, mimeType: type.mimeType };
}

/** A picture, whose announced size is checked before it is stored (image-limits.ts). */
export const isImageType = (mimeType: string): boolean => mimeType.startsWith('image/');

export function acceptedTypesLabel(category: FileCategory): string {
  return CATEGORIES[category].label;
}

/** Content type to serve a stored file with, from the extension of its storage key. */
export function mimeTypeForKey(key: string): string {
  const extension = fileExtension(key);
  for (const { types } of Object.values(CATEGORIES)) {
    if (types[extension]) return types[extension].mimeType;
  }
  return GENERATED[extension] ?? 'application/octet-stream';
}

/**
 * Text without control bytes (tab, line feed, carriage return and form feed aside) that a browser
 * or a shell would not take for a page or a script: markup and "#!" scripts are refused as .txt.
 */
function isPlainText(head: Buffer): boolean {
  for (const byte of head) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  const start = head
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return !start.startsWith('#!') && !/^<(!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|meta|a\s)/.test(start);
}
