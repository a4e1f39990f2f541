import { billTotals, discountOf } from '@constats/domain/bill-amounts';
import {
  billingAmounts,
  billingPeriodTotals,
  billingTextPages,
  lateInterest,
  paymentMentions,
} from '../../api/src/modules/billing/rules.js';
import {
  countsAmount,
  retrocessionAmounts,
  retrocessionPeriodTotals,
  retrocessionTextPages,
} from '../../api/src/modules/retrocession/rules.js';
import { Decimal, formatAmount } from '@constats/domain/money';

const euros = (value: Decimal) => formatAmount(value);

describe('rétrocession (product.md §9)', () => {
  it.each([
    // pages, photos, €/page, €/photo → pages amount, photos amount, total
    [10, 0, '1.50', '0.50', '15.00', '0.00', '15.00'],
    [10, 4, '1.50', '0.50', '12.00', '2.00', '14.00'],
    [10, 3, '1.50', '0.50', '13.50', '1.50', '15.00'], // round(10 − 1.5) = round(8.5) = 9
    [10, 1, '1.50', '0.50', '15.00', '0.50', '15.50'], // round(9.5) = 10
    [1, 1, '2.00', '0.40', '2.00', '0.40', '2.40'], // round(0.5) = 1
    [0, 0, '1.50', '0.50', '0.00', '0.00', '0.00'],
    [2, 10, '1.50', '0.50', '0.00', '5.00', '5.00'], // never below zero
    [7, 2, '1.255', '0.333', '7.53', '0.67', '8.20'], // 6 × 1.255 = 7.530; 2 × 0.333 = 0.666 → 0.67
    [3, 0, '0.005', '0', '0.02', '0.00', '0.02'], // 0.015 → 0.02 (half up)
    [120, 40, '1.20', '0.35', '120.00', '14.00', '134.00'],
    [15, 5, '0', '0', '0.00', '0.00', '0.00'], // default secretary prices 0.00
    [33, 11, '2.125', '0.125', '59.50', '1.38', '60.88'], // round(27.5) = 28 × 2.125; 11 × 0.125 = 1.375 → 1.38
  ])('%i pages, %i photos at %s/%s → %s + %s = %s', (pages, photos, pricePage, pricePhoto, pagesAmount, photosAmount, total) => {
    const amounts = retrocessionAmounts({ pages, photos, pricePage, pricePhoto });
    expect([euros(amounts.pages), euros(amounts.photos), euros(amounts.total)]).toEqual([pagesAmount, photosAmount, total]);
  });
});

describe('facturation: report line HT (product.md §9)', () => {
  it.each([
    [10, 0, '2.50', '0.80', '25.00', '0.00'],
    [10, 4, '2.50', '0.80', '20.00', '3.20'],
    [10, 3, '2.50', '0.80', '20.00', '2.40'], // 10 − round(1.5) = 8
    [10, 1, '2.50', '0.80', '22.50', '0.80'], // 10 − round(0.5) = 9
    [1, 1, '2.50', '0.80', '0.00', '0.80'],
    [0, 0, '2.50', '0.80', '0.00', '0.00'],
    [2, 10, '2.50', '0.80', '0.00', '8.00'], // never below zero
    [25, 7, '2.345', '0.915', '49.25', '6.41'], // 21 × 2.345 = 49.245 → 49.25; 7 × 0.915 = 6.405 → 6.41
    [100, 20, '3', '1', '270.00', '20.00'],
    [40, 13, '1.999', '0.001', '65.97', '0.01'], // 33 × 1.999 = 65.967; 0.013 → 0.01
  ])('%i pages, %i photos at %s/%s → %s + %s', (pages, photos, pricePage, pricePhoto, pagesAmount, photosAmount) => {
    const amounts = billingAmounts({ pages, photos, pricePage, pricePhoto });
    expect([euros(amounts.pages), euros(amounts.photos)]).toEqual([pagesAmount, photosAmount]);
    expect(euros(amounts.total)).toBe(euros(amounts.pages.plus(amounts.photos)));
  });
});

describe('facturation: discounts, VAT and TTC', () => {
  const line = (amount: string, discount = 0) => ({ amount: new Decimal(amount), discount });

  it.each([
    // lines, global discount → HT, discounts, VAT, TTC
    [[line('100.00')], 0, '100.00', '0.00', '20.00', '120.00'],
    [[line('100.00', 10)], 0, '100.00', '10.00', '18.00', '108.00'],
    [[line('100.00')], 10, '100.00', '10.00', '18.00', '108.00'],
    [[line('100.00', 10)], 10, '100.00', '19.00', '16.20', '97.20'], // global on what remains: 10 + 9
    [[line('100.00', 100)], 0, '100.00', '100.00', '0.00', '0.00'],
    [[line('100.00')], 100, '100.00', '100.00', '0.00', '0.00'],
    [[line('33.33', 15), line('66.67')], 0, '100.00', '5.00', '19.00', '114.00'], // 4.9995 → 5.00
    [[line('10.01'), line('20.02'), line('30.03')], 5, '60.06', '3.00', '11.41', '68.47'],
    [[line('0.05', 50)], 0, '0.05', '0.03', '0.00', '0.02'], // 0.025 → 0.03; VAT 0.004 → 0.00
    [[], 10, '0.00', '0.00', '0.00', '0.00'],
    [[line('1234.56', 3), line('789.10', 0)], 2, '2023.66', '76.77', '389.38', '2336.27'], // 37.04 + 2 % of 1986.62 = 39.73
  ])('lines %j with global %i%% → HT %s, discounts %s, VAT %s, TTC %s', (lines, global, ht, discounts, vat, ttc) => {
    const totals = billTotals(lines, global);
    expect([totals.amountHT, totals.discountAmount, totals.vatAmount, totals.amountTTC].map(euros)).toEqual([ht, discounts, vat, ttc]);
  });

  it('a 0 % discount takes nothing off, a 100 % discount everything', () => {
    expect(euros(discountOf(new Decimal('57.31'), 0))).toBe('0.00');
    expect(euros(discountOf(new Decimal('57.31'), 100))).toBe('57.31');
  });
});

