import { randomBytes } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext, ClientInfo, Services, TokenGrant, Viewer } from '../../context.js';
import { AppError, validationError } from '../../errors.js';
import type { Prisma } from '../../infra/db.js';
import { requireViewer } from '../../guards.js';
import { recordAudit } from '../audit/service.js';
import { CREDENTIAL_SELECT, hashToken } from '../auth/tokens.js';
import { announceRevoked } from '../credentials/live-sessions.js';
import { lockSignedInUser } from '../credentials/rights.js';
import {
  API_TOKEN_PREFIX,
  apiTokenMessages,
  budgetFigures,
  isApiTokenFormat,
  isLiveApiToken,
  refundOf,
  retryAfterSeconds,
  validateTokenInput,
  type BudgetFigures,
  type CostExtension,
  type TokenInput,
} from './rules.js';
import { ROLE_SCOPES } from './scopes.js';

/** Prefix + 256 random bits; only its SHA-256 is stored, like session tokens (auth/tokens.ts). */
export const newApiToken = () => API_TOKEN_PREFIX + randomBytes(32).toString('base64url');

/**
 * A token in the signed-in user's own name, reading at most what he reads. Never from a login-as
 * session: the token would read as the impersonated account and outlive that session. His row is
 * locked while the token is written, so a token racing his disabling or password reset is refused
 * or then revoked. Only an admin's token may be limited to études.
 */
export async function createApiToken(ctx: AppContext, input: TokenInput): Promise<{ token: string; id: number }> {
  const viewer = requireViewer(ctx);
  if (viewer.impersonatorId != null) throw new AppError('FORBIDDEN', apiTokenMessages.impersonation, { reason: 'IMPERSONATION' });
  if (input.groupIds?.length && viewer.role !== 'ADMIN') {
    throw new AppError('FORBIDDEN', apiTokenMessages.groupsAdminOnly, { reason: 'GROUP_LIMIT_ADMIN_ONLY' });
  }
  const checked = validateTokenInput(input, viewer.role, new Date());
  if (!checked.ok) throw validationError(checked.fields, Object.values(checked.fields)[0]);
  const { name, expiresAt, scopes, groupIds } = checked.token;
  const token = newApiToken();
  const created = await ctx.db.$transaction(async (tx) => {
    const user = await lockSignedInUser(tx, ctx);
    if (groupIds && (await tx.group.count({ where: { id: { in: groupIds } } })) !== groupIds.length) {
      throw validationError({ groupIds: apiTokenMessages.groupNotFound }, apiTokenMessages.groupNotFound);
    }
    const row = await tx.apiToken.create({
      data: {
        userId: user.id,
        role: user.role,
        name,
        tokenHash: hashToken(token),
        expiresAt,
        scopes,
        ...(groupIds && { groups: { create: groupIds.map((groupId) => ({ groupId })) } }),
      },
      select: { id: true },
    });
    await recordAudit(tx, ctx, {
      action: 'api_token.create',
      entity: 'ApiToken',
      entityId: row.id,
      data: { name, expiresAt: expiresAt.toISOString(), scopes, ...(groupIds && { groupIds }) },
    });
    return row;
  });
  return { token, id: created.id };
}

/** The tokens a viewer manages: an admin every token, anyone else his own. */
export const manageableTokens = (viewer: Viewer): Prisma.ApiTokenWhereInput => (viewer.role === 'ADMIN' ? {} : { userId: viewer.id });

export const canManageToken = (viewer: Viewer | null, token: { userId: number }) =>
  !!viewer && (viewer.role === 'ADMIN' || viewer.id === token.userId);

/**
 * A conditional update: of two concurrent revocations, one succeeds and is audited, the other is
 * told. Someone else's token reads as missing to a non-admin. Its live connections, on every
 * instance, close once the revocation has committed.
 */
export async function revokeApiToken(ctx: AppContext, id: number): Promise<void> {
  const viewer = requireViewer(ctx);
  const mine = { id, ...manageableTokens(viewer) };
  await ctx.db.$transaction(async (tx) => {
    const revoked = await tx.apiToken.updateMany({ where: { ...mine, revokedAt: null }, data: { revokedAt: new Date() } });
    if (revoked.count === 0) {
      const exists = await tx.apiToken.count({ where: mine });
      throw exists ? new AppError('CONFLICT', apiTokenMessages.alreadyRevoked) : new AppError('NOT_FOUND', apiTokenMessages.notFound);
    }
    await recordAudit(tx, ctx, { action: 'api_token.revoke', entity: 'ApiToken', entityId: id });
  });
  announceRevoked(ctx, { apiTokenIds: [id] });
}

/** Refreshing lastUsedAt on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The viewer behind an API token (its creator, read-only, narrowed by its grant) and the token's
 * expiry (a live connection ends then), or null when the token is unknown, revoked, expired or its
 * creator is no longer active or has another role. Run from the headers (or a socket's
 * connection_init) alone, before the body is read. A use from another address than the last one is
 * recorded and audited (the conditional update audits it once when concurrent requests arrive from it).
 */
