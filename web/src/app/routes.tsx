import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { useQueryLoader } from 'react-relay/hooks';
import { Navigate, createBrowserRouter, useLocation, type Location } from 'react-router';
import shellQuery, { type DashboardShellQuery } from '../__generated__/DashboardShellQuery.graphql';
import { LoginPage } from '../features/auth/LoginPage';
import { readAuthToken } from '../relay/authToken';
import { FullScreenSpinner, FullScreenUnreachable } from '../ui/FullScreen';
import { prerenderedScreenTitle } from './prerender/takeover';
import { useSession, type SessionUser } from './session/sessionContext';
import { ShellSkeleton } from './shell/ShellSkeleton';
import { canSeeNews } from './shell/canSeeNews';

// Only the login page is in the initial bundle: it is the first screen of most visits. The
// other public pages and the whole dashboard load on demand.
const loadDashboardShell = () => import('./shell/DashboardShell');
const DashboardShell = lazy(loadDashboardShell);
const RecoverRequestPage = lazy(() => import('../features/auth/RecoverRequestPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));

/**
 * A returning user opening a dashboard address: the shell's code starts downloading now, beside the
 * session check, instead of once the check has answered — a round trip less on a phone network. A
 * failure is left to the lazy component, which asks again when it renders.
 */
export function preloadDashboardShell(path: string): void {
  if (path.startsWith('/dashboard') && readAuthToken()) loadDashboardShell().catch(() => {});
}

/** Where a signed-out visitor was going, so that signing in takes them there (product.md §2). */
export interface LoginRedirectState {
  from: Location;
}

function LoginRoute() {
  const { session, retry } = useSession();
  const location = useLocation();
  if (session.status === 'checking') return <FullScreenSpinner />;
  if (session.status === 'unreachable') return <FullScreenUnreachable onRetry={retry} />;
  if (session.status === 'authenticated') {
    const from = (location.state as LoginRedirectState | null)?.from;
    return <Navigate to={from ?? '/dashboard'} replace />;
  }
  return <LoginPage />;
}

/** The dashboard's frame while the session and the shell load, under the title the page arrived with. */
function DashboardSkeleton() {
  const { pathname } = useLocation();
  return <ShellSkeleton title={prerenderedScreenTitle(pathname)} />;
}

/** The signed-in dashboard: the shell's query starts with the shell's code, and stops with the session. */
function SignedInDashboard({ user }: { user: SessionUser }) {
  const [queryRef, loadQuery] = useQueryLoader<DashboardShellQuery>(shellQuery);
  useEffect(() => loadQuery({ withNews: canSeeNews(user.role) }), [loadQuery, user.role]);
  if (!queryRef) return <DashboardSkeleton />;
  return (
    <Suspense fallback={<DashboardSkeleton />}>
      <DashboardShell user={user} queryRef={queryRef} />
    </Suspense>
  );
}

function DashboardRoute() {
  const { session, retry } = useSession();
  const location = useLocation();
  switch (session.status) {
    case 'checking':
      return <DashboardSkeleton />;
    case 'unreachable':
      return <FullScreenUnreachable onRetry={retry} />;
    case 'anonymous':
      return <Navigate to="/login" replace state={{ from: location } satisfies LoginRedirectState} />;
    case 'signedOut':
      return <Navigate to="/login" replace />;
    case 'authenticated':
      // A new session (sign-in, impersonation) starts from a fresh shell.
      return <SignedInDashboard key={session.generation} user={session.user} />;
  }
}

/** A public page loaded on demand, behind the full-screen spinner. */
function lazyPage(Page: ComponentType) {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Page />
    </Suspense>
  );
}

/** Keeps the query string (the reset token) when an old link is redirected. */
function RedirectToResetPassword() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/reset-password', search }} replace />;
}

// product.md §2 "Public routes". The change-password screen is /reset-password?token=…; the other
// paths the spec lists for it redirect there (docs/decisions.md).
export const router = createBrowserRouter([
  { path: '/', element: <LoginRoute /> },
  { path: '/login', element: <LoginRoute /> },
  { path: '/recover/request', element: lazyPage(RecoverRequestPage) },
  { path: '/forgotpassword', element: lazyPage(ForgotPasswordPage) },
  { path: '/reset-password', element: lazyPage(ResetPasswordPage) },
  { path: '/emailavecsucces/request', element: <RedirectToResetPassword /> },
  { path: '/passwordnew/request', element: <RedirectToResetPassword /> },
  { path: '/creermoncomp', element: <RedirectToResetPassword /> },
  { path: '/createaccount', element: lazyPage(RegisterPage) },
  { path: '/dashboard/*', element: <DashboardRoute /> },
  { path: '*', element: <Navigate to="/" replace /> },
]);
