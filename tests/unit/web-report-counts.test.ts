// product.md §4 and §5 as the secretary's count entry applies them: digits only, 'Rapport rétrocédé'
// disabled while the provisional pages are 0.
import { canSendRetrocession, countOf, keepDigits } from '../../web/src/features/reports/counters.js';

describe('count fields keep digits only (product.md §5)', () => {
  it.each([
    ['12', '12', false],
    ['', '', false],
    ['0', '0', false],
    ['007', '7', false],
    ['12a', '12', true],
    ['a', '', true],
    ['1 2', '12', true],
    ['-3', '3', true],
    ['2,5', '25', true],
    ['1e3', '13', true],
    ['１２', '', true],
    ['123456', '123456', false],
    ['1234567', '123456', true],
  ])('%j keeps %j (refused: %s)', (typed, value, refused) => {
    expect(keepDigits(typed)).toEqual({ value, refused });
  });
});

describe('a count field as a number', () => {
  it.each([
    ['', 0],
    ['0', 0],
    ['42', 42],
  ])('%j is %d', (text, count) => expect(countOf(text)).toBe(count));
});

describe("'Rapport rétrocédé' (product.md §4: disabled when provisional pages equal 0)", () => {
  it.each([
    ['', '', false],
    ['0', '5', false],
    ['', '5', false],
    ['1', '', true],
    ['12', '0', true],
    ['100000', '100000', true],
    ['100001', '0', false],
    ['3', '100001', false],
  ])('pages %j, photos %j: %s', (pages, photos, allowed) => {
    expect(canSendRetrocession({ provisional: { pages: countOf(pages), photos: countOf(photos) } })).toBe(allowed);
  });
});
