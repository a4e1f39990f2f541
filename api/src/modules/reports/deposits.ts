// Resumable deposits (product.md §16): a deposit announces how many files will come over the resumable
// upload endpoint (deposit-uploads.ts), so the constat exists and shows its progress from the
// first click, and the office is told once, when the last file arrived or was refused, or when the
// deposit was abandoned (the sweep below). Lock order, as everywhere on a constat: the report row,
// then the deposit's.
import type { AppContext, Services } from '../../context.js';
import type { Db } from '../../infra/db.js';
import { AppError, validationError } from '../../errors.js';
import { escapeHtml } from '../../infra/html.js';
import { requestBatch } from '../../infra/request-batch.js';
import { recordAudit } from '../audit/service.js';
import { idempotentCreation } from '../idempotency/service.js';
import { activeAdminIds, announceNotifications, storeNotifications, type StoredNotification } from '../notifications/service.js';
import { authorize, publishChange, publishReportChanges, reportLabel, type Facts, type Tx } from './access.js';
import { reservePositions } from './file-order.js';
import { newReportMail } from './mails.js';
import { depositFilesProblem, depositMessages, depositSummary, type DepositCounts } from './deposit-rules.js';

export interface DepositRow extends DepositCounts {
  id: number;
  reportId: number;
  createdById: number;
  /** Its file at index 0 takes this place in the deposit order (file-order.ts). */
  firstPosition: number;
  opensReport: boolean;
  completedAt: Date | null;
  createdAt: Date;
}

const DEPOSIT_COLUMNS = {
  id: true,
  reportId: true,
  createdById: true,
  expectedFiles: true,
  firstPosition: true,
  receivedFiles: true,
  refusedFiles: true,
  opensReport: true,
  completedAt: true,
  createdAt: true,
} as const;

/** Files the constat's deposits in progress still await: their place under its ceiling is taken. */
async function pendingFiles(tx: Tx, reportId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ pending: number }[]>`
    SELECT COALESCE(SUM("expectedFiles" - "receivedFiles" - "refusedFiles"), 0)::int AS pending
    FROM "Deposit" WHERE "reportId" = ${reportId} AND "completedAt" IS NULL`;
  return row.pending;
}

/**
 * Opens a deposit of `files` files on a constat locked by the caller's transaction, after checking
 * them against the constat's ceiling, counting what its other deposits still await.
 */
export async function openDeposit(
  tx: Tx,
  report: { id: number },
  createdById: number,
  files: number,
  opensReport = false,
): Promise<DepositRow> {
  const deposited = await tx.reportFile.count({ where: { reportId: report.id, kind: 'DEPOSITED' } });
  const problem = depositFilesProblem(files, deposited, await pendingFiles(tx, report.id));
  if (problem) throw validationError({ files: problem }, problem);
  const firstPosition = await reservePositions(tx, report.id, files);
  return tx.deposit.create({
    data: { reportId: report.id, createdById, expectedFiles: files, firstPosition, opensReport },
    select: DEPOSIT_COLUMNS,
  });
}

/** startDeposit: files announced for an existing constat, with the rights of adding deposited files. */
export async function startDeposit(ctx: AppContext, reportId: number, files: number): Promise<DepositRow> {
  let opened: DepositRow | undefined;
  const depositId = await idempotentCreation(ctx, 'startDeposit', async (complete) => {
    const { report, deposit } = await ctx.db.$transaction(async (tx) => {
      const report = await authorize(ctx, reportId, 'addDeposited', tx);
      const deposit = await openDeposit(tx, report, ctx.viewer!.id, files);
      await recordAudit(tx, ctx, {
        action: 'reports.deposit.start',
        entity: 'Report',
        entityId: report.id,
        data: { deposit: deposit.id, files },
      });
      await complete(tx, deposit.id);
      return { report, deposit };
    });
    await publishChange(ctx, report);
    opened = deposit;
    return deposit.id;
  });
  // A repeat (same Idempotency-Key) answers the deposit its first try opened, as it stands now.
  return opened ?? (await depositById(ctx.db, depositId))!;
}

/** A deposit by its id, for the payloads; the viewer saw its constat already. */
export const depositById = (db: Db, id: number) => db.deposit.findUnique({ where: { id }, select: DEPOSIT_COLUMNS });

/** The deposit createReport opened with its constat (null when its files came with it). */
export const depositOpeningReport = (db: Db, reportId: number) =>
  db.deposit.findFirst({ where: { reportId, opensReport: true }, select: DEPOSIT_COLUMNS });

const depositCountsOf = (deposit: DepositCounts): DepositCounts => ({
  expectedFiles: deposit.expectedFiles,
  receivedFiles: deposit.receivedFiles,
  refusedFiles: deposit.refusedFiles,
});

