/**
 * A live event a screen reacts to (no polling): while the screen is mounted, every event of the
 * subscription that `concerns` it calls `onEvent` (typically: fetch the shown data again, for
 * lists the store could not update in the server's order). The latest `concerns` and `onEvent`
 * are read when an event arrives, so a new period or filter does not re-subscribe.
 */
import { useMemo, useRef } from 'react';
import { useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig, GraphQLTaggedNode, OperationType } from 'relay-runtime';

export function useLiveEvent<T extends OperationType & { variables: Record<PropertyKey, never> }>(
  subscription: GraphQLTaggedNode,
  concerns: (event: T['response']) => boolean,
  onEvent: () => void,
): void {
  const latest = useRef({ concerns, onEvent });
  latest.current = { concerns, onEvent };
  const config = useMemo<GraphQLSubscriptionConfig<T>>(
    () => ({
      subscription,
      variables: {} as T['variables'],
      onNext: (event) => {
        if (event && latest.current.concerns(event)) latest.current.onEvent();
      },
      // Live updates are a comfort: a failure must not break the screen (spec §8: ignored).
      onError: () => {},
    }),
    [subscription],
  );
  useSubscription(config);
}
