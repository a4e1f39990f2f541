import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { fr } from '../../i18n/fr';
import { describeError } from '../../relay/ApiError';
import { useToast } from '../../ui/toasts';
import { useSession } from './sessionContext';

/**
 * product.md §4 "Impersonation" ('Se connecter' in the admins' account list): opens a session as the
 * account with this e-mail, then shows its dashboard. Failures are announced with a toast.
 */
export function useImpersonation(): { impersonate: (email: string) => Promise<void>; pendingEmail: string | null } {
  const { impersonate } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const start = useCallback(
    async (email: string) => {
      setPendingEmail(email);
      try {
        const { fullName } = await impersonate(email);
        void navigate('/dashboard');
        toast('success', fr.shell.impersonated(fullName));
      } catch (error) {
        toast('error', describeError(error));
      } finally {
        setPendingEmail(null);
      }
    },
    [impersonate, navigate, toast],
  );

  return { impersonate: start, pendingEmail };
}
