import { createContext, useContext } from 'react';
import type { Role } from '../routing/dashboardRoutes';

/** Who is signed in: enough to route; screens read everything else through fragments. */
export interface SessionUser {
  id: string;
  role: Role;
}

export type Session =
  /** A stored token is being checked (product.md §2: full-screen 'Chargement...'). */
  | { status: 'checking' }
  /** The stored token could not be checked (server unreachable): it is kept until a retry. */
  | { status: 'unreachable' }
  /** No valid session: never signed in, or the stored token was refused or expired. */
  | { status: 'anonymous' }
  /** The user signed out: unlike `anonymous`, there is no page to come back to. */
  | { status: 'signedOut' }
  | {
      status: 'authenticated';
      user: SessionUser;
      /** Changes with every new session in this tab (sign-in, impersonation): screens remount. */
      generation: number;
    };

export interface Credentials {
  email: string;
  password: string;
  /** "Se rappeler de moi": the server then issues a long-lived session. */
  remember: boolean;
}

export interface SessionContextValue {
  session: Session;
  /** Resolves once signed in; rejects with an ApiError (bad credentials, rate limit…). */
  signIn: (credentials: Credentials) => Promise<void>;
  signOut: () => Promise<void>;
  /**
   * product.md §4 "Impersonation": an admin opens a session as another account (by e-mail); the new
   * token replaces the admin's. Resolves with the new user's full name.
   */
  impersonate: (email: string) => Promise<{ fullName: string }>;
  /** Checks the stored token again after the server was unreachable. */
  retry: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in user, for components that only render inside the dashboard. */
export function useSessionUser(): SessionUser {
  const { session } = useSession();
  if (session.status !== 'authenticated') throw new Error('useSessionUser needs a signed-in user');
  return session.user;
}
