import { countOf, detectionSummary, differenceText } from '../../web/src/features/reports/detection.js';

describe('automatic counting words', () => {
  it('writes counts in French, singular up to one', () => {
    expect(countOf(0, 'photo')).toBe('0 photo');
    expect(countOf(1, 'page')).toBe('1 page');
    expect(countOf(12, 'page')).toBe('12 pages');
  });

  it('summarises the returned files: in progress, final, or some files uncounted', () => {
    const detected = { pages: 12, photos: 34, complete: true, estimated: false };
    expect(detectionSummary(detected, ['DONE', 'DONE'])).toEqual({ text: '12 pages, 34 photos', final: true });
    expect(detectionSummary({ ...detected, complete: false }, ['DONE', 'PENDING'])).toEqual({ text: 'en cours…', final: false });
    expect(detectionSummary({ ...detected, complete: false }, ['DONE', 'FAILED'])).toEqual({
      text: '12 pages, 34 photos (impossible pour 1 fichier)',
      final: false,
    });
  });
});

describe('counts entered that differ from the detection', () => {
  it('names each count that differs, with both figures', () => {
    expect(differenceText({ pages: 3, photos: 5 }, { pages: 0, photos: 5 })).toBe(
      'Différent des comptes saisis (pages : 3 comptées, 0 saisie)',
    );
    expect(differenceText({ pages: 1, photos: 5 }, { pages: 1, photos: 12 })).toBe(
      'Différent des comptes saisis (photos : 5 comptées, 12 saisies)',
    );
    expect(differenceText({ pages: 3, photos: 1 }, { pages: 2, photos: 0 })).toBe(
      'Différent des comptes saisis (pages : 3 comptées, 2 saisies ; photos : 1 comptée, 0 saisie)',
    );
  });
});

describe('statistics: billed according to the automatic counting', () => {
  it('shows a rounded percentage with its counts, a dash when nothing compares', async () => {
    const { statisticsText } = await import('../../web/src/i18n/statistics.js');
    expect(statisticsText.detectionValue(26, 30)).toBe('87\u00a0% (26/30)');
    expect(statisticsText.detectionValue(0, 0)).toBe('-');
  });
});
