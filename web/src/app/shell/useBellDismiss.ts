import { useEffect, useState } from 'react';

/** product.md §9: the notification panel stays open 5 s. */
export const BELL_OPEN_MS = 5_000;

/**
 * How the bell panel closes besides its own outside click (product.md §2): on Escape wherever the
 * focus is — ticking « Marquer comme lue » disables that checkbox, which drops the focus out of
 * the panel and out of reach of the popover's own Escape handling — and by itself 5 s after
 * opening. A pointer resting on the panel or on the bell holds it open (someone is reading, or
 * has just clicked); leaving gives another 5 s. Spread the returned handlers on the panel's
 * surface and on the bell.
 */
export function useBellDismiss(open: boolean, close: () => void): { onPointerEnter: () => void; onPointerLeave: () => void } {
  // The pointer on the panel or the bell, or when it left them: the 5 s count from that event, not
  // from whenever React renders it — a pointer leave is a continuous event, rendered in a later
  // task, which a busy page delays. Null while it has not come (the 5 s count from opening).
  const [pointer, setPointer] = useState<'inside' | { leftAt: number } | null>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  useEffect(() => {
    if (!open || pointer === 'inside') return;
    const delay = pointer === null ? BELL_OPEN_MS : Math.max(0, pointer.leftAt + BELL_OPEN_MS - Date.now());
    const timer = window.setTimeout(close, delay);
    return () => window.clearTimeout(timer);
  }, [open, pointer, close]);

  // A panel closed while hovered opens next time with its timer running (state adjusted while
  // rendering, React's pattern for a change of prop).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setPointer(null);
  }

  return { onPointerEnter: () => setPointer('inside'), onPointerLeave: () => setPointer({ leftAt: Date.now() }) };
}
