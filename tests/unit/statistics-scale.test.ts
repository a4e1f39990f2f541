// Issue 18: the statistics chart's grid lines sit on its axis values; periods to come are not drawn.
import { amountTicks, elapsedPoints } from '../../web/src/features/statistics/chartScale.js';

describe('amountTicks', () => {
  it.each([
    [0, [0, 1]],
    [4, [0, 1, 2, 3, 4]],
    [1234.56, [0, 250, 500, 750, 1000, 1250]],
    [9000, [0, 2000, 4000, 6000, 8000, 10000]],
    [0.3, [0, 0.1, 0.2, 0.3]],
  ])('%p → %p', (max, ticks) => expect(amountTicks(max)).toEqual(ticks));

  it('always reaches the largest amount with evenly spaced round values', () => {
    for (const max of [1, 7, 99.99, 512, 31_415.92, 2_000_001]) {
      const ticks = amountTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      const step = ticks[1];
      ticks.forEach((tick, index) => expect(tick).toBeCloseTo(index * step, 8));
      expect(ticks.length).toBeLessThanOrEqual(8);
    }
  });
});

describe('elapsedPoints', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it('a year: its past months and the current one; a past year whole; a future year none', () => {
    expect(elapsedPoints(2026, null, 12, now)).toBe(11);
    expect(elapsedPoints(2025, null, 12, now)).toBe(12);
    expect(elapsedPoints(2027, null, 12, now)).toBe(0);
  });
  it('a month: its days up to today in Paris', () => {
    expect(elapsedPoints(2026, 11, 30, now)).toBe(24);
    expect(elapsedPoints(2026, 10, 31, now)).toBe(31);
    expect(elapsedPoints(2026, 12, 31, now)).toBe(0);
    // 23:30 UTC on 30 November is already 1 December in Paris.
    expect(elapsedPoints(2026, 12, 31, new Date('2026-11-30T23:30:00Z'))).toBe(1);
  });
});
