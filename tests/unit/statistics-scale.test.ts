// Issue 18: the statistics chart's grid lines sit on its axis values; periods to come are not drawn.
import { amountTicks, elapsedPoints, shortAmount, spacedTicks } from '../../web/src/features/statistics/chartScale.js';

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

describe("a phone's chart axes", () => {
  const days = Array.from({ length: 31 }, (_, index) => String(index + 1));
  const months = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

  it('labels a few evenly spaced days or months, every one when they fit', () => {
    expect(spacedTicks(days, 6)).toEqual(['1', '7', '13', '19', '25', '31']);
    expect(spacedTicks(days.slice(0, 28), 6)).toEqual(['1', '6', '11', '16', '21', '26']);
    expect(spacedTicks(months, 6)).toEqual(['janv.', 'mars', 'mai', 'juil.', 'sept.', 'nov.']);
    expect(spacedTicks(months.slice(0, 4), 6)).toEqual(months.slice(0, 4));
    for (const count of [1, 5, 12, 28, 29, 30, 31]) expect(spacedTicks(days.slice(0, count), 6).length).toBeLessThanOrEqual(6);
  });

  it.each([
    [0, '0 €'],
    [250, '250 €'],
    [2500, '2,5 k €'],
    [12_500, '12,5 k €'],
    [1_250_000, '1,3 M €'],
  ])('amount %p ⇒ %p', (value, text) => {
    // Intl separates with no-break spaces.
    expect(shortAmount(value).replace(/\s/g, ' ')).toBe(text);
  });
});
