// What deposited media say of themselves (api/src/modules/counting): a photo's EXIF facts, when and
// where it was taken, and a dictation's length, null for whatever is absent, garbled or
// implausible; and the Paris wall clock the photo's date rests on.
import { dictationSeconds } from '../../api/src/modules/counting/dictation-facts.js';
import { exifInstant, gpsPosition, readPhotoFacts } from '../../api/src/modules/counting/photo-facts.js';
import { parisWallClock } from '../../api/src/lib/periods.js';
import { cameraJpeg, sampleJpeg } from '../support/media.js';

describe('exifInstant', () => {
  it('reads the camera clock at the offset it recorded', () => {
    expect(exifInstant('2026:07:14 10:00:00', '+02:00')?.toISOString()).toBe('2026-07-14T08:00:00.000Z');
    expect(exifInstant('2026:07:14 10:00:00', '-04:30')?.toISOString()).toBe('2026-07-14T14:30:00.000Z');
  });

  it('reads a clock without offset as Paris time, summer and winter', () => {
    expect(exifInstant('2026:07:14 10:00:00', undefined)?.toISOString()).toBe('2026-07-14T08:00:00.000Z');
    expect(exifInstant('2026:01:15 10:00:00', undefined)?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(exifInstant('2026:01:15 10:00:00', 'garbage')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
  });

  it.each([
    ['a date that does not exist', '2026:02:31 10:00:00'],
    ['an unset camera clock', '1970:01:01 00:00:00'],
    ['an hour past 23', '2026:07:14 24:00:00'],
    ['a month 13', '2026:13:01 10:00:00'],
    ['blanks, as some cameras write', '    :  :     :  :  '],
    ['text', 'hier'],
  ])('is null for %s', (_what, value) => {
    expect(exifInstant(value, undefined)).toBeNull();
  });

  it('is null for what is not text', () => {
    expect(exifInstant(new Date(), undefined)).toBeNull();
    expect(exifInstant(20260714, undefined)).toBeNull();
    expect(exifInstant(undefined, '+02:00')).toBeNull();
  });
});

describe('parisWallClock', () => {
  it('lands an hour later in the hour skipped in spring, on the second pass in the hour lived twice', () => {
    expect(parisWallClock(2026, 2, 29, 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parisWallClock(2026, 9, 25, 2, 30).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(parisWallClock(2026, 9, 25, 1, 30).toISOString()).toBe('2026-10-24T23:30:00.000Z');
  });
});

describe('gpsPosition', () => {
  it('keeps a position on the globe', () => {
    expect(gpsPosition(45.7583, 4.8333)).toEqual({ latitude: 45.7583, longitude: 4.8333 });
    expect(gpsPosition(-90, 180)).toEqual({ latitude: -90, longitude: 180 });
  });

  it.each([
    ['no fix (0, 0)', 0, 0],
    ['a latitude past the pole', 91, 4],
    ['a longitude past the antimeridian', 45, -180.5],
    ['NaN', Number.NaN, 4],
    ['an infinite value', 45, Number.POSITIVE_INFINITY],
    ['a missing coordinate', 45, undefined],
    ['text', '45', '4'],
  ])('is null for %s', (_what, latitude, longitude) => {
    expect(gpsPosition(latitude, longitude)).toBeNull();
  });
});

describe('readPhotoFacts', () => {
  it('reads when and where a phone took its photo', async () => {
    const photo = await cameraJpeg(64, 48, {
      dateTimeOriginal: '2026:03:12 15:45:10',
      offsetTimeOriginal: '+01:00',
      gps: { latitude: 45.758333, longitude: -4.833333 },
    });
    const facts = await readPhotoFacts(photo);
    expect(facts.takenAt?.toISOString()).toBe('2026-03-12T14:45:10.000Z');
    expect(facts.latitude).toBeCloseTo(45.758333, 5);
    expect(facts.longitude).toBeCloseTo(-4.833333, 5);
  });

  it('gives nothing for a photo without EXIF, a photo cut inside it, or bytes that are no photo', async () => {
    const none = { takenAt: null, latitude: null, longitude: null };
    expect(await readPhotoFacts(sampleJpeg(40, 30))).toEqual(none);
    const photo = await cameraJpeg(64, 48, { dateTimeOriginal: '2026:03:12 15:45:10', gps: { latitude: 45, longitude: 4 } });
    const app1 = photo.indexOf(Buffer.from('Exif\0\0', 'latin1'));
    expect(app1).toBeGreaterThan(0);
    expect(await readPhotoFacts(photo.subarray(0, app1 + 20))).toEqual(none);
    expect(await readPhotoFacts(Buffer.from('MZ\x90\x00 not a photo', 'latin1'))).toEqual(none);
    expect(await readPhotoFacts(Buffer.alloc(0))).toEqual(none);
  });
});

describe('dictationSeconds', () => {
  it('keeps a plausible length, to the tenth of a second', () => {
    expect(dictationSeconds(2.6122)).toBe(2.6);
    expect(dictationSeconds(3599.96)).toBe(3600);
  });

  it.each([
    ['a negative length (an Opus pre-skip)', -0.0065],
    ['zero', 0],
    ['more than a day', 90_000],
    ['NaN', Number.NaN],
    ['nothing', undefined],
    ['text', '12'],
  ])('is null for %s', (_what, value) => {
    expect(dictationSeconds(value)).toBeNull();
  });
});
