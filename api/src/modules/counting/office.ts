// Word (DOCX) and OpenDocument (ODT) files are zips: their photos are the raster pictures of
// their media folder, measured from each entry's first bytes only (image-size), so memory stays
// bounded whatever the document's size; their pages come from a LibreOffice rendering when
// LibreOffice is installed (render.ts), else from the statistics the editor saved in the file.
import type { Readable } from 'node:stream';
import { imageSize } from 'image-size';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { CountError, isPhoto } from './rules.js';

export type ZipFormat = 'docx' | 'odt';

/** Enough for any image header, EXIF included (JPEG's size marker follows the APP segments). */
const IMAGE_HEADER_BYTES = 256 * 1024;
/** docProps/app.xml, meta.xml, manifest.xml are a few kilobytes. */
const MAX_XML_BYTES = 2 * 1024 * 1024;
/** A constat has hundreds of pictures, not hundreds of thousands: beyond this the zip is hostile. */
const MAX_ENTRIES = 100_000;

const MEDIA_FOLDER: Record<ZipFormat, string> = { docx: 'word/media/', odt: 'Pictures/' };
const STATS_ENTRY: Record<ZipFormat, string> = { docx: 'docProps/app.xml', odt: 'meta.xml' };

export interface ZipCount {
  photos: number;
  /** Pages the editor recorded in the document's statistics, null when absent. */
  statsPages: number | null;
}

export async function countZipDocument(file: string, format: ZipFormat): Promise<ZipCount> {
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, opened) =>
        error ? reject(error) : resolve(opened),
      ),
    );
  } catch (error) {
    throw new CountError(`Document illisible ou endommagé (${(error as Error).message.slice(0, 200)}).`);
  }
  try {
    return await readEntries(zip, format);
  } finally {
    zip.close();
  }
}

function readEntries(zip: ZipFile, format: ZipFormat): Promise<ZipCount> {
  return new Promise((resolve, reject) => {
    let photos = 0;
    let statsPages: number | null = null;
    let entries = 0;
    let sawDocument = false;
    const fail = (error: unknown) =>
      reject(
        error instanceof CountError
          ? error
          : new CountError(`Document illisible ou endommagé (${(error as Error).message.slice(0, 200)}).`),
      );
    zip.on('error', fail);
    zip.on('end', () => {
      if (!sawDocument)
        fail(
          new CountError(
            `Ce fichier n’est pas un document ${format === 'docx' ? 'Word' : 'OpenDocument'} : son contenu principal est absent.`,
          ),
        );
      else resolve({ photos, statsPages });
    });
    zip.on('entry', (entry: Entry) => {
      entries += 1;
      if (entries > MAX_ENTRIES) return fail(new CountError('Document anormal : trop d’éléments dans l’archive.'));
      const name = entry.fileName;
      if (name === (format === 'docx' ? 'word/document.xml' : 'content.xml')) sawDocument = true;
      const handle = async () => {
        if (name.startsWith(MEDIA_FOLDER[format]) && !name.endsWith('/')) {
          const size = measure(await readHead(zip, entry, IMAGE_HEADER_BYTES));
          if (size && isPhoto(size.width, size.height)) photos += 1;
        } else if (name === STATS_ENTRY[format]) {
          statsPages = statisticsPages(await readHead(zip, entry, MAX_XML_BYTES), format);
        } else if (format === 'odt' && name === 'META-INF/manifest.xml') {
          if ((await readHead(zip, entry, MAX_XML_BYTES)).includes('encryption-data')) {
            throw new CountError('Document protégé par un mot de passe : impossible de le compter.');
          }
        }
      };
      handle().then(() => zip.readEntry(), fail);
    });
    zip.readEntry();
  });
}

/** The first `limit` bytes of an entry, inflated; the rest is never read. */
async function readHead(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  if (entry.isEncrypted()) throw new CountError('Document protégé par un mot de passe : impossible de le compter.');
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, Math.min(length, limit));
}

/** A raster picture's size, null for vector pictures (EMF, WMF, SVG) and unknown formats. */
function measure(head: Buffer): { width: number; height: number } | null {
  try {
    const size = imageSize(head);
    if (size.type === 'svg') return null;
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

function statisticsPages(xml: Buffer, format: ZipFormat): number | null {
  const text = xml.toString('utf8');
  const match = format === 'docx' ? /<(?:\w+:)?Pages>\s*(\d{1,6})\s*</.exec(text) : /meta:page-count="(\d{1,6})"/.exec(text);
  return match ? Number(match[1]) : null;
}
