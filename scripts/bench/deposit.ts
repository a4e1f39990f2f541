// A bailiff's field deposit (product.md §16) against the measured server, over loopback:
//   - 1,000 photos of 500 KB announced by createReport(deposit) and sent over tus, three at a time
//     as the web client sends them: total time and the server's peak RSS growth;
//   - a 20 MB photo cut in the middle of its second 4 MB chunk, then resumed from HEAD's offset:
//     the bytes sent twice;
//   - the gallery's previews of the deposit, four asked at once as a browser does: photos per second;
//   - the constat's detail as its row asks for it (every file with its links and facts): the
//     server's time and the answer's bytes.
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { benchTokens } from './dataset.js';
import { median } from './load.js';
import { graphql } from './process.js';
import type { Row } from './report.js';

const ENDPOINT = '/api/v1/uploads';
/** The web client's chunk (web/src/features/deposits/depositQueue.ts CHUNK_BYTES). */
const CHUNK = 4 * 1024 * 1024;
const PARALLEL_UPLOADS = 3;
const PARALLEL_PREVIEWS = 4;

export interface DepositFigure {
  photos: number;
  photoBytes: number;
  seconds: number;
  rssGrowthBytes: number;
  resentBytes: number;
  previewsPerSecond: number;
  detailMs: number;
  detailBytes: number;
  load1: number;
}

const CREATE = `mutation($input: CreateReportInput!) { createReport(input: $input) { report { id } deposit { databaseId } } }`;
const DETAIL = `query($id: ID!) { node(id: $id) { ... on Report { deposited { count totalSize archiveUrl wordArchiveUrl photoFiles
  files { id name size createdAt url downloadUrl previewUrl takenAt position { latitude longitude } duration countStatus } } } } }`;

const metadata = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');
const tusHeaders = (extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  authorization: `Bearer ${benchTokens.bailiff}`,
  ...extra,
});

/** A photo-like JPEG of about `bytes` (noise compresses as badly as a real photo). */
async function samplePhoto(bytes: number): Promise<Buffer> {
  // This noise takes about 0.66 byte per pixel at quality 85.
  const side = Math.round(Math.sqrt(bytes / 0.66));
  const noise = Buffer.alloc(side * side * 3);
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function startDeposit(url: string, files: number): Promise<{ reportId: string; depositId: number }> {
  const created = await graphql<{ createReport: { report: { id: string }; deposit: { databaseId: number } } }>(url, benchTokens.bailiff, CREATE, {
    input: { name: `Banc d’essai : dépôt de ${files} photos`, deposit: { files } },
  });
  if (created.errors || !created.data) throw new Error(`createReport(deposit) refused: ${JSON.stringify(created.errors)}`);
  return { reportId: created.data.createReport.report.id, depositId: created.data.createReport.deposit.databaseId };
}

async function createUpload(url: string, depositId: number, index: number, length: number): Promise<string> {
  const response = await fetch(`${url}${ENDPOINT}`, {
    method: 'POST',
    headers: tusHeaders({ 'upload-length': String(length), 'upload-metadata': metadata({ deposit: depositId, index, filename: `IMG_${index}.jpg` }) }),
  });
  if (response.status !== 201) throw new Error(`tus creation refused (${response.status}): ${await response.text()}`);
  return new URL(response.headers.get('location')!, `${url}${ENDPOINT}/`).href;
}

async function patch(location: string, offset: number, bytes: Buffer): Promise<number> {
  const response = await fetch(location, {
    method: 'PATCH',
    headers: tusHeaders({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
    body: new Uint8Array(bytes),
  });
  if (response.status !== 204) throw new Error(`tus chunk refused (${response.status}): ${await response.text()}`);
  return Number(response.headers.get('upload-offset'));
}

async function offsetOf(location: string): Promise<number> {
  const response = await fetch(location, { method: 'HEAD', headers: tusHeaders() });
  return Number(response.headers.get('upload-offset'));
}

/** Sends `bytes` whole, chunk by chunk, from `offset`. */
async function sendFrom(location: string, bytes: Buffer, offset = 0): Promise<void> {
  while (offset < bytes.length) offset = await patch(location, offset, bytes.subarray(offset, offset + CHUNK));
}

/** Runs `task` over 0..count-1, `parallel` at a time. */
async function pool(count: number, parallel: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * The bytes a cut costs: a PATCH whose connection is destroyed once `cutAfter` bytes of its chunk
 * left, then HEAD's offset; what was sent and not kept is sent again.
 */
async function cutAndResume(url: string, depositId: number, index: number, photo: Buffer): Promise<number> {
  const location = await createUpload(url, depositId, index, photo.length);
  await patch(location, 0, photo.subarray(0, CHUNK));
  const cutAfter = CHUNK / 2;
  await new Promise<void>((resolve) => {
    const target = new URL(location);
    const request = http.request({
      hostname: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'PATCH',
      headers: { ...tusHeaders({ 'upload-offset': String(CHUNK), 'content-type': 'application/offset+octet-stream' }), 'content-length': CHUNK },
    });
    request.on('error', () => resolve());
    request.on('response', () => resolve());
    request.write(photo.subarray(CHUNK, CHUNK + cutAfter), () => {
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 200);
    });
  });
  // The server notices the cut and keeps what it wrote.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const kept = (await offsetOf(location)) - CHUNK;
  await sendFrom(location, photo, CHUNK + kept);
  return cutAfter - kept;
}

export async function measureDeposit(
  url: string,
  options: { photos: number; kilobytes: number; rss: () => number; log: (message: string) => void },
): Promise<DepositFigure> {
  const photo = await samplePhoto(options.kilobytes * 1000);
  const big = Buffer.concat(Array.from({ length: Math.ceil((20 * 1048576) / photo.length) }, () => photo)).subarray(0, 20 * 1048576);
  options.log(`  photo of ${(photo.length / 1000).toFixed(0)} KB; ${options.photos} of them, then one of 20 MB cut and resumed`);
  const { reportId, depositId } = await startDeposit(url, options.photos);

  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baseline = options.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, options.rss());
  }, 20);
  const started = performance.now();
  try {
    await pool(options.photos, PARALLEL_UPLOADS, async (index) => sendFrom(await createUpload(url, depositId, index, photo.length), photo));
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, options.rss());
  options.log(`  ${options.photos} photos in ${seconds.toFixed(1)} s, RSS +${((peak - baseline) / 1048576).toFixed(1)} MiB`);

  // On a constat of its own: the first one holds as many deposited files as a constat may.
  const resentBytes = await cutAndResume(url, (await startDeposit(url, 1)).depositId, 0, big);
  options.log(`  cut in a chunk then resumed: ${(resentBytes / 1024).toFixed(0)} KiB sent twice`);

  const details: { ms: number; bytes: number }[] = [];
  let previews: string[] = [];
  for (let run = 0; run < 5; run++) {
    const requestStarted = performance.now();
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${benchTokens.bailiff}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: DETAIL, variables: { id: reportId } }),
    });
    const text = await response.text();
    details.push({ ms: performance.now() - requestStarted, bytes: Buffer.byteLength(text) });
    const files = (JSON.parse(text) as { data: { node: { deposited: { files: { previewUrl: string | null }[] } } } }).data.node.deposited.files;
    previews = files.flatMap((file) => (file.previewUrl ? [file.previewUrl] : []));
  }
  const detailMs = median(details.map((detail) => detail.ms));
  const detailBytes = details[0].bytes;
  options.log(`  detail of ${previews.length} photos: ${detailMs.toFixed(0)} ms, ${(detailBytes / 1024).toFixed(0)} KiB`);

  const previewsStarted = performance.now();
  await pool(previews.length, PARALLEL_PREVIEWS, async (index) => {
    const response = await fetch(new URL(previews[index], url));
    if (response.status !== 200) throw new Error(`preview ${index} answered ${response.status}`);
    await response.arrayBuffer();
  });
  const previewsPerSecond = previews.length / ((performance.now() - previewsStarted) / 1000);
  options.log(`  previews: ${previewsPerSecond.toFixed(1)} photos/s`);

  return {
    photos: options.photos,
    photoBytes: photo.length,
    seconds,
    rssGrowthBytes: peak - baseline,
    resentBytes,
    previewsPerSecond,
    detailMs,
    detailBytes,
    load1: os.loadavg()[0],
  };
}

