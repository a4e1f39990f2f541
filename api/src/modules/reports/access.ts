// What every action on a constat starts and ends with: the row locked and the rule checked
// (authorize), then, after the commit, the notifications and live updates (announce).
import type { AppContext, Services } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import { AppError } from '../../errors.js';
import { requireViewer } from '../../guards.js';
import { escapeHtml } from '../../infra/html.js';
import { activeAdminIds, announceNotifications, type StoredNotification } from '../notifications/service.js';
import { can, messages, type ReportAction, type ReportFacts } from './rules.js';

// ---------------------------------------------------------------------------------------------
// Lookups (who sees what, and every list's filter, is the read model's: read-model/)
// ---------------------------------------------------------------------------------------------

const FACTS = { id: true, status: true, isArchived: true, invoiced: true, bailiffId: true, secretaryId: true, name: true } as const;
export type Facts = ReportFacts & { id: number; name: string };
export type Tx = Prisma.TransactionClient;

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
export async function authorize(ctx: AppContext, reportId: number, action: ReportAction, tx?: Tx): Promise<Facts> {
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
export async function publishChange(
  ctx: AppContext,
  report: Pick<Facts, 'id' | 'bailiffId' | 'secretaryId'>,
  formerSecretaryId?: number | null,
) {
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

export const reportLabel = (report: { name: string }) => `« ${escapeHtml(report.name)} »`;

export async function userName(ctx: AppContext, userId: number): Promise<string> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } });
  return `${user.firstName} ${user.lastName}`;
}

/** What a committed change announces: the report as it was locked, and the notifications it stored. */
export interface Change {
  report: Facts;
  notifications: StoredNotification[];
  /** A secretary who lost the report (reassignment): her lists drop it. */
  formerSecretaryId?: number | null;
}

/** After the commit only: notifications and live updates never tell about a change that rolled back. */
export async function announce(ctx: AppContext, change: Change): Promise<void> {
  announceNotifications(ctx.pubsub, change.notifications);
  await publishChange(ctx, change.report, change.formerSecretaryId);
}
