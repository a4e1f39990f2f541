import type { AppContext } from '../../context.js';
import { AppError, forbidden, notAuthenticated, validationError } from '../../errors.js';
import type { Prisma } from '../../infra/db.js';
import { htmlToText, sanitizeRichText } from '../../infra/html.js';
import { recordAudit } from '../audit/service.js';
import { idempotentCreation } from '../idempotency/service.js';
import { searchTextClauses, searchWords, toSearchText } from '../accounts/rules.js';
import { newsMessages, validateNews, type NewsSearch } from './rules.js';
import { requireAdmin } from '../../guards.js';

export interface NewsInput {
  title?: string | null;
  /** Rich text as typed: sanitized here before anything else sees it. */
  body?: string | null;
  important?: boolean | null;
}

/** product.md §1: admins and secretaries see news; bailiffs have no news tab. */
export function mayReadNews(ctx: AppContext): boolean {
  return ctx.viewer?.role === 'ADMIN' || ctx.viewer?.role === 'SECRETARY';
}

const searchTextOf = (title: string, body: string) => toSearchText(title, htmlToText(body));

/** Publishes a news item and tells every connected admin and secretary at once. */
export async function createNews(ctx: AppContext, input: NewsInput): Promise<number> {
  requireAdmin(ctx);
  const body = sanitizeRichText(input.body);
  const errors = validateNews({ title: input.title, body }, 'create');
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const title = input.title!.trim();
  return idempotentCreation(ctx, 'createNews', async (complete) => {
    const newsId = await ctx.db.$transaction(async (tx) => {
      const created = await tx.news.create({
        data: { title, body, important: input.important ?? false, authorId: ctx.viewer!.id, searchText: searchTextOf(title, body) },
        select: { id: true },
      });
      await recordAudit(tx, ctx, { action: 'news.create', entity: 'News', entityId: created.id });
      await complete(tx, created.id);
      return created.id;
    });
    ctx.pubsub.publish('newsPublished', { newsId });
    return newsId;
  });
}

export async function updateNews(ctx: AppContext, newsId: number, input: NewsInput): Promise<void> {
  requireAdmin(ctx);
  const stored = await ctx.db.news.findUnique({ where: { id: newsId }, select: { title: true, body: true } });
  if (!stored) throw new AppError('NOT_FOUND', newsMessages.notFound);
  const body = input.body === undefined ? undefined : sanitizeRichText(input.body);
  const errors = validateNews({ title: input.title, body }, 'update');
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const data: Prisma.NewsUpdateInput = {};
  const title = input.title !== undefined ? input.title!.trim() : undefined;
  if (title !== undefined) data.title = title;
  if (body !== undefined) data.body = body;
  if (input.important != null) data.important = input.important;
  data.searchText = searchTextOf(title ?? stored.title, body ?? stored.body);
  await ctx.db.$transaction(async (tx) => {
    await tx.news.update({ where: { id: newsId }, data });
    await recordAudit(tx, ctx, { action: 'news.update', entity: 'News', entityId: newsId });
  });
}

/** Per-user read mark (product.md §4: unread → read); idempotent. */
export async function markNewsRead(ctx: AppContext, newsId: number): Promise<void> {
  if (!ctx.viewer) throw notAuthenticated();
  if (!mayReadNews(ctx)) throw forbidden();
  if (!(await ctx.db.news.count({ where: { id: newsId } }))) throw new AppError('NOT_FOUND', newsMessages.notFound);
  await ctx.db.newsRead.upsert({
    where: { newsId_userId: { newsId, userId: ctx.viewer.id } },
    create: { newsId, userId: ctx.viewer.id },
    update: {},
  });
}

/** The list filter: accent-free words in title and text, and/or the day of publication (Paris time). */
export async function newsWhere(ctx: AppContext, search: NewsSearch): Promise<Prisma.NewsWhereInput> {
  const where: Prisma.NewsWhereInput = { AND: searchTextClauses(searchWords(search.keyword)) };
  if (!search.date) return where;
  const { day, month = null, year = null } = search.date;
  // Timestamps are stored as UTC without zone: convert to Paris time before taking the day.
  const rows = await ctx.db.$queryRaw<{ id: number }[]>`
    SELECT id FROM "News"
    WHERE EXTRACT(DAY FROM ("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Paris') = ${day}
      AND (${month}::int IS NULL OR EXTRACT(MONTH FROM ("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Paris') = ${month}::int)
      AND (${year}::int IS NULL OR EXTRACT(YEAR FROM ("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Paris') = ${year}::int)`;
  return { ...where, id: { in: rows.map((row) => row.id) } };
}
