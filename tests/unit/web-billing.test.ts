// The 'Facturation' selection dialog's rules as the web app applies them before calling the server
// (product.md §5 discounts, §9 amounts), with the server's own checks and totals
// (@constats/domain/bill-amounts).
import {
  discountError,
  globalDiscountError,
  hasErrors,
  previewTotals,
  selectionTotals,
  validateSelection,
} from '../../web/src/features/billing/selection.js';

const REQUIRED = 'La remise est obligatoire.';
const INVALID = 'La remise doit être un nombre entier de 0 à 100.';

describe('a report discount (product.md §5: integer 0 to 100, digits, required)', () => {
  it.each([
    ['0', null],
    ['10', null],
    ['100', null],
    [' 25 ', null],
    ['007', null],
    ['', REQUIRED],
    ['   ', REQUIRED],
    ['101', INVALID],
    ['150', INVALID],
    ['-5', INVALID],
    ['12.5', INVALID],
    ['12,5', INVALID],
    ['1e2', INVALID],
    ['abc', INVALID],
    ['1000', INVALID],
  ])('%j → %s', (value, message) => expect(discountError(value)).toBe(message));

  it.each([
    ['', null],
    ['5', null],
    ['150', INVALID],
    ['x', INVALID],
  ])('the optional global discount %j → %s', (value, message) => expect(globalDiscountError(value)).toBe(message));
});

describe('validating a selection', () => {
  it('needs a report and a valid discount for each selected one (unselected ones are ignored)', () => {
    const errors = validateSelection(['a', 'b'], { a: '10', b: '', c: '150' }, '');
    expect(errors).toEqual({ discounts: { b: REQUIRED }, global: null, selection: null });
    expect(hasErrors(errors)).toBe(true);
  });

  it.each([
    [[], {}, '', { discounts: {}, global: null, selection: 'Sélectionnez au moins un constat à facturer.' }],
    [['a'], { a: '0' }, '', { discounts: {}, global: null, selection: null }],
    [['a'], { a: '150' }, '', { discounts: { a: INVALID }, global: null, selection: null }],
    [['a'], { a: '5' }, '101', { discounts: {}, global: INVALID, selection: null }],
    [['a'], {}, '', { discounts: { a: REQUIRED }, global: null, selection: null }],
  ])('%j %j global %j', (selected, discounts, global, expected) => {
    const errors = validateSelection(selected, discounts, global);
    expect(errors).toEqual(expected);
    expect(hasErrors(errors)).toBe(expected.selection !== null || expected.global !== null || Object.keys(expected.discounts).length > 0);
  });
});

describe('selection totals (product.md §9: HT − per-report discounts − global discount on the rest, + 20 % VAT)', () => {
  it.each([
    // lines, global discount, expected totals
    [[], 0, { amountHT: '0.00', discountAmount: '0.00', netAmountHT: '0.00', vatAmount: '0.00', amountTTC: '0.00' }],
    [
      [{ amount: '100.00', discount: 0 }],
      0,
      { amountHT: '100.00', discountAmount: '0.00', netAmountHT: '100.00', vatAmount: '20.00', amountTTC: '120.00' },
    ],
    [
      [{ amount: '100.00', discount: 10 }],
      0,
      { amountHT: '100.00', discountAmount: '10.00', netAmountHT: '90.00', vatAmount: '18.00', amountTTC: '108.00' },
    ],
    // 10 % off each line, then 5 % off the remaining 180.00 = 9.00.
    [
      [
        { amount: '100.00', discount: 10 },
        { amount: '100.00', discount: 10 },
      ],
      5,
      { amountHT: '200.00', discountAmount: '29.00', netAmountHT: '171.00', vatAmount: '34.20', amountTTC: '205.20' },
    ],
    // Half cents round up: 33 % of 0.50 = 0.165 → 0.17; VAT of 0.33 = 0.066 → 0.07.
    [
      [{ amount: '0.50', discount: 33 }],
      0,
      { amountHT: '0.50', discountAmount: '0.17', netAmountHT: '0.33', vatAmount: '0.07', amountTTC: '0.40' },
    ],
    [
      [{ amount: '59.95', discount: 100 }],
      50,
      { amountHT: '59.95', discountAmount: '59.95', netAmountHT: '0.00', vatAmount: '0.00', amountTTC: '0.00' },
    ],
  ])('%j with %d %% global', (lines, global, expected) => expect(selectionTotals(lines, global)).toEqual(expected));

  it('previews only the selected reports, an invalid discount counting as none while it is typed', () => {
    const reports = [
      { id: 'a', amount: '100.00' },
      { id: 'b', amount: '50.00' },
      { id: 'c', amount: '25.00' },
    ];
    expect(previewTotals(reports, ['a', 'b'], { a: '10', b: '150', c: '50' }, 'x')).toEqual(
      selectionTotals(
        [
          { amount: '100.00', discount: 10 },
          { amount: '50.00', discount: 0 },
        ],
        0,
      ),
    );
    expect(previewTotals(reports, ['c'], { c: '20' }, '50').amountTTC).toBe('12.00');
  });
});
