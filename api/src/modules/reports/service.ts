import type { AppContext, Services, Viewer } from '../../context.js';
import type { ArchiveProvider } from '../../infra/file-links.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { ReportFileKind } from '../../generated/prisma/enums.js';
import { AppError, validationError } from '../../graphql/errors.js';
import { renderMail } from '../../infra/mail/index.js';
import { discardFiles, drainUploads, saveUploads, type StoredFile, type UploadInput } from '../../infra/uploads.js';
import { recordAudit } from '../audit/service.js';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../idempotency/service.js';
import { activeAdminIds, announceNotifications, storeNotifications, type StoredNotification } from '../notifications/service.js';
import { detectedTotals } from '../counting/rules.js';
import {
  can,
  canCreateReport,
  COMMENT_MAX,
  fileActions,
  isValidCount,
  messages,
  nextStatus,
  validateNewReport,
  type ReportAction,
  type ReportFacts,
} from './rules.js';
import { requireViewer } from '../../guards.js';
import { escapeHtml } from '../../infra/html.js';
import { visibleCommentsSql } from './read-model/visibility.js';

// ---------------------------------------------------------------------------------------------
// Lookups (who sees what, and every list's filter, is the read model's: read-model/)
// ---------------------------------------------------------------------------------------------

const FACTS = { id: true, status: true, isArchived: true, invoiced: true, bailiffId: true, secretaryId: true, name: true } as const;
type Facts = ReportFacts & { id: number; name: string };
type Tx = Prisma.TransactionClient;

/**
 * The report locked (FOR UPDATE) until the transaction ends: every state change on a constat reads
 * the row it checks its rule against this way, so concurrent changes (assignment and archiving,
 * counts and billing…) apply one after the other, each to the state the previous one left.
 */
async function lockReport(tx: Tx, reportId: number): Promise<Facts | null> {
  const [report] = await tx.$queryRaw<Facts[]>`
    SELECT id, name, status, "isArchived", invoiced, "bailiffId", "secretaryId" FROM "Report" WHERE id = ${reportId} FOR UPDATE`;
  return report ?? null;
}

/**
 * The report if the viewer may do `action` on it; NOT_FOUND when they may not even see it. Within a
 * transaction (`tx`) the row is locked first and the rule checked against it as locked.
 */
async function authorize(ctx: AppContext, reportId: number, action: ReportAction, tx?: Tx): Promise<Facts> {
  const viewer = requireViewer(ctx);
  const report = tx ? await lockReport(tx, reportId) : await ctx.db.report.findUnique({ where: { id: reportId }, select: FACTS });
  if (!report || !can(viewer, 'view', report)) throw new AppError('NOT_FOUND', messages.notFound);
  if (!can(viewer, action, report)) throw new AppError('FORBIDDEN', messages.notAllowed);
  return report;
}


// ---------------------------------------------------------------------------------------------
// Live updates
// ---------------------------------------------------------------------------------------------

/** Tells everyone who can see the report (and a secretary who just lost it) that it changed. */
async function publishChange(ctx: AppContext, report: Pick<Facts, 'id' | 'bailiffId' | 'secretaryId'>, formerSecretaryId?: number | null) {
  await publishReportChanges(ctx, [report], formerSecretaryId);
}

/** `publishChange` for several reports changed together (e.g. invoiced by one bill): one lookup of the admins. */
export async function publishReportChanges(
  ctx: Pick<Services, 'db' | 'pubsub'>,
  reports: Pick<Facts, 'id' | 'bailiffId' | 'secretaryId'>[],
  formerSecretaryId?: number | null,
): Promise<void> {
  const admins = await activeAdminIds(ctx.db);
  for (const report of reports) {
    const recipients = new Set([...admins, report.bailiffId]);
    if (report.secretaryId) recipients.add(report.secretaryId);
    if (formerSecretaryId) recipients.add(formerSecretaryId);
    for (const userId of recipients) ctx.pubsub.publish('reportChanged', userId, { reportId: report.id });
  }
}

const reportLabel = (report: { name: string }) => `« ${escapeHtml(report.name)} »`;

async function userName(ctx: AppContext, userId: number): Promise<string> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } });
  return `${user.firstName} ${user.lastName}`;
}

// ---------------------------------------------------------------------------------------------
// Creation and files
// ---------------------------------------------------------------------------------------------

