import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './app.js';

/** Every file under a folder (temporary ones included), to prove an operation left nothing behind. */
export async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) total += entry.isDirectory() ? await countFiles(path.join(dir, entry.name)) : 1;
  return total;
}

/** What a cut or refused upload could leave behind: spooled parts, stored files and their rows. */
export async function leftoversOf(app: TestApp) {
  return {
    tmp: await countFiles(path.join(app.dataDir, 'tmp')),
    files: await countFiles(path.join(app.dataDir, 'files')),
    reports: await app.services.db.report.count(),
    reportFiles: await app.services.db.reportFile.count(),
  };
}

export type Leftovers = Awaited<ReturnType<typeof leftoversOf>>;

/** The leftovers once the server has settled what a cut request left (up to 5 s), to compare with `before`. */
export async function settledLeftovers(app: TestApp, before: Leftovers): Promise<Leftovers> {
  const deadline = Date.now() + 5000;
  let now = await leftoversOf(app);
  while (JSON.stringify(now) !== JSON.stringify(before) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    now = await leftoversOf(app);
  }
  return now;
}
