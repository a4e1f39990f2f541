import { FluentProvider, RendererProvider, createDOMRenderer } from '@fluentui/react-components';
import { RouterProvider } from 'react-router/dom';
import { AppToaster } from '../ui/toasts';
import { router } from './routes';
import { SessionProvider } from './session/SessionProvider';
import { customStyleHooks, theme } from './theme';
import { VersionCheck } from './version/VersionCheck';

// Fluent's styles go through this renderer, which first adopts the style elements a prerendered
// page arrived with (app/prerender): their rules are not inserted a second time.
const styleRenderer = createDOMRenderer(document);

// No className on the provider: Fluent copies it onto the portal nodes of toasts and popups,
// which would then cover the page. Screens size themselves.
export function App() {
  return (
    <RendererProvider renderer={styleRenderer} targetDocument={document}>
      <FluentProvider theme={theme} customStyleHooks_unstable={customStyleHooks}>
        <AppToaster />
        <VersionCheck />
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </FluentProvider>
    </RendererProvider>
  );
}
