import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { closeRedis, fastFailingRedis, outageLog } from './redis.js';
import { boundedPoolConfig, type DbTimeouts } from './db-pool.js';

/** Points consumable under one key per window; past them the key waits `blockSeconds` if set. */
export interface RateLimit {
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
}

export interface RateLimitStore {
  /** The limiter of that name (its key prefix in the shared store), built on first use. */
  limiter(name: string, limit: RateLimit): RateLimiterAbstract;
  close(): Promise<void>;
}

/** The table of the `rate_limits` migration, in the shape rate-limiter-flexible creates. */
const TABLE = 'rate_limits';
/** Counters whose window ended an hour ago are deleted every five minutes (the library's own pace). */
const CLEANUP_INTERVAL_MS = 5 * 60_000;

/**
 * Throttling counters shared by every instance: in PostgreSQL by default (the app's own database,
 * through a small pg pool, since rate-limiter-flexible speaks to pg and not to Prisma), in Redis
 * when REDIS_URL is set. Each consume is one atomic upsert (or Lua script), so concurrent
 * requests cannot all pass under a limit. While Redis is away each instance counts in its own
 * memory (the library's insurance limiter): limits hold per instance, logins keep working.
 */
export function createRateLimitStore(options: { databaseUrl: string; redisUrl?: string; timeouts?: DbTimeouts }): RateLimitStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  const build = (name: string, limit: RateLimit) => ({
    keyPrefix: name,
    points: limit.points,
    duration: limit.durationSeconds,
    blockDuration: limit.blockSeconds ?? 0,
  });
  const cached = (make: (name: string, limit: RateLimit) => RateLimiterAbstract) => (name: string, limit: RateLimit) => {
    let limiter = limiters.get(name);
    if (!limiter) limiters.set(name, (limiter = make(name, limit)));
    return limiter;
  };

  if (options.redisUrl) {
    // A command failing at once while Redis is away, the insurance limiter answers instead.
    const client = fastFailingRedis(options.redisUrl);
    const outage = outageLog('[limites] Redis injoignable, compteurs en mémoire de chaque instance', '[limites] Redis rétabli');
    client.on('error', (error: Error) => outage.lost(error));
    client.on('ready', () => outage.back());
    return {
      limiter: cached(
        (name, limit) =>
          new RateLimiterRedis({
            storeClient: client,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(build(name, limit)),
            ...build(name, limit),
          }),
      ),
      close: () => closeRedis(client),
    };
  }

  // Named, as the counting workers' and the backup's connections are: pg_stat_activity tells the pools apart.
  const pool = new pg.Pool({ ...boundedPoolConfig(options.databaseUrl, 4, options.timeouts), application_name: 'constats-rate-limits' });
  // An idle connection closed by the server (a restart, a terminated backend) is an 'error' event on
  // the pool: without a listener it would stop the process. The pool opens another when needed.
  pool.on('error', (error) => console.error(`[limites] connexion PostgreSQL perdue : ${error.message}`));
  const cleanup = setInterval(() => {
    pool.query(`DELETE FROM ${TABLE} WHERE expire < $1`, [Date.now() - 3600_000]).catch((error: Error) => {
      console.error('[limites] nettoyage des compteurs', error.message);
    });
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  return {
    limiter: cached(
      (name, limit) =>
        // The migration made the table; the cleanup above replaces the library's per-limiter timers.
        new RateLimiterPostgres({
          storeClient: pool,
          tableName: TABLE,
          tableCreated: true,
          clearExpiredByTimeout: false,
          ...build(name, limit),
        }),
    ),
    close: async () => {
      clearInterval(cleanup);
      await pool.end();
    },
  };
}
