import { createContext, useContext } from 'react';
import type { DashboardShellFragment$key } from '../../__generated__/DashboardShellFragment.graphql';

export type Session =
  /** A stored token is being checked (spec §2: full-screen 'Chargement...'). */
  | { status: 'checking' }
  /** No valid session: never signed in, or the stored token was refused. */
  | { status: 'anonymous' }
  /** The user signed out: unlike `anonymous`, there is no page to come back to. */
  | { status: 'signedOut' }
  | { status: 'authenticated'; user: DashboardShellFragment$key };

export interface Credentials {
  email: string;
  password: string;
  /** "Se rappeler de moi": the server then issues a long-lived session. */
  remember: boolean;
}

export interface SessionContextValue {
  session: Session;
  /** Resolves once signed in; rejects with an ApiError (bad credentials, rate limit…). */
  signIn(credentials: Credentials): Promise<void>;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
