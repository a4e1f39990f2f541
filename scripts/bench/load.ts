// Closed-loop HTTP load with autocannon: N connections each sending the next request as soon as
// the previous answer arrived. Warm-up first (JIT, PostgreSQL's buffers, prepared plans), then
// `runs` measured runs; every statistic reported is the median of the runs.
import os from 'node:os';
import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface LoadRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failures: number;
  load1: number;
}

export interface LoadFigure {
  median: LoadRun;
  runs: LoadRun[];
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  runs: number;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const percentile = (sortedValues: number[], fraction: number) =>
  sortedValues[Math.min(sortedValues.length - 1, Math.max(0, Math.ceil(fraction * sortedValues.length) - 1))];

async function once(target: LoadTarget, connections: number, duration: number): Promise<LoadRun> {
  const result = await autocannon({ ...target, connections, duration, timeout: 30 });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
    load1: os.loadavg()[0],
  };
}

export async function measureLoad(name: string, target: LoadTarget, settings: LoadSettings, log: (message: string) => void): Promise<LoadFigure> {
  if (settings.warmupSeconds > 0) await once(target, settings.connections, settings.warmupSeconds);
  const runs: LoadRun[] = [];
  for (let run = 1; run <= settings.runs; run++) {
    const result = await once(target, settings.connections, settings.durationSeconds);
    log(
      `  ${name} #${run}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms` +
        `${result.failures ? `, ${result.failures} failures` : ''} (load ${result.load1.toFixed(2)})`,
    );
    runs.push(result);
  }
  return {
    runs,
    median: {
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      requests: median(runs.map((run) => run.requests)),
      failures: runs.reduce((total, run) => total + run.failures, 0),
      load1: median(runs.map((run) => run.load1)),
    },
  };
}
