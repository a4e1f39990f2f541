// The one place that decides whether an error means "the database cannot be reached right now"
// (dead, restarting, frozen, out of connections) rather than a fault of the request or of our code.
// Such errors are answered 503 « Service momentanément indisponible » with a Retry-After, by
// GraphQL and REST alike, instead of a logged internal error: the user retries, the operators read
// one line from the supervisor instead of a stack trace per request.
import { AppError } from '../errors.js';

export const databaseUnavailableMessage = 'Service momentanément indisponible. Réessayez dans un instant.';

/** Seconds a client is told to wait: about what a restart of the embedded server takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The finer cause published beside SERVICE_UNAVAILABLE (which a failed mail relay also answers). */
export const DATABASE_UNAVAILABLE_REASON = 'DATABASE_UNAVAILABLE';

export const databaseUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', databaseUnavailableMessage, {
    reason: DATABASE_UNAVAILABLE_REASON,
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  });

/** Socket failures of the connection to the server (Node's codes). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Prisma's codes for the same: P1001 server unreachable, P1002 and P1008 timed out, P1017 connection
 * closed, P2037 too many connections.
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2037']);

/** What Prisma's driver adapter calls them, before Prisma gives them a code. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * PostgreSQL's: class 08 (connection exception), 57P01–57P03 (terminated by a shutdown or a crash
 * of another backend, server starting or in recovery), 57014 (statement cancelled: our
 * statement_timeout), 53300 (too many connections).
 */
const isUnavailableSqlState = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '57014' || code === '53300';

/**
 * node-postgres and pg-pool fail these without a code; Prisma keeps the message of an error it
 * does not know. Matched whole: each is the library's exact wording.
 */
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/** The errors an error wraps: `cause`, GraphQL's `originalError`, Prisma's driver error, an AggregateError's. */
function wrapped(error: Record<string, unknown>): unknown[] {
  const meta = error.meta as Record<string, unknown> | undefined;
  const errors: unknown[] = Array.isArray(error.errors) ? error.errors : [];
  return [error.cause, error.originalError, meta?.driverAdapterError, ...errors];
}

function saysUnavailable(error: Record<string, unknown>): boolean {
  // Already decided, by the masking of a GraphQL operation a REST shim ran.
  if (error instanceof AppError) return error.extensions.reason === DATABASE_UNAVAILABLE_REASON;
  for (const code of [error.code, error.errorCode, error.originalCode]) {
    if (typeof code !== 'string') continue;
    if (SOCKET_CODES.has(code) || PRISMA_CODES.has(code) || isUnavailableSqlState(code)) return true;
  }
  if (typeof error.kind === 'string' && ADAPTER_KINDS.has(error.kind)) return true;
  return typeof error.message === 'string' && UNAVAILABLE_MESSAGES.has(error.message);
}

/** True when `error`, or an error it wraps, says the database is unreachable, stopped, frozen or saturated. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  // Bounded: a wrapping chain deeper than this is no error shape we know.
  while (pending.length > 0 && seen.size < 20) {
    const next = pending.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    const record = next as Record<string, unknown>;
    if (saysUnavailable(record)) return true;
    pending.push(...wrapped(record));
  }
  return false;
}
