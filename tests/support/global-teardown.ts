// Jest global teardown of the "api" and "e2e" projects: stops the cluster global-setup.ts started.
import type { ThrowawayPostgres } from '../../scripts/throwaway-postgres.js';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { testPostgres?: ThrowawayPostgres }).testPostgres?.stop();
}
