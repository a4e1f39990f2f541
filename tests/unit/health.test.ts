import { readiness, readinessMessages, within } from '../../api/src/infra/health.js';

describe('readiness', () => {
  it('is 200 ok when every part works', () => {
    expect(readiness({ database: null, storage: null, queue: null })).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is 503 naming each failing part, in French, without the internal reason', () => {
    const answer = readiness({ database: 'connect ECONNREFUSED 10.0.0.5:5432', storage: null, queue: 'arrêtée' });
    expect(answer).toEqual({
      status: 503,
      body: {
        status: 'indisponible',
        failing: ['database', 'queue'],
        message: `${readinessMessages.database} ${readinessMessages.queue}`,
      },
    });
    expect(JSON.stringify(answer)).not.toContain('10.0.0.5');
  });
});

describe('within', () => {
  it('is null for a check that succeeds in time', async () => {
    await expect(within(1000, () => Promise.resolve(1))).resolves.toBeNull();
  });

  it("is the check's error message when it fails", async () => {
    await expect(within(1000, () => Promise.reject(new Error('disque plein')))).resolves.toBe('disque plein');
  });

  it('gives up on a check that never answers, after the time given', async () => {
    const started = performance.now();
    await expect(within(50, () => new Promise(() => {}))).resolves.toBe('pas de réponse en 50 ms');
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
