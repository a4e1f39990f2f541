// Part of `npm run build:web`, after Vite's build: pages rendered to HTML with their styles
// (web/src/app/prerender/renderPages.tsx), each beside its brotli and gzip forms. The server sends
// dist/web/login.html for /login and dist/web/dashboard.html for /dashboard addresses
// (api/src/http/static.ts): a first visit on a phone network paints the form, or the dashboard's
// frame under its screen's title, as soon as the page arrives; the app's code is fetched and run
// after that paint (web/prerender/start-after-paint.js) and takes the page over
// (app/prerender/takeover.ts).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createServer } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/web');
const ROOT_ELEMENT = '<div id="root"></div>';
// What Vite writes into index.html: the app's entry, then a preload of each chunk it imports.
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const CHUNK_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/** Writes the page with its brotli and gzip forms, as the build does for its own files (web/vite.config.ts). */
async function writeCompressed(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await writeFile(`${file}.br`, await promisify(brotliCompress)(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await promisify(gzip)(text, { level: 9 }));
}

interface Rendered {
  html: string;
  styles: string;
}

/** What renderPages.tsx exports. Typed here: the web's sources belong to their own TypeScript project (web/tsconfig.json). */
interface PageRenderers {
  renderLoginPage: () => Rendered;
  renderDashboardFrame: () => Rendered;
  screenTitles: () => Record<string, [string, string][]>;
}

/** The pages' markup and styles, rendered by Vite's own module loader with the app's configuration. */
async function renderPages(): Promise<{ login: Rendered; dashboard: Rendered; titles: Record<string, [string, string][]> }> {
  const vite = await createServer({
    configFile: path.join(ROOT, 'web/vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const pages = (await vite.ssrLoadModule('/src/app/prerender/renderPages.tsx')) as PageRenderers;
    return { login: pages.renderLoginPage(), dashboard: pages.renderDashboardFrame(), titles: pages.screenTitles() };
  } finally {
    await vite.close();
  }
}

const index = await readFile(path.join(OUT, 'index.html'), 'utf8');
const entry = ENTRY_SCRIPT.exec(index)?.[1];
if (!entry || !index.includes(ROOT_ELEMENT)) throw new Error(`dist/web/index.html has no module entry or no ${ROOT_ELEMENT} to fill`);

// The starter, built by Vite as an entry of its own (web/vite.config.ts).
const starterFile = (await readdir(path.join(OUT, 'assets'))).find((file) => /^start-after-paint-[\w-]+\.js$/.test(file));
if (!starterFile) throw new Error('dist/web/assets has no start-after-paint-*.js: is it an input of web/vite.config.ts?');
const starterPath = `/assets/${starterFile}`;

// The starter fetches the app's code after the first paint (low priority: it is tiny and not needed
// for that paint), hence no preload of it in the page.
const chunks = [...index.matchAll(CHUNK_PRELOAD)].map((match) => match[1]);
const starterScript = `<script type="module" src="${starterPath}" fetchpriority="low" data-app-entry="${entry}" data-app-chunks="${chunks.join(' ')}"></script>`;
const pages = await renderPages();

/** index.html with the page's markup in the root element, its styles in the head and the starter for the app's entry. */
function prerendered(kind: string, page: Rendered, extraHead = ''): string {
  return (
    index
      .replace(CHUNK_PRELOAD, '')
      // Replaced through functions: a `$` in the markup is text, not a replacement pattern.
      .replace(ENTRY_SCRIPT, () => starterScript)
      .replace('</head>', () => `${page.styles}${extraHead}</head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${kind}">${page.html}</div>`)
  );
}

// The table the dashboard page's starter reads (data, not a script: the policy runs no inline code).
// `<` escaped so that no title can close the element.
const titles = JSON.stringify(pages.titles).replaceAll('<', '\\u003c');
const titlesElement = `<script type="application/json" id="screen-titles">${titles}</script>`;

for (const [name, html] of [
  ['login.html', prerendered('login', pages.login)],
  ['dashboard.html', prerendered('dashboard', pages.dashboard, titlesElement)],
] as const) {
  await writeCompressed(path.join(OUT, name), html);
  console.log(`dist/web/${name} : ${(html.length / 1024).toFixed(1)} Ko`);
}
