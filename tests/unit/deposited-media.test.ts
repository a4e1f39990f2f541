// Deposited photos and dictations (issue 33): a photo's size is read from its header before anything
// decodes it, and the counting queue counts photos and dictations by their type.
import { photoHeaderRefusal } from '../../api/src/infra/image-limits.js';
import { depositedMediaCount } from '../../api/src/modules/counting/rules.js';
import { heicHeader, jpegHeader, sampleJpeg, webpHeader } from '../support/media.js';
import { pngHeaderOnly } from '../support/images.js';

const LIMIT = 100_000_000;

describe('a deposited photo is measured from its header', () => {
  it.each<[string, Buffer]>([
    ['a 20,000 × 20,000 PNG header', pngHeaderOnly(20_000, 20_000)],
    ['a 20,000 × 20,000 JPEG header', jpegHeader(20_000, 20_000)],
    ['a 16,000 × 16,000 WebP header', webpHeader(16_000, 16_000)],
    ['a 20,000 × 20,000 HEIC header', heicHeader(20_000, 20_000)],
    // A HEIF lists several images; the largest is measured, whatever comes first.
    ['a HEIC hiding a 20,000 × 20,000 image after its thumbnail', heicHeader(20_000, 20_000, { thumbnail: [160, 120] })],
  ])('refuses %s', (_label, head) => {
    expect(photoHeaderRefusal(head, true, LIMIT, 'IMG_1.jpg')).toMatch(
      /^La photo « IMG_1\.jpg » est trop grande \(\d+\s\d+ × \d+\s\d+ pixels\) : 100 mégapixels au maximum\.$/,
    );
  });

  it.each<[string, Buffer]>([
    ['a 48-megapixel phone photo (8,064 × 6,048)', jpegHeader(8064, 6048)],
    ['a panorama wider than 16,384 px (20,000 × 3,000)', jpegHeader(20_000, 3000)],
    ['an iPhone HEIC', heicHeader(4032, 3024)],
    ['a real small JPEG', sampleJpeg(40, 30)],
  ])('accepts %s', (_label, head) => {
    expect(photoHeaderRefusal(head, true, LIMIT, 'photo.jpg')).toBeNull();
  });

  it('follows the configured limit and refuses a longer file whose size is not in its head', () => {
    expect(photoHeaderRefusal(jpegHeader(8064, 6048), true, 40_000_000, 'p.jpg')).toMatch(/40 mégapixels au maximum/);
    expect(photoHeaderRefusal(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 8]), false, LIMIT, 'p.jpg')).toMatch(/^Image illisible/);
  });
});

describe('the counting queue counts photos and dictations by their type', () => {
  it.each<[string, number, number]>([
    ['IMG_0001.JPG', 0, 1],
    ['photo.jpeg', 0, 1],
    ['capture.png', 0, 1],
    ['photo.webp', 0, 1],
    ['IMG_0002.heic', 0, 1],
    ['photo.HEIF', 0, 1],
    ['dictée.mp3', 0, 0],
    ['mémo.m4a', 0, 0],
    ['mémo.aac', 0, 0],
    ['dictée.wav', 0, 0],
    ['note.ogg', 0, 0],
    ['note.opus', 0, 0],
  ])('%s: %i page(s), %i photo(s), counted', (name, pages, photos) => {
    expect(depositedMediaCount(name)).toEqual({ status: 'DONE', pageCount: pages, photoCount: photos, error: null });
  });

  it('leaves documents to the readers', () => {
    for (const name of ['constat.pdf', 'notes.txt', 'acte.docx', 'acte.odt', 'acte.doc', 'sans-extension'])
      expect(depositedMediaCount(name)).toBeNull();
  });
});
