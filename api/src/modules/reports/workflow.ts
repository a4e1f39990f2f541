// Assignment, counts, archive: each reads the report locked, checks its rule, writes, commits,
// and only then notifies (product.md §14: no interleaving leaves a constat in no list).
import type { AppContext } from '../../context.js';
import { AppError, validationError } from '../../errors.js';
import type { ReportCounts } from '@constats/domain/line-amounts';
import { recordAudit } from '../audit/service.js';
import { storeNotifications } from '../notifications/service.js';
import { announce, authorize, publishChange, reportLabel, type Change, type Tx } from './access.js';
import { COMMENT_MAX, detectedTotals, isValidCount, messages, nextStatus } from './rules.js';
import { multiLineProblem } from '@constats/domain/text-input';

export async function assignSecretary(ctx: AppContext, reportId: number, secretaryId: number): Promise<void> {
  const change = await ctx.db.$transaction(async (tx): Promise<Change | null> => {
    const report = await authorize(ctx, reportId, 'assignSecretary', tx);
    const secretary = await tx.user.findFirst({
      where: { id: secretaryId, role: 'SECRETARY', status: 'ACTIVE' },
      select: { id: true, secretaryPricePage: true, secretaryPricePhoto: true },
    });
    if (!secretary) throw validationError({ secretaryId: messages.secretaryInvalid }, messages.secretaryInvalid);
    if (report.secretaryId === secretary.id) return null;
    const now = new Date();
    const status = nextStatus(report.status, { type: 'secretaryAssigned' });
    await tx.report.update({
      where: { id: report.id },
      data: {
        secretaryId: secretary.id,
        secretaryPricePage: secretary.secretaryPricePage,
        secretaryPricePhoto: secretary.secretaryPricePhoto,
        ...(status !== report.status && { status, lastStatusChange: now }),
      },
    });
    await recordAudit(tx, ctx, {
      action: 'reports.assign_secretary',
      entity: 'Report',
      entityId: report.id,
      data: { from: report.secretaryId, to: secretary.id },
    });
    const notifications = await storeNotifications(tx, [secretary.id], {
      kind: 'REPORT_ASSIGNED',
      reportId: report.id,
      body: `<p>Le constat ${reportLabel(report)} vous a été attribué.</p>`,
    });
    return { report: { ...report, secretaryId: secretary.id }, notifications, formerSecretaryId: report.secretaryId };
  });
  if (change) await announce(ctx, change);
}

function assertCounts(counts: Record<string, number>): void {
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(counts)) if (!isValidCount(value)) errors[field] = messages.countInvalid;
  if (Object.keys(errors).length > 0) throw validationError(errors, messages.countInvalid);
}

export type RetrocessionInput = Pick<ReportCounts, 'countPagesProvisional' | 'countPhotosProvisional'> & { comment?: string | null };

/**
 * Where counts come from: typed by a person, or the counting job's detection on the returned items
 * applied in one click (read on the locked report, and audited as such).
 */
export type CountsSource = 'entered' | 'detected';

/** The returned items' detected totals on the locked report; refused while some are not counted. */
async function detectedReturned(tx: Tx, reportId: number): Promise<{ pages: number; photos: number }> {
  const files = await tx.reportFile.findMany({
    where: { reportId, kind: 'RETURNED' },
    select: { pageCount: true, photoCount: true, countStatus: true },
  });
  const totals = detectedTotals(files);
  if (!totals.complete) throw new AppError('BAD_USER_INPUT', messages.detectionIncomplete);
  return totals;
}

/** The secretary's provisional counts ("Rapport rétrocédé"): EC becomes RS. */
export async function setRetrocession(
  ctx: AppContext,
  reportId: number,
  entered: RetrocessionInput,
  source: CountsSource = 'entered',
): Promise<void> {
  const report = await ctx.db.$transaction(async (tx) => {
    const report = await authorize(ctx, reportId, 'setRetrocession', tx);
    let input = entered;
    if (source === 'detected') {
      const detected = await detectedReturned(tx, report.id);
      const { retrocessionComment } = await tx.report.findUniqueOrThrow({
        where: { id: report.id },
        select: { retrocessionComment: true },
      });
      input = { countPagesProvisional: detected.pages, countPhotosProvisional: detected.photos, comment: retrocessionComment };
    }
    assertCounts({ countPagesProvisional: input.countPagesProvisional, countPhotosProvisional: input.countPhotosProvisional });
    // product.md §4: sending is impossible while the provisional page count is 0.
    if (input.countPagesProvisional === 0) {
      throw validationError({ countPagesProvisional: messages.provisionalPagesRequired }, messages.provisionalPagesRequired);
    }
    const comment = input.comment?.trim() || null;
    if (comment && comment.length > COMMENT_MAX) throw validationError({ comment: messages.commentTooLong }, messages.commentTooLong);
    const commentProblem = multiLineProblem(comment);
    if (commentProblem) throw validationError({ comment: commentProblem }, commentProblem);
    const status = nextStatus(report.status, { type: 'retrocessionSet' });
    await tx.report.update({
      where: { id: report.id },
      data: {
        countPagesProvisional: input.countPagesProvisional,
        countPhotosProvisional: input.countPhotosProvisional,
        retrocessionComment: comment,
        ...(status !== report.status && { status, lastStatusChange: new Date() }),
      },
    });
    await recordAudit(tx, ctx, {
      action: 'reports.set_retrocession',
      entity: 'Report',
      entityId: report.id,
      data: { ...input, status, source },
    });
    return report;
  });
  await publishChange(ctx, report);
}

