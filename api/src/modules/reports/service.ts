import type { AppContext } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { ReportFileKind } from '../../generated/prisma/enums.js';
import { AppError, validationError } from '../../errors.js';
import { discardFiles, drainUploads, saveUploads, sentBy, type StoredFile, type UploadInput } from '../../infra/uploads.js';
import { recordAudit } from '../audit/service.js';
import { idempotentCreation, type CompleteCreation } from '../idempotency/service.js';
import { activeAdminIds, announceNotifications, storeNotifications, type StoredNotification } from '../notifications/service.js';
import {
  can,
  canCreateReport,
  COMMENT_MAX,
  COMMENTS_PER_REPORT,
  fileActions,
  filesCeilingProblem,
  messages,
  nextStatus,
  validateNewReport,
} from './rules.js';
import { requireViewer } from '../../guards.js';
import { escapeHtml } from '../../infra/html.js';
import { visibleCommentsSql } from './read-model/visibility.js';
import { announce, authorize, publishChange, reportLabel, userName, type Change } from './access.js';
import { reservePositions } from './file-order.js';
import { depositFilesProblem, depositMessages } from './deposit-rules.js';
import { openDeposit } from './deposits.js';
import { multiLineProblem } from '@constats/domain/text-input';
import { newReportMail } from './mails.js';

// Creation, files and comments of a constat (assignment, counts and archive: workflow.ts; the lock,
// the rules' check and the announcements: access.ts).

// ---------------------------------------------------------------------------------------------
// Creation and files
// ---------------------------------------------------------------------------------------------

export interface CreateReportInput {
  /** Required for admins; a bailiff always creates for himself. */
  bailiffId?: number | null;
  name: string;
  files: UploadInput[];
  /** A resumable deposit instead of `files`: how many files will come over /api/v1/uploads (deposits.ts). */
  deposit?: { files: number } | null;
  comment?: string | null;
}

export async function createReport(ctx: AppContext, input: CreateReportInput): Promise<number> {
  const viewer = requireViewer(ctx);
  const bailiffId = viewer.role === 'BAILIFF' ? viewer.id : (input.bailiffId ?? null);
  if (viewer.role === 'SECRETARY' || (bailiffId !== null && !canCreateReport(viewer, bailiffId))) {
    drainUploads(input.files);
    throw new AppError('FORBIDDEN', messages.notAllowed);
  }
  const errors = validateNewReport({ name: input.name, fileCount: input.files.length, comment: input.comment });
  if (input.deposit) {
    // The files are announced, not sent: the deposit's own bounds replace « a file is required ».
    const problem = input.files.length > 0 ? depositMessages.filesOrDeposit : depositFilesProblem(input.deposit.files, 0, 0);
    if (problem) errors.files = problem;
    else delete errors.files;
  }
  const bailiff = bailiffId
    ? await ctx.db.user.findFirst({
        where: { id: bailiffId, role: 'BAILIFF', status: 'ACTIVE' },
        select: { id: true, firstName: true, lastName: true },
      })
    : null;
  if (!bailiff) errors.bailiffId = messages.bailiffRequired;
  if (Object.keys(errors).length > 0) {
    drainUploads(input.files);
    throw validationError(errors);
  }
  // A repeated request (same Idempotency-Key): its files are read to the end and thrown away, the
  // first constat answers.
  return idempotentCreation(
    ctx,
    'createReport',
    (complete) =>
      input.deposit
        ? createForDeposit(ctx, { name: input.name, comment: input.comment, files: input.deposit.files }, bailiff!, complete)
        : createWithFiles(ctx, input, bailiff!, complete),
    input.files,
  );
}

