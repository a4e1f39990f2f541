// The reporting figures (docs/product.md §12): the CSV export of every constat streamed with the server's memory
// flat, and reportAggregates by month over the five years against one admin list page, in CPU.
import { performance } from 'node:perf_hooks';
import { benchTokens } from './dataset.js';
import { cpuShown, measureCost, type CostFigure, type CostSettings } from './cost.js';
import type { Row } from './report.js';

/** Every month of the dataset's five years, with the figures a report builder reads. */
export const AGGREGATES_QUERY = `query MonthlyAggregates {
  reportAggregates(groupBy: [MONTH]) {
    year month reports pagesBilling photosBilling pagesRetrocession photosRetrocession billingAmountHT retrocessionAmountHT
  }
}`;

export interface ExportRun {
  rows: number;
  bytes: number;
  seconds: number;
  /** VmRSS right after a forced full GC (the bench-only /__bench/gc route), just before the request. */
  rssBeforeBytes: number;
  rssPeakBytes: number;
  /** V8's live heap after that GC, for reference. */
  heapUsedBeforeBytes: number;
}

export interface ExportFigure {
  runs: ExportRun[];
}

/**
 * Downloads the admin's whole list as CSV, reading it as fast as it comes, while the server's RSS
 * is sampled every 20 ms; a run's figure is its peak over the RSS measured after a forced full
 * GC just before the request, so that what the previous work left for the collector does not
 * decide the baseline (it decided it before, and the target failed one run in four).
 */
async function exportRun(url: string, rss: () => number): Promise<ExportRun> {
  const collected = await fetch(`${url}/__bench/gc`, { method: 'POST' });
  if (!collected.ok) throw new Error(`/__bench/gc: ${collected.status}`);
  const { heapUsed } = (await collected.json()) as { heapUsed: number };
  const rssBeforeBytes = rss();
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => (rssPeakBytes = Math.max(rssPeakBytes, rss())), 20);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  try {
    const response = await fetch(`${url}/api/v1/exports/reports.csv?list=reports`, { headers: { authorization: `Bearer ${benchTokens.admin}` } });
    if (!response.ok || !response.body) throw new Error(`CSV export: ${response.status}`);
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 10) newlines++;
    }
  } finally {
    clearInterval(sampler);
  }
  rssPeakBytes = Math.max(rssPeakBytes, rss());
  return { rows: newlines - 1, bytes, seconds: (performance.now() - started) / 1000, rssBeforeBytes, rssPeakBytes, heapUsedBeforeBytes: heapUsed };
}

const mib = (bytes: number) => bytes / 1048576;
const growth = (run: ExportRun) => mib(run.rssPeakBytes - run.rssBeforeBytes);

/** `runs` whole exports in a row, each from a collected heap; the figure is the worst. */
export async function measureExport(url: string, rss: () => number, runs: number, log: (message: string) => void): Promise<ExportFigure> {
  const list: ExportRun[] = [];
  for (let index = 0; index < runs; index++) {
    const run = await exportRun(url, rss);
    list.push(run);
    log(
      `  export ${index + 1}: ${run.rows} rows, ${mib(run.bytes).toFixed(1)} MiB in ${run.seconds.toFixed(1)} s; ` +
        `after GC RSS ${mib(run.rssBeforeBytes).toFixed(0)} MiB (heap ${mib(run.heapUsedBeforeBytes).toFixed(0)}) → peak ${mib(run.rssPeakBytes).toFixed(0)} MiB, +${growth(run).toFixed(1)} MiB`,
    );
  }
  return { runs: list };
}

export function exportRows({ runs }: ExportFigure, reports: number): Row[] {
  const worst = Math.max(...runs.map(growth));
  const last = runs[runs.length - 1];
  return [
    { key: 'export.csv.rows', figure: 'CSV export of every constat: rows', value: last.rows, display: `${last.rows} in ${last.seconds.toFixed(1)} s`, target: `= ${reports}`, pass: runs.every((run) => run.rows === reports), load1: null },
    { key: 'export.csv.rss_growth_first_mb', figure: 'CSV export, first run: peak RSS growth over the collected heap', value: growth(runs[0]), display: `${growth(runs[0]).toFixed(1)} MiB`, target: '—', pass: null, load1: null },
    { key: 'export.csv.rss_growth_mb', figure: `CSV export: peak server RSS growth, worst of ${runs.length} runs`, value: worst, display: `${worst.toFixed(1)} MiB (${runs.map((run) => growth(run).toFixed(0)).join(', ')})`, target: '< 64 MiB', pass: worst < 64, load1: null },
  ];
}

/** CPU per request (server + PostgreSQL) of the aggregates and of the admin list page, interleaved. */
export async function measureAggregatesCost(
  url: string,
  screenBody: string,
  settings: CostSettings,
  log: (message: string) => void,
): Promise<{ aggregates: CostFigure; list: CostFigure }> {
  const headers = { authorization: `Bearer ${benchTokens.admin}`, 'content-type': 'application/json' };
  const [aggregates, list] = await measureCost(
    [
      { name: 'aggregates by month', target: { url: `${url}/graphql`, method: 'POST', headers, body: JSON.stringify({ query: AGGREGATES_QUERY }) } },
      { name: 'admin list page', target: { url: `${url}/graphql`, method: 'POST', headers, body: screenBody } },
    ],
    settings,
    log,
  );
  return { aggregates, list };
}

export function aggregatesRows({ aggregates, list }: { aggregates: CostFigure; list: CostFigure }, months: number): Row[] {
  const ratio = aggregates.median.totalMs / list.median.totalMs;
  return [
    { key: 'aggregates.month.cpu', figure: `reportAggregates by month (${months} months): CPU server + PostgreSQL`, value: aggregates.median.totalMs, display: cpuShown(aggregates), target: '< list page', pass: ratio < 1, load1: null },
    { key: 'aggregates.list.cpu', figure: 'Admin list page (same rounds): CPU', value: list.median.totalMs, display: cpuShown(list), target: '—', pass: null, load1: null },
    { key: 'ratio.aggregates_list', figure: 'Aggregates by month ÷ admin list page (CPU)', value: ratio, display: ratio.toFixed(2), target: '< 1', pass: ratio < 1, load1: null },
  ];
}
