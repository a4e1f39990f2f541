// The seven reports lists (three admin, two secretary, two bailiff): the list each screen names to
// the server, which applies its statuses (packages/domain/src/reports-views.ts), the statuses its
// filter offers and the filter a list opens with. Pure, no React.
import { reportsViewCriteria, reportsViewName, reportsViews, type ReportsView, type ReportStatus } from '@constats/domain/reports-views';
// With its .js extension: the unit tests compile this file under NodeNext resolution too.
import type { ReportFilter, ReportsView as ReportsViewName } from '../../__generated__/ReportsTablePaginationQuery.graphql.js';

export type { ReportsView };
/** The three admin lists of product.md §2. */
export type AdminReportsView = 'inProgress' | 'done' | 'archived';
/** The secretary's 'Constats en cours' and 'Tous mes constats'. */
export type SecretaryReportsView = 'secretaryInProgress' | 'secretaryAll';
/** The bailiff's 'Mes constats en cours' and 'Mes constats archivés'. */
export type BailiffReportsView = 'bailiffInProgress' | 'bailiffArchived';

export const isSecretaryView = (view: ReportsView): view is SecretaryReportsView => reportsViews[view].role === 'SECRETARY';
export const isBailiffView = (view: ReportsView): view is BailiffReportsView => reportsViews[view].role === 'BAILIFF';

/** The statuses a list's status filter offers. */
export const viewStatuses = (view: ReportsView): readonly ReportStatus[] => reportsViews[view].offered;

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
  status: reportsViews[view].opensOn ?? '',
});

/** The status select's extra choice (admin, in progress): every constat waiting for a secretary. */
export const AWAITING = 'AWAITING';

/** The status the advanced search picked, if any. */
const picked = (filters: Filters): ReportStatus[] | null =>
  filters.status && filters.status !== AWAITING ? [filters.status as ReportStatus] : null;

/** The list's filter as the server takes it: the list by name, the search's choices. */
export function toFilter(view: ReportsView, search: string, filters: Filters): ReportFilter {
  return {
    view: reportsViewName(view) as ReportsViewName,
    awaitingSecretary: filters.status === AWAITING || null,
    search: search || null,
    bailiffId: filters.bailiffId || null,
    secretaryId: filters.secretaryId || null,
    year: filters.year ? Number(filters.year) : null,
    month: filters.year && filters.month ? Number(filters.month) : null,
    statuses: picked(filters),
  };
}

/** The same list for the CSV export, which takes its statuses and archived flag spelled out. */
export function toExportFilter(view: ReportsView, search: string, filters: Filters) {
  const { view: _view, ...filter } = toFilter(view, search, filters);
  return { ...filter, ...reportsViewCriteria(view, picked(filters)) };
}

/**
 * The filter a list opens with, the one rule of every reports page: the page query must load the
 * connection the table shows (and its cards count the same constats).
 */
export const initialFilter = (view: ReportsView): ReportFilter => toFilter(view, '', defaultFilters(view));

/** The first page of every reports list. */
const FIRST_PAGE = 10;

/** A reports screen's page query variables as the screen opens: its list's initial filter, the first page. */
export const reportsPageVariables = (view: ReportsView) => ({ filter: initialFilter(view), count: FIRST_PAGE });

/** Whether an archived constat still belongs to a list so filtered. */
export function keepsArchived(view: ReportsView, filters: Filters): boolean {
  const criteria = reportsViewCriteria(view, picked(filters));
  return criteria?.archived !== false && (!criteria?.statuses || criteria.statuses.includes('AR'));
}

/**
 * Whether a changed constat still belongs to an admin list (a terminated one leaves the
 * in-progress list); undefined for the secretary's and the bailiff's lists, which keep a row that
 * changed status, to show it.
 */
export function belongsTo(view: ReportsView): ((report: { status: string; isArchived: boolean }) => boolean) | undefined {
  if (isSecretaryView(view) || isBailiffView(view)) return undefined;
  const { offered, archived } = reportsViews[view];
  return (report) => offered.includes(report.status as ReportStatus) && (archived === null || report.isArchived === archived);
}
