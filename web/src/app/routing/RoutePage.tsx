import { Suspense, useEffect } from 'react';
import { useQueryLoader } from 'react-relay/hooks';
import { useLocation, useParams } from 'react-router';
import { fr } from '../../i18n/fr';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { ScreenSkeleton } from '../../ui/ScreenSkeleton';
import { PlaceholderPage } from './PlaceholderPage';
import type { DashboardRoute } from './dashboardRoutes';
import type { OperationType } from 'relay-runtime';
import type { Screen, ScreenQuery } from './screen';

/**
 * A screen with a page query, for one URL (keyed by it): the query starts with the screen's code, and
 * `useQueryLoader` disposes it when the URL changes or the route is left.
 */
function PreloadedScreen({ screen, query, title }: { screen: Screen; query: ScreenQuery<OperationType>; title: string }) {
  const [queryRef, loadQuery] = useQueryLoader(query.request);
  const paramsKey = JSON.stringify(useParams());
  const { search } = useLocation();
  // Runs once: the parent gives each URL its own instance.
  useEffect(() => {
    const params = JSON.parse(paramsKey) as Record<string, string | undefined>;
    screen.open({ params, searchParams: new URLSearchParams(search) }, loadQuery);
  }, [screen, loadQuery, paramsKey, search]);
  if (!queryRef) return <ScreenSkeleton title={title} />;
  return <screen.Component queryRef={queryRef} />;
}

/** One /dashboard/… screen: its tab title, its screen (code and data started together), its own error boundary. */
export function RoutePage({ route }: { route: DashboardRoute }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = `${route.title} · ${fr.productName}`;
    return () => {
      document.title = fr.productName;
    };
  }, [route.title]);

  const { screen } = route;
  return (
    // A new path starts without the previous screen's error.
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<ScreenSkeleton title={route.title} />}>
        {!screen ? (
          <PlaceholderPage title={route.title} />
        ) : screen.query ? (
          <PreloadedScreen key={pathname + search} screen={screen} query={screen.query} title={route.title} />
        ) : (
          <screen.Component />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
