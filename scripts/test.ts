// `npm test`: the whole suite, provisioning what it needs itself.
//   0. lint (ESLint, zero warnings, and the module rules) and the formatting check (Prettier),
//      beside step 1, skipped when arguments narrow the run to some tests,
//   1. unit + API tests against a throwaway embedded PostgreSQL (the default engine),
//   2. the API tests whose SQL depends on the server again, against Debian's PostgreSQL 15 (the
//      oldest supported server; the list below),
//   3. the server started and one API file run under Node 24 (the npm `node` package's binary), the
//      machine's own Node running the rest,
//   4. end-to-end tests in Debian's Chromium against the real server and the web build.
// Each step's cluster lives in a temp dir on a loopback port. Extra arguments go to every jest run
// (e.g. `npm test -- auth`).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Step {
  title: string;
  projects: string[];
  /** Test path patterns to run (jest's positional arguments); every file of the projects if absent. */
  files?: string[];
  env?: Record<string, string>;
  before?: string[][];
  /** Runs jest under this Node major, fetched from the npm registry, instead of the machine's. */
  node?: string;
  /**
   * Jest workers (test files side by side) per core. A file's tests are a chain — the test, the
   * server in the same process, PostgreSQL, Chromium, and back — that keeps at most about one core
   * busy, and less while it waits on a timer, a frame or the disk: more files than cores fill them.
   */
  workersPerCore: number;
}

const steps: Step[] = [
  {
    title: 'Tests unitaires et API (PostgreSQL intégré)',
    projects: ['unit', 'api'],
    env: { TEST_PG_ENGINE: 'embedded' },
    workersPerCore: 1.5,
    // Invoices are read back with poppler's pdftotext, pdfdetach and pdffonts. The web build is
    // served by API tests too (its compression, the login page's weight), then by the browser tests.
    before: [
      ['npx', 'tsx', 'scripts/ensure-pdf-tools.ts'],
      ['npm', 'run', '--silent', 'build:web'],
    ],
  },
  {
    title: 'Tests API sensibles au serveur (PostgreSQL 15 de Debian)',
    projects: ['api'],
    env: { TEST_PG_ENGINE: 'debian' },
    workersPerCore: 1.5,
    // What can differ between PostgreSQL 15 and 18 is the SQL we write ourselves (the read model,
    // aggregates, exports, retrocession, billing, news, counting's agreement, the sweep, deposits'
    // row locks and counters, the listening positions' upsert), the
    // migrations and extensions (the change feed's triggers), locking under concurrency, and pg-boss's own schema. Prisma's
    // generated SQL is the same on both, so the rest of the API suite runs once, in step 1.
    files: [
      'tests/api/migrations',
      'tests/api/seed',
      'tests/api/search',
      'tests/api/statistics-plan',
      'tests/api/report-rows',
      'tests/api/reports\\.test',
      'tests/api/lists-query-count',
      'tests/api/report-headers',
      'tests/api/report-aggregates',
      'tests/api/csv-export',
      'tests/api/retrocession',
      'tests/api/billing\\.test',
      'tests/api/news\\.test',
      'tests/api/counting\\.test',
      'tests/api/hardening-races',
      'tests/api/hardening-sweep',
      'tests/api/resumable-deposits',
      'tests/api/dictation-positions',
      'tests/api/report-change-feed',
      'tests/api/webhooks',
    ],
  },
  {
    title: 'Démarrage du serveur et un fichier API sous Node 24',
    projects: ['api'],
    env: { TEST_PG_ENGINE: 'embedded' },
    files: ['tests/api/hardening-defaults'],
    node: '24',
    workersPerCore: 1,
  },
  {
    title: 'Tests de bout en bout (Chromium)',
    projects: ['e2e'],
    env: { TEST_PG_ENGINE: 'embedded' },
    // A browser test waits on frames and round trips more than it computes.
    workersPerCore: 2,
    before: [['npx', 'tsx', 'scripts/ensure-chromium.ts']],
  },
];

const extraArgs = process.argv.slice(2);

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}

/**
 * Writes each file's duration into tests/durations.json, which orders the files of a run on a
 * machine without jest's cache (tests/support/test-sequencer.mjs). A file run by two steps keeps
 * the first step's figure.
 */
