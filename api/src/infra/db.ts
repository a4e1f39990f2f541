import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { boundedPoolConfig, type DbTimeouts } from './db-pool.js';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export type { Prisma } from '../generated/prisma/client.js';

/**
 * An instant as the UTC `timestamp(3)` the columns hold, for hand-written statements: timestamps
 * are stored as UTC without zone, and an ISO string cast to timestamp keeps that wall clock.
 */
export const sqlTimestamp = (instant: Date) => Prisma.sql`${instant.toISOString()}::timestamp(3)`;

export interface DbOptions {
  /** Called with every SQL statement Prisma sends and its parameters as JSON (tests count statements per request). */
  onQuery?: (sql: string, params: string) => void;
  poolSize?: number;
  timeouts?: DbTimeouts;
}

/**
 * Opens the Prisma client over node-postgres. Pool errors are reported instead of crashing the
 * process when PostgreSQL goes away (e.g. embedded server stopped during shutdown).
 */
export function openDb(url: string, options: DbOptions = {}): Db {
  // The adapter owns its pool, so $disconnect() closes every connection.
  const adapter = new PrismaPg(boundedPoolConfig(url, options.poolSize ?? 10, options.timeouts), {
    onPoolError: (error) => console.error(`[db] connexion PostgreSQL perdue : ${error.message}`),
    statementNameGenerator: statementName,
  });
  if (!options.onQuery) return new PrismaClient({ adapter });
  const client = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  const onQuery = options.onQuery;
  client.$on('query', (event) => onQuery(event.query, event.params));
  return client;
}

// Named prepared statements: each connection parses and plans a given SQL text once, then only
// binds and executes it (the report list's query is several kB of SQL, planned on every request
// otherwise). Prisma's texts depend on the query's shape, not its values, but an `in` list makes
// one text per length: past MAX_NAMED_STATEMENTS distinct texts, new ones run unnamed ('' for
// node-postgres), so neither this process nor PostgreSQL keeps an unbounded number of statements.
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();

function statementName(query: { sql: string }): string {
  let name = statementNames.get(query.sql);
  if (name === undefined) {
    if (statementNames.size >= MAX_NAMED_STATEMENTS) return '';
    name = `prisma_${createHash('sha1').update(query.sql).digest('base64url')}`;
    statementNames.set(query.sql, name);
  }
  return name;
}
