// The rows each list field without pages is priced at by the query cost (cost.ts): a list costs its
// rows times its selection. Every list field of the schema is here (tests/unit/graphql-cost.test.ts
// fails on one left out; an unlisted list would be priced at MAX_LIST_ITEMS); a connection's
// `edges` are not, they are its page, priced at the connection's `first`/`last`.
//
// `capped`: the server refuses more rows than this (an error, never a cut), so the price is a
// ceiling. The others have no ceiling on the server yet; they are priced at the size an étude's
// screen reaches in practice, so that the web app's own screens (billing: every étude of the month
// with its constats and its bill's lines, at once) stay under MAX_QUERY_COST.
import { MAX_CHOICES } from '../lib/choices.js';
import { MAX_LIST_ITEMS } from '../lib/list-limits.js';

/** Rows a list field answers, from its arguments (coerced, defaults applied). */
export type ListRows = number | ((args: Record<string, unknown>) => number);

export interface ListBound {
  rows: ListRows;
  capped: boolean;
}

/** A list the server does not cap: the rows of a busy étude's screen. */
export const UNCAPPED_ROWS = 5;

/** Rows of each aggregate dimension: calendar and statuses exactly, people and études as lists without a cap. */
const DIMENSION_ROWS: Record<string, number> = {
  MONTH: 12,
  YEAR: UNCAPPED_ROWS,
  STATUS: 5,
  BAILIFF: UNCAPPED_ROWS,
  SECRETARY: UNCAPPED_ROWS,
  GROUP: UNCAPPED_ROWS,
};

function aggregateRows(args: Record<string, unknown>): number {
  const groupBy = Array.isArray(args.groupBy) ? args.groupBy : [];
  return groupBy.reduce<number>((rows, dimension) => rows * (DIMENSION_ROWS[String(dimension)] ?? UNCAPPED_ROWS), 1);
}

const capped = (rows: ListRows): ListBound => ({ rows, capped: true });
const uncapped = (rows: ListRows = UNCAPPED_ROWS): ListBound => ({ rows, capped: false });

export const LIST_BOUNDS: Readonly<Record<string, ListBound>> = {
  // Selectors: every eligible row, TOO_MANY_CHOICES past MAX_CHOICES (lib/choices.ts).
  'Query.groupChoices': capped(MAX_CHOICES),
  'Query.peopleChoices': capped(MAX_CHOICES),
  // The études of a month to bill: TOO_MANY_CHOICES past MAX_CHOICES (billing/service.ts).
  'Query.availableGroupsForBilling': capped(MAX_CHOICES),
  // One object per id asked; no list argument is longer than MAX_LIST_ITEMS.
  'Query.nodes': capped((args) => (Array.isArray(args.ids) ? args.ids.length : MAX_LIST_ITEMS)),
  // Two curves (secretaries, bailiffs), a point per day of a month or per month of a year.
  'Statistics.series': capped(2),
  'ChartSerie.data': capped(31),
  // One row without groupBy; otherwise one per combination of the keys found.
  'Query.reportAggregates': uncapped(aggregateRows),
  'Query.assignedBailiffs': uncapped(),
  'Report.comments': uncapped(),
  'Report.unreadCommentIds': uncapped(),
  'ReportFileGroup.files': uncapped(),
  'User.matrices': uncapped(),
};
