// The bill PDF queue: a bill's PDF is rendered right after its generation, never left for its first
// download. The generating transaction sets the bill's `pdfDueAt`: the bill row is the job, stored
// with the bill or not at all, so a bill committed just before a crash is rendered at the next
// start (or by another instance). Like the mail queue, one bill at a time is claimed with SKIP
// LOCKED and held by a lease (its `pdfDueAt` set ahead), so instances never render one bill at
// once and a dead instance's bill is tried again after the lease; a failed render (a full disk, a
// render failing or timing out in its thread) is tried again with the mail queue's backoff
// (docs/decisions.md). The render itself runs in the PDF renderer's threads (infra/pdf): this loop
// holds the event loop only to read the bill and store its files.
import type { BillPdfQueue, Services } from '../../context.js';
import { failureReason, retryDelayMs } from '../../infra/mail/retry.js';
import { startPollingWorker } from '../../infra/polling-worker.js';
import { storeBillPdf } from './documents.js';

/** Longer than a render may last (RENDER_TIMEOUT_MS), so a lease never ends under a live render. */
const LEASE_MS = 2 * 60_000;
/** How often an idle queue looks for bills (another instance's, retries now due) without being woken. */
const POLL_MS = 5_000;
const STOP_GRACE_MS = 5_000;

interface DueBill {
  id: number;
  pdfAttempts: number;
}

export function startBillPdfQueue(
  services: Pick<Services, 'db' | 'storage' | 'pdfs'>,
  options: { log: (message: string) => void; pollMs?: number },
): BillPdfQueue {
  const { db } = services;
  const log = options.log;

  const claim = async (): Promise<DueBill | null> => {
    const now = new Date();
    const [bill] = await db.$queryRaw<DueBill[]>`
      UPDATE "GroupBill" SET "pdfAttempts" = "pdfAttempts" + 1, "pdfDueAt" = ${new Date(now.getTime() + LEASE_MS)}
       WHERE id = (SELECT id FROM "GroupBill" WHERE "pdfDueAt" <= ${now} ORDER BY "pdfDueAt", id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, "pdfAttempts"`;
    return bill ?? null;
  };

  const render = async (bill: DueBill) => {
    try {
      // Clears `pdfDueAt` with the keys it stores.
      await storeBillPdf(services, bill.id);
    } catch (error) {
      const reason = failureReason(error);
      const delay = retryDelayMs(bill.pdfAttempts);
      const next = delay === null ? null : new Date(Date.now() + delay);
      await db.groupBill.updateMany({ where: { id: bill.id, pdfKey: null }, data: { pdfDueAt: next } });
      log(
        `[facturation] PDF de la facture ${bill.id} : essai ${bill.pdfAttempts} échoué, ${next ? `nouvel essai dans ${Math.round(delay! / 1000)} s` : 'abandonné (rendu au premier téléchargement)'} : ${reason}`,
      );
    }
  };

  return startPollingWorker({
    claim,
    work: render,
    // The bills wait in the database.
    unavailable: (reason) => log(`[facturation] file des PDF indisponible : ${reason}`),
    pollMs: options.pollMs ?? POLL_MS,
    // A render under way gets a moment to end; if it does not, its bill is tried again after its lease.
    stopGraceMs: STOP_GRACE_MS,
  });
}
