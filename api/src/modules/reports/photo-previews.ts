// The gallery's photo previews (product.md §16), served through signed document links
// (infra/file-links.ts): made at a photo's first display, then kept in storage, their key on the
// file's row so the orphan sweep keeps them while the photo exists and removes them after it.
import type { DocumentProvider, ProviderServices } from '../../infra/file-links.js';
import { isPreviewable, makePhotoPreview } from '../../infra/photo-images.js';
import { FileNotFoundError, newStorageKey } from '../../infra/storage.js';

/** The document kind of a preview link (ctx.files.document). */
export const PHOTO_PREVIEW = 'photo-preview';

/** Whether a file of a constat has a preview: a deposited photo sharp decodes. */
export const hasPreview = (file: { kind: string; originalName: string }): boolean =>
  file.kind === 'DEPOSITED' && isPreviewable(file.originalName);

async function previewKey(services: ProviderServices, fileId: number): Promise<string> {
  const file = await services.db.reportFile.findUnique({
    where: { id: fileId },
    select: { kind: true, originalName: true, storageKey: true, previewKey: true },
  });
  if (!file || !hasPreview(file)) throw new FileNotFoundError(`${PHOTO_PREVIEW}/${fileId}`);
  if (file.previewKey) return file.previewKey;
  let preview: Buffer;
  try {
    preview = await makePhotoPreview(await services.storage.get(file.storageKey));
  } catch (error) {
    // A photo its format's decoder cannot read (cut short, corrupt) has no preview: the gallery
    // shows its name instead, and the photo itself stays downloadable.
    if (error instanceof FileNotFoundError) throw error;
    throw new FileNotFoundError(`${PHOTO_PREVIEW}/${fileId}`);
  }
  const key = newStorageKey('previews', 'preview.webp');
  await services.storage.put(key, preview);
  // Two first displays at once each made one: the first recorded wins, the other is removed.
  const { count } = await services.db.reportFile.updateMany({ where: { id: fileId, previewKey: null }, data: { previewKey: key } });
  if (count > 0) return key;
  await services.storage.remove(key);
  const kept = await services.db.reportFile.findUnique({ where: { id: fileId }, select: { previewKey: true } });
  if (!kept?.previewKey) throw new FileNotFoundError(`${PHOTO_PREVIEW}/${fileId}`);
  return kept.previewKey;
}

export const reportDocuments: Record<string, DocumentProvider> = { [PHOTO_PREVIEW]: previewKey };
