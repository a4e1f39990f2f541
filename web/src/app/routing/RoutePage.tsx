import { Suspense, useEffect } from 'react';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router';
import { fr } from '../../i18n/fr';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { PlaceholderPage } from './PlaceholderPage';
import type { DashboardRoute } from './dashboardRoutes';

const useStyles = makeStyles({
  loading: {
    paddingBlock: tokens.spacingVerticalXXXL,
  },
});

/** One /dashboard/… screen: its tab title, its lazily loaded screen, its own error boundary. */
export function RoutePage({ route }: { route: DashboardRoute }) {
  const styles = useStyles();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${route.title} · ${fr.productName}`;
    return () => {
      document.title = fr.productName;
    };
  }, [route.title]);

  const Screen = route.screen;
  return (
    // A new path starts without the previous screen's error.
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<Spinner className={styles.loading} label={fr.loading} />}>
        {Screen ? <Screen /> : <PlaceholderPage title={route.title} />}
      </Suspense>
    </ErrorBoundary>
  );
}
