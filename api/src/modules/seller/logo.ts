// The seller's logo on the bills (product.md §11). The upload is a PNG or a JPEG by its content
// (infra/file-types.ts, category 'logo'); here it is measured from its header before anything is
// decoded (a 20-byte header can announce a billion pixels), then decoded whole — a truncated or
// corrupt file fails there — and written again: a PNG as an opaque 8-bit RGB PNG, its transparency
// flattened onto the invoice's white; a JPEG as a baseline RGB JPEG (CMYK and greyscale converted).
// So the bill's PDF/A-3 only ever draws an opaque DeviceRGB picture: no soft mask, no CMYK next to
// the sRGB output intent, nothing PDF/A's transparency and colour rules could object to. Pure.
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** 1 Mo: a logo, not a photo. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MIN_SIDE = 16;
export const LOGO_MAX_SIDE = 2000;
/** Quality of the JPEG written again (visually lossless for a logo). */
const JPEG_QUALITY = 92;

export type LogoFormat = 'png' | 'jpg';

export const logoMessages = {
  unreadable: 'Image illisible ou incomplète : envoyez le logo au format PNG ou JPEG.',
  tooSmall: `Logo trop petit : ${LOGO_MIN_SIDE} × ${LOGO_MIN_SIDE} pixels au minimum.`,
  tooLarge: `Logo trop grand : ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels au maximum.`,
  settingsFirst: 'Enregistrez d’abord les paramètres de facturation, puis ajoutez le logo.',
  saved: 'Logo enregistré.',
  removed: 'Logo supprimé.',
} as const;

export interface PreparedLogo {
  format: LogoFormat;
  /** The picture as stored and drawn: opaque RGB, 8 bits a channel. */
  data: Buffer;
  width: number;
  height: number;
}

/** Refusal (French message) when the announced size is out of bounds or unreadable; no decoding. */
export function checkLogoHeader(bytes: Buffer, format: LogoFormat): string | null {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return logoMessages.unreadable;
  }
  const { width = 0, height = 0 } = size;
  if (size.type !== format) return logoMessages.unreadable;
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) return logoMessages.tooLarge;
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE) return logoMessages.tooSmall;
  return null;
}

/** The logo as it is stored, or the French reason it is refused. */
export function prepareLogo(bytes: Buffer, format: LogoFormat): PreparedLogo | { error: string } {
  const refused = checkLogoHeader(bytes, format);
  if (refused) return { error: refused };
  try {
    return format === 'png' ? preparePng(bytes) : prepareJpeg(bytes);
  } catch {
    return { error: logoMessages.unreadable };
  }
}

function preparePng(bytes: Buffer): PreparedLogo {
  // pngjs checks every chunk's CRC and inflates the whole image: a cut file throws.
  const decoded = PNG.sync.read(bytes);
  const { width, height } = decoded;
  const rgba = decoded.data;
  for (let index = 0; index < rgba.length; index += 4) {
    const alpha = rgba[index + 3];
    if (alpha === 255) continue;
    for (let channel = 0; channel < 3; channel++)
      rgba[index + channel] = Math.round((rgba[index + channel] * alpha + 255 * (255 - alpha)) / 255);
    rgba[index + 3] = 255;
  }
  const data = PNG.sync.write(decoded, { colorType: 2, inputColorType: 6, inputHasAlpha: true, bitDepth: 8 });
  return { format: 'png', data, width, height };
}

function prepareJpeg(bytes: Buffer): PreparedLogo {
  // Not tolerant: a JPEG cut before its last scan throws instead of decoding half a picture.
  const decoded = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    tolerantDecoding: false,
    maxResolutionInMP: (LOGO_MAX_SIDE * LOGO_MAX_SIDE) / 1e6,
    maxMemoryUsageInMB: 64,
  });
  const data = Buffer.from(jpeg.encode({ data: decoded.data, width: decoded.width, height: decoded.height }, JPEG_QUALITY).data);
  return { format: 'jpg', data, width: decoded.width, height: decoded.height };
}
