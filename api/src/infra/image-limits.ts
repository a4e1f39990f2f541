// Pictures are measured from their header before anything decodes them: a few hundred bytes of
// PNG can announce 20,000 × 20,000 pixels, which every browser showing the profile picture would
// try to allocate (1.6 GB). The header is read by image-size, which parses no pixel data. Pure.
import { imageSize } from 'image-size';

/** Bytes read to find a picture's size: a JPEG's frame header comes after its metadata segments. */
export const IMAGE_HEAD_BYTES = 1024 * 1024;
/** The most pixels a side may have whatever the total: what common decoders accept. */
export const IMAGE_MAX_SIDE = 16_384;
const DEFAULT_MAX_PIXELS = 50_000_000;
/** A deposited photo's limit without a configuration (MAX_PHOTO_MEGAPIXELS's default). */
const DEFAULT_PHOTO_PIXELS = 100_000_000;

const count = (value: number) => value.toLocaleString('fr-FR');

export const imageMessages = {
  tooLarge: (name: string, width: number, height: number, maxPixels: number) =>
    `L’image « ${name} » est trop grande (${count(width)} × ${count(height)} pixels) : ${count(maxPixels / 1_000_000)} mégapixels et ${count(IMAGE_MAX_SIDE)} pixels de côté au maximum.`,
  photoTooLarge: (name: string, width: number, height: number, maxPixels: number) =>
    `La photo « ${name} » est trop grande (${count(width)} × ${count(height)} pixels) : ${count(maxPixels / 1_000_000)} mégapixels au maximum.`,
  unreadable: (name: string) => `Image illisible : les dimensions de « ${name} » ne se trouvent pas en tête du fichier.`,
};

type Measure = { width: number; height: number } | 'unreadable';

/** The size the header announces; of the several a HEIF lists (photo, thumbnail), image-size gives the largest. */
function measure(head: Buffer): Measure {
  try {
    const { width = 0, height = 0 } = imageSize(head);
    return { width, height };
  } catch {
    return 'unreadable';
  }
}

/**
 * The French refusal of a picture whose header announces more than `maxPixels` pixels or a side
 * over IMAGE_MAX_SIDE, or null. `whole`: the head is the entire file. A file longer than its head
 * whose size cannot be read there is refused (it could announce anything further on); a small file
 * read whole and still unmeasurable holds no image data a decoder could inflate, and passes.
 */
export function imageHeaderRefusal(head: Buffer, whole: boolean, maxPixels = DEFAULT_MAX_PIXELS, name = 'image'): string | null {
  const size = measure(head);
  if (size === 'unreadable') return whole ? null : imageMessages.unreadable(name);
  const { width, height } = size;
  if (width * height > maxPixels || width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE)
    return imageMessages.tooLarge(name, width, height, maxPixels);
  return null;
}

/**
 * The same check for a deposited photo (MAX_PHOTO_MEGAPIXELS): pixels only, no side limit, since a
 * phone's panorama is legitimately wider than 16,384 px; it is stored as sent, never shown whole
 * in every browser as an avatar is.
 */
export function photoHeaderRefusal(head: Buffer, whole: boolean, maxPixels = DEFAULT_PHOTO_PIXELS, name = 'photo'): string | null {
  const size = measure(head);
  if (size === 'unreadable') return whole ? null : imageMessages.unreadable(name);
  return size.width * size.height > maxPixels ? imageMessages.photoTooLarge(name, size.width, size.height, maxPixels) : null;
}