export function depositRows(figure: DepositFigure): Row[] {
  const { load1 } = figure;
  const what = `Deposit of ${figure.photos} photos of ${(figure.photoBytes / 1000).toFixed(0)} KB (tus, 3 at a time)`;
  return [
    { key: 'deposit.seconds', figure: `${what}: total time`, value: figure.seconds, display: `${figure.seconds.toFixed(1)} s`, target: '—', pass: null, load1 },
    { key: 'deposit.rss', figure: `${what}: peak RSS growth`, value: figure.rssGrowthBytes, display: `${(figure.rssGrowthBytes / 1048576).toFixed(1)} MiB`, target: '≤ 100 MiB', pass: figure.rssGrowthBytes <= 100 * 1048576, load1 },
    { key: 'deposit.resent', figure: 'Connection cut mid-chunk, then resumed: bytes sent twice', value: figure.resentBytes, display: `${(figure.resentBytes / 1024).toFixed(0)} KiB`, target: `≤ ${CHUNK / 1048576} MiB (one chunk)`, pass: figure.resentBytes <= CHUNK, load1 },
    { key: 'deposit.previews', figure: 'Gallery previews made (4 asked at once)', value: figure.previewsPerSecond, display: `${figure.previewsPerSecond.toFixed(1)} photos/s`, target: '≥ 20 photos/s', pass: figure.previewsPerSecond >= 20, load1 },
    { key: 'deposit.detail_ms', figure: `Detail of the ${figure.photos}-photo constat: server answer`, value: figure.detailMs, display: `${figure.detailMs.toFixed(0)} ms`, target: '—', pass: null, load1 },
    { key: 'deposit.detail_bytes', figure: `Detail of the ${figure.photos}-photo constat: answer size`, value: figure.detailBytes, display: `${(figure.detailBytes / 1024).toFixed(0)} KiB`, target: '—', pass: null, load1 },
  ];
}