const recordedDurations: Record<string, number> = {};
function recordDurations(report: JestReport): void {
  for (const result of report.testResults) {
    const file = path.relative(process.cwd(), result.name);
    recordedDurations[file] ??= Math.max(1, Math.round((result.endTime - result.startTime) / 1000));
  }
  const sorted = Object.fromEntries(Object.entries(recordedDurations).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync('tests/durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
}
// Every test file has its own database and server, so files can run side by side. Jest's default
// (one worker less than the cores) leaves cores idle while tests wait; capped so a large machine
// does not start a dozen servers and Chromium contexts. TEST_WORKERS overrides it (measurements).
const cores = os.availableParallelism();
const workersFor = (step: Step) => Number(process.env.TEST_WORKERS) || Math.min(8, Math.max(2, Math.round(cores * step.workersPerCore)));
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'constats-jest-'));
let passed = 0;
let failed = 0;
let exitCode = 0;

function run(command: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Each step's wall time, printed at the end (the CI budget is read from it). */
const durations: string[] = [];

/**
 * Lint and the formatting check run beside the first test step instead of before it: ESLint keeps
 * a core busy while the tests wait on their servers, PostgreSQL and the disk. Their output goes to
 * a file (the steps run synchronously and would not drain a pipe) and is printed, with the
 * verdict, as soon as that step ends. Returns a function that waits for them once.
 */
function startChecks(): () => Promise<void> {
  const started = Date.now();
  const logFile = path.join(reportDir, 'checks.log');
  const log = openSync(logFile, 'w');
  const child = spawn('sh', ['-c', 'npm run --silent lint && npm run --silent format:check'], { stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<number>((resolve) => {
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
  let finished: Promise<void> | undefined;
  return () =>
    (finished ??= exited.then((status) => {
      console.log('\n=== Lint et formatage ===');
      process.stdout.write(readFileSync(logFile, 'utf8'));
      durations.push(`Lint et formatage (à côté de la première étape) : ${Math.round((Date.now() - started) / 1000)} s`);
      if (status !== 0) {
        console.error('Échec : npm run lint && npm run format:check');
        exitCode ||= 1;
      }
    }));
}
// Arguments narrow the run to some tests: no lint then.
const finishChecks = extraArgs.length === 0 ? startChecks() : async () => {};

for (const [index, step] of steps.entries()) {
  if (exitCode !== 0) break;
  console.log(`\n=== ${step.title} ===`);
  const started = Date.now();
  for (const command of step.before ?? []) {
    if (run(command) !== 0) {
      console.error(`Échec de la préparation : ${command.join(' ')}`);
      exitCode = 1;
      break;
    }
  }
  if (exitCode !== 0) break;
  const report = path.join(reportDir, `step-${index}.json`);
  const projects = step.projects.flatMap((project) => ['--selectProjects', project]);
  // Paths first: `--selectProjects` takes every argument that follows it.
  const files = step.files ?? [];
  const jest = [...files, ...projects, `--maxWorkers=${workersFor(step)}`, '--json', `--outputFile=${report}`, ...extraArgs];
  const command = step.node
    ? // npx puts the package's `node` first on PATH for the command it runs.
      ['npx', '--yes', '--package', `node@${step.node}`, '--call', `node --version && node node_modules/jest/bin/jest.js ${jest.join(' ')}`]
    : ['npx', 'jest', ...jest];
  const status = run(command, { NODE_OPTIONS: '--experimental-vm-modules', ...step.env });
  durations.push(`${step.title} : ${Math.round((Date.now() - started) / 1000)} s`);
  if (index === 0) await finishChecks();
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as JestReport;
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    if (process.env.TEST_RECORD_DURATIONS && extraArgs.length === 0) recordDurations(summary);
  } catch {
    failed += 1; // jest crashed before writing its report
  }
  if (status !== 0) exitCode ||= status;
  if (exitCode !== 0) break;
}
await finishChecks();

rmSync(reportDir, { recursive: true, force: true });
console.log(`\nDurées :\n  ${durations.join('\n  ')}`);
// The plain closing line CI reads.
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
