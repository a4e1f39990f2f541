// The node-postgres pools the app queries through (Prisma's, the rate limits'), with every wait
// on the database bounded: a dead, frozen or saturated server fails a request in seconds, and
// db-unavailable.ts answers those failures 503.
import pg from 'pg';

/** How long the app waits on the database (DB_STATEMENT_TIMEOUT_SECONDS, DB_TRANSACTION_TIMEOUT_SECONDS, DB_POOL_TIMEOUT_SECONDS). */
export interface DbTimeouts {
  /** A statement's answer outside a transaction, and a new connection's handshake. */
  statementSeconds: number;
  /** A statement's answer inside a transaction, where it may wait on other transactions' row locks. */
  transactionStatementSeconds: number;
  /** A free connection of the pool, while every one is busy. */
  poolSeconds: number;
}

/** Whether `text` opens or ends a transaction on its connection (Prisma sends BEGIN and COMMIT as statements). */
export function transactionBoundary(text: string | undefined): 'begin' | 'end' | null {
  const [word, next] = (/^\s*([a-z]+)(?:\s+([a-z]+))?/i.exec(text ?? '') ?? []).slice(1).map((part) => part?.toUpperCase());
  if (word === 'BEGIN' || word === 'START') return 'begin';
  // ROLLBACK TO SAVEPOINT stays inside the transaction (Prisma's nested transactions).
  if (word === 'ROLLBACK' && next === 'TO') return null;
  if (word === 'COMMIT' || word === 'ROLLBACK' || word === 'END' || word === 'ABORT') return 'end';
  return null;
}

/**
 * A node-postgres pool whose every wait is bounded (none when `timeouts` is omitted: tools and tests
 * that open their own). Its failures are the ones db-unavailable.ts answers 503.
 */
export function boundedPoolConfig(connectionString: string, max: number, timeouts?: DbTimeouts): pg.PoolConfig {
  if (!timeouts) return { connectionString, max };
  const answerMs = timeouts.statementSeconds * 1000;
  const transactionAnswerMs = Math.max(timeouts.transactionStatementSeconds * 1000, answerMs);
  return {
    connectionString,
    max,
    // Legitimate work queues here (twenty bill generations on a pool of ten): a longer bound.
    connectionTimeoutMillis: timeouts.poolSeconds * 1000,
    // PostgreSQL cancels a runaway statement itself (57014), the connection staying usable.
    statement_timeout: transactionAnswerMs,
    Client: class extends pg.Client {
      #inTransaction = false;

      constructor(config?: pg.ClientConfig) {
        // A new connection's handshake is bounded like a statement, not like the wait for a free
        // one (node-postgres gives both the pool's connectionTimeoutMillis otherwise).
        super({ ...config, connectionTimeoutMillis: answerMs });
      }

      // A frozen server (SIGSTOP, a hung host) keeps its TCP connections open and never answers:
      // only a limit on our side ends the wait, which node-postgres reads from each query's
      // config. Outside a transaction a statement meets no lock worth seconds (a request's first
      // one, the session lookup, among them): a frozen server is a 503 within answerMs. Inside,
      // it may rightly wait on other transactions' row locks: the longer bound.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards node-postgres's every overload
      override query(...args: any[]): any {
        const [first, ...rest] = args as unknown[];
        // A submittable (a cursor, a stream) is passed as it is: its own object is the query.
        const submittable = typeof (first as { submit?: unknown } | null)?.submit === 'function';
        const config = typeof first === 'object' && first !== null && !submittable ? (first as pg.QueryConfig) : undefined;
        const boundary = transactionBoundary(typeof first === 'string' ? first : config?.text);
        const query_timeout = this.#inTransaction || boundary === 'end' ? transactionAnswerMs : answerMs;
        if (boundary) this.#inTransaction = boundary === 'begin';
        const bounded = config ? { ...config, query_timeout } : typeof first === 'string' ? { text: first, query_timeout } : first;
        return (super.query as (...forwarded: unknown[]) => unknown).call(this, bounded, ...rest);
      }
    },
  };
}
