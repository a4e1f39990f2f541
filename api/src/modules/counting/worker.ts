// Counting runs in a worker thread: parsing a large PDF is seconds of CPU that must not stall the
// server's requests, and a worker can be stopped at the time limit and caps its heap, so a hostile
// document ends as FAILED instead of taking the process down.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { CountOptions } from './document.js';
import type { CountFormat, CountResult } from './rules.js';

/** Heap of one counting worker; file bytes (Buffers) live outside it. */
export const WORKER_HEAP_MB = 192;

interface Job {
  file: string;
  format: CountFormat | null;
  options: CountOptions;
}

export function countInWorker(job: Job, timeoutMs: number): Promise<CountResult> {
  const url = import.meta.url;
  const limits = { workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  // From the TypeScript sources (dev, tests), tsx loads this same file in the worker (Node 20
  // does not apply an --import loader to a worker's entry module).
  const worker = url.endsWith('.ts')
    ? new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(url)}, ${JSON.stringify(url)}))`, {
        ...limits,
        eval: true,
      })
    : new Worker(new URL(url), limits);
  // A count never holds the process open: a server stopping mid-count exits, the job runs again.
  worker.unref();
  return new Promise((resolve, reject) => {
    const failed = (error: string) => resolve({ status: 'FAILED', pageCount: null, photoCount: null, error });
    const timer = setTimeout(() => {
      void worker.terminate();
      failed(`Comptage trop long (plus de ${Math.round(timeoutMs / 1000)} s) : document trop lourd ou anormal.`);
    }, timeoutMs);
    timer.unref();
    worker.once('message', (result: CountResult) => {
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      clearTimeout(timer);
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') failed('Mémoire insuffisante pour compter ce document (trop lourd ou anormal).');
      else reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`counting worker exited with code ${code} before answering`));
    });
  });
}

if (!isMainThread && parentPort) {
  const job = workerData as Job;
  // Imported here only: the readers (pdf-lib, yauzl) are the worker's, the server never loads them.
  import('./document.js')
    .then(({ countDocument }) => countDocument(job.file, job.format, job.options))
    .then(
      (result) => parentPort!.postMessage(result),
      (error: Error) => {
        throw error;
      },
    );
}