/** A constat with its files, sent in the request: stored, then the constat and its files in one transaction. */
async function createWithFiles(
  ctx: AppContext,
  input: CreateReportInput,
  bailiff: { id: number; firstName: string; lastName: string },
  complete: CompleteCreation,
): Promise<number> {
  const viewer = ctx.viewer!;
  const stored = await saveUploads(ctx.storage, input.files, {
    folder: 'reports',
    category: 'deposit',
    maxBytes: ctx.config.maxUploadBytes,
    ...sentBy(ctx),
  });
  const name = input.name.trim();
  const comment = input.comment?.trim();
  const bailiffName = `${bailiff.firstName} ${bailiff.lastName}`;
  const adminIds = (await activeAdminIds(ctx.db)).filter((id) => id !== viewer.id);
  let created: { reportId: number; notifications: StoredNotification[]; fileIds: number[] };
  try {
    const facts = { bailiffName, reportName: name, fileCount: stored.length, createdAt: new Date() };
    const mail = await newReportMail(ctx.db, ctx.config, adminIds, facts);
    created = await ctx.db.$transaction(async (tx) => {
      const report = await tx.report.create({
        // product.md §4 leaves the first status open: a new constat is "en cours" (EC) straight away.
        data: { name, bailiffId: bailiff.id, status: 'EC', lastStatusChange: new Date() },
        select: { id: true },
      });
      const first = await reservePositions(tx, report.id, stored.length);
      const files = await tx.reportFile.createManyAndReturn({
        data: stored.map((file, index) => fileRow(report.id, 'DEPOSITED', file, viewer.id, first + index)),
        select: { id: true },
      });
      if (comment) await tx.comment.create({ data: { reportId: report.id, authorId: viewer.id, receiverId: null, body: comment } });
      await recordAudit(tx, ctx, { action: 'reports.create', entity: 'Report', entityId: report.id, data: { files: stored.length } });
      await complete(tx, report.id);
      const notifications = await storeNotifications(tx, adminIds, {
        kind: 'REPORT_CREATED',
        reportId: report.id,
        body: `<p>Nouveau constat ${reportLabel({ name })} déposé par ${escapeHtml(bailiffName)} (${stored.length} fichier${stored.length > 1 ? 's' : ''}).</p>`,
      });
      if (mail) await ctx.mailQueue.add(tx, mail);
      return { reportId: report.id, notifications, fileIds: files.map((file) => file.id) };
    });
  } catch (error) {
    await discardFiles(ctx.storage, stored);
    throw error;
  }

  // Counted in the background, after the commit: the upload never waits for it nor fails with it.
  void ctx.counting.enqueue(created.fileIds);
  announceNotifications(ctx.pubsub, created.notifications);
  ctx.mailQueue.wake();
  await publishChange(ctx, { id: created.reportId, bailiffId: bailiff.id, secretaryId: null });
  return created.reportId;
}

/**
 * A constat whose files come by a resumable deposit: it exists at once, with its deposit in
 * progress; nobody is told yet, the office is told once the deposit completes (deposits.ts).
 */
async function createForDeposit(
  ctx: AppContext,
  input: { name: string; comment?: string | null; files: number },
  bailiff: { id: number },
  complete: CompleteCreation,
): Promise<number> {
  const viewer = ctx.viewer!;
  const comment = input.comment?.trim();
  const reportId = await ctx.db.$transaction(async (tx) => {
    const report = await tx.report.create({
      data: { name: input.name.trim(), bailiffId: bailiff.id, status: 'EC', lastStatusChange: new Date() },
      select: { id: true },
    });
    const deposit = await openDeposit(tx, report, viewer.id, input.files, true);
    if (comment) await tx.comment.create({ data: { reportId: report.id, authorId: viewer.id, receiverId: null, body: comment } });
    await recordAudit(tx, ctx, {
      action: 'reports.create',
      entity: 'Report',
      entityId: report.id,
      data: { deposit: deposit.id, files: input.files },
    });
    await complete(tx, report.id);
    return report.id;
  });
  await publishChange(ctx, { id: reportId, bailiffId: bailiff.id, secretaryId: null });
  return reportId;
}

