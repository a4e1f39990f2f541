import { currentParisMonth, parisDate, parisPeriod, parisYearMonth } from '../../api/src/lib/periods.js';

describe('Paris calendar periods', () => {
  it.each([
    [2026, 1, '2025-12-31T23:00:00.000Z', '2026-01-31T23:00:00.000Z'],
    [2026, 3, '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    [2026, 7, '2026-06-30T22:00:00.000Z', '2026-07-31T22:00:00.000Z'],
    [2026, 10, '2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    [2026, 12, '2026-11-30T23:00:00.000Z', '2026-12-31T23:00:00.000Z'],
  ])('%i-%i runs from Paris midnight to Paris midnight', (year, month, start, end) => {
    const period = parisPeriod(year, month);
    expect(period.start.toISOString()).toBe(start);
    expect(period.end.toISOString()).toBe(end);
  });

  it('a whole year', () => {
    const period = parisPeriod(2025);
    expect(period.start.toISOString()).toBe('2024-12-31T23:00:00.000Z');
    expect(period.end.toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('an instant belongs to its Paris month, not its UTC month', () => {
    expect(parisYearMonth(new Date('2026-10-31T23:30:00Z'))).toEqual({ year: 2026, month: 11 });
    expect(parisYearMonth(new Date('2026-10-31T22:30:00Z'))).toEqual({ year: 2026, month: 10 });
    expect(currentParisMonth(new Date('2026-12-31T23:10:00Z')).start.toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('the offset follows the clock change to the hour (known per UTC hour)', () => {
    // Summer time ends on 25/10/2026 at 01:00 UTC: 22:30 UTC is after midnight in Paris the day
    // before, before midnight that evening.
    expect(parisDate(new Date('2026-10-24T22:30:00Z'))).toEqual({ year: 2026, month: 10, day: 25 });
    expect(parisDate(new Date('2026-10-25T00:59:59Z'))).toEqual({ year: 2026, month: 10, day: 25 });
    expect(parisDate(new Date('2026-10-25T22:30:00Z'))).toEqual({ year: 2026, month: 10, day: 25 });
    expect(parisDate(new Date('2026-03-29T00:59:59Z'))).toEqual({ year: 2026, month: 3, day: 29 });
    expect(parisYearMonth(new Date('2026-03-31T22:30:00Z'))).toEqual({ year: 2026, month: 4 });
    expect(parisYearMonth(new Date('2026-02-28T22:30:00Z'))).toEqual({ year: 2026, month: 2 });
  });
});

describe('period bounds (issue 16: month 0 was December of the year before)', () => {
  it.each([
    [2026, 0],
    [2026, 13],
    [99999, 1],
    [2 ** 31 - 1, null],
    [1999, null],
    [2101, 1],
    [2026.5, null],
  ])('parisPeriod(%p, %p) is refused with a French message', (year, month) => {
    expect(() => parisPeriod(year, month)).toThrow(
      'Période invalide : l’année doit être comprise entre 2000 et 2100 et le mois entre 1 et 12.',
    );
  });

  it('2000 and 2100 are the first and last years', () => {
    expect(parisPeriod(2000, 1).start.toISOString()).toBe('1999-12-31T23:00:00.000Z');
    expect(parisPeriod(2100).end.toISOString()).toBe('2100-12-31T23:00:00.000Z');
  });
});
