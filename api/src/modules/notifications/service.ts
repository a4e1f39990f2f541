import type { Services } from '../../context.js';

export interface NewNotification {
  kind: string;
  /** Sanitized HTML. */
  body: string;
  reportId?: number;
}

/** Stores one notification per recipient, then tells each recipient's open subscriptions. */
export async function notifyUsers(
  services: Pick<Services, 'db' | 'pubsub'>,
  userIds: number[],
  notification: NewNotification,
): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await services.db.notification.createManyAndReturn({
    data: userIds.map((userId) => ({ userId, ...notification })),
    select: { id: true, userId: true },
  });
  for (const row of rows) services.pubsub.publish('notificationAdded', row.userId, { notificationId: row.id });
}

export async function activeAdminIds(db: Services['db']): Promise<number[]> {
  const admins = await db.user.findMany({ where: { role: 'ADMIN', status: 'ACTIVE' }, select: { id: true } });
  return admins.map((admin) => admin.id);
}

