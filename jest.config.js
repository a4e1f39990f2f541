// Jest 30 on an ESM project: run it with NODE_OPTIONS=--experimental-vm-modules (the npm scripts
// do). TypeScript is compiled by SWC to ES modules; relative imports are written with `.js`
// (NodeNext) and mapped back to the sources.
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    // Jest compiles global setup to CommonJS: keep its import() native (see global-setup.ts).
    module: { type: 'es6', ignoreDynamic: true },
  },
];

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The shared domain package (packages/domain) by its sources, as tsx and Vite load it.
    '^@constats/domain/(.*)$': '<rootDir>/packages/domain/src/$1.ts',
  },
  transform: { '^.+\\.ts$': swc(false), '^.+\\.tsx$': swc(true) },
};

// The "api" and "e2e" projects share one throwaway PostgreSQL cluster per run (TEST_PG_ENGINE:
// embedded by default, debian for PostgreSQL 15) and the migrated template database every test
// clones (tests/support/test-database.ts).
const withPostgres = {
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
};

// The API's modules as the jest worker's own Node loads them, once per worker and shared by its
// test files, instead of again for each file (tests/support/worker-import.ts): these projects start
// servers, which import most of them.
const serverModulesOnce = {
  transform: { '/api/src/.+\\.ts$': '<rootDir>/tests/support/server-module-transform.mjs', ...common.transform },
};

export default {
  // Read from the root config only (jest-circus ignores a project's testTimeout). Integration
  // hooks seed a database and end-to-end tests drive a real Chromium: 5 s is too short on 2 cores.
  testTimeout: 60_000,
  // The longest files first, by their recorded durations on a machine without jest's cache.
  testSequencer: '<rootDir>/tests/support/test-sequencer.mjs',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/tests/unit/**/*.test.ts'] },
    { ...common, ...withPostgres, ...serverModulesOnce, displayName: 'api', testMatch: ['<rootDir>/tests/api/**/*.test.ts'] },
    {
      ...common,
      ...serverModulesOnce,
      // The same cluster, plus the run's one Chromium (tests/support/browser.ts).
      globalSetup: '<rootDir>/tests/support/global-setup-e2e.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown-e2e.ts',
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
    },
  ],
};
