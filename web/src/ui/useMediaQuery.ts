import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (window resized, device rotated). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/**
 * A phone held upright, or a window as narrow: below 700 px, the screens that need room (calendars,
 * lists) show their narrow layout.
 */
export const phoneQuery = '(max-width: 699px)';