/** A file's row; `position`: its place in the deposit order (file-order.ts), deposited files only. */
function fileRow(reportId: number, kind: ReportFileKind, file: StoredFile, uploadedById: number, position: number | null) {
  return {
    reportId,
    kind,
    position,
    uploadedById,
    originalName: file.originalName,
    size: file.size,
    mimeType: file.mimeType,
    storageKey: file.storageKey,
  };
}

export async function addFiles(ctx: AppContext, reportId: number, kind: ReportFileKind, files: UploadInput[]): Promise<void> {
  await idempotentCreation(ctx, 'addReportFiles', (complete) => addCheckedFiles(ctx, reportId, kind, files, complete), files);
}

/** The files added, their first one's id recorded as the creation's result (idempotentCreation). */
async function addCheckedFiles(
  ctx: AppContext,
  reportId: number,
  kind: ReportFileKind,
  files: UploadInput[],
  complete: CompleteCreation,
): Promise<number> {
  try {
    await authorize(ctx, reportId, fileActions[kind].add);
    if (files.length === 0) throw validationError({ files: messages.fileRequired }, messages.fileRequired);
    // Before any byte is stored; checked again on the locked row below.
    await checkFilesCeiling(ctx.db, reportId, kind, files.length);
  } catch (error) {
    drainUploads(files);
    throw error;
  }
  const viewer = ctx.viewer!;
  const stored = await saveUploads(ctx.storage, files, {
    folder: 'reports',
    // Photos and dictations are deposited; what the secretary returns is the typed PV, a document.
    category: kind === 'DEPOSITED' ? 'deposit' : 'document',
    maxBytes: ctx.config.maxUploadBytes,
    ...sentBy(ctx),
  });
  const plural = stored.length > 1 ? 's' : '';
  let change: Change & { fileIds: number[] };
  try {
    change = await ctx.db.$transaction(async (tx) => {
      // Checked again on the locked row: the constat may have been archived or terminated while the files arrived.
      const report = await authorize(ctx, reportId, fileActions[kind].add, tx);
      await checkFilesCeiling(tx, report.id, kind, stored.length);
      const now = new Date();
      const status = kind === 'RETURNED' ? nextStatus(report.status, { type: 'filesReturned' }) : report.status;
      const first = kind === 'DEPOSITED' ? await reservePositions(tx, report.id, stored.length) : null;
      const files = await tx.reportFile.createManyAndReturn({
        data: stored.map((file, index) => fileRow(report.id, kind, file, viewer.id, first === null ? null : first + index)),
        select: { id: true },
      });
      await tx.report.update({
        where: { id: report.id },
        data: { updatedAt: now, ...(status !== report.status && { status, lastStatusChange: now, returnedAt: now }) },
      });
      await recordAudit(tx, ctx, {
        action: `reports.files.add.${kind.toLowerCase()}`,
        entity: 'Report',
        entityId: report.id,
        data: { files: stored.length, status },
      });
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
      await complete(tx, files[0].id);
      return { report, notifications, fileIds: files.map((file) => file.id) };
    });
  } catch (error) {
    await discardFiles(ctx.storage, stored);
    throw error;
  }
  // Counted in the background, after the commit: the upload never waits for it nor fails with it.
  void ctx.counting.enqueue(change.fileIds);
  await announce(ctx, change);
  return change.fileIds[0];
}

async function checkFilesCeiling(db: Prisma.TransactionClient, reportId: number, kind: ReportFileKind, adding: number): Promise<void> {
  const problem = filesCeilingProblem(kind, await db.reportFile.count({ where: { reportId, kind } }), adding);
  if (problem) throw validationError({ files: problem }, problem);
}