export interface CreateReportInput {
  /** Required for admins; a bailiff always creates for himself. */
  bailiffId?: number | null;
  name: string;
  files: UploadInput[];
  comment?: string | null;
}

export async function createReport(ctx: AppContext, input: CreateReportInput): Promise<number> {
  const viewer = requireViewer(ctx);
  const bailiffId = viewer.role === 'BAILIFF' ? viewer.id : input.bailiffId ?? null;
  if (viewer.role === 'SECRETARY' || (bailiffId !== null && !canCreateReport(viewer, bailiffId))) {
    drainUploads(input.files);
    throw new AppError('FORBIDDEN', messages.notAllowed);
  }
  const errors = validateNewReport({ name: input.name, fileCount: input.files.length, comment: input.comment });
  const bailiff = bailiffId
    ? await ctx.db.user.findFirst({ where: { id: bailiffId, role: 'BAILIFF', status: 'ACTIVE' }, select: { id: true, firstName: true, lastName: true } })
    : null;
  if (!bailiff) errors.bailiffId = messages.bailiffRequired;
  if (Object.keys(errors).length > 0) {
    drainUploads(input.files);
    throw validationError(errors);
  }
  let claim;
  try {
    claim = await claimIdempotencyKey(ctx, 'createReport');
  } catch (error) {
    drainUploads(input.files);
    throw error;
  }
  // A repeated request: its files are read to the end and thrown away, the first constat answers.
  if (claim && !claim.owned) {
    drainUploads(input.files);
    return claim.result();
  }

  let stored: StoredFile[];
  try {
    stored = await saveUploads(ctx.storage, input.files, { folder: 'reports', category: 'document', maxBytes: ctx.config.maxUploadBytes });
  } catch (error) {
    await releaseIdempotencyKey(ctx, claim);
    throw error;
  }
  const name = input.name.trim();
  const comment = input.comment?.trim();
  const bailiffName = `${bailiff!.firstName} ${bailiff!.lastName}`;
  const adminIds = (await activeAdminIds(ctx.db)).filter((id) => id !== viewer.id);
  let created: { reportId: number; notifications: StoredNotification[]; fileIds: number[] };
  try {
    created = await ctx.db.$transaction(async (tx) => {
      const report = await tx.report.create({
        // Spec §4 leaves the first status open: a new constat is "en cours" (EC) straight away.
        data: { name, bailiffId: bailiff!.id, status: 'EC', lastStatusChange: new Date() },
        select: { id: true },
      });
      const files = await tx.reportFile.createManyAndReturn({ data: stored.map((file) => fileRow(report.id, 'DEPOSITED', file, viewer.id)), select: { id: true } });
      if (comment) await tx.comment.create({ data: { reportId: report.id, authorId: viewer.id, receiverId: null, body: comment } });
      await recordAudit(tx, ctx, { action: 'reports.create', entity: 'Report', entityId: report.id, data: { files: stored.length } });
      await completeIdempotencyKey(tx, claim, report.id);
      const notifications = await storeNotifications(tx, adminIds, {
        kind: 'REPORT_CREATED',
        reportId: report.id,
        body: `<p>Nouveau constat ${reportLabel({ name })} déposé par ${escapeHtml(bailiffName)} (${stored.length} fichier${stored.length > 1 ? 's' : ''}).</p>`,
      });
      return { reportId: report.id, notifications, fileIds: files.map((file) => file.id) };
    });
  } catch (error) {
    await discardFiles(ctx.storage, stored);
    await releaseIdempotencyKey(ctx, claim);
    throw error;
  }

  // Counted in the background, after the commit: the upload never waits for it nor fails with it.
  void ctx.counting.enqueue(created.fileIds);
  announceNotifications(ctx.pubsub, created.notifications);
  const admins = await ctx.db.user.findMany({ where: { id: { in: adminIds } }, select: { email: true } });
  if (admins.length > 0) {
    const mail = await renderMail.newReport({
      bailiffName,
      reportName: name,
      fileCount: stored.length,
      createdAt: new Date(),
      dashboardUrl: `${ctx.config.publicUrl}/dashboard/constats-en-cours-admin`,
    });
    await ctx.mailer.send({ to: admins.map((admin) => admin.email), ...mail });
  }
  await publishChange(ctx, { id: created.reportId, bailiffId: bailiff!.id, secretaryId: null });
  return created.reportId;
}

