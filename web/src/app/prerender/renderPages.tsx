// Pages rendered to HTML at build time (scripts/prerender-pages.ts), so that a first visit paints as
// soon as the HTML and its styles arrive, before the app's code has loaded; the app then takes the
// page over (main.tsx, takeover.ts):
// - the login page, as a visitor without a session sees it: the same providers as App.tsx, the
//   session anonymous;
// - the dashboard's frame (ShellSkeleton) with an empty screen title, which the page's starter fills
//   in from the table of screen titles (screenTitles) and the role the last session left.
import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FluentProvider, RendererProvider, SSRProvider, createDOMRenderer, renderToStyleElements } from '@fluentui/react-components';
import { LoginPage } from '../../features/auth/LoginPage';
import { dashboardRoutes, type Role } from '../routing/dashboardRoutes';
import { SessionContext, type SessionContextValue } from '../session/sessionContext';
import { ShellSkeleton } from '../shell/ShellSkeleton';
import { customStyleHooks, theme } from '../theme';

const signedOut = (): never => {
  throw new Error('The prerendered page has no session to act on');
};

const anonymous: SessionContextValue = {
  session: { status: 'anonymous' },
  signIn: signedOut,
  signOut: signedOut,
  impersonate: signedOut,
  retry: signedOut,
};

export interface PrerenderedPage {
  /** The page's markup, for the app's root element. */
  html: string;
  /** Its style elements (Griffel's buckets, in their order), for the document's head. */
  styles: string;
}

function renderWithStyles(path: string, page: ReactNode): PrerenderedPage {
  const renderer = createDOMRenderer();
  const html = renderToString(
    <RendererProvider renderer={renderer}>
      <SSRProvider>
        <FluentProvider theme={theme} customStyleHooks_unstable={customStyleHooks}>
          <SessionContext value={anonymous}>
            <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
          </SessionContext>
        </FluentProvider>
      </SSRProvider>
    </RendererProvider>,
  );
  return { html, styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) };
}

export function renderLoginPage(): PrerenderedPage {
  return renderWithStyles('/login', <LoginPage />);
}

export function renderDashboardFrame(): PrerenderedPage {
  return renderWithStyles('/dashboard', <ShellSkeleton title="" />);
}

/** Each role's screen titles by path under /dashboard ('' the role's home), for the dashboard page's starter. */
export function screenTitles(): Record<Role, [path: string, title: string][]> {
  const byRole = Object.entries(dashboardRoutes).map(([role, routes]) => [role, routes.map((route) => [route.path, route.title])]);
  return Object.fromEntries(byRole) as Record<Role, [string, string][]>;
}
