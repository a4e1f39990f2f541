import { useCallback } from 'react';
import {
  Toast,
  ToastTitle,
  Toaster,
  useToastController,
  type ToastIntent,
} from '@fluentui/react-components';

// One toaster for the whole app, mounted above the router so a toast survives the navigation
// that often follows it (sign-out, then /login).
const toasterId = 'app-toaster';

export function AppToaster() {
  return <Toaster toasterId={toasterId} position="top-end" pauseOnHover pauseOnWindowBlur />;
}

export interface ToastOptions {
  /** A toast already on screen with the same id is not shown twice. */
  id?: string;
}

export function useToast(): (intent: ToastIntent, message: string, options?: ToastOptions) => void {
  const { dispatchToast } = useToastController(toasterId);
  return useCallback(
    (intent, message, options) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent, toastId: options?.id },
      ),
    [dispatchToast],
  );
}
