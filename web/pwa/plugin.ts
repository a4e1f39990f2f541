// What makes the app installable, made at build: the home-screen icons drawn from the logo
// (public/favicon.svg) and the service worker (sw.js) with the build's file list and version.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Plugin, Rolldown } from 'vite';

const LOGO = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const WORKER = readFileSync(new URL('./sw.js', import.meta.url), 'utf8');
const BRAND = /<rect[^>]*fill="(#[0-9A-Fa-f]{6})"/.exec(LOGO)![1];
const MARK = /<path[^>]*\sd="([^"]+)"/.exec(LOGO)![1];

/**
 * A maskable icon is cut to any shape inside its centre circle (80 % of its width): the scales on a
 * full-bleed brand square, small enough (the 24-unit glyph at 0.7) to stay whole in that circle.
 */
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><path transform="translate(16 16) scale(0.7) translate(-12 -12)" fill="#fff" d="${MARK}"/></svg>`;

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();

export function installable(): Plugin {
  return {
    name: 'constats-installable',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const icons: [string, Buffer][] = [
        ['icons/icon-192.png', await png(LOGO, 192)],
        ['icons/icon-512.png', await png(LOGO, 512)],
        ['icons/icon-maskable-512.png', await png(MASKABLE, 512)],
      ];
      for (const [fileName, source] of icons) this.emitFile({ type: 'asset', fileName, source });

      // The shell: what index.html loads (the entry and its static imports, their styles); the
      // screens' chunks are kept as they are first loaded (sw.js). Its version changes with any of
      // them or with index.html.
      const shell = [...shellFiles(bundle)].sort().map((fileName) => `/${fileName}`);
      const index = bundle['index.html'];
      const version = createHash('sha256')
        .update(shell.join('\n'))
        .update(index?.type === 'asset' ? index.source : '')
        .digest('hex')
        .slice(0, 16);
      const source = WORKER.replace('__SHELL_VERSION__', version).replace("'__SHELL_ASSETS__'", () => `'${JSON.stringify(shell)}'`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

function shellFiles(bundle: Rolldown.OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    chunk.imports.forEach(visit);
  };
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
  return files;
}
