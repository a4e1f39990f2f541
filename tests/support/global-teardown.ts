// Jest global teardown of the "api" and "e2e" projects: stops the cluster global-setup.ts started
// and removes the seeded data folder.
import { rm } from 'node:fs/promises';
import type { ThrowawayPostgres } from '../../scripts/throwaway-postgres.js';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { testPostgres?: ThrowawayPostgres }).testPostgres?.stop();
  if (process.env.TEST_SEEDED_DATA_DIR) await rm(process.env.TEST_SEEDED_DATA_DIR, { recursive: true, force: true });
}
