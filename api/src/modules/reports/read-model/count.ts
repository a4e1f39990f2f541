// How many constats a list's filter finds: its totalCount, from the very `where` its page reads.
import { createContextCache } from '@pothos/core';
import type { AppContext } from '../../../context.js';
import type { ReportsWhere } from './filters.js';

// A screen asks for its header cards and its list's total with the same filter: within one
// request, the list's total is read off the headers' statement (reports/service.ts reportHeaders)
// instead of counting again.
const countsOfRequest = createContextCache(() => new Map<string, Promise<number>>());
const whereKey = (where: ReportsWhere) => `${where.sql}\u0000${JSON.stringify(where.values)}`;

/** Lets the list's count of `where` in this request come from `count` (a statement already sent). */
export function rememberCount(ctx: AppContext, where: ReportsWhere, count: Promise<number>): void {
  countsOfRequest(ctx).set(whereKey(where), count);
}

/** How many constats `where` finds. */
export async function countReports(ctx: AppContext, where: ReportsWhere): Promise<number> {
  const known = countsOfRequest(ctx).get(whereKey(where));
  if (known) return known;
  const [{ count }] = await ctx.db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "Report" r WHERE ${where}`;
  return count;
}
