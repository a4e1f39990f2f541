import { failureReason, FIRST_RETRY_MS, LONGEST_RETRY_MS, MAX_ATTEMPTS, retryDelayMs } from '../../api/src/infra/mail/retry.js';

describe('retryDelayMs', () => {
  it('doubles from the first delay after each failed try', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([FIRST_RETRY_MS, 2 * FIRST_RETRY_MS, 4 * FIRST_RETRY_MS, 8 * FIRST_RETRY_MS]);
  });

  it('never waits longer than the cap, however many tries failed', () => {
    expect(retryDelayMs(30)).toBe(LONGEST_RETRY_MS);
    expect(retryDelayMs(MAX_ATTEMPTS - 1)).toBe(LONGEST_RETRY_MS);
  });

  it('gives up after the last try, about two days after the first', () => {
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)!).reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(36);
    expect(total / 3_600_000).toBeLessThan(60);
  });
});

describe('failureReason', () => {
  it('keeps one line of the message, never the stack', () => {
    const error = new Error('Greeting never received\n    at SMTPConnection._onTimeout');
    expect(failureReason(error)).toBe('Greeting never received at SMTPConnection._onTimeout');
    expect(failureReason(error)).not.toContain('\n');
  });

  it('bounds a long message', () => {
    expect(failureReason(new Error('x'.repeat(5000)))).toHaveLength(500);
    expect(failureReason('refusé')).toBe('refusé');
  });
});
