// The web app's one date formatter and one money formatter (product.md §9: DD/MM/YYYY HH:mm in French
// time, euros with 2 decimals as '1 234,56 €'), plus file sizes and rich-text previews.
import { formatDate, formatDateTime, formatFileSize, formatMoney } from '../../web/src/ui/format.js';
import { htmlToText, truncate } from '../../web/src/ui/text.js';
import { monthName, ofPeriod, yearsSince } from '../../web/src/ui/periods.js';

const nbsp = '\u00a0';

describe('formatDateTime: DD/MM/YYYY HH:mm, Europe/Paris', () => {
  it.each([
    ['2026-01-15T09:05:00Z', '15/01/2026 10:05'], // winter: UTC+1
    ['2026-07-14T21:30:00Z', '14/07/2026 23:30'], // summer: UTC+2
    ['2025-12-31T23:30:00Z', '01/01/2026 00:30'], // the Paris day, not the UTC one
    ['2026-03-29T00:59:00Z', '29/03/2026 01:59'], // just before the spring change
    ['2026-03-29T01:00:00Z', '29/03/2026 03:00'], // just after it
    ['2026-10-25T00:30:00Z', '25/10/2026 02:30'], // the repeated autumn hour, first time
    ['2026-10-25T01:30:00Z', '25/10/2026 02:30'], // and second time
  ])('%s → %s', (iso, expected) => {
    expect(formatDateTime(iso)).toBe(expected);
  });

  it('takes Date objects and timestamps, and uses 24-hour time with leading zeros', () => {
    expect(formatDateTime(new Date('2026-02-03T04:07:00Z'))).toBe('03/02/2026 05:07');
    expect(formatDateTime(Date.UTC(2026, 10, 9, 12, 0))).toBe('09/11/2026 13:00');
  });

  it('is empty for a missing or unreadable value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('pas une date')).toBe('');
  });
});

describe('formatDate: DD/MM/YYYY', () => {
  it('shows a calendar day (an absence) as it is, whatever the time zone', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
  });

  it('shows the Paris day of an instant', () => {
    expect(formatDate('2026-06-30T22:30:00Z')).toBe('01/07/2026');
  });
});

describe('formatMoney: euros the French way', () => {
  it.each([
    ['1234.56', `1${nbsp}234,56${nbsp}€`],
    ['0.00', `0,00${nbsp}€`],
    ['12', `12,00${nbsp}€`],
    ['12.5', `12,50${nbsp}€`],
    ['1234567.89', `1${nbsp}234${nbsp}567,89${nbsp}€`],
    ['-42.10', `-42,10${nbsp}€`],
    ['999.995', `1${nbsp}000,00${nbsp}€`], // half rounds away from zero, carrying
    ['2.345', `2,35${nbsp}€`],
    ['2.344', `2,34${nbsp}€`],
    ['-0.001', `0,00${nbsp}€`], // no '-0,00 €'
    ['12345678901234567890.12', `12${nbsp}345${nbsp}678${nbsp}901${nbsp}234${nbsp}567${nbsp}890,12${nbsp}€`],
  ])('%s → %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it('reads numbers and French commas too', () => {
    expect(formatMoney(1234.5)).toBe(`1${nbsp}234,50${nbsp}€`);
    expect(formatMoney('2,5')).toBe(`2,50${nbsp}€`);
  });

  it('never goes through binary floats (0.1 + 0.2 is not an amount it shows wrongly)', () => {
    expect(formatMoney('0.30')).toBe(`0,30${nbsp}€`);
    expect(formatMoney('1.005')).toBe(`1,01${nbsp}€`); // Number(1.005).toFixed(2) gives 1.00
  });

  it("keeps a tariff's third decimal when asked", () => {
    expect(formatMoney('1.125', { exact: true })).toBe(`1,125${nbsp}€`);
    expect(formatMoney('2.500', { exact: true })).toBe(`2,50${nbsp}€`);
  });

  it('is empty for a missing or unreadable value', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('formatFileSize: Mo with 2 decimals (product.md §9), whole Ko under 1 Mo', () => {
  it.each([
    [0, `0${nbsp}Ko`],
    [12, `1${nbsp}Ko`],
    [52428, `51${nbsp}Ko`],
    [1047552, `1${nbsp}023${nbsp}Ko`],
    [1048575, `1,00${nbsp}Mo`],
    [1048576, `1,00${nbsp}Mo`],
    [1572864, `1,50${nbsp}Mo`],
    [1048576 * 1234, `1${nbsp}234,00${nbsp}Mo`],
  ])('%i bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('rich-text previews', () => {
  it('strips markup and decodes entities', () => {
    expect(htmlToText('<p>Nouvelle demande : <strong>M. Jean Dupont</strong> (jean@x.fr).</p>')).toBe(
      'Nouvelle demande : M. Jean Dupont (jean@x.fr).',
    );
    expect(htmlToText('<p>A &amp; B &lt;C&gt; &#233;t&#xE9; &laquo;ok&raquo;</p>')).toBe('A & B <C> été «ok»');
  });

  it('keeps paragraphs and list items apart', () => {
    expect(htmlToText('<p>Un</p><p>Deux</p><ul><li>a</li><li>b</li></ul>')).toBe('Un Deux a b');
  });

  it("cuts to 100 characters followed by '...' (product.md §2)", () => {
    const long = 'x'.repeat(150);
    expect(truncate(long, 100)).toBe(`${'x'.repeat(100)}...`);
    expect(truncate('court', 100)).toBe('court');
    expect(truncate('y'.repeat(100), 100)).toBe('y'.repeat(100));
  });
});

describe('period selects', () => {
  it('offers the years from the first one to the current one, newest first', () => {
    expect(yearsSince(2020, new Date('2026-11-21T12:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020]);
    expect(yearsSince(2026, new Date('2026-01-01T12:00:00Z'))).toEqual([2026]);
  });

  it('names months in French, 1 being janvier', () => {
    expect(monthName(1)).toBe('Janvier');
    expect(monthName(8)).toBe('Août');
    expect(monthName(12)).toBe('Décembre');
  });

  it("puts a period in a sentence after « de »: month in lower case, « d' » before a vowel", () => {
    expect(ofPeriod('Octobre 2026')).toBe("d'octobre 2026");
    expect(ofPeriod('Avril 2027')).toBe("d'avril 2027");
    expect(ofPeriod('Août 2026 (Étude Martin)')).toBe("d'août 2026 (Étude Martin)");
    expect(ofPeriod('Mars 2026')).toBe('de mars 2026');
    expect(ofPeriod('Novembre 2026')).toBe('de novembre 2026');
  });
});
