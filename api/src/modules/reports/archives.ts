// « Tout télécharger »: the zips of a constat's deposited and returned items, listed when their
// signed link (handed out by the Report type) is downloaded (http/files.ts streams them).
import { Readable } from 'node:stream';
import { fileKindOf } from '@constats/domain/file-kinds';
import type { ArchiveProvider } from '../../infra/file-links.js';
import { isResizedForWord, resizeForWord } from '../../infra/photo-images.js';
import { FileNotFoundError } from '../../infra/storage.js';
import type { ReportFileKind } from '../../generated/prisma/enums.js';
import { numberedNames } from './file-order.js';

/** A photo resized for Word, or the stored photo when its decoder cannot read it. */
async function forWord(stored: () => Promise<NodeJS.ReadableStream>): Promise<NodeJS.ReadableStream> {
  try {
    return Readable.from([await resizeForWord(await stored())]);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw error;
    return stored();
  }
}

/**
 * The files of one kind among those the link was signed for that are still on the constat, in
 * deposit order; deposited photos numbered (file-order.ts), and with `resized`, the camera's JPEG
 * photos resized for Word.
 */
function archiveOf(kind: ReportFileKind, { resized = false } = {}): ArchiveProvider {
  return async (services, reportId, fileIds) => {
    const files = await services.db.reportFile.findMany({
      where: { reportId, kind, id: { in: [...fileIds] } },
      select: { storageKey: true, originalName: true },
      orderBy: [{ position: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    });
    if (kind === 'RETURNED') return files.map((file) => ({ storageKey: file.storageKey, name: file.originalName }));
    const names = numberedNames(files.map((file) => ({ name: file.originalName, photo: fileKindOf(file.originalName) === 'photo' })));
    return files.map((file, index) => ({
      storageKey: file.storageKey,
      name: names[index],
      ...(resized && isResizedForWord(file.originalName) && { convert: forWord }),
    }));
  };
}

export const reportArchives: Record<string, ArchiveProvider> = {
  'report-deposited': archiveOf('DEPOSITED'),
  'report-deposited-word': archiveOf('DEPOSITED', { resized: true }),
  'report-returned': archiveOf('RETURNED'),
};
