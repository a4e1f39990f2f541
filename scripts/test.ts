// `npm test`: the whole suite, provisioning what it needs itself.
//   1. unit, API and end-to-end tests in one jest run against a throwaway embedded PostgreSQL (the
//      default engine) and Debian's Chromium, the real server and the web build,
//   and beside it, one after the other:
//   0. lint (ESLint, zero warnings, and the module rules) and the formatting check (Prettier),
//      skipped when arguments narrow the run to some tests,
//   2. the API tests whose SQL depends on the server again, against Debian's PostgreSQL 15 (the
//      oldest supported server; the list below),
//   3. the server started and one API file run under Node 24 (the npm `node` package's binary), the
//      machine's own Node running the rest.
// Each step's cluster lives in a temp dir on a loopback port. Extra arguments go to every jest run
// (e.g. `npm test -- auth`).
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * The main step. API files wait on their servers, PostgreSQL, timers and the disk (about a quarter
 * of a core each, CPU time against wall time), browser files compute (about half a core: Chromium
 * paints in software): in one run, with the sequencer mixing both kinds
 * (tests/support/test-sequencer.mjs), the one keeps the cores busy while the other waits, and the
 * run has one tail instead of two.
 */
const mainStep: Step = {
  title: 'Tests unitaires, API et de bout en bout (PostgreSQL intégré, Chromium)',
  projects: ['unit', 'api', 'e2e'],
  env: { TEST_PG_ENGINE: 'embedded' },
  workersPerCore: 2.5,
  // Invoices are read back with poppler's pdftotext, pdfdetach and pdffonts. The web build is
  // served by API tests too (its compression, the login page's weight), and by the browser tests.
  before: [
    ['npx', 'tsx', 'scripts/ensure-pdf-tools.ts'],
    ['npm', 'run', '--silent', 'build:web'],
    ['npx', 'tsx', 'scripts/ensure-chromium.ts'],
  ],
};

/** Run one after the other beside the main step, one file at a time: they fill the cores it leaves idle. */
const besideSteps: Step[] = [
  {
    title: 'Tests API sensibles au serveur (PostgreSQL 15 de Debian)',
    projects: ['api'],
    env: { TEST_PG_ENGINE: 'debian' },
    workersPerCore: 0.5,
    // What can differ between PostgreSQL 15 and 18 is the SQL we write ourselves (the read model,
    // aggregates, exports, retrocession, billing, news, counting's agreement, the sweep, deposits'
    // row locks and counters, the listening positions' upsert), the
    // migrations and extensions (the change feed's triggers), locking under concurrency, and pg-boss's own schema. Prisma's
    // generated SQL is the same on both, so the rest of the API suite runs once, in the main step.
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
    ],
  },
  {
    title: 'Démarrage du serveur et un fichier API sous Node 24',
    projects: ['api'],
    env: { TEST_PG_ENGINE: 'embedded' },
    files: ['tests/api/hardening-defaults'],
    node: '24',
    workersPerCore: 0.5,
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
 * the main step's figure.
 */
function recordDurations(reports: JestReport[]): void {
  const recorded: Record<string, number> = {};
  for (const report of reports) {
    for (const result of report.testResults) {
      const file = path.relative(process.cwd(), result.name);
      recorded[file] ??= Math.max(1, Math.round((result.endTime - result.startTime) / 1000));
    }
  }
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync('tests/durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
}
// Every test file has its own database and server, so files can run side by side. Jest's default
// (one worker less than the cores) leaves cores idle while tests wait; capped so a large machine
// does not start a dozen servers and Chromium contexts. TEST_WORKERS overrides the main step's
// count (measurements).
const cores = os.availableParallelism();
const workersFor = (step: Step) =>
  (step === mainStep && Number(process.env.TEST_WORKERS)) || Math.min(8, Math.max(1, Math.round(cores * step.workersPerCore)));
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'constats-jest-'));
let passed = 0;
let failed = 0;
let exitCode = 0;
/** The steps' jest reports, the main step's first. */
const reports = new Map<Step, JestReport>();

