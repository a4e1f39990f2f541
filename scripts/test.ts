// `npm test`: the whole suite, provisioning what it needs itself.
//   1. unit + API tests against a throwaway embedded PostgreSQL (the default engine),
//   2. the API tests again against Debian's PostgreSQL 15 (oldest supported server),
//   3. end-to-end tests in Debian's Chromium against the real server and the web build.
// Each step's cluster lives in a temp dir on a loopback port. Extra arguments go to every jest run
// (e.g. `npm test -- auth`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Step {
  title: string;
  projects: string[];
  env?: Record<string, string>;
  before?: string[][];
}

const steps: Step[] = [
  {
    title: 'Tests unitaires et API (PostgreSQL intégré)',
    projects: ['unit', 'api'],
    env: { TEST_PG_ENGINE: 'embedded' },
    // Invoices are read back with poppler's pdftotext, pdfdetach and pdffonts.
    before: [['npx', 'tsx', 'scripts/ensure-pdf-tools.ts']],
  },
  { title: 'Tests API (PostgreSQL 15 de Debian)', projects: ['api'], env: { TEST_PG_ENGINE: 'debian' } },
  {
    title: 'Tests de bout en bout (Chromium)',
    projects: ['e2e'],
    env: { TEST_PG_ENGINE: 'embedded' },
    before: [['npx', 'tsx', 'scripts/ensure-chromium.ts'], ['npm', 'run', '--silent', 'build:web']],
  },
];

const extraArgs = process.argv.slice(2);
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'constats-jest-'));
let passed = 0;
let failed = 0;
let exitCode = 0;

function run(command: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

for (const [index, step] of steps.entries()) {
  console.log(`\n=== ${step.title} ===`);
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
  const status = run(['npx', 'jest', ...projects, '--json', `--outputFile=${report}`, ...extraArgs], {
    NODE_OPTIONS: '--experimental-vm-modules',
    ...step.env,
  });
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  } catch {
    failed += 1; // jest crashed before writing its report
  }
  if (status !== 0) {
    exitCode = status;
    break;
  }
}

rmSync(reportDir, { recursive: true, force: true });
// The plain closing line CI reads.
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