function fileRow(reportId: number, kind: ReportFileKind, file: StoredFile, uploadedById: number) {
  return { reportId, kind, uploadedById, originalName: file.originalName, size: file.size, mimeType: file.mimeType, storageKey: file.storageKey };
}

/** What a committed change announces: the report as it was locked, and the notifications it stored. */
interface Change {
  report: Facts;
  notifications: StoredNotification[];
  /** A secretary who lost the report (reassignment): her lists drop it. */
  formerSecretaryId?: number | null;
}

/** After the commit only: notifications and live updates never tell about a change that rolled back. */
async function announce(ctx: AppContext, change: Change): Promise<void> {
  announceNotifications(ctx.pubsub, change.notifications);
  await publishChange(ctx, change.report, change.formerSecretaryId);
}

export async function addFiles(ctx: AppContext, reportId: number, kind: ReportFileKind, files: UploadInput[]): Promise<void> {
  try {
    await authorize(ctx, reportId, fileActions[kind].add);
    if (files.length === 0) throw validationError({ files: messages.fileRequired }, messages.fileRequired);
  } catch (error) {
    drainUploads(files);
    throw error;
  }
  const viewer = ctx.viewer!;
  const stored = await saveUploads(ctx.storage, files, { folder: 'reports', category: 'document', maxBytes: ctx.config.maxUploadBytes });
  const plural = stored.length > 1 ? 's' : '';
  let change: Change & { fileIds: number[] };
  try {
    change = await ctx.db.$transaction(async (tx) => {
      // Checked again on the locked row: the constat may have been archived or terminated while the files arrived.
      const report = await authorize(ctx, reportId, fileActions[kind].add, tx);
      const now = new Date();
      const status = kind === 'RETURNED' ? nextStatus(report.status, { type: 'filesReturned' }) : report.status;
      const files = await tx.reportFile.createManyAndReturn({ data: stored.map((file) => fileRow(report.id, kind, file, viewer.id)), select: { id: true } });
      await tx.report.update({
        where: { id: report.id },
        data: { updatedAt: now, ...(status !== report.status && { status, lastStatusChange: now, returnedAt: now }) },
      });
      await recordAudit(tx, ctx, { action: `reports.files.add.${kind.toLowerCase()}`, entity: 'Report', entityId: report.id, data: { files: stored.length, status } });
      let notifications: StoredNotification[] = [];
      if (kind === 'RETURNED') {
        notifications = await storeNotifications(tx, [report.bailiffId], {
          kind: 'REPORT_RETURNED',
          reportId: report.id,
          body: `<p>Votre constat ${reportLabel(report)} est terminé : ${stored.length} fichier${plural} retourné${plural}.</p>`,
        });
      } else if (report.secretaryId && viewer.id !== report.secretaryId) {
        notifications = await storeNotifications(tx, [report.secretaryId], {
          kind: 'REPORT_FILES_ADDED',
          reportId: report.id,
          body: `<p>Nouveaux éléments déposés sur le constat ${reportLabel(report)}.</p>`,
        });
      }
      return { report, notifications, fileIds: files.map((file) => file.id) };
    });
  } catch (error) {
    await discardFiles(ctx.storage, stored);
    throw error;
  }
  // Counted in the background, after the commit: the upload never waits for it nor fails with it.
  void ctx.counting.enqueue(change.fileIds);
  await announce(ctx, change);
}

