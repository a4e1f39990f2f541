import { useCallback, type ReactElement, type ReactNode } from 'react';
import {
  Toast,
  ToastBody,
  ToastFooter,
  ToastTitle,
  Toaster,
  useToastController,
  type ToastIntent,
} from '@fluentui/react-components';

// One toaster for the whole app, mounted above the router so a toast survives the navigation
// that often follows it (sign-out, then /login).
const toasterId = 'app-toaster';

export function AppToaster() {
  // Below the dashboard's 64px header, so a persistent notice never hides the user menu.
  return (
    <Toaster
      toasterId={toasterId}
      position="top-end"
      offset={{ vertical: 72 }}
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