export type BillingInput = Omit<ReportCounts, 'countPagesProvisional' | 'countPhotosProvisional'>;

/**
 * The admin's final counts ("Rapport facturé"), with the tariffs in force captured on the report.
 * The row stays locked from the invoiced check to the commit: a bill generated meanwhile waits, then
 * reads these counts (billing/generation.ts locks the same rows), or this call sees it invoiced.
 */
export async function setBilling(
  ctx: AppContext,
  reportId: number,
  entered: BillingInput,
  source: CountsSource = 'entered',
): Promise<void> {
  const report = await ctx.db.$transaction(async (tx) => {
    const report = await authorize(ctx, reportId, 'setBilling', tx);
    let input = entered;
    if (source === 'detected') {
      const { pages, photos } = await detectedReturned(tx, report.id);
      input = { countPagesRetrocession: pages, countPhotosRetrocession: photos, countPagesBilling: pages, countPhotosBilling: photos };
    }
    assertCounts({ ...input });
    const errors: Record<string, string> = {};
    if (!report.secretaryId) errors.secretaryId = messages.secretaryRequired;
    if (input.countPagesBilling === 0) errors.countPagesBilling = messages.billingPagesRequired;
    if (Object.keys(errors).length > 0) throw validationError(errors, Object.values(errors)[0]);
    const tariffs = await tx.report.findUniqueOrThrow({
      where: { id: report.id },
      select: {
        bailiff: { select: { group: { select: { pricePage: true, pricePhoto: true } } } },
        secretary: { select: { secretaryPricePage: true, secretaryPricePhoto: true } },
      },
    });
    await tx.report.update({
      where: { id: report.id },
      data: {
        ...input,
        groupPricePage: tariffs.bailiff.group?.pricePage ?? 0,
        groupPricePhoto: tariffs.bailiff.group?.pricePhoto ?? 0,
        secretaryPricePage: tariffs.secretary?.secretaryPricePage ?? 0,
        secretaryPricePhoto: tariffs.secretary?.secretaryPricePhoto ?? 0,
      },
    });
    await recordAudit(tx, ctx, { action: 'reports.set_billing', entity: 'Report', entityId: report.id, data: { ...input, source } });
    return report;
  });
  await publishChange(ctx, report);
}

export async function archiveReport(ctx: AppContext, reportId: number): Promise<void> {
  const report = await ctx.db.$transaction(async (tx) => {
    const report = await authorize(ctx, reportId, 'archive', tx);
    await tx.report.update({
      where: { id: report.id },
      data: { isArchived: true, status: nextStatus(report.status, { type: 'archived' }), lastStatusChange: new Date() },
    });
    await recordAudit(tx, ctx, { action: 'reports.archive', entity: 'Report', entityId: report.id, data: { from: report.status } });
    return report;
  });
  await publishChange(ctx, report);
}

export async function unarchiveReport(ctx: AppContext, reportId: number): Promise<void> {
  const report = await ctx.db.$transaction(async (tx) => {
    const report = await authorize(ctx, reportId, 'unarchive', tx);
    const [returnedFiles, counts] = await Promise.all([
      tx.reportFile.count({ where: { reportId: report.id, kind: 'RETURNED' } }),
      tx.report.findUniqueOrThrow({ where: { id: report.id }, select: { countPagesProvisional: true } }),
    ]);
    const status = nextStatus(report.status, { type: 'unarchived', returnedFiles, provisionalPages: counts.countPagesProvisional });
    await tx.report.update({ where: { id: report.id }, data: { isArchived: false, status, lastStatusChange: new Date() } });
    await recordAudit(tx, ctx, { action: 'reports.unarchive', entity: 'Report', entityId: report.id, data: { to: status } });
    return report;
  });
  await publishChange(ctx, report);
}
