// The rows each list field without pages is priced at by the query cost (graphql/cost.ts): a list costs its
// rows times its selection. Every list field of the schema is here (tests/unit/graphql-cost.test.ts
// fails on one left out; an unlisted list would be priced at MAX_LIST_ITEMS); a connection's
// `edges` are not, they are its page, priced at the connection's `first`/`last`.
//
// Each figure is a ceiling the server enforces (an error past it, never a cut, whether refused
// when written or when read), so the price is what can really be asked for. A list that grows with
// the office's activity (constats, a bill's lines, a period's bills) is a page instead.
import { MAX_CHOICES } from '../lib/choices.js';
import { MAX_LIST_ITEMS } from '../lib/list-limits.js';
import { MATRICES_PER_BAILIFF } from '../modules/accounts/rules.js';
import { MAX_TOKEN_GROUPS } from '../modules/apiTokens/rules.js';
import { API_TOKEN_SCOPES } from '../modules/apiTokens/scopes.js';
import { AGGREGATE_ROWS_MAX, aggregateRowCeiling } from '../modules/reporting/rules.js';
import { COMMENTS_PER_REPORT, FILES_PER_SIDE } from '../modules/reports/rules.js';
import { WEBHOOK_EVENTS } from '../modules/webhooks/rules.js';
import type { ListRows } from '../graphql/cost.js';

function aggregateRows(args: Record<string, unknown>): number {
  const groupBy = Array.isArray(args.groupBy) ? args.groupBy.map(String) : [];
  const maxRows = typeof args.maxRows === 'number' ? args.maxRows : AGGREGATE_ROWS_MAX;
  // Out of bounds, the resolver refuses it with its own message and reads no row.
  return maxRows >= 1 && maxRows <= AGGREGATE_ROWS_MAX ? aggregateRowCeiling(groupBy, maxRows) : 0;
}

export const LIST_BOUNDS: Readonly<Record<string, ListRows>> = {
  // Selectors: every eligible row, TOO_MANY_CHOICES past MAX_CHOICES (lib/choices.ts).
  'Query.groupChoices': MAX_CHOICES,
  'Query.peopleChoices': MAX_CHOICES,
  // The études of a month to bill: TOO_MANY_CHOICES past MAX_CHOICES (billing/service.ts).
  'Query.availableGroupsForBilling': MAX_CHOICES,
  // One object per id asked; no list argument is longer than MAX_LIST_ITEMS.
  'Query.nodes': (args) => (Array.isArray(args.ids) ? args.ids.length : MAX_LIST_ITEMS),
  // Two curves (secretaries, bailiffs), a point per day of a month or per month of a year.
  'Statistics.series': 2,
  'ChartSerie.data': 31,
  // One row without groupBy, the statuses by status alone, else at most maxRows (TOO_MANY_ROWS past it).
  'Query.reportAggregates': aggregateRows,
  'Query.assignedBailiffs': MAX_CHOICES,
  // A constat's lists, refused past their ceilings when written (reports/rules.ts, accounts/rules.ts).
  'Report.comments': COMMENTS_PER_REPORT,
  'Report.unreadCommentIds': COMMENTS_PER_REPORT,
  'ReportFileGroup.files': FILES_PER_SIDE,
  'User.matrices': MATRICES_PER_BAILIFF,
  // The études an admin's API token is limited to, refused past the ceiling when created (apiTokens/rules.ts).
  'ApiToken.groups': MAX_TOKEN_GROUPS,
  // Each read scope at most once (apiTokens/scopes.ts).
  'ApiToken.scopes': API_TOKEN_SCOPES.length,
  'Query.apiTokenScopeChoices': API_TOKEN_SCOPES.length,
  // Each event at most once (webhooks/rules.ts).
  'Webhook.events': WEBHOOK_EVENTS.length,
};
