import { useState } from 'react';
import { useLazyLoadQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { FetchPolicy, GraphQLTaggedNode, OperationType } from 'relay-runtime';

/**
 * The query of a screen whose variables follow in-page state (a month, a year, a calendar's days)
 * while its route started the opening ones with the screen's code (app/routing/screens.ts): as long
 * as the screen shows those, it reads the route's answer, joining its request while it runs, instead
 * of asking again; another period, or a refresh (`fetchKey`), reads as `options` say.
 */
export function useOpeningQuery<Q extends OperationType>(
  query: GraphQLTaggedNode,
  opening: PreloadedQuery<Q> | undefined,
  variables: Q['variables'],
  options: { fetchPolicy: FetchPolicy; fetchKey?: number },
): Q['response'] {
  const key = JSON.stringify(variables);
  const openingKey = opening ? JSON.stringify(opening.variables) : null;
  // Left for good once the screen moves on: coming back to the opening period reads it afresh.
  const [fromRoute, setFromRoute] = useState(openingKey === key);
  const stays = fromRoute && openingKey === key && (options.fetchKey ?? 0) === 0;
  if (fromRoute && !stays) setFromRoute(false);
  return useLazyLoadQuery<Q>(query, variables, stays ? { fetchPolicy: 'store-or-network' } : options);
}
