// Invoices are rendered with Debian's DejaVu Sans (fonts-dejavu-core) and the tests read them back
// with pdftotext (poppler-utils). Installs what is missing through apt when we are root.
// Usage: `npx tsx scripts/ensure-pdf-tools.ts`, or `ensurePdfTools()` from a test helper.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const PDFTOTEXT = '/usr/bin/pdftotext';

const execFileAsync = promisify(execFile);
const REQUIRED = [
  { path: DEJAVU_SANS, pkg: 'fonts-dejavu-core' },
  { path: PDFTOTEXT, pkg: 'poppler-utils' },
];

export async function ensurePdfTools(): Promise<void> {
  const missing = REQUIRED.filter((tool) => !existsSync(tool.path));
  if (missing.length === 0) return;
  const packages = missing.map((tool) => tool.pkg);
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing ${missing.map((tool) => tool.path).join(', ')}. Install as root: apt-get install -y ${packages.join(' ')}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await execFileAsync('apt-get', ['update', '-qq'], { env, maxBuffer: 64 * 1024 * 1024 });
  await execFileAsync('apt-get', ['install', '-y', '-qq', ...packages], { env, maxBuffer: 64 * 1024 * 1024 });
  const still = missing.filter((tool) => !existsSync(tool.path));
  if (still.length > 0) throw new Error(`apt-get installed ${packages.join(' ')} but ${still.map((tool) => tool.path).join(', ')} is missing`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensurePdfTools().then(
    () => console.log('PDF tools ready: DejaVu Sans, pdftotext'),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
