// LibreOffice headless (Debian's libreoffice-writer-nogui) renders Word and OpenDocument files so
// the counting job knows their exact pages. Optional: without it pages are estimated (README).
// Usage: `npx tsx scripts/ensure-libreoffice.ts` as root installs it through apt when missing.
import { pathToFileURL } from 'node:url';
import { ensureSystemPackages, runAsScript } from './system-packages.js';

export const SOFFICE = '/usr/bin/soffice';

export function ensureLibreOffice(): Promise<void> {
  return ensureSystemPackages([{ path: SOFFICE, pkg: 'libreoffice-writer-nogui' }]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runAsScript(ensureLibreOffice, 'LibreOffice ready: soffice');