export async function removeFiles(ctx: AppContext, reportId: number, fileIds: number[]): Promise<void> {
  const { report, files } = await ctx.db.$transaction(async (tx) => {
    const report = await authorize(ctx, reportId, 'view', tx);
    const files = await tx.reportFile.findMany({ where: { reportId: report.id, id: { in: fileIds } }, select: { id: true, kind: true, storageKey: true } });
    if (files.length === 0) throw new AppError('NOT_FOUND', 'Fichier introuvable.');
    for (const kind of new Set(files.map((file) => file.kind))) {
      if (!can(ctx.viewer, fileActions[kind].remove, report)) throw new AppError('FORBIDDEN', messages.notAllowed);
    }
    const now = new Date();
    await tx.reportFile.deleteMany({ where: { id: { in: files.map((file) => file.id) } } });
    const [remainingReturned, counts] = await Promise.all([
      tx.reportFile.count({ where: { reportId: report.id, kind: 'RETURNED' } }),
      tx.report.findUniqueOrThrow({ where: { id: report.id }, select: { countPagesProvisional: true } }),
    ]);
    const status = nextStatus(report.status, { type: 'returnedFilesRemoved', remainingReturned, provisionalPages: counts.countPagesProvisional });
    await tx.report.update({
      where: { id: report.id },
      data: { updatedAt: now, ...(status !== report.status && { status, lastStatusChange: now, returnedAt: null }) },
    });
    await recordAudit(tx, ctx, { action: 'reports.files.remove', entity: 'Report', entityId: report.id, data: { fileIds: files.map((file) => file.id), status } });
    return { report, files };
  });
  // Files go once the rows are gone: a failed transaction leaves both in place.
  await discardFiles(ctx.storage, files);
  await publishChange(ctx, report);
}

// ---------------------------------------------------------------------------------------------
// Assignment, counts, archive: each reads the report locked, checks its rule, writes, commits,
// and only then notifies (issue 16: no interleaving leaves a constat in no list).
// ---------------------------------------------------------------------------------------------

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
    await recordAudit(tx, ctx, { action: 'reports.assign_secretary', entity: 'Report', entityId: report.id, data: { from: report.secretaryId, to: secretary.id } });
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

export interface RetrocessionInput {
  countPagesProvisional: number;
  countPhotosProvisional: number;
  comment?: string | null;
}

/**
 * Where counts come from: typed by a person, or the counting job's detection on the returned items
 * applied in one click (read on the locked report, and audited as such).
 */
export type CountsSource = 'entered' | 'detected';

/** The returned items' detected totals on the locked report; refused while some are not counted. */
async function detectedReturned(tx: Tx, reportId: number): Promise<{ pages: number; photos: number }> {
  const files = await tx.reportFile.findMany({ where: { reportId, kind: 'RETURNED' }, select: { pageCount: true, photoCount: true, countStatus: true } });
  const totals = detectedTotals(files);
  if (!totals.complete) throw new AppError('BAD_USER_INPUT', messages.detectionIncomplete);
  return totals;
}

/** The secretary's provisional counts ("Rapport rétrocédé"): EC becomes RS. */
export async function setRetrocession(ctx: AppContext, reportId: number, entered: RetrocessionInput, source: CountsSource = 'entered'): Promise<void> {
  const report = await ctx.db.$transaction(async (tx) => {
    const report = await authorize(ctx, reportId, 'setRetrocession', tx);
    let input = entered;
    if (source === 'detected') {
      const detected = await detectedReturned(tx, report.id);
      const { retrocessionComment } = await tx.report.findUniqueOrThrow({ where: { id: report.id }, select: { retrocessionComment: true } });
      input = { countPagesProvisional: detected.pages, countPhotosProvisional: detected.photos, comment: retrocessionComment };
    }
    assertCounts({ countPagesProvisional: input.countPagesProvisional, countPhotosProvisional: input.countPhotosProvisional });
    // Spec §4: sending is impossible while the provisional page count is 0.
    if (input.countPagesProvisional === 0) {
      throw validationError({ countPagesProvisional: messages.provisionalPagesRequired }, messages.provisionalPagesRequired);
    }
    const comment = input.comment?.trim() || null;
    if (comment && comment.length > COMMENT_MAX) throw validationError({ comment: messages.commentTooLong }, messages.commentTooLong);
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
    await recordAudit(tx, ctx, { action: 'reports.set_retrocession', entity: 'Report', entityId: report.id, data: { ...input, status, source } });
    return report;
  });
  await publishChange(ctx, report);
}

export interface BillingInput {
  countPagesRetrocession: number;
  countPhotosRetrocession: number;
  countPagesBilling: number;
  countPhotosBilling: number;
}

/**
 * The admin's final counts ("Rapport facturé"), with the tariffs in force captured on the report.
 * The row stays locked from the invoiced check to the commit: a bill generated meanwhile waits, then
 * reads these counts (billing/service.ts locks the same rows), or this call sees it invoiced.
 */
