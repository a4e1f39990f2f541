// Cold start: `node …/api/src/main.js` (the product's own entry, compiled) on the existing
// database — embedded: it starts its PostgreSQL itself — timed from spawn() to the first /graphql
// answer that needed the database (the admin's `me`, through the session lookup).
import os from 'node:os';
import { benchTokens } from './dataset.js';
import { median } from './load.js';
import { graphql, startServerProcess } from './process.js';
import { ME_QUERY } from './queries.js';

export interface ColdStartRun {
  seconds: number;
  load1: number;
}

export interface ColdStartFigure {
  median: ColdStartRun;
  runs: ColdStartRun[];
}

export async function measureColdStart(options: {
  entry: string;
  dataDir: string;
  env: Record<string, string>;
  logFile: string;
  runs: number;
  log: (message: string) => void;
}): Promise<ColdStartFigure> {
  const probe = async (url: string) => {
    const result = await graphql<{ me: { id: string } | null }>(url, benchTokens.admin, ME_QUERY);
    return !!result.data?.me;
  };
  const runs: ColdStartRun[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const server = await startServerProcess({ entry: options.entry, dataDir: options.dataDir, env: options.env, logFile: options.logFile, probe, timeoutMs: 60_000 });
    await server.stop();
    const measured = { seconds: server.readyAfterMs / 1000, load1: os.loadavg()[0] };
    options.log(`  cold start #${run}: ${measured.seconds.toFixed(2)} s (load ${measured.load1.toFixed(2)})`);
    runs.push(measured);
  }
  return { runs, median: { seconds: median(runs.map((run) => run.seconds)), load1: median(runs.map((run) => run.load1)) } };
}
