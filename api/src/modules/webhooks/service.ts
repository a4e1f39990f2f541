// Webhooks: an admin's registrations and the redelivery of their deliveries. The deliveries
// themselves are recorded by triggers (migration 20261129220000_webhooks) and sent by queue.ts.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError, validationError } from '../../errors.js';
import type { WebhookEvent } from '../../generated/prisma/enums.js';
import { requireAdmin } from '../../guards.js';
import { recordAudit } from '../audit/service.js';
import { checkEvents, checkWebhookUrl, MAX_WEBHOOKS, webhookMessages } from './rules.js';

/** 256 random bits; sent once, kept as is to sign the deliveries (docs/decisions.md). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The live webhooks: a deleted one keeps its log in the database, out of every list. */
export const LIVE_WEBHOOKS = { deletedAt: null } as const;

/** Admins only, never through an API token (read-only: mutations are refused before they run). */
export async function createWebhook(ctx: AppContext, input: { url: string; events: readonly WebhookEvent[] }) {
  const viewer = requireAdmin(ctx);
  const url = checkWebhookUrl(input.url, ctx.config.webhookAllowedHosts);
  if (!url.ok) throw validationError({ url: url.message }, url.message);
  const events = checkEvents(input.events);
  if (!events) throw validationError({ events: webhookMessages.eventsRequired }, webhookMessages.eventsRequired);
  const secret = newSecret();
  const webhook = await ctx.db.$transaction(async (tx) => {
    // Creations one after the other, so that concurrent ones cannot pass the ceiling together.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('webhook.create'))`;
    if ((await tx.webhook.count({ where: LIVE_WEBHOOKS })) >= MAX_WEBHOOKS) throw new AppError('CONFLICT', webhookMessages.tooMany);
    const row = await tx.webhook.create({ data: { url: url.url, events, secret, createdById: viewer.id }, select: { id: true } });
    await recordAudit(tx, ctx, { action: 'webhook.create', entity: 'Webhook', entityId: row.id, data: { url: url.url, events } });
    return row;
  });
  return { id: webhook.id, secret };
}

/** Its pending deliveries are given up; its log stays readable in the database. */
export async function deleteWebhook(ctx: AppContext, id: number): Promise<void> {
  requireAdmin(ctx);
  await ctx.db.$transaction(async (tx) => {
    const deleted = await tx.webhook.updateMany({ where: { id, ...LIVE_WEBHOOKS }, data: { deletedAt: new Date() } });
    if (deleted.count === 0) throw new AppError('NOT_FOUND', webhookMessages.notFound);
    await tx.webhookDelivery.updateMany({
      where: { webhookId: id, status: 'PENDING' },
      data: { status: 'FAILED', nextAttemptAt: null, lastAnswer: webhookMessages.webhookDeleted },
    });
    await recordAudit(tx, ctx, { action: 'webhook.delete', entity: 'Webhook', entityId: id });
  });
}

/**
 * « Renvoyer »: the delivery is sent again as a new round of tries (attempts from 0, 24 hours of
 * retries). A conditional update: of concurrent redeliveries one starts the round, the others find
 * it pending and change nothing, so the receiver gets one more POST, not one per click.
 */
export async function redeliver(ctx: AppContext, deliveryId: number): Promise<void> {
  requireAdmin(ctx);
  const now = new Date();
  const started = await ctx.db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: { in: ['DELIVERED', 'FAILED'] }, webhook: LIVE_WEBHOOKS },
    data: { status: 'PENDING', attempts: 0, firstAttemptAt: null, nextAttemptAt: now, deliveredAt: null },
  });
  if (started.count === 0) {
    const delivery = await ctx.db.webhookDelivery.findUnique({
      where: { id: deliveryId },
      select: { webhook: { select: { deletedAt: true } } },
    });
    if (!delivery) throw new AppError('NOT_FOUND', webhookMessages.deliveryNotFound);
    if (delivery.webhook.deletedAt) throw new AppError('CONFLICT', webhookMessages.deleted);
    return;
  }
  await recordAudit(ctx.db, ctx, { action: 'webhook.redeliver', entity: 'WebhookDelivery', entityId: deliveryId });
  ctx.webhooks.wake();
}
