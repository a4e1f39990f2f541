// The seller's logo (issue 22): bounded by its header before any decoding, decoded whole (a cut file
// is refused), and written again opaque RGB, so the bill's PDF/A-3 draws no transparency.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { checkLogoHeader, LOGO_MAX_SIDE, logoMessages, prepareLogo, type PreparedLogo } from '../../api/src/modules/seller/logo.js';
import { pngHeaderOnly, sampleJpeg, samplePng } from '../support/images.js';

const prepared = (result: PreparedLogo | { error: string }): PreparedLogo => {
  if ('error' in result) throw new Error(result.error);
  return result;
};

describe('seller logo', () => {
  it('a PNG with transparency is flattened onto white: 8-bit RGB, no alpha channel, same size', () => {
    const logo = prepared(prepareLogo(samplePng(300, 100, { alpha: true }), 'png'));
    expect([logo.format, logo.width, logo.height]).toEqual(['png', 300, 100]);
    // IHDR: bit depth 8, colour type 2 (truecolour, no alpha).
    expect([logo.data[24], logo.data[25]]).toEqual([8, 2]);
    const decoded = PNG.sync.read(logo.data);
    expect([...decoded.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const right = (100 * 300 - 1) * 4;
    expect([...decoded.data.subarray(right, right + 4)]).toEqual([200, 20, 20, 255]);
  });

  it('a half-transparent pixel is blended with white', () => {
    const png = new PNG({ width: 16, height: 16 });
    for (let pixel = 0; pixel < 256; pixel++) png.data.set([0, 0, 0, 128], pixel * 4);
    const decoded = PNG.sync.read(prepared(prepareLogo(PNG.sync.write(png), 'png')).data);
    expect([...decoded.data.subarray(0, 3)]).toEqual([127, 127, 127]);
  });

  it('a JPEG is decoded and written again as a baseline JPEG of the same size', () => {
    const logo = prepared(prepareLogo(sampleJpeg(320, 120), 'jpg'));
    expect([logo.format, logo.width, logo.height]).toEqual(['jpg', 320, 120]);
    expect(jpeg.decode(logo.data).width).toBe(320);
  });

  it.each<[string, () => Buffer, 'png' | 'jpg', string]>([
    ['a PNG cut short', () => samplePng().subarray(0, 200), 'png', logoMessages.unreadable],
    ['a PNG cut before its end chunk', () => samplePng().subarray(0, samplePng().length - 12), 'png', logoMessages.unreadable],
    ['a JPEG cut short', () => sampleJpeg().subarray(0, Math.floor(sampleJpeg().length * 0.7)), 'jpg', logoMessages.unreadable],
    ['a PNG whose data is corrupt (CRC)', () => corrupt(samplePng()), 'png', logoMessages.unreadable],
    ['a JPEG given as PNG', () => sampleJpeg(), 'png', logoMessages.unreadable],
    ['random bytes', () => Buffer.alloc(500, 7), 'png', logoMessages.unreadable],
    ['a header announcing 30 000 × 30 000 pixels', () => pngHeaderOnly(30_000, 30_000), 'png', logoMessages.tooLarge],
    ['a header announcing 2^31 pixels wide', () => pngHeaderOnly(2 ** 31 - 1, 20), 'png', logoMessages.tooLarge],
    [`one pixel over ${LOGO_MAX_SIDE}`, () => samplePng(LOGO_MAX_SIDE + 1, 20), 'png', logoMessages.tooLarge],
    ['a 10-pixel speck', () => samplePng(10, 10), 'png', logoMessages.tooSmall],
  ])('refuses %s', (_label, bytes, format, message) => {
    expect(prepareLogo(bytes(), format)).toEqual({ error: message });
  });

  it('the header alone decides the size bounds (nothing is decoded for a huge announced image)', () => {
    expect(checkLogoHeader(pngHeaderOnly(LOGO_MAX_SIDE, LOGO_MAX_SIDE), 'png')).toBeNull();
    expect(checkLogoHeader(pngHeaderOnly(LOGO_MAX_SIDE, LOGO_MAX_SIDE + 1), 'png')).toBe(logoMessages.tooLarge);
  });
});

/** Flips one byte of the first IDAT's data, so its CRC no longer matches. */
function corrupt(png: Buffer): Buffer {
  const copy = Buffer.from(png);
  copy[copy.indexOf('IDAT') + 6] ^= 0xff;
  return copy;
}
