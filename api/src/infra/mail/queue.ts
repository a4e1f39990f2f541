// The mail queue: an e-mail is a MailOutbox row written in the transaction of the change it tells
// about, so the change and its mail are stored together or not at all; a loop delivers the rows
// after the commit, one at a time, retrying failures with backoff (retry.ts). A user's action
// therefore never waits for the mail relay nor fails with it (docs/decisions.md). Each try holds its
// row by a lease (its next attempt time set ahead) taken with SKIP LOCKED, so instances sharing the
// database never send one mail twice, and a row whose instance died is tried again after the lease.
import type { Db, Prisma } from '../db.js';
import { startPollingWorker } from '../polling-worker.js';
import type { Mailer, MailMessage } from './mailer.js';
import { failureReason, retryDelayMs } from './retry.js';

/** Longer than a try can last (the SMTP transport's timeouts), so a lease never ends under a live try. */
const LEASE_MS = 5 * 60_000;
/** How often an idle queue looks for mails (another instance's, retries now due) without being woken. */
const POLL_MS = 5_000;
/** Sent mails are kept this long, for whoever asks whether one left. */
const KEEP_SENT_MS = 30 * 24 * 3_600_000;
const PURGE_EVERY_MS = 3_600_000;
const STOP_GRACE_MS = 5_000;

export interface MailQueue {
  /**
   * Writes the mail in `tx`, the transaction of the change it tells about. Attachments are not
   * queued: a mail with one is sent by its caller, who reports the failure.
   */
  add(tx: Prisma.TransactionClient, message: Omit<MailMessage, 'attachments'>): Promise<void>;
  /** Delivers what was added, once the transaction has committed (otherwise the next poll does). */
  wake(): void;
  /** Its delivery loop runs (until stop()). */
  running(): boolean;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: number;
  recipients: string[];
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

export function startMailQueue(
  services: { db: Db; mailer: Mailer },
  options: { log: (message: string) => void; pollMs?: number },
): MailQueue {
  const { db } = services;
  const log = options.log;
  let purgedAt = 0;

  const claim = async (): Promise<OutboxRow | null> => {
    const now = new Date();
    const [row] = await db.$queryRaw<OutboxRow[]>`
      UPDATE "MailOutbox" SET attempts = attempts + 1, "nextAttemptAt" = ${new Date(now.getTime() + LEASE_MS)}
       WHERE id = (SELECT id FROM "MailOutbox" WHERE "nextAttemptAt" <= ${now} ORDER BY "nextAttemptAt", id
                    LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, recipients, subject, html, text, attempts`;
    return row ?? null;
  };

  const deliver = async (row: OutboxRow) => {
    try {
      // Read at each try (not kept): tests and previews swap the transport.
      await services.mailer.send({ to: row.recipients, subject: row.subject, html: row.html, text: row.text });
    } catch (error) {
      const reason = failureReason(error);
      const delay = retryDelayMs(row.attempts);
      const next = delay === null ? null : new Date(Date.now() + delay);
      await db.mailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: next, lastError: reason } });
      log(`[mail] essai ${row.attempts} échoué, ${next ? `nouvel essai dans ${Math.round(delay! / 1000)} s` : 'abandonné'} : ${reason}`);
      return;
    }
    await db.mailOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: null, sentAt: new Date(), lastError: null } });
  };

  const purge = async () => {
    if (Date.now() - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = Date.now();
    await db.mailOutbox.deleteMany({ where: { sentAt: { lt: new Date(Date.now() - KEEP_SENT_MS) } } });
  };

  const worker = startPollingWorker({
    claim: async () => {
      await purge();
      return claim();
    },
    work: deliver,
    // The rows wait in the database.
    unavailable: (reason) => log(`[mail] file d'envoi indisponible : ${reason}`),
    pollMs: options.pollMs ?? POLL_MS,
    // A try under way gets a moment to end; if it does not, its row is tried again after its lease.
    stopGraceMs: STOP_GRACE_MS,
  });

  return {
    ...worker,
    add: async (tx, message) => {
      await tx.mailOutbox.create({
        data: { recipients: [message.to].flat(), subject: message.subject, html: message.html, text: message.text },
      });
    },
  };
}
