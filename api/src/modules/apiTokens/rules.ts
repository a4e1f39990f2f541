// Pure rules of personal API tokens (product.md §12): format, lifetime, name, status and the cost figures
// each answer carries.
import type { FieldErrors } from '../../errors.js';
import type { ApiTokenScope, Role, UserStatus } from '../../generated/prisma/enums.js';
import { isLiveCredential } from '../auth/tokens.js';
import { GROUP_LIMITED_SCOPES, ROLE_SCOPES, scopeLabels } from './scopes.js';

/**
 * Tells an API token from a session token (43 base64url characters) by its prefix AND length, so
 * the server knows which table to look in and scanners (secret detection) can recognise it.
 */
export const API_TOKEN_PREFIX = 'cst_';
const API_TOKEN_PATTERN = /^cst_[A-Za-z0-9_-]{43}$/;

export const isApiTokenFormat = (token: string | null | undefined): token is string => !!token && API_TOKEN_PATTERN.test(token);

/** Without an expiry the token lives 90 days: long enough for a monthly report, short enough to be renewed. */
export const DEFAULT_LIFETIME_DAYS = 90;
export const NAME_MAX_LENGTH = 100;
/** A limit to a few études (more: an unlimited token); it also bounds the price of the tokens list (list-bounds.ts). */
export const MAX_TOKEN_GROUPS = 20;

export const apiTokenMessages = {
  created: 'Jeton d’API créé. Copiez-le maintenant : il ne sera plus affiché.',
  revoked: 'Jeton d’API révoqué.',
  nameRequired: 'Veuillez saisir un nom pour le jeton.',
  nameTooLong: `Le nom du jeton ne doit pas dépasser ${NAME_MAX_LENGTH} caractères.`,
  nameInvalid: 'Le nom du jeton contient des caractères non autorisés.',
  expiryPast: 'La date d’expiration doit être dans le futur.',
  expiryTooFar: 'La date d’expiration ne peut pas dépasser un an.',
  notFound: 'Jeton d’API introuvable.',
  alreadyRevoked: 'Ce jeton d’API est déjà révoqué.',
  invalid: 'Jeton d’API invalide, révoqué ou expiré.',
  readOnly: 'Un jeton d’API ne permet que la lecture : les mutations sont refusées.',
  otherPath: 'Un jeton d’API n’est accepté que sur /graphql et sur les exports CSV (/api/v1/exports/reports.csv).',
  overBudget: 'Budget de coût des requêtes dépassé pour ce jeton. Réessayez après resetAt.',
  scopesRequired: 'Veuillez choisir au moins une portée.',
  scopesOfRole: (scopes: ApiTokenScope[]) => `Votre rôle ne permet pas de lire : ${scopes.map((scope) => scopeLabels[scope]).join(', ')}.`,
  groupsAdminOnly: 'Seul un administrateur peut limiter un jeton d’API à certaines études.',
  groupsTooMany: `Un jeton d’API peut être limité à ${MAX_TOKEN_GROUPS} études au plus.`,
  groupNotFound: 'Étude introuvable.',
  scopesOfGroupLimit: (scopes: ApiTokenScope[]) =>
    `Un jeton limité à certaines études ne lit que les constats et la facturation : retirez ${scopes.map((scope) => scopeLabels[scope]).join(', ')}.`,
  impersonation:
    'Un jeton d’API ne peut pas être créé pendant une connexion en tant qu’un autre utilisateur : reconnectez-vous avec votre compte.',
} as const;

/** At most one calendar year from now. */
export function maxExpiry(now: Date): Date {
  const max = new Date(now);
  max.setUTCFullYear(max.getUTCFullYear() + 1);
  return max;
}

export function defaultExpiry(now: Date): Date {
  return new Date(now.getTime() + DEFAULT_LIFETIME_DAYS * 24 * 3600_000);
}

export interface TokenInput {
  name: string;
  expiresAt?: Date | null;
  scopes: readonly ApiTokenScope[];
  /** Admins only: the études the token is limited to (null or absent: all of them). */
  groupIds?: readonly number[] | null;
}

export interface CheckedTokenInput {
  name: string;
  expiresAt: Date;
  scopes: ApiTokenScope[];
  groupIds: number[] | null;
}

/**
 * The cleaned input, or each field's French message. A token holds at most what its creator's
 * role reads; only an admin's may be limited to études (the caller refuses others before), and
 * such a token holds only the scopes that the limit narrows.
 */
