// Upload: one createReport with a single PDF-typed file of `megabytes` × 10⁶ bytes, generated on the
// fly and streamed with backpressure (the bench never holds it either), as a bailiff deposits a
// constat. Throughput is bytes ÷ (first byte sent → response received); memory is the server's
// VmRSS sampled every 10 ms, growth measured from just before the request.
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchTokens } from './dataset.js';
import { median } from './load.js';
import { CREATE_REPORT } from './queries.js';
import type { Row } from './report.js';

export interface UploadRun {
  megabytesPerSecond: number;
  seconds: number;
  rssGrowthBytes: number;
  load1: number;
}

export interface UploadFigure {
  megabytes: number;
  /** Medians of the runs, except rssGrowthBytes: the largest growth of any run (memory is a peak). */
  median: UploadRun;
  runs: UploadRun[];
}

function uploadOnce(url: string, bytes: number): Promise<{ status: number; body: string; seconds: number }> {
  const boundary = `----constatsbench${Date.now()}`;
  const operations = JSON.stringify({ query: CREATE_REPORT, variables: { input: { name: 'Banc d’essai : constat volumineux', files: [null] } } });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${JSON.stringify({ 0: ['variables.input.files.0'] })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="constat-volumineux.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const pdfHeader = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const { hostname, port } = new URL(url);

  return new Promise((resolve, reject) => {
    const request = http.request({
      hostname,
      port,
      path: '/graphql',
      method: 'POST',
      headers: {
        authorization: `Bearer ${benchTokens.bailiff}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + bytes + tail.length,
      },
    });
    const started = performance.now();
    request.on('error', reject);
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), seconds: (performance.now() - started) / 1000 }));
      response.on('error', reject);
    });
    request.write(head);
    request.write(pdfHeader);
    let sent = pdfHeader.length;
    const pump = () => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', pump);
          return;
        }
      }
      request.end(tail);
    };
    pump();
  });
}

export async function measureUpload(
  url: string,
  options: { megabytes: number; runs: number; rss: () => number; log: (message: string) => void },
): Promise<UploadFigure> {
  const bytes = options.megabytes * 1_000_000;
  // Warm-up: the first constat created also loads the e-mail templates (admins are mailed) and
  // warms the upload path's JIT; a small upload pays for that before anything is timed.
  const warm = await uploadOnce(url, 1_000_000);
  if (warm.status !== 200) throw new Error(`warm-up upload refused (${warm.status}): ${warm.body.slice(0, 300)}`);
  const runs: UploadRun[] = [];
  for (let run = 1; run <= options.runs; run++) {
    // Let the previous run's buffers be collected before taking the baseline.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baseline = options.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, options.rss());
      } catch {
        // the process is gone: the request fails and says so
      }
    }, 10);
    let result;
    try {
      result = await uploadOnce(url, bytes);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, options.rss());
    const created = result.status === 200 && /"createReport":\{"message"/.test(result.body);
    if (!created) throw new Error(`upload refused (${result.status}): ${result.body.slice(0, 300)}`);
    const measured: UploadRun = {
      megabytesPerSecond: options.megabytes / result.seconds,
      seconds: result.seconds,
      rssGrowthBytes: peak - baseline,
      load1: os.loadavg()[0],
    };
    options.log(
      `  upload #${run}: ${options.megabytes} MB in ${measured.seconds.toFixed(2)} s = ${measured.megabytesPerSecond.toFixed(0)} MB/s, ` +
        `RSS +${(measured.rssGrowthBytes / 1048576).toFixed(1)} MiB (load ${measured.load1.toFixed(2)})`,
    );
    runs.push(measured);
  }
  return {
    megabytes: options.megabytes,
    runs,
    median: {
      megabytesPerSecond: median(runs.map((run) => run.megabytesPerSecond)),
      seconds: median(runs.map((run) => run.seconds)),
      rssGrowthBytes: Math.max(...runs.map((run) => run.rssGrowthBytes)),
      load1: median(runs.map((run) => run.load1)),
    },
  };
}

export function uploadRows(upload: UploadFigure): Row[] {
  const m = upload.median;
  return [
    { key: 'upload.mbps', figure: `Upload ${upload.megabytes} MB: throughput`, value: m.megabytesPerSecond, display: `${m.megabytesPerSecond.toFixed(0)} MB/s`, target: '≥ 100 MB/s', pass: m.megabytesPerSecond >= 100, load1: m.load1 },
    { key: 'upload.rss', figure: `Upload ${upload.megabytes} MB: peak RSS growth (worst upload)`, value: m.rssGrowthBytes, display: `${(m.rssGrowthBytes / 1048576).toFixed(1)} MiB`, target: '≤ 64 MiB', pass: m.rssGrowthBytes <= 64 * 1048576, load1: m.load1 },
  ];
}
