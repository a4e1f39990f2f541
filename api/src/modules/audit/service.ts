import type { Db, Prisma } from '../../infra/db.js';
import type { AppContext } from '../../context.js';

type Tx = Db | Prisma.TransactionClient;

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  data?: Prisma.InputJsonValue;
}

/**
 * Records who did what to which record. The actor is the signed-in user; when an admin acts
 * through "Se connecter" (login-as) the admin is kept as impersonator. Pass the transaction
 * client so the entry commits or rolls back with the change it describes.
 */
export async function recordAudit(
  tx: Tx,
  ctx: Pick<AppContext, 'viewer' | 'client'>,
  entry: AuditEntry,
  actorId: number | null = ctx.viewer?.id ?? null,
): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId,
      impersonatorId: ctx.viewer?.impersonatorId ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      data: entry.data,
      ip: ctx.client.ip,
    },
  });
}
