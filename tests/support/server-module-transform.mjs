// Jest transform of the API's own modules (api/src) for the "api" and "e2e" projects: each becomes a
// stand-in that re-exports the module as the jest worker's Node loaded it (worker-import.ts), so
// that a test, its helpers and the servers it starts share one instance of every API module and of
// the libraries behind them (Prisma's SQL fragments and errors, graphql's types). Transforming
// runs in the worker's own Node: the module is imported there to learn its export names.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from './worker-modules.mjs';

const workerImport = new URL('./worker-import.ts', import.meta.url).pathname;
// Part of every cache key: a change here makes new stand-ins.
const transformText = readFileSync(new URL(import.meta.url), 'utf8');

/**
 * The module's text and that of the modules it re-exports whole (`export * from`), whose names
 * are its names too: jest caches a stand-in until one of them changes.
 */
function sourcesOf(file, text = readFileSync(file, 'utf8'), seen = new Set()) {
  if (seen.has(file)) return '';
  seen.add(file);
  let all = text;
  for (const [, specifier] of text.matchAll(/^export \* from ['"](\.[^'"]+)['"]/gm)) {
    const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
    const module = target.endsWith('.ts') ? target : `${target}.ts`;
    all += sourcesOf(module, undefined, seen);
  }
  return all;
}

export default {
  getCacheKey(source, sourcePath, options) {
    return createHash('sha1')
      .update(sourcesOf(sourcePath, source))
      .update(sourcePath)
      .update(transformText)
      .update(options.configString)
      .digest('hex');
  },
  async processAsync(_source, sourcePath) {
    const url = new URL(`file://${sourcePath}`).href;
    const names = Object.keys(await load(url));
    const lines = [
      `import { importByWorkerNode } from ${JSON.stringify(workerImport)};`,
      `const module = await importByWorkerNode(${JSON.stringify(url)});`,
      ...names.map((name, index) => `const e${index} = module[${JSON.stringify(name)}];`),
      `export { ${names.map((name, index) => `e${index} as ${JSON.stringify(name)}`).join(', ')} };`,
    ];
    return { code: lines.join('\n') };
  },
};