export function validateTokenInput(
  input: TokenInput,
  role: Role,
  now: Date,
): { ok: true; token: CheckedTokenInput } | { ok: false; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const name = (input.name ?? '').trim();
  if (!name) fields.name = apiTokenMessages.nameRequired;
  else if (name.length > NAME_MAX_LENGTH) fields.name = apiTokenMessages.nameTooLong;
  // eslint-disable-next-line no-control-regex -- refusing control characters in a token name is the point
  else if (/[\u0000-\u001f\u007f]/.test(name)) fields.name = apiTokenMessages.nameInvalid;
  const expiresAt = input.expiresAt ?? defaultExpiry(now);
  if (expiresAt.getTime() <= now.getTime()) fields.expiresAt = apiTokenMessages.expiryPast;
  else if (expiresAt.getTime() > maxExpiry(now).getTime()) fields.expiresAt = apiTokenMessages.expiryTooFar;
  const scopes = [...new Set(input.scopes)];
  const groupIds = input.groupIds && input.groupIds.length > 0 ? [...new Set(input.groupIds)] : null;
  const beyondRole = scopes.filter((scope) => !ROLE_SCOPES[role].includes(scope));
  const beyondLimit = groupIds ? scopes.filter((scope) => !GROUP_LIMITED_SCOPES.includes(scope)) : [];
  if (scopes.length === 0) fields.scopes = apiTokenMessages.scopesRequired;
  else if (beyondRole.length > 0) fields.scopes = apiTokenMessages.scopesOfRole(beyondRole);
  else if (beyondLimit.length > 0) fields.scopes = apiTokenMessages.scopesOfGroupLimit(beyondLimit);
  if (groupIds && groupIds.length > MAX_TOKEN_GROUPS) fields.groupIds = apiTokenMessages.groupsTooMany;
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, token: { name, expiresAt, scopes, groupIds } };
}

/**
 * Whether a token still reads: neither revoked nor expired, its creator active and of the role it
 * was made with (with another role it would read what it was not made for).
 */
export function isLiveApiToken<T extends { role: Role; expiresAt: Date; revokedAt: Date | null; user: { role: Role; status: UserStatus } }>(
  token: T | null,
  now: Date,
): token is T {
  return isLiveCredential(token, now) && token.user.role === token.role;
}

export type ApiTokenStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

export function tokenStatus(token: { revokedAt: Date | null; expiresAt: Date }, now: Date): ApiTokenStatus {
  if (token.revokedAt) return 'REVOKED';
  return token.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'ACTIVE';
}

/**
 * `extensions.cost` of an answer (Shopify's requestedQueryCost / actualQueryCost / throttleStatus,
 * GitHub's rateLimit): the operation's cost as asked (`requested`, what the per-query limit and the
 * budget's charge use) and as answered (`actual`, what the token finally spends), and for a token the
 * budget left in the current one-minute window and when that window ends.
 */
export interface CostExtension {
  requested: number;
  actual?: number;
  limit?: number;
  remaining?: number;
  resetAt?: string;
}

export type BudgetFigures = Required<Pick<CostExtension, 'requested' | 'limit' | 'remaining' | 'resetAt'>>;

export function budgetFigures(requested: number, limit: number, consumed: number, msBeforeReset: number, now: Date): BudgetFigures {
  return {
    requested,
    limit,
    // Never below 0 (a refusal's count), nor above the limit (points given back as a window turns).
    remaining: Math.min(limit, Math.max(0, limit - consumed)),
    resetAt: new Date(now.getTime() + Math.max(0, msBeforeReset)).toISOString(),
  };
}

/** Whole seconds until the window resets, at least 1 (Retry-After). */
export const retryAfterSeconds = (msBeforeReset: number) => Math.max(1, Math.ceil(msBeforeReset / 1000));

/**
 * What was charged before execution beyond the answer's actual cost, given back after it (Shopify's
 * refund): 0 once the window charged has ended, since its points went with it and giving them back
 * would lend them to the next window.
 */
export function refundOf(charged: BudgetFigures, actual: number, now: Date): number {
  return now.getTime() < Date.parse(charged.resetAt) ? Math.max(0, charged.requested - actual) : 0;
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers: limit, remaining, seconds
 * to the window's reset) of an answer whose `extensions.cost` has budget figures: the same figures,
 * so the headers and the body never disagree.
 */
export function rateLimitHeaders(cost: CostExtension, now: Date): Record<string, string> | null {
  if (cost.limit === undefined || cost.remaining === undefined || cost.resetAt === undefined) return null;
  return {
    'ratelimit-limit': String(cost.limit),
    'ratelimit-remaining': String(cost.remaining),
    'ratelimit-reset': String(Math.max(0, Math.ceil((Date.parse(cost.resetAt) - now.getTime()) / 1000))),
  };
}
