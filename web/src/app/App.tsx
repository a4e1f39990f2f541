import { FluentProvider } from '@fluentui/react-components';
import { RouterProvider } from 'react-router/dom';
import { AppToaster } from '../ui/toasts';
import { router } from './routes';
import { SessionProvider } from './session/SessionProvider';
import { customStyleHooks, theme } from './theme';
import { VersionCheck } from './version/VersionCheck';

// No className on the provider: Fluent copies it onto the portal nodes of toasts and popups,
// which would then cover the page. Screens size themselves.
export function App() {
  return (
    <FluentProvider theme={theme} customStyleHooks_unstable={customStyleHooks}>
      <AppToaster />
      <VersionCheck />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </FluentProvider>
  );
}
