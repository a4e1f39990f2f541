import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export type { Prisma } from '../generated/prisma/client.js';

export interface DbOptions {
  /** Called with every SQL statement Prisma sends (tests count statements per request). */
  onQuery?: (sql: string) => void;
  poolSize?: number;
}

/**
 * Opens the Prisma client over node-postgres. Pool errors are reported instead of crashing the
 * process when PostgreSQL goes away (e.g. embedded server stopped during shutdown).
 */
export function openDb(url: string, options: DbOptions = {}): Db {
  // The adapter owns its pool, so $disconnect() closes every connection.
  const adapter = new PrismaPg(
    { connectionString: url, max: options.poolSize ?? 10 },
    { onPoolError: (error) => console.error(`[db] connexion PostgreSQL perdue : ${error.message}`) },
  );
  if (!options.onQuery) return new PrismaClient({ adapter });
  const client = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  const onQuery = options.onQuery;
  client.$on('query', (event) => onQuery(event.query));
  return client;
}
