import { Decimal } from '@constats/domain/money';
import {
  csvAmount,
  csvDate,
  csvText,
  exportCost,
  exportFileName,
  normaliseGroupBy,
  parseExportQuery,
} from '../../api/src/modules/reporting/rules.js';

describe('normaliseGroupBy', () => {
  it('keeps each dimension once in canonical order; MONTH carries the year', () => {
    expect(normaliseGroupBy(['STATUS', 'BAILIFF'])).toEqual(['BAILIFF', 'STATUS']);
    expect(normaliseGroupBy(['YEAR', 'MONTH'])).toEqual(['MONTH']);
    expect(normaliseGroupBy([])).toEqual([]);
  });
  it('refuses unknown values and lists longer than the dimensions', () => {
    expect(() => normaliseGroupBy(['DAY'])).toThrow(/Regroupement invalide/);
    expect(() => normaliseGroupBy(['MONTH', 'MONTH'])).toThrow(/Regroupement invalide/);
    expect(() => normaliseGroupBy(Array(7).fill('YEAR'))).toThrow(/Regroupement invalide/);
  });
});

describe('CSV cells for French Excel', () => {
  it('decimal comma without thousands separator, empty for a hidden amount', () => {
    expect(csvAmount(new Decimal('1234.5'))).toBe('1234,50');
    expect(csvAmount(null)).toBe('');
  });
  it('dates DD/MM/YYYY HH:mm in Paris time', () => {
    expect(csvDate(new Date(Date.UTC(2026, 6, 14, 22, 5)))).toBe('15/07/2026 00:05');
    expect(csvDate(null)).toBe('');
  });
  it('cells starting with = + - @ or tab are prefixed with an apostrophe', () => {
    for (const text of ['=1+1', '+33', '-2', '@A1', '\t=1', ' =1', '\u00a0@A1', '\uff1d1+1']) expect(csvText(text)).toBe(`'${text}`);
    expect(csvText('Constat = ok')).toBe('Constat = ok');
    expect(csvText(null)).toBe('');
  });
  it('a CR (leading or not) or any line break is neutralised, the guard applied after each', () => {
    // A leading CR used to be kept behind the apostrophe: a reader splitting lines found "=1" starting one.
    expect(csvText('\r=1')).toBe(" '=1");
    expect(csvText("Constat\n=cmd|' /C calc'!A0")).toBe("Constat '=cmd|' /C calc'!A0");
    expect(csvText('=A1\r\n+A2\u2028@A3\u0085-A4\vB')).toBe("'=A1 '+A2 '@A3 '-A4 B");
    for (const text of ['a\rb', 'a\nb', 'a\r\nb', 'a\u2028b', 'a\u2029b', 'a\fb']) expect(csvText(text)).toBe('a b');
  });
});

describe('parseExportQuery', () => {
  const userId = Buffer.from('User:12').toString('base64');
  it('reads each list’s filter', () => {
    expect(
      parseExportQuery(`?list=reports&statuses=EC,RS&archived=false&year=2025&month=3&search=%C3%A9t%C3%A9&bailiffId=${userId}`),
    ).toEqual({
      list: 'reports',
      filter: { statuses: ['EC', 'RS'], archived: false, year: 2025, month: 3, search: 'été', bailiffId: 12, secretaryId: undefined },
    });
    expect(parseExportQuery('list=retrocession&year=2025')).toEqual({
      list: 'retrocession',
      filter: { year: 2025, month: undefined, secretaryId: undefined },
    });
    expect(parseExportQuery('list=billing&year=2025&month=12')).toEqual({ list: 'billing', filter: { year: 2025, month: 12 } });
  });
  it.each([
    '',
    'list=x',
    'list=reports&year=1999',
    'list=reports&year=2025.5',
    'list=reports&month=1',
    'list=billing&year=2025',
    'list=reports&bailiffId=abc',
    `list=reports&search=${'x'.repeat(201)}`,
    `list=reports&q=${'x'.repeat(1000)}`,
  ])('refuses %s', (search) => expect(() => parseExportQuery(search)).toThrow());
});

describe('the exported file', () => {
  it.each([
    ['list=reports&year=2026&month=11', 'constats-2026-11.csv'],
    ['list=reports&year=2026&month=1', 'constats-2026-01.csv'],
    ['list=reports&year=2026', 'constats-2026.csv'],
    ['list=reports&statuses=EC', 'constats.csv'],
    ['list=retrocession&year=2025&month=12', 'retrocession-2025-12.csv'],
    ['list=retrocession&year=2025', 'retrocession-2025.csv'],
    ['list=billing&year=2025&month=6', 'facturation-2025-06.csv'],
  ])('%s is named %s: the list, then the period filtered', (search, name) => {
    expect(exportFileName(parseExportQuery(search))).toBe(name);
  });

  it('a token’s export costs its rows as GraphQL prices them (cells + 1 a row, 1 the list), at most a maximal query', () => {
    expect(exportCost(0, 18, 20_000)).toBe(1);
    expect(exportCost(7, 18, 20_000)).toBe(1 + 7 * 19);
    expect(exportCost(1_052, 18, 20_000)).toBe(19_989);
    expect(exportCost(1_053, 18, 20_000)).toBe(20_000);
    expect(exportCost(1_000_000, 19, 20_000)).toBe(20_000);
  });
});
