// Counting runs in a process of its own: parsing a large PDF is seconds of CPU that must not stall
// the server's requests, and only a process can be held to a memory cap. A worker thread's
// resourceLimits cap the V8 heap alone, while decoded PDF streams live in ArrayBuffers outside it
// (a 2.5 KB PDF inflating a content stream to 1 GB grew the server by 2.6 GB). The process runs
// under prlimit (util-linux): its data segment (heap, ArrayBuffers, malloc) and CPU time are
// capped by the kernel, inherited by LibreOffice; its RSS is also watched from here, the only cap
// where prlimit is missing. A count over its time or memory ends FAILED, the server goes on.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CountOptions } from './document.js';
import { diedOfMemory, MEMORY_MESSAGE, timeoutMessage, type CountFormat, type CountResult } from './rules.js';

/** Memory of one counting process when the caller names none (COUNTING_MEMORY_MB's default). */
export const DEFAULT_MEMORY_MB = 512;
/** How often the process's RSS is read. */
const WATCH_MS = 100;
/** A stopped process's time to stop its LibreOffice before it is killed. */
const TERM_GRACE_MS = 2000;
/** A counting process's time to load (node and the readers) before its reading time starts. */
const STARTUP_GRACE_MS = 30_000;
/** Kept of what the process wrote on stderr, to tell a memory crash from another. */
const STDERR_TAIL = 8192;

const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((candidate) => existsSync(candidate)) ?? null;

export interface CountJob {
  file: string;
  format: CountFormat | null;
  options: CountOptions;
}

/** What the counting process sends back: its result, or the message of an unexpected error. */
export type CountReply = { ready: true } | { result: CountResult } | { error: string };

export interface ProcessLimits {
  /** Data segment and RSS of the counting process, MB. */
  memoryMb?: number;
  /** Stops the count (the server stops): the promise rejects, the job is retried. */
  signal?: AbortSignal;
}

/**
 * The counting process's program: the bundle named by COUNTING_PROCESS_BUNDLE when set (one
 * JavaScript file holding count-process.ts and its libraries, which the test suite builds once per
 * run: a count then starts in a quarter of the CPU), else this module's sibling: compiled
 * JavaScript in production, the TypeScript sources through tsx in development.
 */
function countProcessProgram(): string[] {
  const bundle = process.env.COUNTING_PROCESS_BUNDLE;
  if (bundle) return [bundle];
  const own = import.meta.url;
  const typescript = own.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./count-process.${typescript ? 'ts' : 'js'}`, own));
  return typescript ? ['--import', 'tsx', entry] : [entry];
}

export function countInWorker(job: CountJob, timeoutMs: number, limits: ProcessLimits = {}): Promise<CountResult> {
  const memoryMb = limits.memoryMb ?? DEFAULT_MEMORY_MB;
  const node = [
    process.execPath,
    // The heap's own cap, under the process's: V8 collects harder near it rather than asking for more.
    `--max-old-space-size=${Math.max(64, Math.round(memoryMb / 2))}`,
    ...countProcessProgram(),
    JSON.stringify(job),
  ];
  // CPU seconds past the time limit: an orphaned process (its server killed) cannot run on.
  const cpuSeconds = Math.ceil(timeoutMs / 1000) + 5;
  const command = PRLIMIT ? [PRLIMIT, `--data=${memoryMb * 1024 * 1024}`, `--cpu=${cpuSeconds}`, '--', ...node] : node;
  // Its own process group: stopping it stops whatever it started.
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], detached: true });
  // A count never holds the server open: a server stopping mid-count exits, the job runs again.
  child.unref();
  child.channel?.unref();
  (child.stderr as Socket | null)?.unref();
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });

  return new Promise((resolve, reject) => {
    let outcome: { result: CountResult } | { error: Error } | null = null;
    const failed = (error: string) => ({ result: { status: 'FAILED', pageCount: null, photoCount: null, error } as CountResult });
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // Already gone.
      }
    };
    // Asked to stop (time limit, shutdown): SIGTERM lets it stop LibreOffice, SIGKILL follows.
    const stop = (why: NonNullable<typeof outcome>) => {
      outcome ??= why;
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), TERM_GRACE_MS).unref();
    };
    const tooLong = () => stop(failed(timeoutMessage(Math.round(timeoutMs / 1000))));
    // The time limit is the reading's: it starts once the process has loaded, so a cold start on a
    // busy machine is not counted against the file; loading has its own, longer, guard.
    let timer = setTimeout(tooLong, timeoutMs + STARTUP_GRACE_MS);
    timer.unref();
    const watch = setInterval(() => {
      if (rssMb(child.pid) > memoryMb) {
        outcome ??= failed(MEMORY_MESSAGE);
        signalGroup('SIGKILL');
      }
    }, WATCH_MS);
    watch.unref();
    const aborted = () => stop({ error: new Error('comptage interrompu : arrêt du serveur') });
    if (limits.signal?.aborted) aborted();
    limits.signal?.addEventListener('abort', aborted, { once: true });

    child.on('message', (reply: CountReply) => {
      if ('ready' in reply) {
        clearTimeout(timer);
        timer = setTimeout(tooLong, timeoutMs);
        timer.unref();
        return;
      }
      outcome ??= 'result' in reply ? { result: reply.result } : { error: new Error(reply.error) };
    });
    // Settled once the process is gone, so a slot is free only when its count has really stopped.
    const settle = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      clearInterval(watch);
      limits.signal?.removeEventListener('abort', aborted);
      if (!outcome) {
        if (diedOfMemory(stderr)) outcome = failed(MEMORY_MESSAGE);
        else if (signal === 'SIGXCPU') outcome = failed(timeoutMessage(cpuSeconds));
        else outcome = { error: new Error(`counting process ended (${signal ?? code}) before answering: ${stderr.slice(-500)}`) };
      }
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    child.on('error', (error) => {
      outcome ??= { error };
      // Never started: no close event is due.
      if (child.pid === undefined) settle(null, null);
    });
    child.on('close', settle);
  });
}

/** A process's resident memory, MB (0 where /proc is missing or the process is gone). */
function rssMb(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
