import { useCallback } from 'react';
import { useLazyLoadQuery, useRelayEnvironment } from 'react-relay/hooks';
import { fetchQuery, type GraphQLTaggedNode, type OperationType } from 'relay-runtime';
import type { ReportFilter } from '../../__generated__/ReportsTablePaginationQuery.graphql';
import { initialFilter, type ReportsView } from './reportsViews';

/** The first page of every reports list. */
const FIRST_PAGE = 10;

interface ReportsPageQuery extends OperationType {
  variables: { filter: ReportFilter; count: number };
}

/**
 * A reports page's query (its cards or tiles and the table's first page), loaded with the list's
 * initial filter (the one rule: reportsViews.ts `initialFilter`), and `refresh`, which reads it
 * again into the store after an action that changes the figures.
 */
export function useReportsPage<Q extends ReportsPageQuery>(query: GraphQLTaggedNode, view: ReportsView) {
  const variables = { filter: initialFilter(view), count: FIRST_PAGE } as Q['variables'];
  const data = useLazyLoadQuery<Q>(query, variables, { fetchPolicy: 'store-and-network' });
  const refresh = useRefresh(query, variables);
  return { data, refresh };
}

/** Reads `query` again into the store (errors are ignored: the screen keeps what it shows). */
export function useRefresh(query: GraphQLTaggedNode, variables: OperationType['variables']): () => void {
  const environment = useRelayEnvironment();
  const key = JSON.stringify(variables);
  return useCallback(
    () => void fetchQuery(environment, query, JSON.parse(key) as OperationType['variables']).subscribe({ error: () => {} }),
    [environment, query, key],
  );
}
