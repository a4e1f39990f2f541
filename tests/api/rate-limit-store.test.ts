import pg from 'pg';
import { jest } from '@jest/globals';
import { createRateLimitStore } from '../../api/src/infra/rate-limits.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { waitFor } from '../support/wait.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ seed: false });
});

afterAll(async () => {
  await app?.stop();
});

describe('the PostgreSQL rate-limit store', () => {
  it('survives its idle connections being closed by the server, and counts again on a new one', async () => {
    const store = createRateLimitStore({ databaseUrl: app.databaseUrl });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const limiter = store.limiter('test-idle', { points: 5, durationSeconds: 60 });
      await limiter.consume('office');
      // What a PostgreSQL restart or DROP DATABASE … WITH (FORCE) does to the idle connection: to the store's
      // only (the app's own pool, ending with the test, is not this test's subject).
      const admin = new pg.Client({ connectionString: app.databaseUrl });
      await admin.connect();
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = 'constats-rate-limits'",
      );
      await admin.end();
      // The pool reports the lost connection when PostgreSQL's termination notice reaches it.
      const reported = () => logged.mock.calls.some(([line]) => String(line).startsWith('[limites] connexion PostgreSQL perdue'));
      await waitFor(reported, { what: 'the lost connection to be logged' });
      expect(reported()).toBe(true);
      const after = await limiter.consume('office');
      expect(after.remainingPoints).toBe(3);
    } finally {
      logged.mockRestore();
      await store.close();
    }
  });
});
