// Pictures made from deposited photos (product.md §16) with sharp (libvips): the gallery's small
// previews and the copies resized for Word of « Tout télécharger ». JPEG and WebP are decoded at a
// fraction of their size when made smaller (shrink-on-load), so a 48-megapixel photo costs a few
// megabytes, not 150. The deposit refused oversized pixel counts from the header already.
import pLimit from 'p-limit';
import type { Sharp } from 'sharp';

// libvips is loaded with the first picture made: a server that makes none (and each test file) does
// not pay for it at start.
let loaded: Promise<typeof import('sharp')> | null = null;
const loadSharp = async () => (await (loaded ??= import('sharp'))).default;

/** The longer side of a preview, in CSS pixels times two (sharp on a phone's dense screen). */
export const PREVIEW_SIZE = 320;

/** The longer side of a photo resized for Word: sharp on a printed A4 page, a few hundred KB. */
export const WORD_PHOTO_SIZE = 1600;

// Decoding is CPU- and memory-bound: a gallery of 1,000 photos asks for dozens at once, a zip
// resizes hundreds, and the other requests must keep being served meanwhile.
const decoding = pLimit(2);

/** The photo's extensions sharp's bundled libvips decodes (its libheif reads AVIF, not HEIC's HEVC). */
const PREVIEWABLE = new Set(['jpg', 'jpeg', 'png', 'webp']);

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

export const isPreviewable = (originalName: string): boolean => PREVIEWABLE.has(extensionOf(originalName));

/** Whether a photo is resized for Word: a camera's JPEG (other formats go into the zip as stored). */
export const isResizedForWord = (originalName: string): boolean => ['jpg', 'jpeg'].includes(extensionOf(originalName));

/**
 * `photo` turned upright as its EXIF orientation says, at most `size` on its longer side (never
 * enlarged), encoded by `encode`, without its metadata (its GPS position is shown to whom may see
 * the constat, not carried by every copy). Rejects when it cannot decode, or when the photo's
 * stream fails (a file store's read cut short): never as an 'error' event without a listener,
 * which would stop the process.
 */
function shrunk(photo: NodeJS.ReadableStream, size: number, encode: (image: Sharp) => Sharp): Promise<Buffer> {
  // The stream may fail while it waits for its turn: its error is kept for the decoding.
  let failure: Error | null = null;
  let onFailure: (error: Error) => void = (error) => {
    failure = error;
  };
  photo.on('error', (error: Error) => onFailure(error));
  return decoding(async () => {
    const sharp = await loadSharp();
    if (failure) throw failure;
    const image = encode(
      sharp({ failOn: 'error', sequentialRead: true }).rotate().resize(size, size, { fit: 'inside', withoutEnlargement: true }),
    );
    return await new Promise<Buffer>((resolve, reject) => {
      image.on('error', reject);
      onFailure = (error) => {
        reject(error);
        // Without an error: the decoder stops, and its unsettled buffer is dropped with it.
        image.destroy();
      };
      image.toBuffer().then(resolve, reject);
      photo.pipe(image);
    });
  });
}

/** The gallery's WebP preview of a photo. */
export const makePhotoPreview = (photo: NodeJS.ReadableStream): Promise<Buffer> =>
  shrunk(photo, PREVIEW_SIZE, (image) => image.webp({ quality: 70 }));

/** A JPEG copy of a photo for a Word document, quality 80. */
export const resizeForWord = (photo: NodeJS.ReadableStream): Promise<Buffer> =>
  shrunk(photo, WORD_PHOTO_SIZE, (image) => image.jpeg({ quality: 80 }));
