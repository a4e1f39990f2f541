// The one euro formatter and the one Paris-time date formatter (packages/domain/src/format.ts) of the
// screens, e-mails, PDF bills and exports: Intl's output with U+00A0 for every space.
import { formatEuros, formatMoney, formatParisDate, formatParisDateTime } from '@constats/domain/format';

const nbsp = '\u00a0';

describe('formatEuros', () => {
  it.each([
    ['1234.56', `1${nbsp}234,56${nbsp}€`],
    ['0.10', `0,10${nbsp}€`],
    ['-42.1', `-42,10${nbsp}€`],
    ['999.995', `1${nbsp}000,00${nbsp}€`], // half away from zero, carrying
    ['1.005', `1,01${nbsp}€`], // exact: a float would give 1,00
    ['-0.001', `0,00${nbsp}€`], // never '-0,00 €'
    ['12345678901234567890.12', `12${nbsp}345${nbsp}678${nbsp}901${nbsp}234${nbsp}567${nbsp}890,12${nbsp}€`],
  ])('%s → %j', (amount, expected) => {
    expect(formatEuros(amount)).toBe(expected);
  });

  it('uses no narrow no-break space (U+202F), which some mail and PDF fonts lack', () => {
    expect(formatEuros('1234567.89')).not.toContain('\u202f');
  });

  it('keeps a tariff’s decimals when asked', () => {
    expect(formatEuros('2.345', { exact: true })).toBe(`2,345${nbsp}€`);
    expect(formatEuros('2.500', { exact: true })).toBe(`2,50${nbsp}€`);
  });

  it('refuses what is not a decimal string', () => {
    for (const amount of ['12,5', '', 'abc', '1e3', 'NaN']) expect(() => formatEuros(amount)).toThrow(RangeError);
  });
});

describe('formatMoney (the screens)', () => {
  it('takes numbers and French commas, and is empty for what it cannot read', () => {
    expect(formatMoney(1234.5)).toBe(`1${nbsp}234,50${nbsp}€`);
    expect(formatMoney('2,5')).toBe(`2,50${nbsp}€`);
    for (const value of [null, undefined, '', 'abc', Number.NaN]) expect(formatMoney(value)).toBe('');
  });
});

describe('formatParisDateTime: DD/MM/YYYY HH:mm in Paris time', () => {
  it.each([
    ['2026-01-15T09:05:00Z', '15/01/2026 10:05'], // winter, UTC+1
    ['2026-07-14T21:30:00Z', '14/07/2026 23:30'], // summer, UTC+2
    ['2026-03-29T00:59:00Z', '29/03/2026 01:59'], // just before the spring change
    ['2026-03-29T01:00:00Z', '29/03/2026 03:00'], // just after it
    ['2026-10-25T00:30:00Z', '25/10/2026 02:30'], // the repeated autumn hour, first time
    ['2026-10-25T01:30:00Z', '25/10/2026 02:30'], // and second time
    ['2026-12-31T23:30:00Z', '01/01/2027 00:30'], // the Paris day, not the UTC one
  ])('%s → %s', (iso, expected) => {
    expect(formatParisDateTime(new Date(iso))).toBe(expected);
    expect(formatParisDateTime(iso)).toBe(expected);
  });

  it('is empty for a missing or invalid value', () => {
    for (const value of [null, undefined, '', 'pas une date']) expect(formatParisDateTime(value)).toBe('');
  });

  it('formatParisDate: the Paris day, or a calendar day as it is', () => {
    expect(formatParisDate(new Date('2026-06-30T22:30:00Z'))).toBe('01/07/2026');
    expect(formatParisDate('2026-03-01')).toBe('01/03/2026');
  });
});
