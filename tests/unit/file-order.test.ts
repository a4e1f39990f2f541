// The names of a constat's deposited files in its zip (api/src/modules/reports/file-order.ts), and
// what a stored file is by its name (packages/domain/src/file-kinds.ts).
import { fileKindOf } from '@constats/domain/file-kinds';
import { numberedNames } from '../../api/src/modules/reports/file-order.js';

describe('numberedNames', () => {
  it('numbers the photos in their order, on three digits, and leaves the other files as they are', () => {
    expect(
      numberedNames([
        { name: 'acte.pdf', photo: false },
        { name: 'IMG_1234.jpg', photo: true },
        { name: 'dictée.m4a', photo: false },
        { name: 'IMG_1235.HEIC', photo: true },
      ]),
    ).toEqual(['acte.pdf', '001 - IMG_1234.jpg', 'dictée.m4a', '002 - IMG_1235.HEIC']);
  });

  it('takes a fourth digit from the thousandth photo on, for every photo, so they sort as numbered', () => {
    const names = numberedNames(Array.from({ length: 1000 }, (_, index) => ({ name: `p${index}.jpg`, photo: true })));
    expect([names[0], names[998], names[999]]).toEqual(['0001 - p0.jpg', '0999 - p998.jpg', '1000 - p999.jpg']);
    expect([...names].sort()).toEqual(names);
  });

  it('gives nothing for no file', () => {
    expect(numberedNames([])).toEqual([]);
  });
});

describe('fileKindOf', () => {
  it.each([
    ['acte.PDF', 'document'],
    ['IMG_1234.JPG', 'photo'],
    ['IMG_1235.heic', 'photo'],
    ['note.opus', 'dictation'],
    ['archive.tar.gz', null],
    ['sans-extension', null],
    ['.jpg', 'photo'],
  ])('%s is a %s', (name, kind) => {
    expect(fileKindOf(name)).toBe(kind);
  });
});
