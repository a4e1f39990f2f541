// product.md §4 rétrocession / facturation counters of a report's expanded row, and §5 "count inputs
// digits only": the pure rules behind the checkboxes, the mirroring and the send buttons.
import {
  billingRefusal,
  canSendBilling,
  canSendRetrocession,
  countersReducer,
  initialCounters,
  parseCount,
  startingPhotos,
  type CountersAction,
  type CountersState,
} from '../../web/src/features/reports/counters.js';

const c = (pages: number, photos: number) => ({ pages, photos });

function state(overrides: Partial<CountersState> = {}): CountersState {
  return {
    provisional: c(12, 4),
    retrocession: c(0, 0),
    billing: c(0, 0),
    retrocessionChecked: false,
    billingChecked: false,
    ...overrides,
  };
}

describe('checkboxes and mirroring (product.md §4)', () => {
  const cases: [string, CountersState, CountersAction, Partial<CountersState>][] = [
    [
      "checking 'Rétrocession' copies the provisional counts",
      state(),
      { type: 'checkRetrocession', checked: true },
      { retrocession: c(12, 4), retrocessionChecked: true, billing: c(0, 0) },
    ],
    [
      "unchecking 'Rétrocession' sets its counts to 0",
      state({ retrocession: c(12, 4), retrocessionChecked: true }),
      { type: 'checkRetrocession', checked: false },
      { retrocession: c(0, 0), retrocessionChecked: false },
    ],
    [
      "checking 'Facturation' copies the retrocession counts",
      state({ retrocession: c(9, 2) }),
      { type: 'checkBilling', checked: true },
      { billing: c(9, 2), billingChecked: true },
    ],
    [
      "unchecking 'Facturation' sets its counts to 0",
      state({ retrocession: c(9, 2), billing: c(9, 2), billingChecked: true }),
      { type: 'checkBilling', checked: false },
      { billing: c(0, 0), billingChecked: false },
    ],
    [
      "editing retrocession while 'Facturation' is checked mirrors into billing",
      state({ retrocession: c(9, 2), billing: c(9, 2), billingChecked: true }),
      { type: 'edit', line: 'retrocession', field: 'pages', value: 11 },
      { retrocession: c(11, 2), billing: c(11, 2) },
    ],
    [
      "editing retrocession while 'Facturation' is unchecked leaves billing alone",
      state({ retrocession: c(9, 2), billing: c(5, 1) }),
      { type: 'edit', line: 'retrocession', field: 'photos', value: 3 },
      { retrocession: c(9, 3), billing: c(5, 1) },
    ],
    [
      "retrocession is locked while 'Rétrocession' is checked",
      state({ retrocession: c(12, 4), retrocessionChecked: true }),
      { type: 'edit', line: 'retrocession', field: 'pages', value: 1 },
      { retrocession: c(12, 4) },
    ],
    [
      "billing is locked while 'Facturation' is checked",
      state({ retrocession: c(9, 2), billing: c(9, 2), billingChecked: true }),
      { type: 'edit', line: 'billing', field: 'pages', value: 1 },
      { billing: c(9, 2) },
    ],
    [
      "billing is typed freely while 'Facturation' is unchecked",
      state(),
      { type: 'edit', line: 'billing', field: 'pages', value: 7 },
      { billing: c(7, 0) },
    ],
    [
      "checking 'Rétrocession' with 'Facturation' checked carries on into billing",
      state({ billingChecked: true }),
      { type: 'checkRetrocession', checked: true },
      { retrocession: c(12, 4), billing: c(12, 4), retrocessionChecked: true },
    ],
    [
      "unchecking 'Rétrocession' with 'Facturation' checked empties billing too",
      state({ retrocession: c(12, 4), billing: c(12, 4), retrocessionChecked: true, billingChecked: true }),
      { type: 'checkRetrocession', checked: false },
      { retrocession: c(0, 0), billing: c(0, 0), retrocessionChecked: false, billingChecked: true },
    ],
    [
      'a provisional edit flows through both locked lines',
      state({ retrocession: c(12, 4), billing: c(12, 4), retrocessionChecked: true, billingChecked: true }),
      { type: 'edit', line: 'provisional', field: 'photos', value: 6 },
      { provisional: c(12, 6), retrocession: c(12, 6), billing: c(12, 6) },
    ],
    [
      "a provisional edit leaves an unchecked 'Rétrocession' alone",
      state({ retrocession: c(3, 3) }),
      { type: 'edit', line: 'provisional', field: 'pages', value: 20 },
      { provisional: c(20, 4), retrocession: c(3, 3) },
    ],
  ];
  it.each(cases)('%s', (_name, before, action, expected) => {
    expect(countersReducer(before, action)).toEqual({ ...before, ...expected });
  });
});

