import { useCallback } from 'react';
import { usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay/hooks';
import { fetchQuery, type GraphQLTaggedNode, type OperationType } from 'relay-runtime';
import type { ReportFilter } from '../../__generated__/ReportsTablePaginationQuery.graphql';

interface ReportsPageQuery extends OperationType {
  variables: { filter: ReportFilter; count: number };
}

/**
 * A reports page's query (its cards or tiles and the table's first page), which the route started with
 * the list's initial filter (reportsViews.ts `reportsPageVariables`), and `refresh`, which reads it
 * again into the store after an action that changes the figures.
 */
export function useReportsPage<Q extends ReportsPageQuery>(query: GraphQLTaggedNode, queryRef: PreloadedQuery<Q>) {
  const data = usePreloadedQuery<Q>(query, queryRef);
  const refresh = useRefresh(query, queryRef.variables);
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
