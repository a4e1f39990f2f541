import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpuOf, requestsWithinBudget, serverAndDatabaseCpu } from '../../scripts/bench/cost.js';

// The bench's CPU-per-request figure splits the server's own CPU from that of the processes below
// it (the embedded PostgreSQL). Here a parent process that stays idle starts a child that burns
// ~400 ms of CPU and then waits: the burn must be counted below the parent, not as its own.
const BURN_THEN_WAIT = `
  const end = process.cpuUsage().user + 400_000;
  while (process.cpuUsage().user < end);
  process.stdout.write('burnt\\n');
  setTimeout(() => {}, 60_000);
`;
const PARENT = `
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, ['-e', BURN_THEN_WAIT], { stdio: ['ignore', 'inherit', 'inherit'] });
  process.on('SIGTERM', () => { child.kill('SIGKILL'); process.exit(0); });
`;

describe('cpuOf', () => {
  let parent: ChildProcess | undefined;
  afterEach(async () => {
    if (parent && parent.exitCode === null) {
      parent.kill('SIGTERM');
      await once(parent, 'exit');
    }
  });

  test('counts the CPU of the processes below a process apart from its own', async () => {
    parent = spawn(process.execPath, ['-e', PARENT.replace('BURN_THEN_WAIT', JSON.stringify(BURN_THEN_WAIT))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const before = cpuOf(parent.pid!);
    await new Promise<void>((resolve) => parent!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('burnt') && resolve()));
    const after = cpuOf(parent.pid!);

    expect(after.descendants - before.descendants).toBeGreaterThanOrEqual(0.35);
    // The parent only started its child: far less than the child's burn.
    expect(after.own).toBeLessThan(after.descendants - before.descendants);
  });

  test('keeps the CPU of a process further below that has exited, once reaped (a PostgreSQL backend under its postmaster)', async () => {
    // The parent starts a middle process (the postmaster) whose child burns ~400 ms and exits.
    const burnThenExit = 'const end = process.cpuUsage().user + 400_000; while (process.cpuUsage().user < end);';
    const middle = `
      const { spawn } = require('node:child_process');
      spawn(process.execPath, ['-e', ${JSON.stringify(burnThenExit)}], { stdio: 'ignore' }).on('exit', () => process.stdout.write('reaped\\n'));
      setTimeout(() => {}, 60_000);
    `;
    parent = spawn(process.execPath, ['-e', PARENT.replace('BURN_THEN_WAIT', JSON.stringify(middle))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const before = cpuOf(parent.pid!);
    await new Promise<void>((resolve) => parent!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('reaped') && resolve()));
    const after = cpuOf(parent.pid!);

    expect(after.descendants - before.descendants).toBeGreaterThanOrEqual(0.35);
  });

  test('reads the own CPU of a process, and nothing for a process that does not exist', () => {
    const self = cpuOf(process.pid);
    expect(self.own).toBeGreaterThan(0);
    expect(cpuOf(2 ** 30)).toEqual({ own: 0, descendants: 0, reaped: 0 });
  });

  test('counts a PostgreSQL that runs apart from the server (the bench’s Debian cluster), the backends it reaped included', async () => {
    // Two sibling trees: an idle "server", and a "postmaster" whose backend burns ~400 ms and exits.
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const burnThenExit = 'const end = process.cpuUsage().user + 400_000; while (process.cpuUsage().user < end);';
    try {
      parent = spawn(
        process.execPath,
        [
          '-e',
          `const { spawn } = require('node:child_process');
           spawn(process.execPath, ['-e', ${JSON.stringify(burnThenExit)}], { stdio: 'ignore' }).on('exit', () => process.stdout.write('reaped\\n'));
           setTimeout(() => {}, 60_000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const withCluster = { serverPid: server.pid!, databasePid: parent.pid! };
      const before = serverAndDatabaseCpu(withCluster);
      const serverBefore = serverAndDatabaseCpu({ serverPid: server.pid! });
      await new Promise<void>((resolve) => parent!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('reaped') && resolve()));
      const after = serverAndDatabaseCpu(withCluster);
      const serverAfter = serverAndDatabaseCpu({ serverPid: server.pid! });

      expect(after.descendants - before.descendants).toBeGreaterThanOrEqual(0.35);
      // Without the cluster's pid, only what runs below the server counts: not the burn.
      expect(serverAfter.descendants - serverBefore.descendants).toBeLessThan(0.1);
    } finally {
      server.kill('SIGKILL');
    }
  });
});

describe('requestsWithinBudget', () => {
  test('gives a cheap screen as many requests as its CPU budget a round holds', () => {
    // A 5 ms screen: 300 requests for 1.5 s of CPU, where a fixed 60 spent 0.3 s (30 ticks of 10 ms).
    expect(requestsWithinBudget(5, 1500)).toBe(300);
    expect(requestsWithinBudget(10, 1000)).toBe(100);
  });

  test('keeps a slow screen to a few requests and a near-free one to a bounded number', () => {
    expect(requestsWithinBudget(2000, 1500)).toBe(6);
    expect(requestsWithinBudget(0, 1500)).toBe(600);
    expect(requestsWithinBudget(0.5, 1500)).toBe(600);
  });
});
