// The billing screens' query variables, pure: the route starts the opening ones with the screen's
// code (app/routing/screens.ts) and the screen reads with the same (relay/useOpeningQuery.ts).
import { ROWS_PER_PAGE_BAILIFF } from '../../ui/useConnectionPages';
import { parisYearMonth } from '../../ui/periods';

/** The études of « Facturation » travel in pages of this size (a variable: the query cost prices it as sent). */
export const BILLING_PAGE = 100;

export const billingPageVariables = (period: { year: number; month: number }) => ({ ...period, count: BILLING_PAGE });

/** « Mes factures »: a year's bills, the first page (another year is a refetch of the list). */
export const myBillsPageVariables = (year: number) => ({ filter: { year }, count: ROWS_PER_PAGE_BAILIFF[0] });

export const billingOpening = () => billingPageVariables(parisYearMonth());
export const myBillsOpening = () => myBillsPageVariables(parisYearMonth().year);
