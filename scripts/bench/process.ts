// The server under test runs in a process of its own (plain `node` on the compiled build), on a
// loopback port, with its output in bench/.data/logs; the bench talks to it only over HTTP and
// WebSocket, and reads its memory from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findFreePort } from '../../api/src/infra/embedded-postgres.js';

export interface ServerProcess {
  pid: number;
  url: string;
  /** Milliseconds from spawn() to the first successful probe. */
  readyAfterMs: number;
  /** Resident set size now, bytes (VmRSS). */
  rss: () => number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Compiled entry point, e.g. bench/.data/build/api/src/main.js. */
  entry: string;
  dataDir: string;
  env: Record<string, string>;
  logFile: string;
  nodeArgs?: string[];
  /** Resolves true once the server answers what the caller considers ready. */
  probe: (url: string) => Promise<boolean>;
  timeoutMs?: number;
}

// Variables of the calling shell that would point the server somewhere else than the bench's data.
const INHERITED_OUT = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'HOST', 'DATA_DIR', 'NODE_OPTIONS', 'APP_SECRET', 'PUBLIC_URL', 'NODE_ENV'];

/**
 * The V8 flags `npm start` runs the product with (package.json's start script, between `node` and
 * the entry; none today): the measured server must be the one users run.
 */
export function productNodeFlags(): string[] {
  const command = /\bnode((?:\s+--\S+)*)\s+dist\/api\/src\/main\.js/.exec(startScript());
  if (!command) throw new Error(`unexpected start script: ${startScript()}`);
  return command[1].split(/\s+/).filter(Boolean);
}

/**
 * The environment `npm start` gives the product (`NAME=${NAME:-default}` before `node`: glibc's
 * MALLOC_ARENA_MAX), each default unless the calling shell sets it, as the shell would.
 */
export function productEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, name, fallback] of startScript().matchAll(/\b([A-Z_]+)=\$\{\1:-([^}\s]+)\}\s/g)) env[name] = process.env[name] ?? fallback;
  return env;
}

function startScript(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start;
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
  return kilobytes * 1024;
}

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_OUT) delete env[name];
  Object.assign(env, {
    ...productEnv(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    SEED_DEMO_DATA: 'false',
    ...options.env,
  });
  await fs.mkdir(path.dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const args = [...productNodeFlags(), ...(options.nodeArgs ?? []), options.entry];
  log.write(`\n--- ${new Date().toISOString()} node ${args.join(' ')}\n`);

  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const deadline = started + (options.timeoutMs ?? 120_000);
  let readyAfterMs = 0;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server stopped while starting (code ${exitCode}): see ${options.logFile}`);
    if (await options.probe(url).catch(() => false)) {
      readyAfterMs = performance.now() - started;
      break;
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer in time: see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }

  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid!,
    url,
    readyAfterMs,
    rss: () => rssOf(child.pid!),
    stop: () =>
      (stopping ??= (async () => {
        if (exitCode === undefined) {
          // SIGTERM: the server stops its HTTP side, then its database (main.ts order).
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          await exited;
          clearTimeout(timer);
        }
        log.end();
      })()),
  };
}

/** POST a GraphQL operation; resolves the parsed body (throws on a non-2xx status). */
export async function graphql<T = unknown>(url: string, token: string | null, query: string, variables: Record<string, unknown> = {}): Promise<{ data?: T; errors?: { message: string }[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ query, variables }),
  });
  if (!response.ok) throw new Error(`/graphql answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as { data?: T; errors?: { message: string }[] };
}
