/**
 * A live event a screen reacts to (no polling): while the screen is mounted, every event of the
 * subscription that `concerns` it calls `onEvent` (typically: fetch the shown data again, for
 * lists the store could not update in the server's order), and so does a reconnection of the live
 * socket, after which events may have been missed. The latest `concerns` and `onEvent` are read
 * when an event arrives, so a new period or filter does not re-subscribe. `onEvent` is called once
 * the queries in flight at the event have been answered: a refetch made meanwhile would join one
 * of them and could show the data as it was before the change.
 */
import { useEffect, useEffectEvent } from 'react';
import { requestSubscription, useRelayEnvironment } from 'react-relay/hooks';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { afterQueriesInFlight, onLiveReconnect } from './environment';

export function useLiveEvent<T extends OperationType & { variables: Record<PropertyKey, never> }>(
  subscription: GraphQLTaggedNode,
  concerns: (event: T['response']) => boolean,
  onEvent: () => void,
): void {
  const environment = useRelayEnvironment();
  const arrived = useEffectEvent((event: T['response'] | null | undefined) => event != null && concerns(event));
  const refresh = useEffectEvent(() => onEvent());
  // What react-relay's useSubscription does, with the handler read when the event arrives.
  useEffect(() => {
    let mounted = true;
    const refreshAfterQueriesInFlight = () => void afterQueriesInFlight(environment).then(() => mounted && refresh());
    const { dispose } = requestSubscription<T>(environment, {
      subscription,
      variables: {},
      onNext: (event) => {
        if (arrived(event)) refreshAfterQueriesInFlight();
      },
      // Live updates are a comfort: a failure must not break the screen (product.md §8: ignored).
      onError: () => {},
    });
    const stopListening = onLiveReconnect(environment, refreshAfterQueriesInFlight);
    return () => {
      mounted = false;
      stopListening();
      dispose();
    };
  }, [environment, subscription]);
}
