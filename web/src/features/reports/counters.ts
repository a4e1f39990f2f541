// The rétrocession / facturation counters of a report's expanded row (product.md §4), as pure rules:
// - the provisional counts are the secretary's; sending them is impossible while pages = 0;
// - 'Rétrocession' checked copies the provisional counts into the retrocession fields and locks
//   them; unchecking sets them to 0;
// - 'Facturation' checked copies the retrocession counts into the billing fields likewise;
// - editing the retrocession counts while 'Facturation' is checked mirrors them into billing;
// - billing is sent only with billing pages > 0 and an assigned secretary (product.md §5).
import type { ReportCounts } from '@constats/domain/line-amounts';

export interface Counts {
  pages: number;
  photos: number;
}

export type CountField = keyof Counts;

export interface CountersState {
  provisional: Counts;
  retrocession: Counts;
  billing: Counts;
  retrocessionChecked: boolean;
  billingChecked: boolean;
}

export type CountersAction =
  | { type: 'edit'; line: 'provisional' | 'retrocession' | 'billing'; field: CountField; value: number }
  | { type: 'checkRetrocession'; checked: boolean }
  | { type: 'checkBilling'; checked: boolean }
  | { type: 'reset'; state: CountersState };

const ZERO: Counts = { pages: 0, photos: 0 };

/** Server limit of a typed count (reports rules: whole numbers from 0 to 100 000). */
export const MAX_COUNT = 100_000;

const same = (a: Counts, b: Counts) => a.pages === b.pages && a.photos === b.photos;

/**
 * product.md §5 "count inputs digits only": what a count field keeps of what was typed — its digits,
 * without leading zeros and at most six of them; `refused` tells the field to say why something
 * typed did not appear.
 */
export function keepDigits(typed: string): { value: string; refused: boolean } {
  const digits = typed.replace(/\D/g, '');
  return {
    value: digits.slice(0, 6).replace(/^0+(?=\d)/, ''),
    refused: digits.length !== typed.length || digits.length > 6,
  };
}

/** A kept count field's number: empty counts as 0. */
export function countOf(text: string): number {
  return text === '' ? 0 : Number(text);
}

/** A typed count as a number: its digits (empty is 0), at most the server's limit. */
export function parseCount(text: string): number {
  return Math.min(MAX_COUNT, countOf(keepDigits(text).value));
}

/**
 * The saved counts of a report as the row shows them: a checkbox is ticked when its line holds
 * counts and they equal the line they copy (decisions.md: the checkboxes are not stored).
 */
export function initialCounters(report: ReportCounts): CountersState {
  const provisional = { pages: report.countPagesProvisional, photos: report.countPhotosProvisional };
  const retrocession = { pages: report.countPagesRetrocession, photos: report.countPhotosRetrocession };
  const billing = { pages: report.countPagesBilling, photos: report.countPhotosBilling };
  return {
    provisional,
    retrocession,
    billing,
    retrocessionChecked: retrocession.pages > 0 && same(retrocession, provisional),
    billingChecked: billing.pages > 0 && same(billing, retrocession),
  };
}

/** The counts after `retrocession` changed: billing follows while 'Facturation' is checked. */
function withRetrocession(state: CountersState, retrocession: Counts): CountersState {
  return { ...state, retrocession, billing: state.billingChecked ? retrocession : state.billing };
}

export function countersReducer(state: CountersState, action: CountersAction): CountersState {
  switch (action.type) {
    case 'reset':
      return action.state;
    case 'checkRetrocession':
      return withRetrocession({ ...state, retrocessionChecked: action.checked }, action.checked ? state.provisional : ZERO);
    case 'checkBilling':
      return { ...state, billingChecked: action.checked, billing: action.checked ? state.retrocession : ZERO };
    case 'edit': {
      const { line, field, value } = action;
      if (line === 'provisional') {
        const provisional = { ...state.provisional, [field]: value };
        const next = { ...state, provisional };
        // A locked retrocession line stays a copy of the provisional counts.
        return state.retrocessionChecked ? withRetrocession(next, provisional) : next;
      }
      if (line === 'retrocession') {
        if (state.retrocessionChecked) return state;
        return withRetrocession(state, { ...state.retrocession, [field]: value });
      }
      if (state.billingChecked) return state;
      return { ...state, billing: { ...state.billing, [field]: value } };
    }
  }
}

/** product.md §4: the retrocession 'send' is disabled while the provisional pages are 0 (or a count passes the server's limit). */
export function canSendRetrocession({ provisional }: Pick<CountersState, 'provisional'>): boolean {
  return provisional.pages > 0 && provisional.pages <= MAX_COUNT && provisional.photos <= MAX_COUNT;
}

/**
 * The provisional photos a secretary starts from (product.md §16): what was saved, or while none
 * was, the photos deposited (`prefilled`: she confirms them by sending); empty without either.
 */
export function startingPhotos(saved: number, depositedPhotos: number): { value: string; prefilled: boolean } {
  if (saved > 0) return { value: String(saved), prefilled: false };
  return depositedPhotos > 0 ? { value: String(depositedPhotos), prefilled: true } : { value: '', prefilled: false };
}

/** product.md §4: the billing 'send' is disabled while the billing pages are 0. */
export function canSendBilling(state: Pick<CountersState, 'billing'>): boolean {
  return state.billing.pages > 0;
}

export type BillingRefusal = 'noPages' | 'noSecretary';

/** Why billing cannot be sent now (product.md §4, §5), or null when it can. */
export function billingRefusal(state: Pick<CountersState, 'billing'>, hasSecretary: boolean): BillingRefusal | null {
  if (!canSendBilling(state)) return 'noPages';
  return hasSecretary ? null : 'noSecretary';
}
