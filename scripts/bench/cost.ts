// CPU time per request, the figure that other work on the machine barely moves: throughput and
// latency on two shared cores swing with whatever else runs, but the CPU a request costs the server
// process and PostgreSQL stays put. Read from /proc (utime + stime of the server and of every
// process below it: the embedded PostgreSQL's postmaster and backends; with --db=postgres, the
// bench's Debian cluster's postmaster and every process below it), over a fixed number of
// requests sent by autocannon; targets are interleaved (A, B, A, B …) so that a change of machine
// load hits them alike, and each figure is the median of the rounds.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { median, type LoadTarget } from './load.js';
import type { Row } from './report.js';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  ppid: number;
  /** utime + stime, in ticks. */
  cpu: number;
  /** cutime + cstime: the children it has reaped (a PostgreSQL backend that exited lands in its postmaster's), in ticks. */
  reaped: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null; // gone meanwhile
  }
}

/**
 * CPU seconds used so far by `root` and, separately, by all its descendants (those that exited
 * included); `reaped` is what `root` itself has reaped of its exited children.
 */
export function cpuOf(root: number): { own: number; descendants: number; reaped: number } {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const below = (pid: number): boolean => {
    for (let parent = stats.get(pid)?.ppid; parent; parent = stats.get(parent)?.ppid) if (parent === root) return true;
    return false;
  };
  let descendants = 0;
  // A backend that exits between two readings would take its CPU with it (the figure once went
  // negative): what the processes below have reaped keeps it.
  for (const [pid, stat] of stats) if (below(pid)) descendants += stat.cpu + stat.reaped;
  const rootStat = stats.get(root);
  return { own: (rootStat?.cpu ?? 0) / TICKS_PER_SECOND, descendants: descendants / TICKS_PER_SECOND, reaped: (rootStat?.reaped ?? 0) / TICKS_PER_SECOND };
}

export interface CostRound {
  /** Milliseconds of CPU per request. */
  serverMs: number;
  databaseMs: number;
  /** The load generator (this process), for reference. */
  clientMs: number;
}

export interface CostFigure {
  name: string;
  median: CostRound & { totalMs: number };
  rounds: CostRound[];
}

export interface CostSettings {
  requests: number;
  rounds: number;
  connections: number;
  serverPid: number;
  /** The postmaster of a PostgreSQL that does not run below the server (the bench's Debian cluster), counted with it. */
  databasePid?: number | null;
}

/** CPU seconds so far of the server, and of PostgreSQL: below the server (embedded) or its own tree (Debian). */
export function serverAndDatabaseCpu(settings: Pick<CostSettings, 'serverPid' | 'databasePid'>): { own: number; descendants: number } {
  const server = cpuOf(settings.serverPid);
  if (!settings.databasePid) return { own: server.own, descendants: server.descendants };
  // A backend that exits hands its CPU to the postmaster's reaped total: counted, or the figure drops.
  const cluster = cpuOf(settings.databasePid);
  return { own: server.own, descendants: server.descendants + cluster.own + cluster.reaped + cluster.descendants };
}

