import { billingAmounts, billTotals, discountOf } from '../../api/src/modules/billing/rules.js';
import { retrocessionAmounts } from '../../api/src/modules/retrocession/rules.js';
import { Decimal, formatAmount } from '../../api/src/lib/money.js';

const euros = (value: Decimal) => formatAmount(value);

describe('rétrocession (spec §9)', () => {
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

describe('facturation: report line HT (spec §9)', () => {
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
