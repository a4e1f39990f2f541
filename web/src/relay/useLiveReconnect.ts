/**
 * `onReconnect` is called each time the live-updates socket is connected again after a cut: a
 * network loss, a server restart, or the server's own request once its event bus (Redis) is back.
 * Events sent meanwhile are lost, so what a screen keeps live it reads again then. The latest
 * `onReconnect` is read when it happens.
 */
import { useEffect, useEffectEvent } from 'react';
import { useRelayEnvironment } from 'react-relay/hooks';
import { onLiveReconnect } from './environment';

export function useLiveReconnect(onReconnect: () => void): void {
  const environment = useRelayEnvironment();
  const reconnected = useEffectEvent(() => onReconnect());
  useEffect(() => onLiveReconnect(environment, () => reconnected()), [environment]);
}
