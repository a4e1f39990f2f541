import { randomBytes } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext, ClientInfo, Services, Viewer } from '../../context.js';
import { AppError, validationError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { CREDENTIAL_SELECT, hashToken, isLiveCredential } from '../auth/tokens.js';
import { actsAsAdmin, lockActingAdmin } from '../credentials/rights.js';
import {
  API_TOKEN_PREFIX,
  apiTokenMessages,
  budgetFigures,
  isApiTokenFormat,
  refundOf,
  retryAfterSeconds,
  validateTokenInput,
  type BudgetFigures,
  type CostExtension,
  type TokenInput,
} from './rules.js';

/** Prefix + 256 random bits; only its SHA-256 is stored, like session tokens (auth/tokens.ts). */
export const newApiToken = () => API_TOKEN_PREFIX + randomBytes(32).toString('base64url');

/**
 * A token in the signed-in admin's own name. Never from a login-as session: the token would read
 * as the impersonated account and outlive that session. The admin's row is locked while the token
 * is written, so a token racing his disabling or password reset is refused or then revoked.
 */
export async function createApiToken(ctx: AppContext, input: TokenInput): Promise<{ token: string; id: number }> {
  if (ctx.viewer?.impersonatorId != null) throw new AppError('FORBIDDEN', apiTokenMessages.impersonation, { reason: 'IMPERSONATION' });
  const checked = validateTokenInput(input, new Date());
  if (!checked.ok) throw validationError(checked.fields, Object.values(checked.fields)[0]);
  const token = newApiToken();
  const created = await ctx.db.$transaction(async (tx) => {
    const admin = await lockActingAdmin(tx, ctx);
    const row = await tx.apiToken.create({
      data: { userId: admin.id, name: checked.name, tokenHash: hashToken(token), expiresAt: checked.expiresAt },
      select: { id: true },
    });
    await recordAudit(tx, ctx, {
      action: 'api_token.create',
      entity: 'ApiToken',
      entityId: row.id,
      data: { name: checked.name, expiresAt: checked.expiresAt.toISOString() },
    });
    return row;
  });
  return { token, id: created.id };
}

/** A conditional update: of two concurrent revocations, one succeeds and is audited, the other is told. */
export async function revokeApiToken(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const revoked = await tx.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (revoked.count === 0) {
      const exists = await tx.apiToken.count({ where: { id } });
      throw exists ? new AppError('CONFLICT', apiTokenMessages.alreadyRevoked) : new AppError('NOT_FOUND', apiTokenMessages.notFound);
    }
    await recordAudit(tx, ctx, { action: 'api_token.revoke', entity: 'ApiToken', entityId: id });
  });
}

/** Refreshing lastUsedAt on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The viewer behind an API token (its creator, read-only), or null when the token is unknown,
 * revoked, expired or its creator is no longer an active admin. Run from the headers alone,
 * before the body is read. A use from another address than the last one is recorded and audited
 * (the conditional update audits it once when concurrent requests arrive from it).
 */
export async function resolveApiToken(services: Pick<Services, 'db'>, token: string, client: ClientInfo): Promise<Viewer | null> {
  if (!isApiTokenFormat(token)) return null;
  const row = await services.db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { ...CREDENTIAL_SELECT, lastUsedIp: true },
  });
  const now = new Date();
  // A token lives by its creator's admin rights: were he no longer an admin, it would read as his new role.
  if (!isLiveCredential(row, now) || !actsAsAdmin(row.user)) return null;
  const viewer: Viewer = { id: row.user.id, role: row.user.role, sessionId: null, impersonatorId: null, apiTokenId: row.id };
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
  return viewer;
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
