// `counting.*` figures (docs/product.md §10): pages counted per second on a 300-page, 500-photo PDF and DOCX,
// each counted as the product does it (compiled counting process under its memory cap, LibreOffice for the DOCX when
// installed), and the extra memory of counting a 150 MB DOCX holding 1,000 photos.
import { spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sampleDocx, samplePdf } from '../sample-documents.js';
import type { Row } from './report.js';

export interface CountingFigure {
  pages: number;
  photos: number;
  pdfSeconds: number;
  docxSeconds: number;
  pagesPerSecond: number;
  docxStatus: string;
  bigDocx: { megabytes: number; photos: number; extraRssBytes: number; seconds: number; status: string };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureCounting(options: { build: string; workDir: string; runs: number; log: (message: string) => void }): Promise<CountingFigure> {
  const { log } = options;
  await mkdir(options.workDir, { recursive: true });
  const layout = { pages: 300, photos: 500, decorations: true };
  const pdf = path.join(options.workDir, 'constat-300p.pdf');
  const docx = path.join(options.workDir, 'constat-300p.docx');
  const big = path.join(options.workDir, 'constat-150mo.docx');
  // The product's counting processes never hold a process open (a server stops mid-count): this
  // one waits for them.
  const keepAlive = setInterval(() => {}, 1000);
  try {
    log('  generating: PDF and DOCX of 300 pages, 500 photos; DOCX of 150 MB, 1,000 photos …');
    await writeFile(pdf, await samplePdf(layout));
    await writeFile(docx, await sampleDocx(layout));
    await writeFile(big, await sampleDocx({ pages: 300, photos: 1000, photoBytes: 150 * 1024 }));

    const workerModule = pathToFileURL(path.join(options.build, 'api/src/modules/counting/worker.js')).href;
    const renderModule = pathToFileURL(path.join(options.build, 'api/src/modules/counting/render.js')).href;
    const { countInWorker } = (await import(workerModule)) as typeof import('../../api/src/modules/counting/worker.js');
    const { findSoffice } = (await import(renderModule)) as typeof import('../../api/src/modules/counting/render.js');
    const soffice = findSoffice();
    const timeoutMs = 600_000;
    const time = async (file: string, format: 'pdf' | 'docx') => {
      const seconds: number[] = [];
      let status = '';
      for (let run = 0; run < options.runs; run++) {
        const started = performance.now();
        const result = await countInWorker({ file, format, options: { soffice, timeoutMs } }, timeoutMs);
        seconds.push((performance.now() - started) / 1000);
        if (result.pageCount !== layout.pages || result.photoCount !== layout.photos) throw new Error(`wrong count of ${path.basename(file)}: ${JSON.stringify(result)}`);
        status = result.status;
      }
      return { seconds: median(seconds), status };
    };
    const pdfRun = await time(pdf, 'pdf');
    log(`  PDF: ${pdfRun.seconds.toFixed(2)} s`);
    const docxRun = await time(docx, 'docx');
    log(`  DOCX: ${docxRun.seconds.toFixed(2)} s (${docxRun.status}${soffice ? ', LibreOffice' : ', without LibreOffice'})`);

    // The big DOCX is counted in a process of its own, so its peak RSS is the count's alone.
    // Photos and page statistics only: a LibreOffice rendering runs in LibreOffice's process.
    // The peak is the process image's own high-water mark (VmHWM): getrusage's maxRSS survives
    // exec, so a child's starts at its parent's RSS — this bench's, holding the generated
    // documents (it read 531 MiB for a count that peaks at 36 MiB).
    const documentModule = pathToFileURL(path.join(options.build, 'api/src/modules/counting/document.js')).href;
    const script = `
      import { readFileSync } from 'node:fs';
      const highWater = () => Number(/VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
      const { countDocument } = await import(${JSON.stringify(documentModule)});
      const before = process.memoryUsage().rss;
      const started = performance.now();
      const result = await countDocument(${JSON.stringify(big)}, 'docx', { soffice: null, timeoutMs: ${timeoutMs} });
      console.log(JSON.stringify({ result, before, peak: highWater(), seconds: (performance.now() - started) / 1000 }));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
    if (child.status !== 0) throw new Error(`counting the 150 MB DOCX: ${child.stderr}`);
    const measured = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { result: { status: string; photoCount: number }; before: number; peak: number; seconds: number };
    if (measured.result.photoCount !== 1000) throw new Error(`150 MB DOCX: ${JSON.stringify(measured.result)}`);
    const { size } = await import('node:fs').then((fs) => fs.statSync(big));
    const bigDocx = { megabytes: size / 1048576, photos: 1000, extraRssBytes: Math.max(0, measured.peak - measured.before), seconds: measured.seconds, status: measured.result.status };
    log(`  ${bigDocx.megabytes.toFixed(0)} MB DOCX: ${(bigDocx.extraRssBytes / 1048576).toFixed(1)} MiB more, ${bigDocx.seconds.toFixed(2)} s`);

    return {
      pages: layout.pages,
      photos: layout.photos,
      pdfSeconds: pdfRun.seconds,
      docxSeconds: docxRun.seconds,
      pagesPerSecond: (2 * layout.pages) / (pdfRun.seconds + docxRun.seconds),
      docxStatus: docxRun.status,
      bigDocx,
    };
  } finally {
    clearInterval(keepAlive);
    await rm(options.workDir, { recursive: true, force: true });
  }
}

export function countingRows(counting: CountingFigure): Row[] {
  return [
    {
      key: 'counting.pages_per_s',
      figure: `Counting: pages per second (PDF and DOCX of ${counting.pages} pages, ${counting.photos} photos)`,
      value: counting.pagesPerSecond,
      display: `${counting.pagesPerSecond.toFixed(0)} p/s (PDF ${counting.pdfSeconds.toFixed(1)} s, DOCX ${counting.docxSeconds.toFixed(1)} s ${counting.docxStatus === 'DONE' ? 'LibreOffice' : 'estimated'})`,
      target: '—',
      pass: null,
      load1: null,
    },
    {
      key: 'counting.docx_rss',
      figure: `Counting a ${counting.bigDocx.megabytes.toFixed(0)} MB DOCX with ${counting.bigDocx.photos} photos: extra RSS`,
      value: counting.bigDocx.extraRssBytes,
      display: `${(counting.bigDocx.extraRssBytes / 1048576).toFixed(1)} MiB`,
      target: '≤ 256 MiB',
      pass: counting.bigDocx.extraRssBytes <= 256 * 1048576,
      load1: null,
    },
  ];
}
