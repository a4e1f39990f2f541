import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { VisuallyHidden } from './VisuallyHidden';

// product.md §13 (RGAA 7.5, WCAG 4.1.3): what changes on screen by itself — a notification arriving, a
// constat another user changed — is said by screen readers through one polite live region, without
// moving the focus. Toasts have Fluent's own live region.
const AnnounceContext = createContext<(message: string) => void>(() => {});

/** The shell's live region; `useAnnounce()` below it says a message there. */
export function LiveAnnouncer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => {
    // Emptied first, so that the same words twice in a row are read twice.
    setMessage('');
    requestAnimationFrame(() => setMessage(text));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <VisuallyHidden>
        <span role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
          {message}
        </span>
      </VisuallyHidden>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): (message: string) => void {
  return useContext(AnnounceContext);
}
