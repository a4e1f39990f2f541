// The end-to-end tests drive Debian's Chromium (playwright-core downloads no browser, and these
// machines cannot reach Playwright's CDN). Installs it through apt when missing and we are root.
// Usage: `npx tsx scripts/ensure-chromium.ts`, or `ensureChromium()` from a test helper.
//
// The tests use Debian's `chromium-headless-shell` (the same engine without the browser's window
// layer, what Playwright itself runs for headless tests): lighter on two cores than the full
// browser's headless mode.
import { pathToFileURL } from 'node:url';
import { ensureSystemPackages, runAsScript } from './system-packages.js';

export const chromiumPath = '/usr/bin/chromium-headless-shell';

export async function ensureChromium(): Promise<string> {
  await ensureSystemPackages([{ path: chromiumPath, pkg: 'chromium-headless-shell' }]);
  return chromiumPath;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runAsScript(ensureChromium, `Chromium ready: ${chromiumPath}`);