/**
 * What a constat's deposits in progress announced, received and refused, summed (usually one), or
 * null when none is in progress: one statement for every constat of a page.
 */
export const depositInProgress = requestBatch(async (ctx: AppContext, reportIds: number[]): Promise<(DepositCounts | null)[]> => {
  const rows = await ctx.db.$queryRaw<(DepositCounts & { reportId: number })[]>`
    SELECT "reportId", SUM("expectedFiles")::int AS "expectedFiles", SUM("receivedFiles")::int AS "receivedFiles",
           SUM("refusedFiles")::int AS "refusedFiles"
    FROM "Deposit" WHERE "reportId" = ANY(${reportIds}::int4[]) AND "completedAt" IS NULL
    GROUP BY "reportId"`;
  const byReport = new Map(rows.map((row) => [row.reportId, row]));
  return reportIds.map((id) => {
    const row = byReport.get(id);
    return row ? depositCountsOf(row) : null;
  });
});

// ---------------------------------------------------------------------------------------------
// Completion: the office told once
// ---------------------------------------------------------------------------------------------

export interface Completion {
  report: Facts;
  deposit: DepositRow;
  notifications: StoredNotification[];
}

/**
 * Marks the deposit locked by the caller complete and stores its one notification: the admins and
 * the assigned secretary (the depositor aside) are told of a new constat (createReport) or of new
 * deposited items, and a bailiff depositing on his own constat finds the outcome in his bell.
 */
export async function completeDeposit(
  services: Pick<Services, 'config' | 'mailQueue'>,
  tx: Tx,
  report: Facts,
  deposit: DepositRow,
  adminIds: number[],
): Promise<Completion> {
  const completedAt = new Date();
  await tx.deposit.update({ where: { id: deposit.id }, data: { completedAt } });
  const summary = escapeHtml(depositSummary(deposit));
  const depositor = await tx.user.findUniqueOrThrow({ where: { id: deposit.createdById }, select: { firstName: true, lastName: true } });
  const office = [...adminIds, ...(report.secretaryId ? [report.secretaryId] : [])].filter((id) => id !== deposit.createdById);
  const notifications = await storeNotifications(
    tx,
    office,
    deposit.opensReport
      ? {
          kind: 'REPORT_CREATED',
          reportId: report.id,
          body: `<p>Nouveau constat ${reportLabel(report)} déposé par ${escapeHtml(`${depositor.firstName} ${depositor.lastName}`)} (${summary}).</p>`,
        }
      : {
          kind: 'REPORT_FILES_ADDED',
          reportId: report.id,
          body: `<p>Nouveaux éléments déposés sur le constat ${reportLabel(report)} (${summary}).</p>`,
        },
  );
  if (deposit.createdById === report.bailiffId) {
    notifications.push(
      ...(await storeNotifications(tx, [deposit.createdById], {
        kind: 'DEPOSIT_COMPLETE',
        reportId: report.id,
        body: `<p>Votre dépôt sur le constat ${reportLabel(report)} est terminé : ${summary}.</p>`,
      })),
    );
  }
  // The admins' e-mail of a new constat, queued with the completion (sent after its commit).
  if (deposit.opensReport) {
    const bailiff = await tx.user.findUniqueOrThrow({ where: { id: report.bailiffId }, select: { firstName: true, lastName: true } });
    const mail = await newReportMail(
      tx,
      services.config,
      adminIds.filter((id) => id !== deposit.createdById),
      {
        bailiffName: `${bailiff.firstName} ${bailiff.lastName}`,
        reportName: report.name,
        fileCount: deposit.receivedFiles,
        createdAt: deposit.createdAt,
      },
    );
    if (mail) await services.mailQueue.add(tx, mail);
  }
  return { report, deposit: { ...deposit, completedAt }, notifications };
}

/** After the commit: the notifications, the constat's live update, and the admins' e-mail for a new constat. */
export async function announceCompletion(services: Services, completion: Completion): Promise<void> {
  announceNotifications(services.pubsub, completion.notifications);
  services.mailQueue.wake();
  await publishReportChanges(services, [completion.report]);
}

// ---------------------------------------------------------------------------------------------
// Cancelled by its depositor
// ---------------------------------------------------------------------------------------------

/**
 * The depositor stops his deposit (« Annuler le dépôt »): its unfinished uploads are removed, their
 * staged bytes after the commit, and it completes with what it received, told once as a finished
 * one is. The files received stay on the constat. A deposit already complete (a second click, its
 * last file arriving meanwhile) is answered as it is; another user's is not found.
 */
