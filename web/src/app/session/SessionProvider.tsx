import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import {
  commitMutation,
  createOperationDescriptor,
  fetchQuery,
  getRequest,
  graphql,
  type Disposable,
  type Environment,
  type MutationConfig,
  type MutationParameters,
} from 'relay-runtime';
import type { SessionProviderLoginMutation } from '../../__generated__/SessionProviderLoginMutation.graphql';
import type { SessionProviderLogoutMutation } from '../../__generated__/SessionProviderLogoutMutation.graphql';
import type { SessionProviderQuery } from '../../__generated__/SessionProviderQuery.graphql';
import { fr } from '../../i18n/fr';
import { clearLocalStorage, readAuthToken, storeAuthToken } from '../../relay/authToken';
import { createRelayEnvironment } from '../../relay/environment';
import { useToast } from '../../ui/toasts';
import { SessionContext, type Credentials, type Session } from './sessionContext';

// The signed-in user lives in the Relay store as the root `me`; this query names it, both to
// check a stored token and to keep the user's record alive for the whole session.
const sessionQuery = graphql`
  query SessionProviderQuery {
    me {
      ...DashboardShellFragment
    }
  }
`;

const loginMutation = graphql`
  mutation SessionProviderLoginMutation($input: LoginInput!) {
    login(input: $input) {
      token
      user {
        ...DashboardShellFragment
      }
    }
  }
`;

const logoutMutation = graphql`
  mutation SessionProviderLogoutMutation {
    logout
  }
`;

function commit<T extends MutationParameters>(
  environment: Environment,
  config: Omit<MutationConfig<T>, 'onCompleted' | 'onError'>,
): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    commitMutation<T>(environment, { ...config, onCompleted: resolve, onError: reject });
  });
}

/**
 * Owns the session (spec §4: login, logout, session check), the token in local storage and the
 * Relay environment, which is replaced on sign-out so no data outlives its user.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [environment, setEnvironment] = useState(createRelayEnvironment);
  const [session, setSession] = useState<Session>(() =>
    readAuthToken() ? { status: 'checking' } : { status: 'anonymous' },
  );
  const retainedUser = useRef<Disposable | null>(null);
  const toast = useToast();

  // Reads `me` back from the store and retains it: without a retained query the garbage
  // collector may drop the user's record while the shell still renders it.
  const adoptStoredUser = useCallback((env: Environment): Session => {
    const operation = createOperationDescriptor(getRequest(sessionQuery), {});
    const { data } = env.lookup(operation.fragment);
    const me = (data as SessionProviderQuery['response'] | undefined)?.me;
    if (!me) return { status: 'anonymous' };
    retainedUser.current?.dispose();
    retainedUser.current = env.retain(operation);
    return { status: 'authenticated', user: me };
  }, []);

  // Session check on load (spec §4): a stored token is tried once; any failure clears storage.
  useEffect(() => {
    if (!readAuthToken()) {
      clearLocalStorage();
      return;
    }
    const subscription = fetchQuery<SessionProviderQuery>(environment, sessionQuery, {}).subscribe({
      complete: () => {
        const checked = adoptStoredUser(environment);
        if (checked.status !== 'authenticated') clearLocalStorage();
        setSession(checked);
      },
      error: () => {
        clearLocalStorage();
        setSession({ status: 'anonymous' });
      },
    });
    return () => subscription.unsubscribe();
    // Runs once, with the first environment: the ones created later start signed out.
  }, []);

  const signIn = useCallback(
    async ({ email, password, remember }: Credentials) => {
      const { login } = await commit<SessionProviderLoginMutation>(environment, {
        mutation: loginMutation,
        variables: { input: { email, password, remember } },
        // The payload's user becomes the root `me`, exactly as if the session query had run.
        updater: (store) => {
          const user = store.getRootField('login').getLinkedRecord('user');
          store.getRoot().setLinkedRecord(user, 'me');
        },
      });
      storeAuthToken(login.token);
      setSession(adoptStoredUser(environment));
    },
    [environment, adoptStoredUser],
  );

  const signOut = useCallback(async () => {
    try {
      await commit<SessionProviderLogoutMutation>(environment, {
        mutation: logoutMutation,
        variables: {},
      });
    } catch {
      // Still leave: the token goes with local storage, and the server expires it anyway.
    }
    clearLocalStorage();
    retainedUser.current?.dispose();
    retainedUser.current = null;
    setEnvironment(createRelayEnvironment());
    setSession({ status: 'signedOut' });
    toast('success', fr.shell.signedOut);
  }, [environment, toast]);

  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);

  return (
    <RelayEnvironmentProvider environment={environment}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </RelayEnvironmentProvider>
  );
}
