import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { installable } from './pwa/plugin.js';

// The API (default port 4000) serves the built app itself; in development Vite serves the app
// and forwards everything the API owns, WebSocket subscriptions included.
const api = 'http://localhost:4000';

// Shown in the user menu and compared with the server's /meta.json (product.md §4 "Version check").
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    relay,
    installable(),
    // Each text file beside its brotli and gzip forms, at their best (they are made once): the
    // server sends the one the browser accepts (api/src/http/static.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|js|css|json|svg|webmanifest)$/ }),
  ],
  resolve: {
    // The shared domain package (packages/domain) by its sources: no build step between an edit
    // there and the app.
    alias: [{ find: /^@constats\/domain\/(.*)$/, replacement: fileURLToPath(new URL('../packages/domain/src/$1.ts', import.meta.url)) }],
  },
  define: {
    __APP_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        // The prerendered pages' script (scripts/prerender-pages.ts): built and fingerprinted
        // as an entry of its own, so that the service worker keeps it with the shell.
        'start-after-paint': fileURLToPath(new URL('prerender/start-after-paint.js', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // Libraries every page loads, in chunks of their own: a release that only changes the
          // app's code leaves them cached in the browser. Fluent UI in one chunk rather than the
          // dozens of small shared ones the default split makes: on a phone network each wave of
          // requests costs a round trip (HTTP/1.1, six at a time), which outweighs the components
          // the login page fetches without using (docs/benchmarks.md, « Web »).
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'relay', test: /node_modules[\\/](relay-runtime|react-relay)[\\/]/ },
            { name: 'fluent', test: /node_modules[\\/](@fluentui|@griffel|tabster|keyborg|@floating-ui|@swc[\\/]helpers)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: api, ws: true },
      '/api': api,
      '/files': api,
      '/meta.json': api,
    },
  },
});
