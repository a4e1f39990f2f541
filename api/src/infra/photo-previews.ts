// Small previews of deposited photos for the gallery (product.md §16), made with sharp (libvips):
// JPEG and WebP are decoded at a fraction of their size (shrink-on-load), so a 48-megapixel photo
// costs a few megabytes, not 150. The deposit refused oversized pixel counts from the header already.
import pLimit from 'p-limit';
import sharp from 'sharp';

/** The longer side of a preview, in CSS pixels times two (sharp on a phone's dense screen). */
export const PREVIEW_SIZE = 320;

// Decoding is CPU- and memory-bound: a gallery of 1,000 photos asks for dozens at once, and the
// other requests must keep being served meanwhile.
const previews = pLimit(2);

/** The photo's extensions sharp's bundled libvips decodes (its libheif reads AVIF, not HEIC's HEVC). */
const PREVIEWABLE = new Set(['jpg', 'jpeg', 'png', 'webp']);

export const isPreviewable = (originalName: string): boolean =>
  PREVIEWABLE.has(originalName.slice(originalName.lastIndexOf('.') + 1).toLowerCase());

/**
 * A WebP preview of `photo`: turned upright as its EXIF orientation says, at most PREVIEW_SIZE on
 * its longer side (never enlarged), without its metadata (its GPS position is shown by the
 * gallery to whom may see the constat, not carried by every copy). Rejects when it cannot decode.
 */
export function makePhotoPreview(photo: NodeJS.ReadableStream): Promise<Buffer> {
  return previews(() => {
    const pipeline = sharp({ failOn: 'error', sequentialRead: true })
      .rotate()
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 });
    photo.on('error', (error: Error) => pipeline.destroy(error));
    return photo.pipe(pipeline).toBuffer();
  });
}
