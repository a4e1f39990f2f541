// Deposited photos and dictations made in tests (issue 33): the smallest files each format's readers
// (file-type, image-size) take for what they are, built here rather than kept as binary fixtures.
import { sampleJpeg, samplePng } from './images.js';

export { sampleJpeg, samplePng };

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const u32 = (...values: number[]) => {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => buffer.writeUInt32BE(value, index * 4));
  return buffer;
};

/** A RIFF file of one form type and its chunks (WebP, WAV). */
function riff(form: string, ...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from(form, 'latin1'), ...chunks]);
  const header = Buffer.from('RIFF\0\0\0\0', 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}
function riffChunk(type: string, data: Buffer): Buffer {
  const header = Buffer.from(`${type}\0\0\0\0`, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** An extended WebP header (VP8X) announcing width × height; no image data follows. */
export function webpHeader(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  return riff('WEBP', riffChunk('VP8X', vp8x));
}

/** A HEIC's ftyp and meta boxes as an iPhone writes them first, with the image's size (ispe) and a thumbnail's. */
export function heicHeader(width: number, height: number, { brand = 'heic', thumbnail = [320, 240] } = {}): Buffer {
  const ispe = (w: number, h: number) => box('ispe', u32(0, w, h));
  const meta = box(
    'meta',
    u32(0),
    box('hdlr', u32(0, 0), Buffer.from('pict\0\0\0\0\0\0\0\0\0\0\0\0\0', 'latin1')),
    box('iprp', box('ipco', ispe(thumbnail[0], thumbnail[1]), ispe(width, height))),
  );
  return Buffer.concat([box('ftyp', Buffer.from(`${brand}\0\0\0\0mif1heic`, 'latin1')), meta]);
}

/** A playable WAV: 0.1 s of silence, 8 kHz mono 8-bit PCM. */
export function sampleWav(): Buffer {
  const format = Buffer.alloc(16);
  format.writeUInt16LE(1, 0); // PCM
  format.writeUInt16LE(1, 2); // mono
  format.writeUInt32LE(8000, 4);
  format.writeUInt32LE(8000, 8);
  format.writeUInt16LE(1, 12);
  format.writeUInt16LE(8, 14);
  return riff('WAVE', riffChunk('fmt ', format), riffChunk('data', Buffer.alloc(800, 0x80)));
}

/**
 * A playable WAV of `seconds` of a soft 440 Hz tone, 8 kHz mono 8-bit PCM (8 KB a second): long
 * enough for a player to be heard moving, jumped in and resumed (the dictation player's tests).
 */
export function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const format = Buffer.alloc(16);
  format.writeUInt16LE(1, 0); // PCM
  format.writeUInt16LE(1, 2); // mono
  format.writeUInt32LE(rate, 4);
  format.writeUInt32LE(rate, 8);
  format.writeUInt16LE(1, 12);
  format.writeUInt16LE(8, 14);
  // 440 whole periods a second: one second of samples, repeated, is the same tone (and quick to make).
  const second = Buffer.alloc(rate);
  for (let index = 0; index < rate; index++) second[index] = 128 + Math.round(20 * Math.sin((2 * Math.PI * 440 * index) / rate));
  const samples = Buffer.alloc(Math.round(seconds * rate)).fill(second);
  return riff('WAVE', riffChunk('fmt ', format), riffChunk('data', samples));
}

/** MPEG-1 Layer III frames (128 kb/s, 44.1 kHz, 417 bytes each) of silence, with an ID3v2 tag first when `id3`. */
export function sampleMp3({ id3 = false, frames = 3 } = {}): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const tag = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a', 'latin1'), Buffer.alloc(10)]);
  return Buffer.concat([...(id3 ? [tag] : []), ...Array.from({ length: frames }, () => frame)]);
}

/** An ADTS AAC frame header (MPEG-4 AAC LC, 44.1 kHz, stereo) and its empty frame. */
export function sampleAac(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), Buffer.alloc(9)]);
}

/** The ftyp box of an M4A: iTunes' 'M4A ' brand, or the 'mp42' an Android recorder writes. */
export function m4aHeader(brand: 'M4A ' | 'mp42' = 'M4A '): Buffer {
  return Buffer.concat([box('ftyp', Buffer.from(`${brand}\0\0\0\0M4A mp42isom`, 'latin1')), box('free', Buffer.alloc(8))]);
}

/** The first Ogg page of an Opus stream: its OpusHead packet (mono, 48 kHz). */
export function sampleOpus(): Buffer {
  const head = Buffer.concat([Buffer.from('OpusHead', 'latin1'), Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0])]);
  const page = Buffer.alloc(27);
  page.write('OggS', 0, 'latin1');
  page[5] = 0x02; // beginning of stream
  page.writeUInt32LE(1, 14); // serial number
  page[26] = 1; // one segment
  return Buffer.concat([page, Buffer.from([head.length]), head]);
}

/** A baseline JPEG's start and frame header announcing width × height; no scan follows. */
export function jpegHeader(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  const jfif = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, frame, Buffer.from([0xff, 0xd9])]);
}

/** A camera's EXIF: when (as the camera writes it), where, and how to turn the picture upright. */
export interface CameraExif {
  dateTimeOriginal?: string;
  offsetTimeOriginal?: string;
  /** Degrees, negative south / west. */
  gps?: { latitude: number; longitude: number };
  /** EXIF orientation 1–8 (6: the camera was turned a quarter clockwise). */
  orientation?: number;
}

/** An EXIF rational triple « d/1 m/1 s/100 » of positive degrees. */
function gpsRational(degrees: number): string {
  const absolute = Math.abs(degrees);
  const whole = Math.floor(absolute);
  const minutes = Math.floor((absolute - whole) * 60);
  const seconds = Math.round(((absolute - whole) * 60 - minutes) * 60 * 100);
  return `${whole}/1 ${minutes}/1 ${seconds}/100`;
}

/** A JPEG of width × height as a phone writes it, with the EXIF asked for. */
export async function cameraJpeg(width: number, height: number, exif: CameraExif = {}): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  let image = sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } });
  const ifd2 = {
    ...(exif.dateTimeOriginal && { DateTimeOriginal: exif.dateTimeOriginal }),
    ...(exif.offsetTimeOriginal && { OffsetTimeOriginal: exif.offsetTimeOriginal }),
  };
  const ifd3 = exif.gps && {
    GPSLatitudeRef: exif.gps.latitude < 0 ? 'S' : 'N',
    GPSLatitude: gpsRational(exif.gps.latitude),
    GPSLongitudeRef: exif.gps.longitude < 0 ? 'W' : 'E',
    GPSLongitude: gpsRational(exif.gps.longitude),
  };
  image = image.withExif({ IFD0: { Make: 'Constats test' }, IFD2: ifd2, ...(ifd3 && { IFD3: ifd3 }) });
  if (exif.orientation) image = image.withMetadata({ orientation: exif.orientation });
  return image.jpeg({ quality: 80 }).toBuffer();
}
