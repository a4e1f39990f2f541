// An account's rights and what was derived from them end together: its API tokens and the sessions
// it opened as others (« Se connecter ») must not outlive its password or its active status, or a
// stolen admin session would leave a way back in after the admin was locked out.
import type { AppContext, Viewer } from '../../context.js';
import { forbidden, notAuthenticated } from '../../errors.js';
import type { Prisma } from '../../infra/db.js';
import { recordAudit } from '../audit/service.js';
import { revokeSessions, type Revoked } from './live-sessions.js';

/** Whether an account may still act as an admin: its API tokens and login-as sessions live by this. */
export const actsAsAdmin = (user: { status: string; role: string }) => user.status === 'ACTIVE' && user.role === 'ADMIN';

/** Why an account's rights ended, kept in the audit of each token revoked with them. */
export type RightsEnd = 'password_reset' | 'password_change' | 'disabled';

/** The sessions acting with an account's rights: its own, and those it opened as other users. */
export const sessionsActingAs = (userId: number): Prisma.SessionWhereInput => ({ OR: [{ userId }, { impersonatorId: userId }] });

/**
 * Locks the admin's row until the transaction ends, then checks that he is still an active admin
 * and that the session he acts from is still live. Disabling an account and setting its password
 * update that same row, so whatever this transaction creates (an API token, a login-as session) is
 * either refused here or committed before their revocation runs, which then sees it.
 */
export async function lockActingAdmin(tx: Prisma.TransactionClient, ctx: Pick<AppContext, 'viewer'>): Promise<Viewer> {
  const viewer = ctx.viewer;
  if (!viewer) throw notAuthenticated();
  return lockAccount(tx, viewer, viewer.impersonatorId ?? viewer.id, actsAsAdmin);
}

/**
 * lockActingAdmin for what any signed-in user creates in his own name (his API tokens): his row
 * locked, still active and of the role his session was opened with.
 */
export async function lockSignedInUser(tx: Prisma.TransactionClient, ctx: Pick<AppContext, 'viewer'>): Promise<Viewer> {
  const viewer = ctx.viewer;
  if (!viewer) throw notAuthenticated();
  return lockAccount(tx, viewer, viewer.id, (user) => user.status === 'ACTIVE' && user.role === viewer.role);
}

async function lockAccount(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  userId: number,
  allowed: (user: { status: string; role: string }) => boolean,
): Promise<Viewer> {
  const [user] = await tx.$queryRaw<{ status: string; role: string }[]>`
    SELECT status::text AS status, role::text AS role FROM "User" WHERE id = ${userId} FOR UPDATE`;
  if (!user || !allowed({ status: user.status, role: user.role })) throw forbidden();
  if (viewer.sessionId) {
    const live = await tx.session.count({ where: { id: viewer.sessionId, revokedAt: null, expiresAt: { gt: new Date() } } });
    if (live === 0) throw notAuthenticated();
  }
  return viewer;
}

/**
 * Ends, in the caller's transaction, what acts with an account's rights: its sessions (all but
 * `keepSessionId`, the one that changed the password), the sessions it opened as others, and its API
 * tokens (each revocation audited). What it returns goes to announceRevoked() after the commit,
 * which closes their live connections on every instance. Call it after updating the account's row:
 * that update's lock is what lockActingAdmin() waits on.
 */
export async function endRights(
  tx: Prisma.TransactionClient,
  ctx: Pick<AppContext, 'viewer' | 'client'>,
  userId: number,
  reason: RightsEnd,
  keepSessionId?: number | null,
): Promise<Required<Revoked>> {
  const tokens = await tx.apiToken.updateManyAndReturn({
    where: { userId, revokedAt: null },
    data: { revokedAt: new Date() },
    select: { id: true },
  });
  for (const token of tokens) {
    await recordAudit(tx, ctx, { action: 'api_token.revoke', entity: 'ApiToken', entityId: token.id, data: { reason } });
  }
  const sessionIds = await revokeSessions(tx, { ...sessionsActingAs(userId), ...(keepSessionId && { id: { not: keepSessionId } }) });
  return { sessionIds, apiTokenIds: tokens.map((token) => token.id) };
}
