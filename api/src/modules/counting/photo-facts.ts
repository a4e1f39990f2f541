// A deposited photo's EXIF facts (product.md §16): when it was taken and where, read by the counting
// job from the start of the stored file and shown in the gallery. A fact that is absent, garbled
// or implausible is null: the photo itself stays valid.
import exifr from 'exifr';
import { parisWallClock } from '../../lib/periods.js';

export interface PhotoFacts {
  takenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
}

export const NO_PHOTO_FACTS: PhotoFacts = { takenAt: null, latitude: null, longitude: null };

/**
 * The bytes read from the start of a photo: JPEG keeps EXIF in its APP1 segment (at most 64 KB,
 * first after the start marker), and phones write HEIC's metadata before the image data.
 */
export const PHOTO_FACTS_BYTES = 256 * 1024;

// A camera whose clock was never set says 1970 or 2000; the app's data starts in 2000.
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

const EXIF_DATE_TIME = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const EXIF_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * The instant an EXIF « DateTimeOriginal » (« 2026:03:29 14:05:00 ») names: at the offset the
 * camera recorded (« OffsetTimeOriginal », « +02:00 »), or as a Paris wall clock when it recorded
 * none, as the études' bailiffs take their photos in France. Null when it is not a plausible date.
 */
export function exifInstant(dateTime: unknown, offset: unknown): Date | null {
  const parts = typeof dateTime === 'string' ? EXIF_DATE_TIME.exec(dateTime.trim()) : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
  const valid =
    year >= FIRST_YEAR && year <= LAST_YEAR && month >= 1 && month <= 12 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59;
  // Date.UTC would carry 31 February into March: the day must exist in its month.
  if (!valid || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const zone = typeof offset === 'string' ? EXIF_OFFSET.exec(offset.trim()) : null;
  if (!zone) return parisWallClock(year, month - 1, day, hour, minute, second);
  const minutes = (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3]));
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - minutes * 60_000);
}

/** A GPS position in degrees, or null when either coordinate is missing or off the globe. */
export function gpsPosition(latitude: unknown, longitude: unknown): { latitude: number; longitude: number } | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // (0, 0) is in the Gulf of Guinea: what a phone writes when it had no fix.
  if (latitude === 0 && longitude === 0) return null;
  return { latitude, longitude };
}

/** The facts EXIF gives in the first bytes of a photo (PHOTO_FACTS_BYTES); none when it has no EXIF. */
export async function readPhotoFacts(head: Uint8Array): Promise<PhotoFacts> {
  try {
    // Values as written (« 2026:03:29 14:05:00 »), not revived into Dates in the server's time zone.
    const tags = (await exifr.parse(head, {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
      reviveValues: false,
      translateValues: false,
    })) as { DateTimeOriginal?: unknown; OffsetTimeOriginal?: unknown } | undefined;
    const gps = (await exifr.gps(head).catch(() => undefined)) as { latitude?: unknown; longitude?: unknown } | undefined;
    const position = gpsPosition(gps?.latitude, gps?.longitude);
    return {
      takenAt: exifInstant(tags?.DateTimeOriginal, tags?.OffsetTimeOriginal),
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
    };
  } catch {
    // A photo cut short inside its EXIF, or with a corrupt one: it stays a photo, without facts.
    return NO_PHOTO_FACTS;
  }
}
