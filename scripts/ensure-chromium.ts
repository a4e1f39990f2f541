// The end-to-end tests drive Debian's Chromium (playwright-core downloads no browser, and these
// machines cannot reach Playwright's CDN). Installs it through apt when missing and we are root.
// Usage: `npx tsx scripts/ensure-chromium.ts`, or `ensureChromium()` from a test helper.
import { pathToFileURL } from 'node:url';
import { ensureSystemPackages, runAsScript } from './system-packages.js';

export const chromiumPath = '/usr/bin/chromium';

export async function ensureChromium(): Promise<string> {
  await ensureSystemPackages([{ path: chromiumPath, pkg: 'chromium' }]);
  return chromiumPath;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runAsScript(ensureChromium, `Chromium ready: ${chromiumPath}`);
