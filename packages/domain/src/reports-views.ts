// The seven lists of constats (product.md §2: three admin, two secretary, two bailiff; §4: which
// statuses each one loads) and the statuses each one's filter offers. The server applies a list's
// criteria (the `view` of the reports' filter); the web names the list and shows its choices.
import type { AccountRole } from './account-forms.js';

export type ReportStatus = 'NA' | 'EC' | 'RS' | 'TE' | 'AR';

export const REPORTS_VIEWS = [
  'inProgress',
  'done',
  'archived',
  'secretaryInProgress',
  'secretaryAll',
  'bailiffInProgress',
  'bailiffArchived',
] as const;

export type ReportsView = (typeof REPORTS_VIEWS)[number];

export interface ReportsViewRule {
  /** Whose list it is. */
  role: AccountRole;
  /** The statuses the list loads when its filter picks none; null: every status. */
  statuses: readonly ReportStatus[] | null;
  /** true: archived constats only; false: not archived; null: both. */
  archived: boolean | null;
  /** The statuses its status filter offers, the only ones it may pick. */
  offered: readonly ReportStatus[];
  /** The status picked when the list opens; null: none (every status of the list). */
  opensOn: ReportStatus | null;
}

export const reportsViews: Record<ReportsView, ReportsViewRule> = {
  // NA only exists in older data and becomes EC once a secretary is assigned (docs/decisions.md):
  // it is listed with the in-progress constats so that it can be assigned.
  inProgress: { role: 'ADMIN', statuses: ['NA', 'EC', 'RS'], archived: false, offered: ['NA', 'EC', 'RS'], opensOn: null },
  done: { role: 'ADMIN', statuses: ['TE'], archived: false, offered: ['TE'], opensOn: null },
  archived: { role: 'ADMIN', statuses: null, archived: true, offered: ['AR'], opensOn: null },
  // 'Constats en cours' (EC, RS) and 'Tous mes constats' (EC, RS, TE, AR).
  secretaryInProgress: { role: 'SECRETARY', statuses: ['EC', 'RS'], archived: false, offered: ['EC', 'RS'], opensOn: null },
  secretaryAll: { role: 'SECRETARY', statuses: ['EC', 'RS', 'TE', 'AR'], archived: null, offered: ['EC', 'RS', 'TE', 'AR'], opensOn: null },
  // product.md §4: the bailiff loads his EC, RS and TE constats; for him EC stands for NA and RS too.
  bailiffInProgress: { role: 'BAILIFF', statuses: ['EC', 'TE'], archived: false, offered: ['EC', 'TE'], opensOn: null },
  // His archive opens on the archived constats; its status filter (EC, TE, AR, product.md §6)
  // searches his whole history, « Tous » every status (docs/decisions.md).
  bailiffArchived: { role: 'BAILIFF', statuses: null, archived: null, offered: ['EC', 'TE', 'AR'], opensOn: 'AR' },
};

/** The list's GraphQL enum name: 'secretaryInProgress' → 'SECRETARY_IN_PROGRESS'. */
export const reportsViewName = (view: ReportsView) => view.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

export interface ReportsViewCriteria {
  statuses: ReportStatus[] | null;
  archived: boolean | null;
}

/**
 * What a list loads: the statuses its filter picked, else its own, and its archived flag. null when
 * the filter picked a status the list does not offer.
 */
export function reportsViewCriteria(view: ReportsView, picked?: readonly ReportStatus[] | null): ReportsViewCriteria | null {
  const rule = reportsViews[view];
  if (picked?.length && !picked.every((status) => rule.offered.includes(status))) return null;
  return { statuses: picked?.length ? [...picked] : rule.statuses && [...rule.statuses], archived: rule.archived };
}

/** The refusal of a status a list does not offer. */
export const reportsViewMessage = 'Statut invalide pour cette liste de constats.';
