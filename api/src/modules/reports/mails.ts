// The admins' « nouveau constat » e-mail, queued with the constat's creation (service.ts) or with
// the completion of the deposit that opens it (deposits.ts).
import type { Config } from '../../config.js';
import type { Prisma } from '../../infra/db.js';
import { renderMail, type RenderedMail } from '../../infra/mail/index.js';

/** The mail to the admins `adminIds` (their addresses read through `db`), or null when there is none to tell. */
export async function newReportMail(
  db: Pick<Prisma.TransactionClient, 'user'>,
  config: Pick<Config, 'publicUrl'>,
  adminIds: number[],
  facts: { bailiffName: string; reportName: string; fileCount: number; createdAt: Date },
): Promise<(RenderedMail & { to: string[] }) | null> {
  if (adminIds.length === 0) return null;
  const admins = await db.user.findMany({ where: { id: { in: adminIds } }, select: { email: true } });
  if (admins.length === 0) return null;
  const mail = await renderMail.newReport({ ...facts, dashboardUrl: `${config.publicUrl}/dashboard/constats-en-cours-admin` });
  return { to: admins.map((admin) => admin.email), ...mail };
}
