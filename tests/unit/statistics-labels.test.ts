import { pointTitle } from '../../web/src/features/statistics/periodLabels.js';

describe('statistics chart: tooltip title of a point', () => {
  it.each([
    [2026, null, 0, 'Janvier 2026'],
    [2026, null, 2, 'Mars 2026'],
    [2025, null, 11, 'Décembre 2025'],
    [2026, 3, 0, '01/03/2026'],
    [2026, 3, 11, '12/03/2026'],
    [2024, 2, 28, '29/02/2024'],
  ])('year %i, month %p, point %i ⇒ %s', (year, month, index, title) => {
    expect(pointTitle(year, month, index)).toBe(title);
  });
});
