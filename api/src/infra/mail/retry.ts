// When a mail that could not leave is tried again: doubling from a few seconds (a relay restarting
// is back quickly), capped so that a long outage is still tried twice an hour, and given up after a
// couple of days (whoever it told has long learnt it otherwise). The bill PDF queue retries a
// render (a full disk) on the same steps. Pure, for the unit tests.

/** The first retry's delay; each next one doubles. */
export const FIRST_RETRY_MS = 5_000;
/** The longest wait between two tries. */
export const LONGEST_RETRY_MS = 30 * 60_000;
/** Tries before giving up: about two days with the delays above. */
export const MAX_ATTEMPTS = 100;

/** The wait after the `attempts`-th failed try (1 for the first), or null: give up. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** A failure's reason on one line, bounded: logs and the outbox's lastError never carry a stack. */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}
