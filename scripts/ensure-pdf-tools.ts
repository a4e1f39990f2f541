// The tests read the generated invoices back with poppler-utils (pdftotext for the text, pdfdetach
// for the embedded factur-x.xml, pdffonts for the embedded fonts, pdfimages for the logo). Installs it through apt when
// missing and we are root. Usage: `npx tsx scripts/ensure-pdf-tools.ts`, or `ensurePdfTools()`.
import { pathToFileURL } from 'node:url';
import { ensureSystemPackages, runAsScript } from './system-packages.js';

export const PDFTOTEXT = '/usr/bin/pdftotext';
export const PDFDETACH = '/usr/bin/pdfdetach';
export const PDFFONTS = '/usr/bin/pdffonts';
export const PDFIMAGES = '/usr/bin/pdfimages';

export function ensurePdfTools(): Promise<void> {
  return ensureSystemPackages([{ path: PDFTOTEXT, pkg: 'poppler-utils' }]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  runAsScript(ensurePdfTools, 'PDF tools ready: pdftotext, pdfdetach, pdffonts, pdfimages');
