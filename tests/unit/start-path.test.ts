// What a production start loads: the modules statically imported from the server's entry point.
// The demo seed (prisma/seed/, 1,400 lines of fixtures) is only imported, dynamically, when it seeds.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Relative modules `file` imports at load time, side-effect imports included (the schema's
 * composition loads each module's types so); `import type` and `import()` excluded.
 */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gms)].map(
    (match) => match[1],
  );
  return specifiers
    .map((specifier) => path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')))
    .filter((target) => existsSync(target));
}

function loadedAtStart(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...staticImports(file));
  }
  return seen;
}

describe('the production start path', () => {
  // main.ts imports bootstrap.ts itself, once it has started the embedded PostgreSQL.
  const loaded = new Set([...loadedAtStart(path.join(root, 'api/src/main.ts')), ...loadedAtStart(path.join(root, 'api/src/bootstrap.ts'))]);

  it('reaches the whole server (the walk follows its imports)', () => {
    expect(loaded).toContain(path.join(root, 'api/src/bootstrap.ts'));
    expect(loaded).toContain(path.join(root, 'api/src/modules/reports/service.ts'));
  });

  it('does not load the document readers (pdf-lib, yauzl): only the counting worker thread does', () => {
    const readers = ['document.ts', 'pdf.ts', 'office.ts'].map((file) => path.join(root, 'api/src/modules/counting', file));
    expect(loaded).toContain(path.join(root, 'api/src/modules/counting/worker.ts'));
    expect([...loaded].filter((file) => readers.includes(file))).toEqual([]);
  });

  it('does not load the invoice renderer (@react-pdf, pdf-lib): only the PDF renderer’s threads do', () => {
    const renderer = ['render-thread.ts', 'facturx.ts', 'fonts.ts'].map((file) => path.join(root, 'api/src/infra/pdf', file));
    expect(loaded).toContain(path.join(root, 'api/src/infra/pdf/index.ts'));
    expect([...loaded].filter((file) => renderer.includes(file))).toEqual([]);
  });

  it('does not load the demo seed', () => {
    const seed = path.join(root, 'prisma/seed') + path.sep;
    expect([...loaded].filter((file) => file.startsWith(seed))).toEqual([]);
  });
});
