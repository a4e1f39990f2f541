import { checkDiscount } from '@constats/domain/bill-amounts';
import {
  billSnapshot,
  isBillable,
  isCurrentPeriod,
  paymentInstant,
  sameParisDay,
  validateBillSelection,
} from '../../api/src/modules/billing/rules.js';
import { isInvoiceablePeriod, secretaryBillNumber } from '../../api/src/modules/retrocession/rules.js';
import { parisYearMonth } from '../../api/src/lib/periods.js';

const REQUIRED = 'La remise est obligatoire.';
const INVALID = 'La remise doit être un nombre entier de 0 à 100.';

describe('remise (product.md §5): integer 0 to 100, digits, required for selected reports', () => {
  it.each([
    [0, 0],
    [100, 100],
    [15, 15],
    ['0', 0],
    ['100', 100],
    [' 7 ', 7],
    ['007', 7],
    ['', REQUIRED],
    ['   ', REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
    [101, INVALID],
    [-1, INVALID],
    ['12.5', INVALID],
    [12.5, INVALID],
    ['abc', INVALID],
    ['1000', INVALID],
    ['1e2', INVALID],
  ])('%j → %j', (value, expected) => {
    const check = checkDiscount(value);
    expect(check.ok ? check.value : check.message).toBe(expected);
  });
});

describe('report selection of a bill', () => {
  it.each([
    ['one report, 0 %', { reports: [{ reportId: 1, discount: 0 }], discount: 0 }, {}],
    ['one report, 100 %, global absent', { reports: [{ reportId: 1, discount: 100 }], discount: null }, {}],
    ['nothing selected', { reports: [], discount: 0 }, { reports: 'Sélectionnez au moins un constat à facturer.' }],
    [
      'a discount missing',
      {
        reports: [
          { reportId: 1, discount: 10 },
          { reportId: 2, discount: null },
        ],
        discount: 0,
      },
      { 'discounts.2': REQUIRED },
    ],
    ['a discount empty (form)', { reports: [{ reportId: 3, discount: '' }], discount: '' }, { 'discounts.3': REQUIRED }],
    ['a discount above 100', { reports: [{ reportId: 4, discount: 120 }], discount: 0 }, { 'discounts.4': INVALID }],
    ['global above 100', { reports: [{ reportId: 5, discount: 0 }], discount: 101 }, { discount: INVALID }],
    ['global not an integer', { reports: [{ reportId: 5, discount: 0 }], discount: '5,5' }, { discount: INVALID }],
    [
      'the same report twice',
      {
        reports: [
          { reportId: 6, discount: 0 },
          { reportId: 6, discount: 5 },
        ],
        discount: 0,
      },
      { 'discounts.6': 'Ce constat est sélectionné deux fois.' },
    ],
    [
      'several errors at once',
      {
        reports: [
          { reportId: 7, discount: -3 },
          { reportId: 8, discount: undefined },
        ],
        discount: 'x',
      },
      { 'discounts.7': INVALID, 'discounts.8': REQUIRED, discount: INVALID },
    ],
  ])('%s', (_label, selection, errors) => {
    expect(validateBillSelection(selection)).toEqual(errors);
  });
});

describe('generation only for the current Paris month and year (product.md §4)', () => {
  it.each([
    ['2026-11-15T10:00:00Z', 2026, 11, true],
    ['2026-11-15T10:00:00Z', 2026, 10, false],
    ['2026-11-15T10:00:00Z', 2025, 11, false],
    ['2026-11-15T10:00:00Z', 2026, 12, false],
    ['2026-10-31T23:30:00Z', 2026, 11, true], // 00:30 on 1 November in Paris
    ['2026-10-31T22:30:00Z', 2026, 10, true], // 23:30 on 31 October in Paris
    ['2026-12-31T23:10:00Z', 2027, 1, true], // New Year in Paris
    ['2026-12-31T23:10:00Z', 2026, 12, false],
    ['2026-03-29T00:30:00Z', 2026, 3, true], // daylight-saving night
    ['2026-02-28T23:00:00Z', 2026, 3, true], // midnight, 1 March in Paris
    ['2026-02-28T22:59:00Z', 2026, 2, true],
  ])('at %s, %i-%i is current: %s', (now, year, month, expected) => {
    expect(isCurrentPeriod({ year, month }, parisYearMonth(new Date(now)))).toBe(expected);
  });
});

describe('billable report: the étude’s, created that month or before, counted, not invoiced', () => {
  const base = { groupId: 3, createdYearMonth: { year: 2026, month: 11 }, countPagesBilling: 12, invoiced: false };
  it.each([
    ['counted report of the month', {}, true],
    ['another étude', { groupId: 4 }, false],
    ['bailiff without étude', { groupId: null }, false],
    ['previous month, counted late', { createdYearMonth: { year: 2026, month: 10 } }, true],
    ['same month, previous year', { createdYearMonth: { year: 2025, month: 11 } }, true],
    ['next month', { createdYearMonth: { year: 2026, month: 12 } }, false],
    ['next year', { createdYearMonth: { year: 2027, month: 1 } }, false],
    ['not counted (0 billing pages)', { countPagesBilling: 0 }, false],
    ['one billing page', { countPagesBilling: 1 }, true],
    ['already invoiced', { invoiced: true }, false],
    ['invoiced and not counted', { invoiced: true, countPagesBilling: 0 }, false],
    ['large count', { countPagesBilling: 100_000 }, true],
  ])('%s → %s', (_label, change, expected) => {
    expect(isBillable({ ...base, ...change }, 3, { year: 2026, month: 11 })).toBe(expected);
  });
});

describe('secretary invoices', () => {
  it.each([
    [0, 0, '00000'],
    [1763725000000, 42, '17637250000000042'],
    [1763725000000, 9999, '17637250000009999'],
    [1763725000123, 0, '17637250001230000'],
    [1763725000123, 7, '17637250001230007'],
  ])('number = time stamp %i + 4 random digits %i → %s (product.md §9)', (time, random, number) => {
    expect(secretaryBillNumber(new Date(time), random)).toBe(number);
  });

  it.each([10000, -1, 1.5])('refuses a random part of %s', (random) => {
    expect(() => secretaryBillNumber(new Date(0), random)).toThrow(RangeError);
  });

  it.each([
    [2026, 11, true],
    [2026, 10, true],
    [2025, 12, true],
    [2026, 12, false], // next month
    [2027, 1, false],
    [2026, 0, false],
    [2026, 13, false],
    [1999, 5, false],
    [2000, 1, true],
    [2026.5, 1, false],
  ])('%i-%i may be invoiced in November 2026: %s', (year, month, expected) => {
    expect(isInvoiceablePeriod(year, month, { year: 2026, month: 11 })).toBe(expected);
  });
});

describe('what a bill freezes when issued', () => {
  it('the étude as it was and the sum of its constats’ billed counts', () => {
    const group = {
      name: 'SCP Dubois',
      address: '1 rue Haute',
      zip: '75001',
      city: 'Paris',
      pricePage: '2.50',
      pricePhoto: '0.80',
      siret: 'x',
    };
    const reports = [
      { countPagesBilling: 12, countPhotosBilling: 3 },
      { countPagesBilling: 0, countPhotosBilling: 40 },
    ];
    expect(billSnapshot(group, reports)).toEqual({
      groupName: 'SCP Dubois',
      groupAddress: '1 rue Haute',
      groupZip: '75001',
      groupCity: 'Paris',
      groupPricePage: '2.50',
      groupPricePhoto: '0.80',
      totalCountPages: 12,
      totalCountPhotos: 43,
    });
    expect(billSnapshot(group, [])).toMatchObject({ totalCountPages: 0, totalCountPhotos: 0 });
  });
});

describe('the day a bill was paid (issue 36): typed, today by default, neither future nor before the bill', () => {
  // 29/11/2026 00:30 in Paris (UTC+1): already the 29th there, still the 28th in UTC.
  const now = new Date('2026-11-28T23:30:00Z');
  // Issued 10/11/2026 at 23:30 in Paris.
  const issued = new Date('2026-11-10T22:30:00Z');
  const paris = (day: string) => new Date(`${day}T00:00:00+01:00`);

  it.each([
    [undefined, paris('2026-11-29')],
    [null, paris('2026-11-29')],
    ['2026-11-29', paris('2026-11-29')],
    ['29/11/2026', paris('2026-11-29')],
    ['2026/11/15', paris('2026-11-15')],
    ['2026-11-10', paris('2026-11-10')],
  ])('%p ⇒ Paris midnight of that day', (typed, expected) => {
    expect(paymentInstant(typed, issued, now)).toEqual({ ok: true, paidAt: expected });
  });

  it('a summer day is the Paris midnight of summer time (UTC+2)', () => {
    const june = paymentInstant('2026-06-15', new Date('2026-06-01T08:00:00Z'), now);
    expect(june).toEqual({ ok: true, paidAt: new Date('2026-06-14T22:00:00Z') });
  });

  it.each([
    ['2026-11-30', 'La date de paiement ne peut pas être dans le futur.'],
    ['2027-01-01', 'La date de paiement ne peut pas être dans le futur.'],
    ['2026-11-09', 'La date de paiement ne peut pas précéder la facture, émise le 10/11/2026.'],
    ['2026-02-30', 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).'],
    ['', 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).'],
    ['demain', 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).'],
    ['2026-11-29T10:00:00Z', 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).'],
    ['9'.repeat(10_000), 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).'],
  ])('%p is refused: %s', (typed, message) => {
    expect(paymentInstant(typed, issued, now)).toEqual({ ok: false, message });
  });

  it('compares Paris days, not instants', () => {
    expect(sameParisDay(new Date('2026-11-28T23:30:00Z'), paris('2026-11-29'))).toBe(true);
    expect(sameParisDay(new Date('2026-11-28T22:30:00Z'), paris('2026-11-29'))).toBe(false);
  });
});