describe('text pages: photos count half a page (product.md §9)', () => {
  it.each([
    // pages, photos → billing text pages (pages − round(photos/2)), rétrocession text pages (round(pages − photos/2))
    [10, 0, 10, 10],
    [10, 1, 9, 10], // 10 − round(0.5) = 9; round(9.5) = 10
    [10, 3, 8, 9], // 10 − round(1.5) = 8; round(8.5) = 9
    [10, 4, 8, 8],
    [1, 1, 0, 1],
    [0, 0, 0, 0],
    [2, 10, 0, 0], // never below zero
    [0, 1, 0, 0], // round(−0.5) = 0
    [7, 5, 4, 5], // 7 − round(2.5) = 4; round(4.5) = 5
    [33, 11, 27, 28],
    [100, 20, 90, 90],
    [5, 9, 0, 1], // 5 − round(4.5) = 0; round(0.5) = 1
  ])('%i pages, %i photos → billing %i, rétrocession %i', (pages, photos, billing, retrocession) => {
    expect(billingTextPages(pages, photos)).toBe(billing);
    expect(retrocessionTextPages(pages, photos)).toBe(retrocession);
    expect(billingAmounts({ pages, photos, pricePage: '1', pricePhoto: '0' }).textPages).toBe(billing);
    expect(retrocessionAmounts({ pages, photos, pricePage: '1', pricePhoto: '0' }).textPages).toBe(retrocession);
  });
});

describe('CA en cours and statistics: counts × prices (product.md §9)', () => {
  it.each([
    // pages, photos, €/page, €/photo → amount (rounded to the cent, half up)
    [10, 0, '2.50', '0.80', '25.00'],
    [10, 4, '2.50', '0.80', '28.20'], // no photo deduction here
    [0, 0, '2.50', '0.80', '0.00'],
    [3, 3, '1.255', '0.333', '4.76'], // 3.765 + 0.999 = 4.764
    [1, 1, '0.005', '0', '0.01'], // 0.005 → 0.01
    [1, 0, '0.004', '0', '0.00'],
    [7, 3, '1.125', '0.125', '8.25'], // 7.875 + 0.375
    [120, 40, '1.20', '0.35', '158.00'],
    [15, 5, '0', '0', '0.00'],
    [9, 9, '2.345', '0.915', '29.34'], // 21.105 + 8.235
    [1, 3, null, '0.50', '1.50'], // no tariff captured: 0
    [5, 1, '0.001', '0.001', '0.01'], // 0.006
  ])('%i pages, %i photos at %s/%s → %s', (pages, photos, pricePage, pricePhoto, amount) => {
    expect(euros(countsAmount({ pages, photos, pricePage, pricePhoto }))).toBe(amount);
  });
});

