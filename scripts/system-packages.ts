// The Debian packages the suite relies on (Chromium, PDF tools, PostgreSQL 15, Redis; LibreOffice,
// optional: scripts/ensure-libreoffice.ts): each is
// found by a file it installs; when missing and we are root, apt installs it, else the error says
// the command to run. One apt run at a time per process (apt holds a lock).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

export interface SystemPackage {
  /** A file the package installs, whose presence means it is installed. */
  path: string;
  pkg: string;
}

const execFileAsync = promisify(execFile);
const APT_OUTPUT = 64 * 1024 * 1024;
let aptQueue: Promise<unknown> = Promise.resolve();

export async function ensureSystemPackages(required: readonly SystemPackage[]): Promise<void> {
  const missing = required.filter((item) => !existsSync(item.path));
  if (missing.length === 0) return;
  const packages = missing.map((item) => item.pkg);
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing ${missing.map((item) => item.path).join(', ')}. Install as root: apt-get install -y ${packages.join(' ')}`);
  }
  await aptInstall(packages);
  const still = missing.filter((item) => !existsSync(item.path));
  if (still.length > 0)
    throw new Error(`apt-get installed ${packages.join(' ')} but ${still.map((item) => item.path).join(', ')} is missing`);
}

/** `apt-get update` then `install`; apt's output is only worth reading when it fails, and execFile puts it in the error then. */
export function aptInstall(packages: readonly string[]): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = async () => {
    await execFileAsync('apt-get', ['update', '-qq'], { env, maxBuffer: APT_OUTPUT });
    await execFileAsync('apt-get', ['install', '-y', '-qq', ...packages], { env, maxBuffer: APT_OUTPUT });
  };
  const next = aptQueue.then(install, install);
  aptQueue = next.catch(() => {});
  return next;
}

/** For the `npx tsx scripts/ensure-*.ts` entry points: runs `ensure` and reports like a CLI. */
export function runAsScript(ensure: () => Promise<unknown>, ready: string): void {
  ensure().then(
    () => console.log(ready),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
