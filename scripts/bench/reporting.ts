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

export interface ExportFigure {
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
}

/**
 * Downloads the admin's whole list as CSV, reading it as fast as it comes, while the server's RSS
 * is sampled every 20 ms; the figure is the peak growth over the RSS before the request.
 */
export async function measureExport(url: string, rss: () => number, log: (message: string) => void): Promise<ExportFigure> {
  // One small export first: code paths compiled and pools opened are not the export's growth.
  await (await fetch(`${url}/api/v1/exports/reports.csv?list=reports&year=2000`, { headers: { authorization: `Bearer ${benchTokens.admin}` } })).arrayBuffer();
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
  const figure = { rows: newlines - 1, bytes, seconds: (performance.now() - started) / 1000, rssBeforeBytes, rssPeakBytes };
  log(`  ${figure.rows} lignes, ${(bytes / 1048576).toFixed(1)} Mio en ${figure.seconds.toFixed(1)} s ; RSS ${(rssBeforeBytes / 1048576).toFixed(0)} → pic ${(rssPeakBytes / 1048576).toFixed(0)} Mio`);
  return figure;
}

export function exportRows(figure: ExportFigure, reports: number): Row[] {
  const growth = (figure.rssPeakBytes - figure.rssBeforeBytes) / 1048576;
  return [
    { key: 'export.csv.rows', figure: 'Export CSV de tous les constats : lignes', value: figure.rows, display: `${figure.rows} en ${figure.seconds.toFixed(1)} s`, target: `= ${reports}`, pass: figure.rows === reports, load1: null },
    { key: 'export.csv.rss_growth_mb', figure: 'Export CSV : pic de RSS serveur en plus', value: growth, display: `${growth.toFixed(1)} Mio`, target: '< 64 Mio', pass: growth < 64, load1: null },
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
