import { startTransition, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { createOperationDescriptor, fetchQuery, getRequest, graphql, type Disposable, type Environment } from 'relay-runtime';
import type { SessionProviderLoginAsMutation } from '../../__generated__/SessionProviderLoginAsMutation.graphql';
import type { SessionProviderLoginMutation } from '../../__generated__/SessionProviderLoginMutation.graphql';
import type { SessionProviderLogoutMutation } from '../../__generated__/SessionProviderLogoutMutation.graphql';
import type { SessionProviderQuery } from '../../__generated__/SessionProviderQuery.graphql';
import { fr } from '../../i18n/fr';
import { ApiError } from '../../relay/ApiError';
import { clearLocalStorage, readAuthToken, storeAuthToken, storeRoleHint } from '../../relay/authToken';
import { commit } from '../../relay/commit';
import { createRelayEnvironment, disposeRelayEnvironment } from '../../relay/environment';
import { useToast } from '../../ui/toasts';
import { SessionContext, type Credentials, type Session } from './sessionContext';

// The signed-in user lives in the Relay store as the root `me`; this query names it, both to
// check a stored token and to keep the user's record alive for the whole session.
const sessionQuery = graphql`
  query SessionProviderQuery {
    me {
      id
      role
    }
  }
`;

const loginMutation = graphql`
  mutation SessionProviderLoginMutation($input: LoginInput!) {
    login(input: $input) {
      token
      user {
        id
        role
      }
    }
  }
`;

const loginAsMutation = graphql`
  mutation SessionProviderLoginAsMutation($input: LoginAsInput!) {
    loginAs(input: $input) {
      token
      user {
        fullName
      }
    }
  }
`;

const logoutMutation = graphql`
  mutation SessionProviderLogoutMutation {
    logout
  }
`;

const SESSION_EXPIRED = 'session-expired';

function checkSession(environment: Environment): Promise<void> {
  return new Promise((resolve, reject) => {
    fetchQuery<SessionProviderQuery>(environment, sessionQuery, {}).subscribe({
      complete: resolve,
      error: reject,
    });
  });
}

/**
 * Owns the session (product.md §4: login, logout, session check, impersonation), the token in local
 * storage and the Relay environment, which is replaced whenever the user changes so no data
 * outlives its user.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // The environments signal an expired session here; the listener below, attached once, handles it
  // with the render's latest state.
  const [expiry] = useState(() => new EventTarget());
  const newEnvironment = useCallback(
    () => createRelayEnvironment({ onSessionExpired: () => expiry.dispatchEvent(new Event(SESSION_EXPIRED)) }),
    [expiry],
  );
  const [environment, setEnvironment] = useState(newEnvironment);
  const [session, setSession] = useState<Session>(() => (readAuthToken() ? { status: 'checking' } : { status: 'anonymous' }));
  const generation = useRef(0);
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
    storeRoleHint(me.role);
    generation.current += 1;
    return { status: 'authenticated', user: { id: me.id, role: me.role }, generation: generation.current };
  }, []);

  /** Starts over with another store and closes the previous environment's socket. */
  const replaceEnvironment = useCallback((next: Environment) => {
    setEnvironment((previous) => {
      if (previous !== next) disposeRelayEnvironment(previous);
      return next;
    });
  }, []);

  const releaseUser = useCallback(() => {
    retainedUser.current?.dispose();
    retainedUser.current = null;
  }, []);

  // Session check (product.md §4), on load and on 'Réessayer'. Only the server's refusal of the token
  // clears storage: an unreachable server, or a check the browser dropped because the page was
  // being left, keeps the token so that the user is not signed out by a network blip.
  const verifyStoredToken = useCallback(() => {
    const subscription = fetchQuery<SessionProviderQuery>(environment, sessionQuery, {}).subscribe({
      complete: () => {
        const checked = adoptStoredUser(environment);
        if (checked.status !== 'authenticated') clearLocalStorage();
        // The frame on screen stays while the dashboard renders: as a transition, that render yields
        // to the browser between components instead of blocking it for the whole tree.
        startTransition(() => setSession(checked));
      },
      error: (error: unknown) => {
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
          clearLocalStorage();
          setSession({ status: 'anonymous' });
        } else {
          setSession({ status: 'unreachable' });
        }
      },
    });
    return () => subscription.unsubscribe();
  }, [environment, adoptStoredUser]);

  // Runs once, with the first environment: the ones created later start signed out. The initial
  // state already says 'checking' (a stored token) or 'anonymous'.
  const verifyOnLoad = useEffectEvent(() => {
    if (readAuthToken()) return verifyStoredToken();
    clearLocalStorage();
    return undefined;
  });
  useEffect(() => verifyOnLoad(), []);

  // The server refused the token mid-session (expired, revoked, account disabled): back to the
  // login page, which brings the user back here once signed in again.
  const expireSession = useEffectEvent(() => {
    if (session.status !== 'authenticated') return;
    clearLocalStorage();
    releaseUser();
    replaceEnvironment(newEnvironment());
    setSession({ status: 'anonymous' });
    toast('warning', fr.errors.sessionExpired, { id: 'session-expired' });
  });
  useEffect(() => {
    const listener = () => expireSession();
    expiry.addEventListener(SESSION_EXPIRED, listener);
    return () => expiry.removeEventListener(SESSION_EXPIRED, listener);
  }, [expiry]);

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
    // The server closes a revoked session's socket (4403): closed first, it cannot read as an expired session.
    disposeRelayEnvironment(environment);
    try {
      await commit<SessionProviderLogoutMutation>(environment, { mutation: logoutMutation, variables: {} });
    } catch {
      // Still leave: the token goes with local storage, and the server expires it anyway.
    }
    clearLocalStorage();
    releaseUser();
    replaceEnvironment(newEnvironment());
    setSession({ status: 'signedOut' });
    toast('success', fr.shell.signedOut);
  }, [environment, newEnvironment, replaceEnvironment, releaseUser, toast]);

  const impersonate = useCallback(
    async (email: string) => {
      const { loginAs } = await commit<SessionProviderLoginAsMutation>(environment, {
        mutation: loginAsMutation,
        variables: { input: { email } },
      });
      // product.md §4: the returned token replaces the admin's; the new user's session is then read
      // like any stored session, into a fresh store.
      clearLocalStorage();
      storeAuthToken(loginAs.token);
      const next = newEnvironment();
      let adopted: Session = { status: 'anonymous' };
      try {
        await checkSession(next);
        adopted = adoptStoredUser(next);
      } finally {
        // Whatever happens, the admin's session is gone from this tab: show where we are.
        if (adopted.status !== 'authenticated') {
          clearLocalStorage();
          releaseUser();
        }
        replaceEnvironment(next);
        setSession(adopted);
      }
      if (adopted.status !== 'authenticated') throw new ApiError('UNAUTHENTICATED', fr.errors.sessionExpired);
      return { fullName: loginAs.user.fullName };
    },
    [environment, newEnvironment, replaceEnvironment, releaseUser, adoptStoredUser],
  );

  const retry = useCallback(() => {
    if (!readAuthToken()) {
      clearLocalStorage();
      setSession({ status: 'anonymous' });
      return;
    }
    setSession({ status: 'checking' });
    verifyStoredToken();
  }, [verifyStoredToken]);

  const value = useMemo(() => ({ session, signIn, signOut, impersonate, retry }), [session, signIn, signOut, impersonate, retry]);

  return (
    <RelayEnvironmentProvider environment={environment}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </RelayEnvironmentProvider>
  );
}
