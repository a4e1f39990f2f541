import { Suspense, lazy } from 'react';
import { Navigate, createBrowserRouter, useLocation, type Location } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { useSession } from './session/sessionContext';

// Kept out of the initial bundle: the login page is the first screen of most visits.
const DashboardShell = lazy(() =>
  import('./shell/DashboardShell').then((module) => ({ default: module.DashboardShell })),
);

/** Where a signed-out visitor was going, so that signing in takes them there (spec §2). */
interface LoginRedirectState {
  from: Location;
}

function LoginRoute() {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'checking') return <FullScreenSpinner />;
  if (session.status === 'authenticated') {
    const from = (location.state as LoginRedirectState | null)?.from;
    return <Navigate to={from ?? '/dashboard'} replace />;
  }
  return <LoginPage />;
}

function DashboardRoute() {
  const { session } = useSession();
  const location = useLocation();
  switch (session.status) {
    case 'checking':
      return <FullScreenSpinner />;
    case 'anonymous':
      return <Navigate to="/login" replace state={{ from: location } satisfies LoginRedirectState} />;
    case 'signedOut':
      return <Navigate to="/login" replace />;
    case 'authenticated':
      return (
        <Suspense fallback={<FullScreenSpinner />}>
          <DashboardShell user={session.user} />
        </Suspense>
      );
  }
}

export const router = createBrowserRouter([
  { path: '/', element: <LoginRoute /> },
  { path: '/login', element: <LoginRoute /> },
  { path: '/dashboard/*', element: <DashboardRoute /> },
  { path: '*', element: <Navigate to="/" replace /> },
]);
