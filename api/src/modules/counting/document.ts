// One file's pages and photos, by kind (docs/decisions.md, product.md §10): PDF read directly; DOCX and
// ODT photos from their media, pages from a LibreOffice rendering (DONE) or from their saved
// statistics (ESTIMATED); DOC through LibreOffice only (UNSUPPORTED without it); TXT laid out on A4.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { countZipDocument } from './office.js';
import { countPdf } from './pdf.js';
import { renderPdf } from './render.js';
import { CountError, createTxtPager, type CountFormat, type CountResult } from './rules.js';

export interface CountOptions {
  /** LibreOffice's soffice, null when not installed. */
  soffice: string | null;
  /** For the LibreOffice rendering; the whole job has its own limit (worker.ts). */
  timeoutMs: number;
}

export async function countDocument(file: string, format: CountFormat | null, options: CountOptions): Promise<CountResult> {
  try {
    return await count(file, format, options);
  } catch (error) {
    if (error instanceof CountError) return { status: 'FAILED', pageCount: null, photoCount: null, error: error.message };
    throw error;
  }
}

async function count(file: string, format: CountFormat | null, options: CountOptions): Promise<CountResult> {
  switch (format) {
    case 'pdf': {
      const { pages, photos } = await countPdf(await readFile(file));
      return done(pages, photos);
    }
    case 'docx':
    case 'odt': {
      const { photos, statsPages } = await countZipDocument(file, format);
      if (options.soffice) {
        const { pages } = await countPdf(await renderPdf(options.soffice, file, format, options.timeoutMs));
        return done(pages, photos);
      }
      if (statsPages === null || statsPages === 0) {
        return {
          status: 'FAILED',
          pageCount: null,
          photoCount: photos,
          error: 'Pages inconnues : LibreOffice n’est pas installé et le document n’enregistre pas son nombre de pages.',
        };
      }
      return { status: 'ESTIMATED', pageCount: statsPages, photoCount: photos, error: null };
    }
    case 'doc': {
      if (!options.soffice)
        return {
          status: 'UNSUPPORTED',
          pageCount: null,
          photoCount: null,
          error: 'Format Word 97-2003 : comptage possible seulement avec LibreOffice, qui n’est pas installé.',
        };
      // The legacy binary format's pictures are not readable on their own: both counts come from the rendering.
      const { pages, photos } = await countPdf(await renderPdf(options.soffice, file, 'doc', options.timeoutMs));
      return done(pages, photos);
    }
    case 'txt':
      return done(await txtPages(file), 0);
    default:
      return { status: 'UNSUPPORTED', pageCount: null, photoCount: null, error: 'Type de fichier non compté.' };
  }
}

function done(pages: number, photos: number): CountResult {
  if (pages === 0) throw new CountError('Le document ne contient aucune page.');
  return { status: 'DONE', pageCount: pages, photoCount: photos, error: null };
}

async function txtPages(file: string): Promise<number> {
  const pager = createTxtPager();
  for await (const chunk of createReadStream(file, { encoding: 'utf8' })) pager.feed(chunk as string);
  return pager.end();
}
