// Code comments point to docs/product.md's sections, never to documents outside the repository: an
// issue tracker's numbers (« issue 37 ») or the old specification's sections (« spec §9 »), which a
// newcomer cannot open. Migrations included: a comment reworded in an applied one is declared to the
// migration runner (REWORDED_MIGRATIONS in api/src/infra/migrate.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['api/src', 'web/src', 'scripts', 'packages/domain/src', 'prisma'];
const SKIPPED = new Set(['node_modules', '__generated__', 'generated']);
const OUTSIDE_POINTER = /\b[Ii]ssue \d+|\bspec §/;

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|mjs|js|sql)$/.test(entry.name)) yield full;
  }
}

it('no source file points to an issue number or to the old specification', async () => {
  const found: string[] = [];
  let files = 0;
  for (const dir of SOURCES) {
    for await (const file of sourceFiles(path.join(ROOT, dir))) {
      files += 1;
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (OUTSIDE_POINTER.test(line)) found.push(`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
      });
    }
  }
  expect(files).toBeGreaterThan(500);
  expect(found).toEqual([]);
});
