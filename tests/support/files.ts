import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under a folder (temporary ones included), to prove an operation left nothing behind. */
export async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) total += entry.isDirectory() ? await countFiles(path.join(dir, entry.name)) : 1;
  return total;
}
