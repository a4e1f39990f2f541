// Invoices are rendered with Debian's DejaVu Sans (fonts-dejavu-core) and the tests read them back
// with pdftotext (poppler-utils). Installs what is missing through apt when we are root.
// Usage: `npx tsx scripts/ensure-pdf-tools.ts`, or `ensurePdfTools()` from a test helper.
import { pathToFileURL } from 'node:url';
import { ensureSystemPackages, runAsScript } from './system-packages.js';

export const DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const PDFTOTEXT = '/usr/bin/pdftotext';

export function ensurePdfTools(): Promise<void> {
  return ensureSystemPackages([
    { path: DEJAVU_SANS, pkg: 'fonts-dejavu-core' },
    { path: PDFTOTEXT, pkg: 'poppler-utils' },
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runAsScript(ensurePdfTools, 'PDF tools ready: DejaVu Sans, pdftotext');
