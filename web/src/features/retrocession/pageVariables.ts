// The rétrocession screens' query variables, pure: the route starts the opening ones with the
// screen's code (app/routing/screens.ts) and the screen reads with the same (relay/useOpeningQuery.ts).
import { ROWS_PER_PAGE_BAILIFF } from '../../ui/useConnectionPages';
import { parisYearMonth } from '../../ui/periods';

/** product.md §9: rétrocession tables show 10 rows (sent as a variable: graphql-armor's cost rule). */
export const RETROCESSION_ROWS = [10] as const;

export interface RetrocessionPeriodFilter {
  year: number;
  /** null: the whole year. */
  month: number | null;
  /** Admins only; null: every secretary. */
  secretaryId: string | null;
}

/** The screens open on the current month (Paris time), every secretary. */
export const openingPeriodFilter = (): RetrocessionPeriodFilter => ({ ...parisYearMonth(), secretaryId: null });

/** The filter as the API's `RetrocessionFilter`. */
export function toApiFilter(filter: RetrocessionPeriodFilter) {
  return { year: filter.year, month: filter.month, secretaryId: filter.secretaryId };
}

export const retrocessionPageVariables = (filter: RetrocessionPeriodFilter) => ({
  filter: toApiFilter(filter),
  count: RETROCESSION_ROWS[0],
});

/** « Mes factures » of the secretary: a year's bills, and the current month's upload box. */
export const secretaryBillsPageVariables = (year: number, current: { year: number; month: number }) => ({
  filter: { year },
  count: ROWS_PER_PAGE_BAILIFF[0],
  current: { year: current.year, month: current.month },
});

export const retrocessionOpening = () => retrocessionPageVariables(openingPeriodFilter());
export const secretaryBillsOpening = () => {
  const current = parisYearMonth();
  return secretaryBillsPageVariables(current.year, current);
};
