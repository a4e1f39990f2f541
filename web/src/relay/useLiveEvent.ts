/**
 * A live event a screen reacts to (no polling): while the screen is mounted, every event of the
 * subscription that `concerns` it calls `onEvent` (typically: fetch the shown data again, for
 * lists the store could not update in the server's order). The latest `concerns` and `onEvent`
 * are read when an event arrives, so a new period or filter does not re-subscribe.
 */
import { useEffect, useEffectEvent } from 'react';
import { requestSubscription, useRelayEnvironment } from 'react-relay/hooks';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

export function useLiveEvent<T extends OperationType & { variables: Record<PropertyKey, never> }>(
  subscription: GraphQLTaggedNode,
  concerns: (event: T['response']) => boolean,
  onEvent: () => void,
): void {
  const environment = useRelayEnvironment();
  const arrived = useEffectEvent((event: T['response'] | null | undefined) => {
    if (event && concerns(event)) onEvent();
  });
  // What react-relay's useSubscription does, with the handler read when the event arrives.
  useEffect(() => {
    const { dispose } = requestSubscription<T>(environment, {
      subscription,
      variables: {},
      onNext: (event) => arrived(event),
      // Live updates are a comfort: a failure must not break the screen (product.md §8: ignored).
      onError: () => {},
    });
    return dispose;
  }, [environment, subscription]);
}
