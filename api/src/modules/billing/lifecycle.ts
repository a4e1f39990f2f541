// A bill after its generation (product.md §4): e-mailed to the étude (again if need be), paid or not.
import type { AppContext } from '../../context.js';
import { AppError, validationError } from '../../errors.js';
import { MailDeliveryError, renderMail } from '../../infra/mail/index.js';
import { formatEuros, formatParisDate } from '@constats/domain/format';
import { formatMonthYear } from '../../infra/mail/format.js';
import { formatAmount, toDecimal } from '@constats/domain/money';
import { recordAudit } from '../audit/service.js';
import { notifyUsers } from '../notifications/service.js';
import { requireAdmin } from '../../guards.js';
import { groupBillPdf } from './documents.js';
import { billMessages, paymentInstant, sameParisDay } from './rules.js';
import { findVisibleBill, publishBillingChanged } from './service.js';

/** E-mails the invoice to the étude's accounting address, PDF attached; tells the étude's bailiffs. */
export async function sendGroupBill(ctx: AppContext, billId: number): Promise<void> {
  requireAdmin(ctx);
  const bill = await findVisibleBill(ctx, billId);
  const group = await ctx.db.group.findUniqueOrThrow({ where: { id: bill.groupId }, select: { email: true } });
  const pdf = await groupBillPdf(ctx, bill.id);
  const amountTtc = formatAmount(toDecimal(bill.amountTTC));
  const mail = await renderMail.billSent({
    groupName: bill.groupName,
    billNumber: String(bill.number),
    year: bill.year,
    month: bill.month,
    amountTtc,
  });
  try {
    await ctx.mailer.send({
      to: group.email,
      ...mail,
      attachments: [{ filename: pdf.name, content: pdf.content, contentType: 'application/pdf' }],
    });
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    console.error('[billing] envoi de la facture impossible', error);
    throw new AppError('SERVICE_UNAVAILABLE', billMessages.sendFailed);
  }

  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    await tx.groupBill.update({ where: { id: bill.id }, data: { isSent: true, sentAt: now } });
    await recordAudit(tx, ctx, {
      action: 'billing.send',
      entity: 'GroupBill',
      entityId: bill.id,
      data: { to: group.email, resent: bill.isSent },
    });
  });
  await publishBillingChanged(ctx, bill);
  const bailiffs = await ctx.db.user.findMany({
    where: { groupId: bill.groupId, role: 'BAILIFF', status: 'ACTIVE' },
    select: { id: true },
  });
  await notifyUsers(
    ctx,
    bailiffs.map((bailiff) => bailiff.id),
    {
      kind: 'BILL_SENT',
      body: `<p>La facture n° ${bill.number} de ${formatMonthYear(bill.year, bill.month)} (${formatEuros(amountTtc)} TTC) a été envoyée à votre étude. Retrouvez-la dans « Mes factures ».</p>`,
    },
  );
}

/**
 * product.md §4: "paid" is a checkbox the admin ticks or unticks; ticking it records the day the étude paid
 * (`paidOn`, today when absent), checked by paymentInstant.
 */
export async function setGroupBillPaid(ctx: AppContext, billId: number, isPaid: boolean, paidOn?: string | null): Promise<void> {
  requireAdmin(ctx);
  const bill = await findVisibleBill(ctx, billId);
  if (!isPaid && paidOn != null) throw validationError({ paidAt: billMessages.paidAtWithoutPayment }, billMessages.paidAtWithoutPayment);
  let paidAt: Date | null = null;
  if (isPaid) {
    const payment = paymentInstant(paidOn, bill.createdAt, new Date());
    if (!payment.ok) throw validationError({ paidAt: payment.message }, payment.message);
    paidAt = payment.paidAt;
  }
  // Conditional on the state it changes: of two marks at once, one records the change.
  const changed = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.groupBill.updateMany({ where: { id: bill.id, isPaid: !isPaid }, data: { isPaid, paidAt } });
    if (count === 1)
      await recordAudit(tx, ctx, {
        action: isPaid ? 'billing.paid' : 'billing.unpaid',
        entity: 'GroupBill',
        entityId: bill.id,
        ...(paidAt && { data: { paidAt: paidAt.toISOString() } }),
      });
    return count === 1;
  });
  if (changed) {
    await publishBillingChanged(ctx, bill);
    return;
  }
  // Already paid: a repeat of the same day (or with no day) changes nothing; another day is not taken
  // silently, the admin learns which day holds.
  if (!isPaid || paidOn == null || !paidAt) return;
  const current = await ctx.db.groupBill.findUniqueOrThrow({ where: { id: bill.id }, select: { isPaid: true, paidAt: true } });
  if (current.isPaid && current.paidAt && !sameParisDay(current.paidAt, paidAt)) {
    throw new AppError('CONFLICT', billMessages.alreadyPaid(formatParisDate(current.paidAt)));
  }
}
