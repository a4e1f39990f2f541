import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { followPrerendered } from './app/prerender/takeover';
import { preloadDashboardShell } from './app/routes';
import { registerServiceWorker } from './app/serviceWorker';

// In a task of its own: adding the shell's module preloads is a good part of the app's start, which
// a phone would otherwise spend without answering a tap.
setTimeout(() => preloadDashboardShell(window.location.pathname));
const container = document.getElementById('root')!;
const root = createRoot(container);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (followPrerendered(container)) {
  // The page is already on screen (the prerendered login page): the first render can yield to the
  // browser between components, so a visitor typing meanwhile is not kept waiting.
  startTransition(() => root.render(app));
} else {
  root.render(app);
}
registerServiceWorker();
