import { Decimal, formatAmount } from '@constats/domain/money';
import {
  itemAmounts,
  monthOrYear,
  statisticsSeries,
  validateStatisticsPeriod,
  type StatisticsItem,
} from '../../api/src/modules/statistics/rules.js';

const item = (
  createdAt: string,
  retro: [number, number, string | null, string | null],
  billing: [number, number, string | null, string | null],
): StatisticsItem => ({
  createdAt: new Date(createdAt),
  countPagesRetrocession: retro[0],
  countPhotosRetrocession: retro[1],
  secretaryPricePage: retro[2],
  secretaryPricePhoto: retro[3],
  countPagesBilling: billing[0],
  countPhotosBilling: billing[1],
  groupPricePage: billing[2],
  groupPricePhoto: billing[3],
});

describe('statistics period: years from 2000, a month or -1 for the whole year', () => {
  it.each([
    [2026, 11, {}],
    [2026, -1, {}],
    [2026, null, {}],
    [2000, 1, {}],
    [1999, 1, { year: 'Choisissez une année de 2000 à l’année en cours.' }],
    [2027, 1, { year: 'Choisissez une année de 2000 à l’année en cours.' }],
    [2026, 0, { month: 'Choisissez un mois de 1 à 12, ou -1 pour toute l’année.' }],
    [2026, 13, { month: 'Choisissez un mois de 1 à 12, ou -1 pour toute l’année.' }],
    [2026, -2, { month: 'Choisissez un mois de 1 à 12, ou -1 pour toute l’année.' }],
    [2026.5, 2, { year: 'Choisissez une année de 2000 à l’année en cours.' }],
  ])('%s / %s → %j', (year, month, errors) => {
    expect(validateStatisticsPeriod(year, month, 2026)).toEqual(errors);
  });

  it('month -1 and no month both mean the whole year', () => {
    expect([monthOrYear(-1), monthOrYear(null), monthOrYear(undefined), monthOrYear(4)]).toEqual([null, null, null, 4]);
  });
});

describe('what a report weighs: secretaries = rétrocession counts × secretary prices, bailiffs = billing counts × étude prices', () => {
  it.each([
    [[10, 0, '1.50', '0.50'], [10, 0, '2.50', '0.80'], '15.00', '25.00'],
    [[10, 4, '1.50', '0.50'], [10, 4, '2.50', '0.80'], '17.00', '28.20'],
    [[0, 0, '1.50', '0.50'], [0, 0, '2.50', '0.80'], '0.00', '0.00'],
    [[12, 3, '1.255', '0.333'], [12, 3, '2.345', '0.915'], '16.06', '30.89'], // 15.06 + 0.999; 28.14 + 2.745
    [[5, 0, null, null], [5, 0, '2', '1'], '0.00', '10.00'], // no secretary tariff
    [[5, 2, '1', '1'], [0, 0, null, null], '7.00', '0.00'], // not counted for billing yet
    [[1, 1, '0.005', '0'], [1, 1, '0.005', '0'], '0.01', '0.01'],
    [[3, 0, '0.001', '0'], [3, 0, '0.001', '0'], '0.00', '0.00'],
    [[100, 50, '1.20', '0.35'], [95, 50, '2.10', '0.90'], '137.50', '244.50'],
    [[7, 7, '0.999', '0.999'], [7, 7, '0.999', '0.999'], '13.99', '13.99'], // 13.986
  ] as const)('rétrocession %j, billing %j → %s and %s', (retro, billing, secretaries, bailiffs) => {
    const amounts = itemAmounts(item('2026-11-10T10:00:00Z', [...retro], [...billing]));
    expect([formatAmount(amounts.secretaries), formatAmount(amounts.bailiffs)]).toEqual([secretaries, bailiffs]);
  });
});

describe('series for a line chart', () => {
  // What PostgreSQL adds up per Paris day or month (statistics/service.ts); the Paris days
  // themselves are checked through the real server (tests/api/statistics-pages.test.ts).
  const november = [
    { bucket: 1, reports: 2, secretaries: '32.00', bailiffs: '53.20' },
    { bucket: 15, reports: 2, secretaries: '10.00', bailiffs: '14.00' },
    { bucket: 16, reports: 1, secretaries: '2.00', bailiffs: '2.00' },
    { bucket: 30, reports: 1, secretaries: '3.00', bailiffs: '0.00' },
  ];
  const nonZero = (points: { x: string; amount: Decimal }[]) =>
    Object.fromEntries(points.filter((point) => !point.amount.isZero()).map((point) => [point.x, formatAmount(point.amount)]));

  it('per day of a month: 30 points for November, empty days at zero', () => {
    const stats = statisticsSeries(november, 2026, 11);
    expect(stats.secretaries).toHaveLength(30);
    expect(stats.bailiffs.map((point) => point.x)).toEqual(Array.from({ length: 30 }, (_, index) => String(index + 1)));
    expect(nonZero(stats.secretaries)).toEqual({ 1: '32.00', 15: '10.00', 16: '2.00', 30: '3.00' });
    expect(nonZero(stats.bailiffs)).toEqual({ 1: '53.20', 15: '14.00', 16: '2.00' });
    expect(stats.totals.reports).toBe(6);
    expect([formatAmount(stats.totals.secretaries), formatAmount(stats.totals.bailiffs)]).toEqual(['47.00', '69.20']);
  });

  it('per month of a year: 12 points labelled in French', () => {
    const stats = statisticsSeries(
      [
        { bucket: 6, reports: 1, secretaries: '7.00', bailiffs: '14.00' },
        { bucket: 11, reports: 6, secretaries: '47.00', bailiffs: '69.20' },
      ],
      2026,
      null,
    );
    expect(stats.secretaries.map((point) => point.x)).toEqual([
      'janv.',
      'févr.',
      'mars',
      'avr.',
      'mai',
      'juin',
      'juil.',
      'août',
      'sept.',
      'oct.',
      'nov.',
      'déc.',
    ]);
    expect(nonZero(stats.secretaries)).toEqual({ juin: '7.00', 'nov.': '47.00' });
    expect(formatAmount(stats.bailiffs[10].amount)).toBe('69.20');
    expect(stats.totals.reports).toBe(7);
    expect([formatAmount(stats.totals.secretaries), formatAmount(stats.totals.bailiffs)]).toEqual(['54.00', '83.20']);
  });

  it('February has 28 or 29 points', () => {
    expect(statisticsSeries([], 2026, 2).secretaries).toHaveLength(28);
    expect(statisticsSeries([], 2028, 2).bailiffs).toHaveLength(29);
  });
});
