// /healthz and /readyz as a load balancer calls them: anonymous, cheap, and /readyz 503 naming the
// database while it cannot be reached, 200 again once it can (the pool reconnects by itself).
import { startTestApp, type TestApp } from '../support/app.js';
import { adminQuery } from '../support/test-database.js';
import { waitFor } from '../support/wait.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

const get = async (path: string) => {
  const response = await fetch(`${app.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
};

it('/healthz answers 200 {"status":"ok"} without a session', async () => {
  const health = await get('/healthz');
  expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(health.headers.get('cache-control')).toBe('no-store');
});

it('/readyz answers 200 when the database, the storage and the queues work', async () => {
  expect(await get('/readyz')).toMatchObject({ status: 200, body: { status: 'ok' } });
});

it('/readyz answers 503 naming the database while it is unreachable, within the check time, then 200 once it is back', async () => {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!;
  const name = new URL(app.databaseUrl).pathname.slice(1);
  await adminQuery(adminUrl, `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
  try {
    await adminQuery(adminUrl, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    await waitFor(
      async () => {
        const started = performance.now();
        answer = await get('/readyz');
        // Bounded by the check time (2 s), not by a connection that hangs: generous on a loaded machine.
        expect(performance.now() - started).toBeLessThan(10_000);
        return answer.status === 503;
      },
      { timeout: 10_000, interval: 200, what: '/readyz answering 503' },
    );
    expect(answer!.body).toEqual({ status: 'indisponible', failing: ['database'], message: 'Base de données injoignable.' });
    // The process itself lives.
    expect((await get('/healthz')).status).toBe(200);
  } finally {
    await adminQuery(adminUrl, `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
  }
  await waitFor(async () => (await get('/readyz')).status === 200, { timeout: 10_000, interval: 200, what: '/readyz back to 200' });
});

it('/readyz answers 503 naming the storage while a file cannot be written', async () => {
  const storage = app.services.storage;
  const put = storage.put;
  storage.put = () => Promise.reject(new Error('EROFS: read-only file system'));
  try {
    await waitFor(async () => (await get('/readyz')).status === 503, { timeout: 5_000, interval: 200 });
    expect((await get('/readyz')).body).toEqual({
      status: 'indisponible',
      failing: ['storage'],
      message: 'Stockage des fichiers indisponible en écriture.',
    });
  } finally {
    storage.put = put;
  }
  await waitFor(async () => (await get('/readyz')).status === 200, { timeout: 5_000, interval: 200, what: '/readyz back to 200' });
});

it('/readyz answers 503 naming the job queue once it has stopped', async () => {
  await app.services.mailQueue.stop();
  // Past the one-second cache of the last answer.
  await waitFor(async () => (await get('/readyz')).status === 503, { timeout: 5_000, interval: 200 });
  expect((await get('/readyz')).body).toMatchObject({ failing: ['queue'] });
});
