// Issue 17's reporting figures: the CSV export of every constat streamed with the server's memory
// flat, and reportAggregates by month over the five years against one admin list page, in CPU.
import { performance } from 'node:perf_hooks';
import { benchTokens } from './dataset.js';
import { measureCost, type CostFigure } from './cost.js';
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
  rssBeforeBytes: number;
  rssPeakBytes: number;
}

export interface ExportFigure {
  /** The first whole export: includes V8's young generation growing to its configured size. */
  first: ExportRun;
  /** The same export again: what an export adds to a server already at its working size. */
  second: ExportRun;
}

/**
 * Downloads the admin's whole list as CSV, reading it as fast as it comes, while the server's RSS
 * is sampled every 20 ms; a run's figure is its peak over the RSS before the request.
 */
async function exportRun(url: string, rss: () => number): Promise<ExportRun> {
  const rssBeforeBytes = rss();
  let rssPeakBytes = rssBeforeBytes;
  const sampler = setInterval(() => (rssPeakBytes = Math.max(rssPeakBytes, rss())), 20);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  try {
    const response = await fetch(`${url}/api/v1/exports/reports.csv?list=reports`, { headers: { authorization: `Bearer ${benchTokens.admin}` } });
    if (!response.ok || !response.body) throw new Error(`export CSV : ${response.status}`);
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
  return { rows: newlines - 1, bytes, seconds: (performance.now() - started) / 1000, rssBeforeBytes, rssPeakBytes };
}

const mib = (bytes: number) => bytes / 1048576;

/**
 * Two whole exports in a row. The product runs with --max-semi-space-size=64: any long stream of
 * short-lived objects lets V8's young generation grow to 2 × 64 MiB once, whatever the size of the
 * export; the second export shows whether memory grows with the rows (retention) beyond that.
 */
export async function measureExport(url: string, rss: () => number, log: (message: string) => void): Promise<ExportFigure> {
  const first = await exportRun(url, rss);
  const second = await exportRun(url, rss);
  for (const [name, run] of [['1er', first], ['2e', second]] as const) {
    log(`  ${name} export : ${run.rows} lignes, ${mib(run.bytes).toFixed(1)} Mio en ${run.seconds.toFixed(1)} s ; RSS ${mib(run.rssBeforeBytes).toFixed(0)} → pic ${mib(run.rssPeakBytes).toFixed(0)} Mio`);
  }
  return { first, second };
}

export function exportRows({ first, second }: ExportFigure, reports: number): Row[] {
  const growth = (run: ExportRun) => mib(run.rssPeakBytes - run.rssBeforeBytes);
  return [
    { key: 'export.csv.rows', figure: 'Export CSV de tous les constats : lignes', value: second.rows, display: `${second.rows} en ${second.seconds.toFixed(1)} s`, target: `= ${reports}`, pass: first.rows === reports && second.rows === reports, load1: null },
    { key: 'export.csv.rss_growth_first_mb', figure: 'Export CSV, 1er : pic de RSS en plus (jeune génération V8 comprise)', value: growth(first), display: `${growth(first).toFixed(1)} Mio`, target: '—', pass: null, load1: null },
    { key: 'export.csv.rss_growth_mb', figure: 'Export CSV, 2e : pic de RSS serveur en plus', value: growth(second), display: `${growth(second).toFixed(1)} Mio`, target: '< 64 Mio', pass: growth(second) < 64, load1: null },
  ];
}

/** CPU per request (server + PostgreSQL) of the aggregates and of the admin list page, interleaved. */
export async function measureAggregatesCost(
  url: string,
  screenBody: string,
  settings: { requests: number; rounds: number; connections: number; serverPid: number },
  log: (message: string) => void,
): Promise<{ aggregates: CostFigure; list: CostFigure }> {
  const headers = { authorization: `Bearer ${benchTokens.admin}`, 'content-type': 'application/json' };
  const [aggregates, list] = await measureCost(
    [
      { name: 'agrégats par mois', target: { url: `${url}/graphql`, method: 'POST', headers, body: JSON.stringify({ query: AGGREGATES_QUERY }) } },
      { name: 'page de liste admin', target: { url: `${url}/graphql`, method: 'POST', headers, body: screenBody } },
    ],
    settings,
    log,
  );
  return { aggregates, list };
}

export function aggregatesRows({ aggregates, list }: { aggregates: CostFigure; list: CostFigure }, months: number, database: boolean): Row[] {
  const total = (figure: CostFigure) => (database ? figure.median.totalMs : figure.median.serverMs);
  const shown = (figure: CostFigure) => (database ? `${figure.median.serverMs.toFixed(1)} + ${figure.median.databaseMs.toFixed(1)} ms` : `${figure.median.serverMs.toFixed(1)} ms`);
  const ratio = total(aggregates) / total(list);
  return [
    { key: 'aggregates.month.cpu', figure: `reportAggregates par mois (${months} mois) : CPU serveur${database ? ' + PostgreSQL' : ''}`, value: total(aggregates), display: shown(aggregates), target: '< page de liste', pass: ratio < 1, load1: null },
    { key: 'aggregates.list.cpu', figure: 'Page de liste admin (même tour) : CPU', value: total(list), display: shown(list), target: '—', pass: null, load1: null },
    { key: 'ratio.aggregates_list', figure: 'Agrégats par mois ÷ page de liste admin (CPU)', value: ratio, display: ratio.toFixed(2), target: '< 1', pass: ratio < 1, load1: null },
  ];
}
