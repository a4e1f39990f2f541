// The node-postgres pools the app queries through (Prisma's, the rate limits'), with every wait
// on the database bounded: a dead, frozen or saturated server fails a request in seconds, and
// db-unavailable.ts answers those failures 503.
import pg from 'pg';

/** How long the app waits on the database (DB_STATEMENT_TIMEOUT_SECONDS, DB_POOL_TIMEOUT_SECONDS). */
export interface DbTimeouts {
  /** A statement's answer, and a new connection's handshake. */
  statementSeconds: number;
  /** A free connection of the pool, while every one is busy. */
  poolSeconds: number;
}

/** The server cancels a long statement itself this long before the client stops waiting for it. */
const SERVER_CANCEL_AHEAD_MS = 500;

/**
 * A node-postgres pool whose every wait is bounded (none when `timeouts` is omitted: tools and tests
 * that open their own). Its failures are the ones db-unavailable.ts answers 503.
 */
export function boundedPoolConfig(connectionString: string, max: number, timeouts?: DbTimeouts): pg.PoolConfig {
  if (!timeouts) return { connectionString, max };
  const answerMs = timeouts.statementSeconds * 1000;
  return {
    connectionString,
    max,
    // Legitimate work queues here (twenty bill generations on a pool of ten): a longer bound.
    connectionTimeoutMillis: timeouts.poolSeconds * 1000,
    // A frozen server (SIGSTOP, a hung host) keeps its TCP connections open and never answers:
    // only a limit on our side ends the wait.
    query_timeout: answerMs,
    // A living server cancels a runaway statement itself just before, with its own error (57014):
    // its connection stays usable, and only a silent server reaches query_timeout.
    statement_timeout: Math.max(answerMs - SERVER_CANCEL_AHEAD_MS, SERVER_CANCEL_AHEAD_MS),
    // A new connection's handshake is bounded like a statement, not like the wait for a free one
    // (node-postgres gives both the pool's connectionTimeoutMillis otherwise).
    Client: class extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: answerMs });
      }
    },
  };
}
