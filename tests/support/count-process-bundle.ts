// The counting process as one bundled file, built once per run by the global setups: every count
// the tests trigger starts a Node process (api/src/modules/counting/worker.ts), and from the
// TypeScript sources that process compiled and loaded its modules through tsx, about a second of
// CPU each, three quarters of it before it read a byte; the bundle starts in about a quarter.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Builds the bundle into a temp folder (to remove after the run) and returns its path. */
export async function buildCountProcessBundle(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'constats-count-process-'));
  const outfile = path.join(dir, 'count-process.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../../api/src/modules/counting/count-process.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    // The CommonJS libraries it bundles (pdf-lib, yauzl…) call `require` for Node's own modules.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return outfile;
}
