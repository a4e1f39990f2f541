import type { AppContext, Services } from '../../context.js';
import type { Db, Prisma } from '../../infra/db.js';
import { AppError, notAuthenticated } from '../../errors.js';
import { sanitizeRichText } from '../../infra/html.js';
import { renderMail, type RenderedMail } from '../../infra/mail/index.js';

export interface NewNotification {
  kind: string;
  /** HTML; sanitized again here, so callers cannot store markup outside the allow-list. */
  body: string;
  reportId?: number;
  /** ACCOUNT_REQUEST: the pending account. */
  accountId?: number;
}

/** A stored notification, to announce once its transaction has committed. */
export interface StoredNotification {
  id: number;
  userId: number;
}

/**
 * Stores one notification per recipient. Pass the transaction client of the change it tells about,
 * so the notification exists only if the change committed (never on a constat archived meanwhile),
 * then announce() the rows after the commit.
 */
export async function storeNotifications(
  db: Db | Prisma.TransactionClient,
  userIds: number[],
  notification: NewNotification,
): Promise<StoredNotification[]> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return [];
  const body = sanitizeRichText(notification.body);
  return db.notification.createManyAndReturn({
    data: recipients.map((userId) => ({ userId, ...notification, body })),
    select: { id: true, userId: true },
  });
}

/** Tells each recipient's open subscriptions; per-user channels, so it never reaches anyone else. */
export function announceNotifications(pubsub: Services['pubsub'], rows: StoredNotification[]): void {
  for (const row of rows) pubsub.publish('notificationAdded', row.userId, { notificationId: row.id });
}

/** Stores one notification per recipient, then tells each recipient's open subscriptions. */
export async function notifyUsers(
  services: Pick<Services, 'db' | 'pubsub'>,
  userIds: number[],
  notification: NewNotification,
): Promise<void> {
  announceNotifications(services.pubsub, await storeNotifications(services.db, userIds, notification));
}

export async function activeAdminIds(db: Services['db']): Promise<number[]> {
  const admins = await db.user.findMany({ where: { role: 'ADMIN', status: 'ACTIVE' }, select: { id: true } });
  return admins.map((admin) => admin.id);
}

export const notificationMessages = {
  notFound: 'Notification introuvable.',
} as const;

/** Marks one of the viewer's notifications read (product.md §4); another user's reads as not found. */
export async function markNotificationRead(ctx: AppContext, notificationId: number): Promise<void> {
  if (!ctx.viewer) throw notAuthenticated();
  const notification = await ctx.db.notification.findFirst({
    where: { id: notificationId, userId: ctx.viewer.id },
    select: { isRead: true },
  });
  if (!notification) throw new AppError('NOT_FOUND', notificationMessages.notFound);
  if (notification.isRead) return;
  await ctx.db.notification.update({ where: { id: notificationId }, data: { isRead: true, readAt: new Date() } });
}

/** "Tout marquer comme lu": returns how many were unread. */
export async function markAllNotificationsRead(ctx: AppContext): Promise<number> {
  if (!ctx.viewer) throw notAuthenticated();
  const { count } = await ctx.db.notification.updateMany({
    where: { userId: ctx.viewer.id, isRead: false },
    data: { isRead: true, readAt: new Date() },
  });
  return count;
}

export async function unreadNotificationCount(ctx: AppContext): Promise<number> {
  if (!ctx.viewer) throw notAuthenticated();
  return ctx.db.notification.count({ where: { userId: ctx.viewer.id, isRead: false } });
}

/**
 * product.md §2 e-mail template preview ('Nouveau Constat', admins): the real template rendered with
 * sample data, so the preview can never differ from what the admins receive.
 */
export function newReportMailPreview(ctx: AppContext): Promise<RenderedMail> {
  return renderMail.newReport({
    bailiffName: 'Maître Jeanne Martin',
    reportName: 'Constat d’état des lieux – 12 rue de la République',
    fileCount: 3,
    createdAt: new Date(),
    dashboardUrl: `${ctx.config.publicUrl}/dashboard/constats-en-cours-admin`,
  });
}
