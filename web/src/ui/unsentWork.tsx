// Files picked in an upload box but not sent yet are lost when the user leaves the screen. Boxes
// holding some register here (`useUnsentWork`); one guard in the shell asks before an in-app
// navigation takes them away, and the browser asks before the tab closes or reloads.
import { useEffect, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import { fr } from '../i18n/fr';
import { ConfirmDialog } from './ConfirmDialog';

let holders = 0;
const listeners = new Set<() => void>();

function change(delta: number) {
  holders += delta;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** While `unsent` is true, leaving the screen asks first. */
export function useUnsentWork(unsent: boolean): void {
  useEffect(() => {
    if (!unsent) return;
    change(1);
    return () => change(-1);
  }, [unsent]);
}

/** Mounted once, inside the router: the question before leaving a screen with unsent files. */
export function UnsentWorkGuard() {
  const unsent = useSyncExternalStore(subscribe, () => holders > 0);
  // Another screen only: a search or a filter in the address keeps the boxes where they are.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsent && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={fr.unsentWork.title}
      message={fr.unsentWork.message}
      confirmLabel={fr.unsentWork.leave}
      cancelLabel={fr.unsentWork.stay}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