/** Runs a command, its output on the terminal or appended to `logFile`; resolves with its exit status. */
function run(command: string[], env: Record<string, string> = {}, logFile?: string): Promise<number> {
  const log = logFile === undefined ? undefined : openSync(logFile, 'a');
  const child = spawn(command[0], command.slice(1), {
    stdio: log === undefined ? 'inherit' : ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  if (log !== undefined) closeSync(log);
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/** A line on the terminal, or in `logFile` (printed when the steps beside the main one are over). */
function say(text: string, logFile?: string): void {
  if (logFile === undefined) console.log(text);
  else appendFileSync(logFile, `${text}\n`);
}

/** Each step's wall time, printed at the end (the CI budget is read from it). */
const durations: string[] = [];

/**
 * Runs a step: its preparation, then jest. `prepared` is called once the preparation is over
 * (the steps beside the main one wait for its web build).
 */
async function runStep(step: Step, logFile?: string, prepared = () => {}): Promise<void> {
  say(`\n=== ${step.title} ===`, logFile);
  const started = Date.now();
  for (const command of step.before ?? []) {
    if ((await run(command, {}, logFile)) !== 0) {
      say(`Échec de la préparation : ${command.join(' ')}`, logFile);
      exitCode ||= 1;
      prepared();
      return;
    }
  }
  prepared();
  const report = path.join(reportDir, `step-${[mainStep, ...besideSteps].indexOf(step)}.json`);
  const projects = step.projects.flatMap((project) => ['--selectProjects', project]);
  // Paths first: `--selectProjects` takes every argument that follows it.
  const files = step.files ?? [];
  const jest = [...files, ...projects, `--maxWorkers=${workersFor(step)}`, '--json', `--outputFile=${report}`, ...extraArgs];
  const command = step.node
    ? // npx puts the package's `node` first on PATH for the command it runs.
      ['npx', '--yes', '--package', `node@${step.node}`, '--call', `node --version && node node_modules/jest/bin/jest.js ${jest.join(' ')}`]
    : ['npx', 'jest', ...jest];
  const status = await run(command, { NODE_OPTIONS: '--experimental-vm-modules', ...step.env }, logFile);
  durations.push(`${step.title}${logFile === undefined ? '' : ' (à côté)'} : ${Math.round((Date.now() - started) / 1000)} s`);
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as JestReport;
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    reports.set(step, summary);
  } catch {
    failed += 1; // jest crashed before writing its report
  }
  if (status !== 0) exitCode ||= status;
}

/**
 * Lint and the formatting check (unless arguments narrow the run to some tests), then the other
 * steps, one after the other beside the main step: ESLint and one API file at a time keep the cores
 * busy while the main step's files wait. Their output goes to a file, printed once the main step
 * is over (its own output is on the terminal meanwhile).
 */
async function runBeside(logFile: string, mainPrepared: Promise<void>): Promise<void> {
  writeFileSync(logFile, '');
  if (extraArgs.length === 0) {
    say('\n=== Lint et formatage ===', logFile);
    const started = Date.now();
    const status = await run(['sh', '-c', 'npm run --silent lint && npm run --silent format:check'], {}, logFile);
    durations.push(`Lint et formatage (à côté) : ${Math.round((Date.now() - started) / 1000)} s`);
    if (status !== 0) {
      say('Échec : npm run lint && npm run format:check', logFile);
      exitCode ||= 1;
    }
  }
  // The API tests serve the web build: wait until the main step has written it. A failed
  // preparation or check fails the run: the other steps are not worth their minutes then.
  await mainPrepared;
  if (exitCode !== 0) return;
  for (const step of besideSteps) await runStep(step, logFile);
}

const besideLog = path.join(reportDir, 'beside.log');
let mainPrepared!: () => void;
const beside = runBeside(besideLog, new Promise<void>((resolve) => (mainPrepared = resolve)));
await runStep(mainStep, undefined, mainPrepared);
await beside;
process.stdout.write(readFileSync(besideLog, 'utf8'));

if (process.env.TEST_RECORD_DURATIONS && extraArgs.length === 0) {
  recordDurations([mainStep, ...besideSteps].flatMap((step) => reports.get(step) ?? []));
}
rmSync(reportDir, { recursive: true, force: true });
console.log(`\nDurées :\n  ${durations.join('\n  ')}`);
// The plain closing line CI reads.
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
