// The webhook delivery queue, a polling loop like the mail queue (docs/decisions.md): a delivery is a
// WebhookDelivery row, written by a trigger in the transaction of the change it tells about, so the
// change and its deliveries are stored together or not at all; the row is both the job and the log
// the « Webhooks » screen shows. One row at a time is claimed with SKIP LOCKED and held by a lease
// (its next attempt time set ahead), so instances never send one delivery at once and a dead
// instance's delivery is tried again after the lease. Failures are tried again on the backoff of
// rules.ts until 24 hours after the first try.
import type { Services, WebhookQueue } from '../../context.js';
import type { WebhookEvent } from '../../generated/prisma/enums.js';
import { failureReason } from '../../infra/mail/retry.js';
import { startPollingWorker } from '../../infra/polling-worker.js';
import { postWebhook } from './delivery.js';
import { boundedAnswer, deliveryBody, eventNames, nextAttemptAt, REQUEST_TIMEOUT_MS, signature, webhookMessages } from './rules.js';

/** Longer than a try can last, so a lease never ends under a live try. */
const LEASE_MS = REQUEST_TIMEOUT_MS + 60_000;
/** How often an idle queue looks for deliveries (recorded by triggers, retries now due) without being woken. */
const POLL_MS = 5_000;
const STOP_GRACE_MS = 2_000;

interface ClaimedDelivery {
  id: number;
  webhookId: number;
  event: WebhookEvent;
  objectType: string;
  objectId: number;
  payload: unknown;
  occurredAt: Date;
  attempts: number;
  firstAttemptAt: Date;
  url: string;
  secret: string;
  deleted: boolean;
}

export function startWebhookQueue(
  services: Pick<Services, 'db' | 'config'>,
  options: { log: (message: string) => void; pollMs?: number },
): WebhookQueue {
  const { db } = services;
  const log = options.log;

  const claim = async (): Promise<ClaimedDelivery | null> => {
    const now = new Date();
    const [row] = await db.$queryRaw<ClaimedDelivery[]>`
      UPDATE "WebhookDelivery" d SET attempts = d.attempts + 1, "nextAttemptAt" = ${new Date(now.getTime() + LEASE_MS)},
             "firstAttemptAt" = COALESCE(d."firstAttemptAt", ${now}), "lastAttemptAt" = ${now}
        FROM "Webhook" w
       WHERE w.id = d."webhookId"
         AND d.id = (SELECT id FROM "WebhookDelivery" WHERE status = 'PENDING' AND "nextAttemptAt" <= ${now}
                      ORDER BY "nextAttemptAt", id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING d.id, d."webhookId", d.event, d."objectType", d."objectId", d.payload, d."occurredAt", d.attempts,
                d."firstAttemptAt", w.url, w.secret, w."deletedAt" IS NOT NULL AS deleted`;
    return row ?? null;
  };

  const deliver = async (delivery: ClaimedDelivery, stopping: AbortSignal) => {
    if (delivery.deleted) {
      await db.webhookDelivery.update({
        where: { id: delivery.id },
        data: { status: 'FAILED', nextAttemptAt: null, lastAnswer: webhookMessages.webhookDeleted },
      });
      return;
    }
    const body = deliveryBody(delivery);
    const timestamp = String(Math.floor(Date.now() / 1000));
    let outcome: { statusCode: number | null; answer: string };
    try {
      const answer = await postWebhook(
        delivery.url,
        body,
        {
          'user-agent': 'Constats-Webhooks/1',
          'x-constats-event': eventNames[delivery.event],
          'x-constats-delivery': String(delivery.id),
          'x-constats-timestamp': timestamp,
          'x-constats-signature': signature(delivery.secret, timestamp, body),
        },
        { allowedHosts: services.config.webhookAllowedHosts, signal: stopping },
      );
      outcome = { statusCode: answer.statusCode, answer: answer.answer };
    } catch (error) {
      // Stopped mid-try: the delivery is tried again at the next start, that try not counted.
      if (stopping.aborted) {
        await db.webhookDelivery.update({ where: { id: delivery.id }, data: { attempts: { decrement: 1 }, nextAttemptAt: new Date() } });
        return;
      }
      outcome = { statusCode: null, answer: failureReason(error) };
    }
    const now = new Date();
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const retryAt = delivered ? null : nextAttemptAt(delivery.attempts, delivery.firstAttemptAt, now);
    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        status: delivered ? 'DELIVERED' : retryAt ? 'PENDING' : 'FAILED',
        lastStatusCode: outcome.statusCode,
        lastAnswer: boundedAnswer(outcome.answer),
        nextAttemptAt: retryAt,
        deliveredAt: delivered ? now : null,
      },
    });
    if (!delivered) {
      log(
        `[webhooks] envoi ${delivery.id} : essai ${delivery.attempts} échoué (${outcome.statusCode ?? outcome.answer}), ${retryAt ? `nouvel essai à ${retryAt.toISOString()}` : 'abandonné'}`,
      );
    }
  };

  return startPollingWorker({
    claim,
    work: deliver,
    // The deliveries wait in the database.
    unavailable: (reason) => log(`[webhooks] file d'envoi indisponible : ${reason}`),
    pollMs: options.pollMs ?? POLL_MS,
    // The try under way is aborted at once (a receiver may take its 10 s): the app's stop never waits for it.
    stopGraceMs: STOP_GRACE_MS,
  });
}
