// Which uploaded files we accept, decided from their content (magic bytes), not their name alone.
// A file is accepted when its extension is allowed for the use AND its first bytes match it.

export type FileCategory = 'document' | 'bill' | 'image';

interface FileType {
  extension: string;
  mimeType: string;
  /** True when the head of the file looks like this type. */
  matches: (head: Buffer) => boolean;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const pdf: FileType = { extension: 'pdf', mimeType: 'application/pdf', matches: (head) => head.subarray(0, 1024).includes('%PDF-') };
const doc: FileType = { extension: 'doc', mimeType: 'application/msword', matches: (head) => startsWith(head, OLE2) };
// Office Open XML: a zip whose entries include [Content_Types].xml and the word/ part.
const docx: FileType = {
  extension: 'docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  matches: (head) => startsWith(head, ZIP) && head.includes('[Content_Types].xml') && head.includes('word/'),
};
// OpenDocument: a zip whose first entry is the uncompressed "mimetype" file naming the type.
const odt: FileType = {
  extension: 'odt',
  mimeType: 'application/vnd.oasis.opendocument.text',
  matches: (head) => startsWith(head, ZIP) && head.subarray(30, 100).includes('mimetypeapplication/vnd.oasis.opendocument.text'),
};
// Plain text has no signature: accept UTF-8 (or Latin-1) text without control bytes.
const txt: FileType = { extension: 'txt', mimeType: 'text/plain; charset=utf-8', matches: isPlainText };
const png: FileType = { extension: 'png', mimeType: 'image/png', matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) };
const jpeg: FileType = { extension: 'jpg', mimeType: 'image/jpeg', matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]) };
const gif: FileType = { extension: 'gif', mimeType: 'image/gif', matches: (head) => head.subarray(0, 6).toString('latin1').startsWith('GIF8') };
const webp: FileType = {
  extension: 'webp',
  mimeType: 'image/webp',
  matches: (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Spec §5: reports take .doc .docx .odt .pdf .txt; secretary bills Word or PDF; avatars images. */
const CATEGORIES: Record<FileCategory, { types: Record<string, FileType>; label: string }> = {
  document: { types: { pdf, doc, docx, odt, txt }, label: '.doc, .docx, .odt, .pdf, .txt' },
  bill: { types: { pdf, doc, docx }, label: 'Word (.doc, .docx) ou PDF' },
  image: { types: { png, jpg: jpeg, jpeg, gif, webp }, label: 'images PNG, JPEG, GIF ou WebP' },
};

/** Bytes read before deciding (a docx's part names sit in the first local headers). */
export const SNIFF_BYTES = 64 * 1024;

export function fileExtension(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(filename.trim());
  return match ? match[1].toLowerCase() : '';
}

/** The accepted type of a file from its name and first bytes, or null when it must be refused. */
export function detectFileType(category: FileCategory, filename: string, head: Buffer): { extension: string; mimeType: string } | null {
  const type = CATEGORIES[category].types[fileExtension(filename)];
  if (!type || !type.matches(head)) return null;
  return { extension: type.extension, mimeType: type.mimeType };
}

export function acceptedTypesLabel(category: FileCategory): string {
  return CATEGORIES[category].label;
}

/** Content type to serve a stored file with, from the extension of its storage key. */
export function mimeTypeForKey(key: string): string {
  const extension = fileExtension(key);
  for (const { types } of Object.values(CATEGORIES)) {
    if (types[extension]) return types[extension].mimeType;
  }
  return 'application/octet-stream';
}

function isPlainText(head: Buffer): boolean {
  // Tab, line feed, carriage return and form feed are the only control bytes text files carry.
  for (const byte of head) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  return true;
}
