// The end-to-end tests drive Debian's Chromium (playwright-core downloads no browser, and these
// machines cannot reach Playwright's CDN). Installs it through apt when missing and we are root.
// Usage: `npx tsx scripts/ensure-chromium.ts`, or `ensureChromium()` from a test helper.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const chromiumPath = '/usr/bin/chromium';

const execFileAsync = promisify(execFile);

export async function ensureChromium(): Promise<string> {
  if (existsSync(chromiumPath)) return chromiumPath;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing (${chromiumPath}). Install it as root: apt-get install -y chromium`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // apt output is only worth reading when it fails; execFile puts it in the error then.
  await execFileAsync('apt-get', ['update', '-qq'], { env, maxBuffer: 64 * 1024 * 1024 });
  await execFileAsync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!existsSync(chromiumPath)) throw new Error(`apt-get installed chromium but ${chromiumPath} is missing`);
  return chromiumPath;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureChromium().then(
    (path) => console.log(`Chromium ready: ${path}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