export async function removeFiles(ctx: AppContext, reportId: number, fileIds: number[]): Promise<void> {
  const { report, files } = await ctx.db.$transaction(async (tx) => {
    const report = await authorize(ctx, reportId, 'view', tx);
    const files = await tx.reportFile.findMany({
      where: { reportId: report.id, id: { in: fileIds } },
      select: { id: true, kind: true, storageKey: true },
    });
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
    const status = nextStatus(report.status, {
      type: 'returnedFilesRemoved',
      remainingReturned,
      provisionalPages: counts.countPagesProvisional,
    });
    await tx.report.update({
      where: { id: report.id },
      data: { updatedAt: now, ...(status !== report.status && { status, lastStatusChange: now, returnedAt: null }) },
    });
    await recordAudit(tx, ctx, {
      action: 'reports.files.remove',
      entity: 'Report',
      entityId: report.id,
      data: { fileIds: files.map((file) => file.id), status },
    });
    return { report, files };
  });
  // Files go once the rows are gone: a failed transaction leaves both in place.
  await discardFiles(ctx.storage, files);
  await publishChange(ctx, report);
}

// ---------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------

export type CommentReceiver = 'BAILIFF' | 'SECRETARY';

export async function addComment(ctx: AppContext, reportId: number, body: string, receiver?: CommentReceiver | null): Promise<void> {
  requireViewer(ctx);
  await idempotentCreation(ctx, 'addReportComment', (complete) => addCheckedComment(ctx, reportId, body, receiver, complete));
}

async function addCheckedComment(
  ctx: AppContext,
  reportId: number,
  body: string,
  receiver: CommentReceiver | null | undefined,
  complete: CompleteCreation,
): Promise<number> {
  const viewer = ctx.viewer!;
  const [author, adminIds] = await Promise.all([userName(ctx, viewer.id), activeAdminIds(ctx.db)]);
  const change = await ctx.db.$transaction(async (tx): Promise<Change & { commentId: number }> => {
    // Locked: the receiver is the secretary assigned when the comment commits, not one replaced meanwhile.
    const report = await authorize(ctx, reportId, 'comment', tx);
    const text = body.trim();
    if (!text) throw validationError({ comment: messages.commentRequired }, messages.commentRequired);
    if (text.length > COMMENT_MAX) throw validationError({ comment: messages.commentTooLong }, messages.commentTooLong);
    const problem = multiLineProblem(text);
    if (problem) throw validationError({ comment: problem }, problem);
    // Counted on the locked row, so that concurrent comments cannot pass the ceiling together.
    if ((await tx.comment.count({ where: { reportId: report.id } })) >= COMMENTS_PER_REPORT)
      throw validationError({ comment: messages.tooManyComments }, messages.tooManyComments);

    let receiverId: number | null;
    if (viewer.role === 'ADMIN') {
      // product.md §5: an admin picks Huissier or Secrétaire, never "Tous".
      if (!receiver) throw validationError({ receiver: messages.receiverRequired }, messages.receiverRequired);
      receiverId = receiver === 'BAILIFF' ? report.bailiffId : report.secretaryId;
      if (!receiverId) throw validationError({ receiver: messages.noSecretaryForComment }, messages.noSecretaryForComment);
    } else {
      // A bailiff writes to the secretary (to the office while none is assigned); a secretary to the bailiff.
      receiverId = viewer.role === 'BAILIFF' ? report.secretaryId : report.bailiffId;
    }
    const comment = await tx.comment.create({
      data: { reportId: report.id, authorId: viewer.id, receiverId, body: text },
      select: { id: true },
    });
    await recordAudit(tx, ctx, {
      action: 'reports.comment',
      entity: 'Report',
      entityId: report.id,
      data: { commentId: comment.id, receiverId },
    });
    const preview = text.length > 100 ? `${text.slice(0, 100)}...` : text;
    const notifications = await storeNotifications(tx, receiverId ? [receiverId] : adminIds.filter((id) => id !== viewer.id), {
      kind: 'COMMENT',
      reportId: report.id,
      body: `<p>Nouveau commentaire de ${escapeHtml(author)} sur le constat ${reportLabel(report)} : ${escapeHtml(preview)}</p>`,
    });
    await complete(tx, comment.id);
    return { report, notifications, commentId: comment.id };
  });
  await announce(ctx, change);
  return change.commentId;
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
