import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay/hooks';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { fetchQuery } from 'relay-runtime';
import type { DashboardShellQuery } from '../../__generated__/DashboardShellQuery.graphql';
import { DepositBanner } from '../../features/deposits/DepositBanner';
import { useLiveReconnect } from '../../relay/useLiveReconnect';
import { LiveAnnouncer } from '../../ui/LiveAnnouncer';
import { focusTitleOfScreen } from '../../ui/titleFocus';
import { narrowQuery } from '../../ui/breakpoints';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { RoutePage } from '../routing/RoutePage';
import { dashboardRoutes, newsListPath, type DashboardRoute } from '../routing/dashboardRoutes';
import type { SessionUser } from '../session/sessionContext';
import { DashboardHeader } from './DashboardHeader';
import { LiveUpdates } from './LiveUpdates';
import { UnsentWorkGuard } from '../../ui/unsentWork';
import { NotificationBell } from './NotificationBell';
import { canSeeNews } from './canSeeNews';
import { SideMenu } from './SideMenu';
import { useShellLayoutStyles } from './shellLayout';

const shellQuery = graphql`
  query DashboardShellQuery($withNews: Boolean!) {
    me {
      ...DashboardHeaderFragment
      ...SideMenuFragment
    }
    ...NotificationBellFragment @arguments(withNews: $withNews)
  }
`;

interface ShellPartProps {
  user: SessionUser;
  queryRef: PreloadedQuery<DashboardShellQuery>;
}

interface ShellHeaderProps extends ShellPartProps {
  onOpenMenu?: () => void;
  onBellOpenChange: (open: boolean) => void;
}

/** The header with the bell and the user menu, once the shell's query has answered. */
function ShellHeader({ user, queryRef, onOpenMenu, onBellOpenChange }: ShellHeaderProps) {
  const data = usePreloadedQuery<DashboardShellQuery>(shellQuery, queryRef);
  // The session provider replaces the shell when `me` goes away; nothing to show until then.
  if (!data.me) return null;
  const bell = <NotificationBell query={data} role={user.role} onOpenChange={onBellOpenChange} />;
  return <DashboardHeader user={data.me} bell={bell} onOpenMenu={onOpenMenu} />;
}

/** The role's menu, in the page or over it, once the shell's query has answered. */
function ShellMenu({
  queryRef,
  type,
  open,
  onClose,
}: Omit<ShellPartProps, 'user'> & { type: 'inline' | 'overlay'; open: boolean; onClose: () => void }) {
  const data = usePreloadedQuery<DashboardShellQuery>(shellQuery, queryRef);
  if (!data.me) return null;
  return <SideMenu user={data.me} type={type} open={open} onClose={onClose} />;
}

/**
 * The screen of the current path among the role's routes. Memoized: the shell's own state (the
 * phone's menu drawer opened or closed) changes without re-rendering the screen under it.
 */
const ShellScreen = memo(function ShellScreen({ routes, owner }: { routes: readonly DashboardRoute[]; owner: string }) {
  return (
    <>
      <DepositBanner owner={owner} />
      <Routes>
        {routes.map((route) =>
          route.path === '' ? (
            <Route key="index" index element={<RoutePage route={route} />} />
          ) : (
            <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
          ),
        )}
        {/* Unknown paths, and other roles' paths, lead to the role's default screen. */}
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Routes>
    </>
  );
});

/**
 * Everything under /dashboard (product.md §2 "Shell"): header with the bell and the user menu, the
 * role's left menu, and the screen of the current path among the role's routes. The screen does not
 * wait for the shell's query: its own code and data start at once, beside the header's and menu's.
 */
export default function DashboardShell({ user, queryRef }: ShellPartProps) {
  const styles = useShellLayoutStyles();
  const environment = useRelayEnvironment();
  const withNews = canSeeNews(user.role);
  const narrow = useMediaQuery(narrowQuery);
  const [menuOpen, setMenuOpen] = useState(false);
  // The screen under the open bell panel is out of reach, as the panel keeps the focus: a click
  // beside the panel closes it rather than pressing a button half hidden by it. Set on the element
  // rather than through state: opening the panel re-renders the bell alone.
  const main = useRef<HTMLElement>(null);
  const setScreenInert = useCallback((inert: boolean) => {
    if (main.current) main.current.inert = inert;
  }, []);
  const { pathname } = useLocation();

  // Events sent while the live socket was down are lost: the bell reads the server again.
  useLiveReconnect(() => {
    fetchQuery(environment, shellQuery, { withNews }, { fetchPolicy: 'network-only' }).subscribe({});
  });

  // A layout effect: it runs before the new screen's effects, where its title takes the focus.
  useLayoutEffect(() => focusTitleOfScreen(pathname), [pathname]);

  // Scroll back to the top on each new screen, as a full page load would. Not on the first one: the
  // page has just loaded, and asking would force a layout of it half-built, on a phone's slow CPU.
  const firstScreen = useRef(true);
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
  }, [pathname]);

  const routes = dashboardRoutes[user.role];
  const closeMenu = () => setMenuOpen(false);
  const fullWidth = routes.some((route) => route.fullWidth && pathname === `/dashboard/${route.path}`);
  return (
    // The live region of what changes by itself (LiveUpdates, live lists), for screen readers.
    <LiveAnnouncer>
      <div className={styles.root}>
        <Suspense fallback={<div className={styles.headerPlaceholder} />}>
          <ShellHeader
            user={user}
            queryRef={queryRef}
            onOpenMenu={narrow ? () => setMenuOpen(true) : undefined}
            onBellOpenChange={setScreenInert}
          />
        </Suspense>
        <div className={styles.body}>
          {narrow ? (
            <Suspense fallback={null}>
              <ShellMenu queryRef={queryRef} type="overlay" open={menuOpen} onClose={closeMenu} />
            </Suspense>
          ) : (
            <div className={styles.navColumn}>
              <div className={styles.nav}>
                <Suspense fallback={<div className={styles.menuPlaceholder} />}>
                  <ShellMenu queryRef={queryRef} type="inline" open onClose={closeMenu} />
                </Suspense>
              </div>
            </div>
          )}
          <main ref={main} className={styles.main}>
            <div className={mergeClasses(styles.content, fullWidth && styles.fullWidth)}>
              <ShellScreen routes={routes} owner={user.id} />
            </div>
          </main>
        </div>
        <LiveUpdates newsPath={newsListPath[user.role]} />
        <UnsentWorkGuard />
      </div>
    </LiveAnnouncer>
  );
}
