// Rules of the rétrocession screens: which month a secretary may send her bill for, and the Paris
// month the screens open on.
import { createdInPeriod, isBillableMonth } from '../../web/src/features/retrocession/rules.js';
import { parisYearMonth } from '../../web/src/ui/periods.js';

describe('rétrocession · bill upload box', () => {
  const current = { year: 2026, month: 11 };
  it.each([
    [{ year: 2026, month: 11 }, true, 'the current month'],
    [{ year: 2026, month: 10 }, true, 'last month'],
    [{ year: 2025, month: 12 }, true, 'a month of last year'],
    [{ year: 2026, month: 12 }, false, 'next month'],
    [{ year: 2027, month: 1 }, false, 'a month of next year'],
  ])('%o → %s (%s)', (period, expected) => {
    expect(isBillableMonth(period, current)).toBe(expected);
  });
});

describe('periods · the Paris month of an instant', () => {
  it.each([
    ['2026-10-31T22:59:00Z', { year: 2026, month: 10 }],
    ['2026-10-31T23:00:00Z', { year: 2026, month: 11 }],
    ['2026-12-31T22:59:00Z', { year: 2026, month: 12 }],
    ['2026-12-31T23:00:00Z', { year: 2027, month: 1 }],
    ['2026-03-31T21:59:00Z', { year: 2026, month: 3 }],
    ['2026-03-31T22:00:00Z', { year: 2026, month: 4 }],
  ])('%s is %o in Paris', (instant, expected) => {
    expect(parisYearMonth(new Date(instant))).toEqual(expected);
  });
});

describe('rétrocession · the constats of a period (live refresh)', () => {
  it.each<[string, { year: number; month: number | null }, boolean, string]>([
    ['2026-10-31T22:59:00Z', { year: 2026, month: 10 }, true, 'the last minute of October in Paris'],
    ['2026-10-31T23:00:00Z', { year: 2026, month: 10 }, false, 'already November in Paris'],
    ['2026-10-31T23:00:00Z', { year: 2026, month: 11 }, true, 'the first minute of November in Paris'],
    ['2026-05-10T10:00:00Z', { year: 2026, month: null }, true, 'the whole year'],
    ['2025-12-31T22:59:00Z', { year: 2026, month: null }, false, 'the year before in Paris'],
    ['2025-12-31T23:00:00Z', { year: 2026, month: null }, true, 'New Year in Paris'],
  ])('%s in %o → %s (%s)', (createdAt, shown, expected) => {
    expect(createdInPeriod(new Date(createdAt), shown)).toBe(expected);
  });
});
