// Resident memory of this process and of every process it started (a count may run in a thread
// of its own or in a child process: both are measured), read from /proc. PostgreSQL servers the
// tests start are left out: their shared buffers are not the application's.
import { readdirSync, readFileSync } from 'node:fs';

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** RSS of this process and its descendants, MB. */
export function processTreeRssMb(root = process.pid): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    // pid (comm) state ppid …: comm may hold spaces, so fields are read after its closing parenthesis.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (comm === 'postgres') continue;
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    const rss = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? '');
    if (rss) total += Number(rss[1]) / 1024;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples the tree's RSS every `everyMs` until stopped; returns the highest seen, MB. */
export function watchPeakRss(everyMs = 50): { stop(): number } {
  let peak = processTreeRssMb();
  const timer = setInterval(() => {
    peak = Math.max(peak, processTreeRssMb());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, processTreeRssMb());
    },
  };
}
