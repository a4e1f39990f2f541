// How many constats a list's filter finds: its totalCount, from the very `where` its page reads.
import type { AppContext } from '../../../context.js';
import { requestBatch } from '../../../infra/request-batch.js';
import type { ReportsWhere } from './filters.js';

const count = async (ctx: AppContext, where: ReportsWhere) => {
  const [{ count }] = await ctx.db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "Report" r WHERE ${where}`;
  return count;
};

/**
 * How many constats `where` finds, once per request and filter: a screen asking for its header
 * cards and its list's total with the same filter reads the total off the headers' statement
 * (reports/headers.ts primes it) instead of counting again.
 */
export const countReports = requestBatch(
  (ctx: AppContext, wheres: ReportsWhere[]) => Promise.all(wheres.map((where) => count(ctx, where))),
  {
    memo: true,
    keyOf: (where) => `${where.sql}\u0000${JSON.stringify(where.values)}`,
  },
);
