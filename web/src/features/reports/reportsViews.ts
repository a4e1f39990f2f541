// The seven reports lists (three admin, two secretary, two bailiff): which constats each one
// loads, which statuses its filter offers, and the filter a list opens with. Pure, no React.
import type { ReportFilter } from '../../__generated__/ReportsTablePaginationQuery.graphql';
import type { ReportStatus } from './ReportCells';

/** The three admin lists of product.md §2 (and §4: which statuses each one loads). */
export type AdminReportsView = 'inProgress' | 'done' | 'archived';
/** The secretary's 'Constats en cours' (EC, RS) and 'Tous mes constats' (EC, RS, TE, AR). */
export type SecretaryReportsView = 'secretaryInProgress' | 'secretaryAll';
/** The bailiff's 'Mes constats en cours' (EC, TE) and 'Mes constats archivés'. */
export type BailiffReportsView = 'bailiffInProgress' | 'bailiffArchived';
export type ReportsView = AdminReportsView | SecretaryReportsView | BailiffReportsView;

export const isSecretaryView = (view: ReportsView): view is SecretaryReportsView =>
  view === 'secretaryInProgress' || view === 'secretaryAll';
export const isBailiffView = (view: ReportsView): view is BailiffReportsView => view === 'bailiffInProgress' || view === 'bailiffArchived';

const baseFilter: Record<ReportsView, ReportFilter> = {
  // NA only exists in older data and becomes EC once a secretary is assigned (decisions.md):
  // it is listed with the in-progress reports so that it can be assigned.
  inProgress: { statuses: ['NA', 'EC', 'RS'], archived: false },
  done: { statuses: ['TE'], archived: false },
  archived: { archived: true },
  secretaryInProgress: { statuses: ['EC', 'RS'], archived: false },
  secretaryAll: { statuses: ['EC', 'RS', 'TE', 'AR'] },
  // product.md §4: the bailiff loads his EC, RS and TE constats; for him EC stands for NA and RS too.
  bailiffInProgress: { statuses: ['EC', 'TE'], archived: false },
  // His archive opens on the archived constats (defaultStatus); its status filter (EC, TE, AR,
  // product.md §6) searches his whole history, 'Tous' every status (docs/decisions.md).
  bailiffArchived: {},
};

/** The status selected when a list opens ('' is every status of its base filter). */
const defaultStatus: Partial<Record<ReportsView, ReportStatus>> = { bailiffArchived: 'AR' };

/** The statuses a list's status filter offers. */
export const viewStatuses: Record<ReportsView, readonly ReportStatus[]> = {
  inProgress: ['NA', 'EC', 'RS'],
  done: ['TE'],
  archived: ['AR'],
  secretaryInProgress: ['EC', 'RS'],
  secretaryAll: ['EC', 'RS', 'TE', 'AR'],
  bailiffInProgress: ['EC', 'TE'],
  bailiffArchived: ['EC', 'TE', 'AR'],
};

/** The advanced search's values ('' is « Tous »). */
export interface Filters {
  bailiffId: string;
  secretaryId: string;
  year: string;
  month: string;
  status: string;
}

export const defaultFilters = (view: ReportsView): Filters => ({
  bailiffId: '',
  secretaryId: '',
  year: '',
  month: '',
  status: defaultStatus[view] ?? '',
});

/** The status select's extra choice (admin, in progress): every constat waiting for a secretary. */
export const AWAITING = 'AWAITING';

export function toFilter(view: ReportsView, search: string, filters: Filters): ReportFilter {
  const base = baseFilter[view];
  const awaiting = filters.status === AWAITING;
  return {
    ...base,
    awaitingSecretary: awaiting || null,
    search: search || null,
    bailiffId: filters.bailiffId || null,
    secretaryId: filters.secretaryId || null,
    year: filters.year ? Number(filters.year) : null,
    month: filters.year && filters.month ? Number(filters.month) : null,
    statuses: filters.status && !awaiting ? [filters.status as ReportStatus] : (base.statuses ?? null),
  };
}

/**
 * The filter a list opens with, the one rule of every reports page: the page query must load the
 * connection the table shows (and its cards count the same constats).
 */
export const initialFilter = (view: ReportsView): ReportFilter => toFilter(view, '', defaultFilters(view));

/** Whether an archived constat still belongs to a list filtered so. */
export const keepsArchived = (filter: ReportFilter) => filter.archived !== false && (!filter.statuses || filter.statuses.includes('AR'));

/**
 * Whether a changed constat still belongs to an admin list (a terminated one leaves the
 * in-progress list); undefined for the secretary's and the bailiff's lists, which keep a row that
 * changed status, to show it.
 */
export function belongsTo(view: ReportsView): ((report: { status: string; isArchived: boolean }) => boolean) | undefined {
  if (isSecretaryView(view) || isBailiffView(view)) return undefined;
  const archived = baseFilter[view].archived;
  return (report) => viewStatuses[view].includes(report.status as ReportStatus) && (archived == null || report.isArchived === archived);
}
