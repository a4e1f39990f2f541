import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadDashboardShell } from './app/routes';
import { registerServiceWorker } from './app/serviceWorker';

preloadDashboardShell(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
