// The deposited items' gallery (product.md §16): files split by kind in deposit order, photos numbered
// as « Tout télécharger » numbers them, a photo's position and date in French.
import { formatPosition, mapUrl, shownPhotos, splitByKind, takenAtParts } from '../../web/src/features/reports/gallery.js';
import { galleryText } from '../../web/src/i18n/gallery.js';

describe('splitByKind', () => {
  it('keeps the deposit order within each kind; an unknown extension is a document', () => {
    const files = ['IMG_3.JPG', 'note.m4a', 'pv.pdf', 'IMG_1.heic', 'scan.png', 'memo.opus', 'sans-extension', 'IMG_2.jpeg'].map(
      (name) => ({ name }),
    );
    const { photos, dictations, documents } = splitByKind(files);
    expect(photos.map((file) => file.name)).toEqual(['IMG_3.JPG', 'IMG_1.heic', 'scan.png', 'IMG_2.jpeg']);
    expect(dictations.map((file) => file.name)).toEqual(['note.m4a', 'memo.opus']);
    expect(documents.map((file) => file.name)).toEqual(['pv.pdf', 'sans-extension']);
  });

  it('gives the same objects back, so a photo’s number is its place among the photos plus one', () => {
    const first = { name: 'a.jpg' };
    const second = { name: 'b.jpg' };
    const { photos } = splitByKind([{ name: 'pv.pdf' }, first, { name: 'dictee.mp3' }, second]);
    expect(photos.indexOf(second) + 1).toBe(2);
    expect(photos[0]).toBe(first);
  });

  it('is empty for no file', () => {
    expect(splitByKind([])).toEqual({ photos: [], dictations: [], documents: [] });
  });
});

describe('shownPhotos: the grid a page at a time', () => {
  const photos = Array.from({ length: 130 }, (_, index) => index + 1);

  it('shows the first page and says how many the next click adds', () => {
    const page = shownPhotos(photos, 60, 60);
    expect(page.shown).toHaveLength(60);
    expect(page.shown[59]).toBe(60);
    expect(page.next).toBe(60);
  });

  it('adds only what is left on the last page, then nothing', () => {
    expect(shownPhotos(photos, 120, 60).next).toBe(10);
    const all = shownPhotos(photos, 180, 60);
    expect(all.shown).toHaveLength(130);
    expect(all.next).toBe(0);
  });
});

describe('formatPosition: French notation', () => {
  it.each([
    [45.758321, 4.833312, '45,7583° N, 4,8333° E'],
    [-33.8688, 151.2093, '33,8688° S, 151,2093° E'],
    [48.8566, -2.35, '48,8566° N, 2,3500° O'],
    [0, 0, '0,0000° N, 0,0000° E'],
  ])('%d, %d → %s', (latitude, longitude, expected) => {
    expect(formatPosition(latitude, longitude)).toBe(expected);
  });

  it('links to the place on OpenStreetMap, opened by the user, never loaded by the page', () => {
    expect(mapUrl(45.7583, 4.8333)).toBe('https://www.openstreetmap.org/?mlat=45.7583&mlon=4.8333#map=17/45.7583/4.8333');
  });
});

describe('takenAtParts: « Prise le 12/03/2026 à 15:45 »', () => {
  it('says when the photo was taken, in Paris time', () => {
    const winter = takenAtParts('2026-03-12T14:45:00Z')!;
    expect(galleryText.takenAt(winter.date, winter.time)).toBe('Prise le 12/03/2026 à 15:45');
    expect(takenAtParts('2026-07-14T21:30:00Z')).toEqual({ date: '14/07/2026', time: '23:30' });
  });

  it('is null when the photo does not say', () => {
    expect(takenAtParts(null)).toBeNull();
    expect(takenAtParts(undefined)).toBeNull();
  });
});