async function round(target: LoadTarget, settings: CostSettings): Promise<CostRound> {
  const before = serverAndDatabaseCpu(settings);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ ...target, connections: settings.connections, amount: settings.requests, timeout: 120 });
  const client = process.cpuUsage(clientBefore);
  const after = serverAndDatabaseCpu(settings);
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${target.url}: ${failures} failures in ${settings.requests} requests`);
  const per = (seconds: number) => (seconds * 1000) / settings.requests;
  return {
    serverMs: per(after.own - before.own),
    databaseMs: per(after.descendants - before.descendants),
    clientMs: (client.user + client.system) / 1000 / settings.requests,
  };
}

export interface CostTarget {
  name: string;
  target: LoadTarget;
  /**
   * Instead of `settings.requests`, the CPU a round should cost (server + PostgreSQL), so that a
   * cheap target is measured as finely as a dear one: the count follows from a first warm-up.
   */
  cpuBudgetMs?: number;
  /** The server answering this target and its PostgreSQL, when not the settings' (two datasets measured side by side). */
  processes?: Pick<CostSettings, 'serverPid' | 'databasePid'>;
}

/**
 * CPU is read in ticks of 10 ms per process: a round of 60 requests of 5 ms (0.3 s) moves by a tick
 * or two of drift, 20 % between two runs. A target with a CPU budget sends budget ÷ its CPU per
 * request, within these bounds (a statistics page costs a quarter of a second).
 */
const BUDGET_REQUESTS = { min: 6, max: 600, sizing: 10 };

/** Requests a round for a target that costs `cpuMs` a request, to spend about `budgetMs` of CPU. */
export function requestsWithinBudget(cpuMs: number, budgetMs: number): number {
  return Math.max(BUDGET_REQUESTS.min, Math.min(BUDGET_REQUESTS.max, Math.round(budgetMs / Math.max(cpuMs, 0.1))));
}

/** Warms every target up (and sizes those with a CPU budget), then measures them in turn, `rounds` times. */
export async function measureCost(targets: CostTarget[], settings: CostSettings, log: (message: string) => void): Promise<CostFigure[]> {
  const settingsOf = (entry: CostTarget, requests: number) => ({ ...settings, ...entry.processes, requests });
  const requests = new Map<string, number>();
  for (const entry of targets) {
    if (entry.cpuBudgetMs) {
      // The first answers compile the operation and fill the caches: sized on the next ones.
      await round(entry.target, settingsOf(entry, BUDGET_REQUESTS.sizing));
      const sizing = await round(entry.target, settingsOf(entry, BUDGET_REQUESTS.sizing));
      const count = requestsWithinBudget(sizing.serverMs + sizing.databaseMs, entry.cpuBudgetMs);
      log(`  ${entry.name}: about ${(sizing.serverMs + sizing.databaseMs).toFixed(1)} ms of CPU a request, ${count} requests a round`);
      requests.set(entry.name, count);
    } else {
      await round(entry.target, settingsOf(entry, Math.max(Math.min(50, settings.requests), Math.round(settings.requests / 4))));
      requests.set(entry.name, settings.requests);
    }
  }
  const rounds = new Map(targets.map(({ name }) => [name, [] as CostRound[]]));
  for (let index = 0; index < settings.rounds; index++) {
    for (const entry of targets) rounds.get(entry.name)!.push(await round(entry.target, settingsOf(entry, requests.get(entry.name)!)));
  }
  return targets.map(({ name }) => {
    const list = rounds.get(name)!;
    const serverMs = median(list.map((entry) => entry.serverMs));
    const databaseMs = median(list.map((entry) => entry.databaseMs));
    const clientMs = median(list.map((entry) => entry.clientMs));
    log(`  ${name}: server ${serverMs.toFixed(2)} ms, PostgreSQL ${databaseMs.toFixed(2)} ms, client ${clientMs.toFixed(2)} ms of CPU per request`);
    return { name, median: { serverMs, databaseMs, clientMs, totalMs: serverMs + databaseMs }, rounds: list };
  });
}

/** A figure as the table shows it: server + PostgreSQL, milliseconds of CPU per request. */
export const cpuShown = (figure: CostFigure) => `${figure.median.serverMs.toFixed(1)} + ${figure.median.databaseMs.toFixed(1)} ms`;

/** cost.graphql, cost.floor, cost.rest, and ratio.floor.cpu (the floor's CPU over the GraphQL query's, as throughputs would compare). */
export function costRows(figures: CostFigure[], floorMatchesGraphQL: boolean): Row[] {
  const rows: Row[] = figures.map((figure) => ({
    key: `cost.${figure.name.toLowerCase()}`,
    figure: `CPU per request ${figure.name}: server + PostgreSQL`,
    value: figure.median.totalMs,
    display: cpuShown(figure),
    target: '—',
    pass: null,
    load1: null,
  }));
  const graphql = figures.find((figure) => figure.name === 'GraphQL');
  const floor = figures.find((figure) => figure.name === 'floor');
  if (graphql && floor) {
    const ratio = floor.median.totalMs / graphql.median.totalMs;
    // Three decimals: 0.798 is a miss that two would print as 0.80.
    rows.push({ key: 'ratio.floor.cpu', figure: 'GraphQL ÷ floor, CPU per request (floor CPU / GraphQL CPU)', value: ratio, display: ratio.toFixed(3), target: '≥ 0.80', pass: ratio >= 0.8 && floorMatchesGraphQL, load1: null });
  }
  return rows;
}