describe('saved counts as the row shows them', () => {
  const report = (p: number[], r: number[], b: number[]) => ({
    countPagesProvisional: p[0],
    countPhotosProvisional: p[1],
    countPagesRetrocession: r[0],
    countPhotosRetrocession: r[1],
    countPagesBilling: b[0],
    countPhotosBilling: b[1],
  });
  it.each([
    ['nothing counted yet', report([0, 0], [0, 0], [0, 0]), false, false],
    ['provisional only', report([12, 4], [0, 0], [0, 0]), false, false],
    ['retrocession copied, not billed', report([12, 4], [12, 4], [0, 0]), true, false],
    ['both copied', report([12, 4], [12, 4], [12, 4]), true, true],
    ['retrocession typed by hand, billing copied', report([12, 4], [10, 4], [10, 4]), false, true],
    ['billing typed by hand', report([12, 4], [12, 4], [11, 4]), true, false],
  ])('%s', (_name, saved, retrocessionChecked, billingChecked) => {
    const counters = initialCounters(saved);
    expect([counters.retrocessionChecked, counters.billingChecked]).toEqual([retrocessionChecked, billingChecked]);
    expect(counters.billing).toEqual(c(saved.countPagesBilling, saved.countPhotosBilling));
  });
});

describe('count inputs: digits only (product.md §5)', () => {
  it.each([
    ['12', 12],
    ['', 0],
    ['0', 0],
    ['007', 7],
    ['1a2', 12],
    ['-3', 3],
    ['4.5', 45],
    ['abc', 0],
    ['99999999', 100_000],
  ])('%p → %p', (typed, value) => {
    expect(parseCount(typed)).toBe(value);
  });
});

describe("the 'send' buttons (product.md §4, §5)", () => {
  it.each([
    [c(0, 5), false],
    [c(1, 0), true],
  ])('retrocession with provisional %o: enabled %p', (provisional, enabled) => {
    expect(canSendRetrocession({ provisional })).toBe(enabled);
  });

  it.each([
    [c(0, 3), true, false, 'noPages'],
    [c(0, 0), false, false, 'noPages'],
    [c(4, 0), false, true, 'noSecretary'],
    [c(4, 2), true, true, null],
  ] as const)('billing %o with secretary %p: button enabled %p, refusal %p', (billing, hasSecretary, enabled, refusal) => {
    expect(canSendBilling({ billing })).toBe(enabled);
    expect(billingRefusal({ billing }, hasSecretary)).toBe(refusal);
  });
});

// product.md §16: the photos deposited prefill the secretary's provisional photos until she saved some.
describe('startingPhotos', () => {
  it.each([
    [0, 0, { value: '', prefilled: false }],
    [0, 120, { value: '120', prefilled: true }],
    [34, 120, { value: '34', prefilled: false }],
    [7, 0, { value: '7', prefilled: false }],
  ] as const)('saved %p, deposited %p: %o', (saved, deposited, expected) => {
    expect(startingPhotos(saved, deposited)).toEqual(expected);
  });
});
