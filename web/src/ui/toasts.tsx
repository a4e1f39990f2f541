import { useCallback, type ReactElement, type ReactNode } from 'react';
import {
  Toast,
  ToastBody,
  ToastFooter,
  ToastTitle,
  Toaster,
  useToastController,
  makeStyles,
  type ToastIntent,
} from '@fluentui/react-components';
import { useMediaQuery } from './useMediaQuery';

// One toaster for the whole app, mounted above the router so a toast survives the navigation
// that often follows it (sign-out, then /login).
const toasterId = 'app-toaster';

const useStyles = makeStyles({
  // Narrower than Fluent's 292px, so that it fits the 264px side menu's column.
  inMenuColumn: { width: '248px' },
});

/**
 * product.md §2: a toast covers neither a screen's filters (at the top of every screen) nor
 * its rows' action buttons (along the right and in the rows). Where the side menu sits beside
 * the page (wide screens, the shell's 1024px breakpoint), toasts stack at its foot, over the menu
 * only; on narrow screens, where the menu is a drawer, they stay under the 64px header.
 */
export function AppToaster() {
  const styles = useStyles();
  const wide = useMediaQuery('(min-width: 1024px)');
  return (
    <Toaster
      toasterId={toasterId}
      className={wide ? styles.inMenuColumn : undefined}
      position={wide ? 'bottom-start' : 'top-end'}
      offset={wide ? { horizontal: 8, vertical: 16 } : { vertical: 72 }}
      pauseOnHover
      pauseOnWindowBlur
      limit={4}
    />
  );
}

export interface ToastOptions {
  /** A toast already on screen with the same id is not shown twice. */
  id?: string;
  /** A second line under the message. */
  body?: ReactNode;
  /** Milliseconds on screen; -1 keeps it until dismissed. */
  timeout?: number;
  /** A button or link shown next to the title. */
  action?: ReactElement;
  /** Buttons under the body (e.g. 'Redémarrer'). */
  footer?: ReactNode;
}

export type ShowToast = (intent: ToastIntent, message: string, options?: ToastOptions) => void;

export function useToast(): ShowToast {
  const { dispatchToast } = useToastController(toasterId);
  return useCallback(
    (intent, message, options) =>
      dispatchToast(
        <Toast>
          <ToastTitle action={options?.action}>{message}</ToastTitle>
          {options?.body ? <ToastBody>{options.body}</ToastBody> : null}
          {options?.footer ? <ToastFooter>{options.footer}</ToastFooter> : null}
        </Toast>,
        { intent, toastId: options?.id, timeout: options?.timeout ?? (intent === 'error' ? 8000 : 5000) },
      ),
    [dispatchToast],
  );
}