export async function cancelDeposit(ctx: AppContext, depositId: number): Promise<DepositRow> {
  const found = await ctx.db.deposit.findUnique({ where: { id: depositId }, select: { reportId: true, createdById: true } });
  if (!found || found.createdById !== ctx.viewer?.id) throw new AppError('NOT_FOUND', depositMessages.depositNotFound);
  const adminIds = await activeAdminIds(ctx.db);
  const outcome = await ctx.db.$transaction(async (tx) => {
    const locked = await lockDeposit(tx, found.reportId, depositId);
    if (!locked) throw new AppError('NOT_FOUND', depositMessages.depositNotFound);
    if (locked.deposit.completedAt) return { deposit: locked.deposit, completion: null, removed: [] };
    const open = await tx.depositUpload.findMany({ where: { depositId, status: 'OPEN' }, select: { id: true } });
    const removed = open.map((upload) => upload.id);
    await tx.depositUpload.deleteMany({ where: { id: { in: removed } } });
    const completion = await completeDeposit(ctx, tx, locked.report, locked.deposit, adminIds);
    await recordAudit(tx, ctx, {
      action: 'reports.deposit.cancel',
      entity: 'Report',
      entityId: found.reportId,
      data: { deposit: depositId, ...depositCountsOf(locked.deposit) },
    });
    return { deposit: completion.deposit, completion, removed };
  });
  for (const id of outcome.removed) await ctx.staging.remove(id);
  if (outcome.completion) await announceCompletion(ctx, outcome.completion);
  return outcome.deposit;
}

// ---------------------------------------------------------------------------------------------
// The sweep: abandoned uploads and deposits
// ---------------------------------------------------------------------------------------------

/** The report and deposit rows locked, report first; null when the deposit is gone or complete. */
export async function lockDeposit(tx: Tx, reportId: number, depositId: number): Promise<{ report: Facts; deposit: DepositRow } | null> {
  const [report] = await tx.$queryRaw<Facts[]>`
    SELECT id, name, status, "isArchived", invoiced, "bailiffId", "secretaryId" FROM "Report" WHERE id = ${reportId} FOR UPDATE`;
  const [deposit] = await tx.$queryRaw<DepositRow[]>`
    SELECT id, "reportId", "createdById", "expectedFiles", "firstPosition", "receivedFiles", "refusedFiles", "opensReport", "completedAt", "createdAt"
    FROM "Deposit" WHERE id = ${depositId} AND "reportId" = ${reportId} FOR UPDATE`;
  return report && deposit ? { report, deposit } : null;
}

/**
 * Removes the resumable uploads no chunk reached since `before` (their staged bytes and rows), then
 * closes the deposits idle since then with no upload left open: complete with what they received,
 * told once like any other. Idempotent and safe on several instances (conditional deletes, locks).
 */
export async function sweepAbandonedDeposits(services: Services, before: Date): Promise<{ uploads: number; deposits: number }> {
  const stale = await services.db.depositUpload.findMany({
    where: { status: 'OPEN', touchedAt: { lt: before } },
    select: { id: true },
    take: 1000,
  });
  let uploads = 0;
  for (const { id } of stale) {
    // Gone from the table first: a chunk arriving meanwhile finds no upload rather than half of one.
    const { count } = await services.db.depositUpload.deleteMany({ where: { id, status: 'OPEN', touchedAt: { lt: before } } });
    if (count === 0) continue;
    await services.staging.remove(id);
    uploads += 1;
  }
  // Finished uploads keep their row while their deposit is open (a repeated last chunk is answered);
  // once it is complete they are of no use.
  await services.db.depositUpload.deleteMany({ where: { status: { not: 'OPEN' }, deposit: { completedAt: { not: null } } } });

  const idle = await services.db.deposit.findMany({
    where: { completedAt: null, touchedAt: { lt: before }, uploads: { none: { status: 'OPEN' } } },
    select: { id: true, reportId: true },
    take: 500,
  });
  let deposits = 0;
  const adminIds = await activeAdminIds(services.db);
  for (const { id, reportId } of idle) {
    const completion = await services.db.$transaction(async (tx) => {
      const locked = await lockDeposit(tx, reportId, id);
      if (!locked || locked.deposit.completedAt) return null;
      const open = await tx.depositUpload.count({ where: { depositId: id, status: 'OPEN' } });
      if (open > 0) return null;
      const completion = await completeDeposit(services, tx, locked.report, locked.deposit, adminIds);
      // The server's own act: no actor.
      await recordAudit(
        tx,
        { viewer: null, client: { ip: '', userAgent: null } },
        {
          action: 'reports.deposit.abandoned',
          entity: 'Report',
          entityId: reportId,
          data: { deposit: id, ...depositCountsOf(locked.deposit) },
        },
      );
      return completion;
    });
    if (!completion) continue;
    deposits += 1;
    await announceCompletion(services, completion);
  }
  return { uploads, deposits };
}
