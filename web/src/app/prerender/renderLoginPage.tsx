// The login page rendered to HTML at build time (scripts/prerender-login.ts), so that a first visit
// paints the form as soon as the HTML and its styles arrive, before the app's code has loaded; the
// app then takes the page over (main.tsx, takeover.ts). Rendered as a visitor without a
// session sees it: the same providers as App.tsx, the session anonymous.
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FluentProvider, RendererProvider, SSRProvider, createDOMRenderer, renderToStyleElements } from '@fluentui/react-components';
import { LoginPage } from '../../features/auth/LoginPage';
import { SessionContext, type SessionContextValue } from '../session/sessionContext';
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

export function renderLoginPage(): PrerenderedPage {
  const renderer = createDOMRenderer();
  const html = renderToString(
    <RendererProvider renderer={renderer}>
      <SSRProvider>
        <FluentProvider theme={theme} customStyleHooks_unstable={customStyleHooks}>
          <SessionContext value={anonymous}>
            <MemoryRouter initialEntries={['/login']}>
              <LoginPage />
            </MemoryRouter>
          </SessionContext>
        </FluentProvider>
      </SSRProvider>
    </RendererProvider>,
  );
  return { html, styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) };
}
