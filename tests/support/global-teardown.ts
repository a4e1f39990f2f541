// Jest global teardown of the "api" and "e2e" projects: stops the cluster global-setup.ts started
// and removes the seeded data folder and the counting process's bundle.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ThrowawayPostgres } from '../../scripts/throwaway-postgres.js';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { testPostgres?: ThrowawayPostgres }).testPostgres?.stop();
  if (process.env.TEST_SEEDED_DATA_DIR) await rm(process.env.TEST_SEEDED_DATA_DIR, { recursive: true, force: true });
  const bundle = process.env.COUNTING_PROCESS_BUNDLE;
  if (bundle) await rm(path.dirname(bundle), { recursive: true, force: true });
}