export async function setBilling(ctx: AppContext, reportId: number, entered: BillingInput, source: CountsSource = 'entered'): Promise<void> {
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
    await tx.report.update({ where: { id: report.id }, data: { isArchived: true, status: nextStatus(report.status, { type: 'archived' }), lastStatusChange: new Date() } });
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

// ---------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------

export type CommentReceiver = 'BAILIFF' | 'SECRETARY';

export async function addComment(ctx: AppContext, reportId: number, body: string, receiver?: CommentReceiver | null): Promise<void> {
  const viewer = requireViewer(ctx);
  const [author, adminIds] = await Promise.all([userName(ctx, viewer.id), activeAdminIds(ctx.db)]);
  const change = await ctx.db.$transaction(async (tx): Promise<Change> => {
    // Locked: the receiver is the secretary assigned when the comment commits, not one replaced meanwhile.
    const report = await authorize(ctx, reportId, 'comment', tx);
    const text = body.trim();
    if (!text) throw validationError({ comment: messages.commentRequired }, messages.commentRequired);
    if (text.length > COMMENT_MAX) throw validationError({ comment: messages.commentTooLong }, messages.commentTooLong);

    let receiverId: number | null;
    if (viewer.role === 'ADMIN') {
      // Spec §5: an admin picks Huissier or Secrétaire, never "Tous".
      if (!receiver) throw validationError({ receiver: messages.receiverRequired }, messages.receiverRequired);
      receiverId = receiver === 'BAILIFF' ? report.bailiffId : report.secretaryId;
      if (!receiverId) throw validationError({ receiver: messages.noSecretaryForComment }, messages.noSecretaryForComment);
    } else {
      // A bailiff writes to the secretary (to the office while none is assigned); a secretary to the bailiff.
      receiverId = viewer.role === 'BAILIFF' ? report.secretaryId : report.bailiffId;
    }
    const comment = await tx.comment.create({ data: { reportId: report.id, authorId: viewer.id, receiverId, body: text }, select: { id: true } });
    await recordAudit(tx, ctx, { action: 'reports.comment', entity: 'Report', entityId: report.id, data: { commentId: comment.id, receiverId } });
    const preview = text.length > 100 ? `${text.slice(0, 100)}...` : text;
    const notifications = await storeNotifications(tx, receiverId ? [receiverId] : adminIds.filter((id) => id !== viewer.id), {
      kind: 'COMMENT',
      reportId: report.id,
      body: `<p>Nouveau commentaire de ${escapeHtml(author)} sur le constat ${reportLabel(report)} : ${escapeHtml(preview)}</p>`,
    });
    return { report, notifications };
  });
  await announce(ctx, change);
}

/** Marks the given comments (all of the report's when none given) the viewer reads (read model) as read by them. */
export async function markCommentsRead(ctx: AppContext, reportId: number, commentIds?: number[] | null): Promise<number> {
  const report = await authorize(ctx, reportId, 'view');
  const viewer = ctx.viewer!;
  const only = commentIds ? Prisma.sql`AND c.id = ANY(${commentIds}::int4[])` : Prisma.empty;
  const comments = await ctx.db.$queryRaw<{ id: number }[]>`
    SELECT c.id FROM "Comment" c WHERE c."reportId" = ${report.id} AND c."authorId" <> ${viewer.id} AND ${visibleCommentsSql(viewer)} ${only}`;
  const { count } = await ctx.db.commentRead.createMany({
    data: comments.map((comment) => ({ commentId: comment.id, userId: viewer.id })),
    skipDuplicates: true,
  });
  if (count > 0) ctx.pubsub.publish('reportChanged', viewer.id, { reportId: report.id });
  return count;
}

// ---------------------------------------------------------------------------------------------
// "Download all" archives (their signed links are handed out by the Report type)
// ---------------------------------------------------------------------------------------------

function archiveOf(kind: ReportFileKind): ArchiveProvider {
  return async (services, reportId) => {
    const files = await services.db.reportFile.findMany({ where: { reportId, kind }, select: { storageKey: true, originalName: true }, orderBy: { id: 'asc' } });
    return files.map((file) => ({ storageKey: file.storageKey, name: file.originalName }));
  };
}

export const reportArchives: Record<string, ArchiveProvider> = {
  'report-deposited': archiveOf('DEPOSITED'),
  'report-returned': archiveOf('RETURNED'),
};