export async function resolveApiToken(
  services: Pick<Services, 'db'>,
  token: string,
  client: ClientInfo,
): Promise<{ viewer: Viewer & { apiTokenId: number }; expiresAt: Date } | null> {
  if (!isApiTokenFormat(token)) return null;
  const row = await services.db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { ...CREDENTIAL_SELECT, lastUsedIp: true, role: true, scopes: true, groups: { select: { groupId: true } } },
  });
  const now = new Date();
  if (!isLiveApiToken(row, now)) return null;
  const grant: TokenGrant = {
    scopes: row.scopes.filter((scope) => ROLE_SCOPES[row.role].includes(scope)),
    groupIds: row.groups.length > 0 ? row.groups.map((group) => group.groupId) : null,
  };
  const viewer = { id: row.user.id, role: row.user.role, sessionId: null, impersonatorId: null, apiTokenId: row.id, grant };
  if (row.lastUsedIp !== client.ip) {
    const moved = await services.db.apiToken.updateMany({
      where: { id: row.id, OR: [{ lastUsedIp: null }, { lastUsedIp: { not: client.ip } }] },
      data: { lastUsedAt: now, lastUsedIp: client.ip },
    });
    if (moved.count > 0) {
      await recordAudit(
        services.db,
        { viewer, client },
        { action: 'api_token.new_address', entity: 'ApiToken', entityId: row.id, data: { ip: client.ip } },
      );
    }
  } else if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await services.db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return { viewer, expiresAt: row.expiresAt };
}

/** A token read again once its live connection is registered (live-sessions.ts' sessionOpenUntil): its expiry while it still reads. */
export async function apiTokenOpenUntil(services: Pick<Services, 'db'>, id: number): Promise<Date | null> {
  const token = await services.db.apiToken.findUnique({ where: { id }, select: { ...CREDENTIAL_SELECT, role: true } });
  return isLiveApiToken(token, new Date()) ? token.expiresAt : null;
}

/** Which of these tokens still read (isLiveApiToken), in one statement: a live connection's events go only to those. */
export async function liveApiTokenIds(services: Pick<Services, 'db'>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const tokens = await services.db.apiToken.findMany({ where: { id: { in: ids } }, select: { ...CREDENTIAL_SELECT, role: true } });
  const now = new Date();
  return new Set(tokens.filter((token) => isLiveApiToken(token, now)).map((token) => token.id));
}

const budget = (ctx: AppContext) =>
  ctx.rateLimits.limiter('apiTokenCost', { points: ctx.config.apiTokenCostPerMinute, durationSeconds: 60 });

/**
 * Spends `cost` points (the requested cost) of the token's per-minute budget before the query runs
 * (rate-limiter-flexible, one atomic upsert), so that concurrent queries cannot together overdraw
 * it: the figures for `extensions.cost`, or a 429 carrying them and Retry-After, having spent nothing.
 */
export async function spendBudget(ctx: AppContext, tokenId: number, cost: number): Promise<BudgetFigures> {
  const limit = ctx.config.apiTokenCostPerMinute;
  const limiter = budget(ctx);
  try {
    // rate-limiter-flexible refuses consuming 0 points; a free operation reads the window instead.
    const res = cost > 0 ? await limiter.consume(String(tokenId), cost) : await limiter.get(String(tokenId));
    return budgetFigures(cost, limit, res?.consumedPoints ?? 0, res?.msBeforeNext ?? 60_000, new Date());
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    // The limiter counted the refused points: given back, so that a refused query spends nothing.
    const restored = await limiter.reward(String(tokenId), cost);
    const figures = budgetFigures(cost, limit, restored.consumedPoints, error.msBeforeNext, new Date());
    throw overBudget(figures, retryAfterSeconds(error.msBeforeNext));
  }
}

/** After the answer: gives back what was charged beyond its actual cost; the figures it then shows. */
export async function settleBudget(ctx: AppContext, tokenId: number, charged: BudgetFigures, actual: number): Promise<CostExtension> {
  const now = new Date();
  const refund = refundOf(charged, actual, now);
  let figures = charged;
  if (refund > 0) {
    const res = await budget(ctx).reward(String(tokenId), refund);
    figures = budgetFigures(charged.requested, charged.limit, res.consumedPoints, res.msBeforeNext, now);
  }
  return { requested: charged.requested, actual, limit: figures.limit, remaining: figures.remaining, resetAt: figures.resetAt };
}

function overBudget(cost: CostExtension, retryAfter: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', apiTokenMessages.overBudget, {
    reason: 'COST_BUDGET',
    extensions: { cost },
    headers: { 'retry-after': String(retryAfter) },
  });
}
