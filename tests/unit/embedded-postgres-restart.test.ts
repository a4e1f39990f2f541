// The embedded PostgreSQL's supervisor (api/src/infra/embedded-postgres.ts): how long it waits
// before each restart try, and the one line it logs when a try fails.
import { restartDelayMs, startFailureReason } from '../../api/src/infra/embedded-postgres.js';

describe('restart backoff', () => {
  it('waits 1 s before the first try (the dead server’s backends exit meanwhile), then doubles', () => {
    expect([0, 1, 2, 3].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits more than 10 s between tries, however many failed', () => {
    expect([4, 5, 10, 100, 2_000].map(restartDelayMs)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
  });
});

describe('a failed start in one line', () => {
  it("is PostgreSQL's last FATAL message", () => {
    const output = [
      '2026-11-29 16:20:01.123 UTC [4242] LOG:  starting PostgreSQL 18.0',
      '2026-11-29 16:20:01.124 UTC [4242] FATAL:  pre-existing shared memory block (key 5432001, ID 17) is still in use',
      '2026-11-29 16:20:01.124 UTC [4242] HINT:  Terminate any old server processes associated with data directory "/srv/data/pg".',
    ].join('\n');
    expect(startFailureReason(new Error(`PostgreSQL failed to start in /srv/data/pg: ${output}`))).toBe(
      'pre-existing shared memory block (key 5432001, ID 17) is still in use',
    );
  });

  it('is the first line of the error when PostgreSQL said nothing fatal, cut to 300 characters', () => {
    expect(startFailureReason(new Error('spawn postgres EACCES\n    at ChildProcess.spawn'))).toBe('spawn postgres EACCES');
    expect(startFailureReason(new Error('x'.repeat(1_000)))).toHaveLength(300);
  });
});