describe('period totals « CUMUL PÉRIODE »: Nb de constats, pages, pages texte, photos, Total HT', () => {
  const row = (pages: number, photos: number, pricePage: string, pricePhoto: string) => ({ pages, photos, pricePage, pricePhoto });
  const A = row(10, 0, '2.50', '0.80'); // billing 25.00 | rétrocession 25.00
  const B = row(10, 3, '2.50', '0.80'); // billing 8 p. → 22.40 | rétrocession 9 p. → 24.90
  const C = row(1, 1, '2.00', '0.40'); // billing 0 p. → 0.40 | rétrocession 1 p. → 2.40
  const D = row(25, 7, '2.345', '0.915'); // billing 21 p. → 49.25 + 6.41 | rétrocession 22 p. → 51.59 + 6.41
  const E = row(0, 0, '2.50', '0.80');
  const F = row(2, 10, '1.50', '0.50'); // only photos: 5.00
  const G = row(3, 0, '0.005', '0'); // 0.015 → 0.02 per line
  const H = row(33, 11, '2.125', '0.125'); // billing 27 p. → 57.38 + 1.38 | rétrocession 28 p. → 59.50 + 1.38

  it.each([
    // rows → billing [reports, pages, text pages, photos, HT], rétrocession [same]
    ['none', [], [0, 0, 0, 0, '0.00'], [0, 0, 0, 0, '0.00']],
    ['A', [A], [1, 10, 10, 0, '25.00'], [1, 10, 10, 0, '25.00']],
    ['B (odd photos)', [B], [1, 10, 8, 3, '22.40'], [1, 10, 9, 3, '24.90']],
    ['A + B', [A, B], [2, 20, 18, 3, '47.40'], [2, 20, 19, 3, '49.90']],
    ['C (one page, one photo)', [C], [1, 1, 0, 1, '0.40'], [1, 1, 1, 1, '2.40']],
    ['D (3-decimal prices)', [D], [1, 25, 21, 7, '55.66'], [1, 25, 22, 7, '58.00']],
    ['E + F (empty and photos only)', [E, F], [2, 2, 0, 10, '5.00'], [2, 2, 0, 10, '5.00']],
    ['3 × G (lines rounded before adding: 0.06, not 0.05)', [G, G, G], [3, 9, 9, 0, '0.06'], [3, 9, 9, 0, '0.06']],
    ['H', [H], [1, 33, 27, 11, '58.76'], [1, 33, 28, 11, '60.88']],
    ['all eight', [A, B, C, D, E, F, G, H], [8, 84, 69, 32, '167.24'], [8, 84, 73, 32, '176.20']],
    ['C twice', [C, C], [2, 2, 0, 2, '0.80'], [2, 2, 2, 2, '4.80']],
  ] as const)('%s', (_label, rows, billing, retrocession) => {
    const flat = (totals: ReturnType<typeof billingPeriodTotals>) => [
      totals.reports,
      totals.pages,
      totals.textPages,
      totals.photos,
      euros(totals.amountHT),
    ];
    expect(flat(billingPeriodTotals([...rows]))).toEqual(billing);
    expect(flat(retrocessionPeriodTotals([...rows]))).toEqual(retrocession);
  });
});

describe('facturation: per-report and global discounts, 0 and 100 %, rounding edges', () => {
  const line = (amount: string, discount = 0) => ({ amount: new Decimal(amount), discount });

  it.each([
    // lines, global discount → HT, discounts, VAT, TTC
    [[line('50.00', 100), line('50.00', 0)], 0, '100.00', '50.00', '10.00', '60.00'],
    [[line('50.00', 100), line('50.00', 0)], 100, '100.00', '100.00', '0.00', '0.00'],
    [[line('0.01', 50)], 0, '0.01', '0.01', '0.00', '0.00'], // 0.005 → 0.01
    [[line('19.99', 33)], 33, '19.99', '11.02', '1.79', '10.76'], // 6.5967 → 6.60; 33 % of 13.39 = 4.4187 → 4.42
    [[line('0.03', 50), line('0.03', 50)], 0, '0.06', '0.04', '0.00', '0.02'], // each 0.015 → 0.02
    [[line('99.99')], 1, '99.99', '1.00', '19.80', '118.79'], // 0.9999 → 1.00; VAT 19.798 → 19.80
    [[line('0.02')], 25, '0.02', '0.01', '0.00', '0.01'],
    [[line('200.00', 0), line('300.00', 0)], 0, '500.00', '0.00', '100.00', '600.00'],
    [[line('200.00', 100), line('300.00', 100)], 0, '500.00', '500.00', '0.00', '0.00'],
    [[line('10.05', 10)], 0, '10.05', '1.01', '1.81', '10.85'], // 1.005 → 1.01; 9.04 × 0.2 = 1.808 → 1.81
  ])('lines %j with global %i%% → HT %s, discounts %s, VAT %s, TTC %s', (lines, global, ht, discounts, vat, ttc) => {
    const totals = billTotals(lines, global);
    expect([totals.amountHT, totals.discountAmount, totals.vatAmount, totals.amountTTC].map(euros)).toEqual([ht, discounts, vat, ttc]);
    // TTC = HT − discounts + VAT, exactly.
    expect(euros(totals.amountHT.minus(totals.discountAmount).plus(totals.vatAmount))).toBe(ttc);
  });
});

describe('late interest: 1.5 % per month (product.md §9)', () => {
  it.each([
    // amount due, months late → interest
    ['1000.00', 0, '0.00'],
    ['1000.00', 1, '15.00'],
    ['1000.00', 2, '30.00'],
    ['1000.00', 0.5, '15.00'], // a started month counts
    ['120.00', 1, '1.80'],
    ['0.33', 1, '0.00'], // 0.00495
    ['0.34', 1, '0.01'], // 0.0051
    ['33.34', 1, '0.50'], // 0.5001
    ['100.00', 12, '18.00'],
    ['2336.27', 3, '105.13'], // 105.13215
    ['99.99', -1, '0.00'],
    ['1.00', 1, '0.02'], // 0.015 → 0.02 (half up)
  ])('%s € paid %s month(s) late → %s €', (amount, months, interest) => {
    expect(euros(lateInterest(new Decimal(amount), months))).toBe(interest);
  });

  it('every invoice carries « Règlement comptant » and « Intérêts de retard : 1,5 % par mois »', () => {
    expect(paymentMentions()).toEqual(['Règlement comptant', 'Intérêts de retard : 1,5 % par mois']);
  });
});
