import { loadConfig, ConfigError } from '../../api/src/config.js';
import type { ApiTokenScope, Role } from '../../api/src/generated/prisma/enums.js';
import {
  MAX_TOKEN_GROUPS,
  budgetFigures,
  isApiTokenFormat,
  maxExpiry,
  rateLimitHeaders,
  refundOf,
  retryAfterSeconds,
  tokenStatus,
  validateTokenInput,
} from '../../api/src/modules/apiTokens/rules.js';
import { ROLE_SCOPES } from '../../api/src/modules/apiTokens/scopes.js';
import { newApiToken } from '../../api/src/modules/apiTokens/service.js';
import { newToken } from '../../api/src/modules/auth/tokens.js';

const now = new Date('2026-03-01T10:00:00Z');

describe('API token rules', () => {
  it('a token is told from a session token by its prefix and length', () => {
    expect(isApiTokenFormat(newApiToken())).toBe(true);
    for (let i = 0; i < 50; i++) expect(isApiTokenFormat(newToken())).toBe(false);
    expect(isApiTokenFormat('cst_short')).toBe(false);
    expect(isApiTokenFormat(null)).toBe(false);
  });

  const READS = ['REPORTS'] as const;
  it.each([
    [
      'no expiry: 90 days',
      { name: ' Compta ', scopes: READS },
      { ok: true, token: { name: 'Compta', expiresAt: new Date('2026-05-30T10:00:00Z'), scopes: ['REPORTS'], groupIds: null } },
    ],
    [
      'exactly one year',
      { name: 'a', expiresAt: new Date('2027-03-01T10:00:00Z'), scopes: READS },
      { ok: true, token: { name: 'a', expiresAt: new Date('2027-03-01T10:00:00Z'), scopes: ['REPORTS'], groupIds: null } },
    ],
    [
      'one year and a second',
      { name: 'a', expiresAt: new Date('2027-03-01T10:00:01Z'), scopes: READS },
      { ok: false, fields: { expiresAt: 'La date d’expiration ne peut pas dépasser un an.' } },
    ],
    [
      'now',
      { name: 'a', expiresAt: now, scopes: READS },
      { ok: false, fields: { expiresAt: 'La date d’expiration doit être dans le futur.' } },
    ],
    ['empty name', { name: ' ', scopes: READS }, { ok: false, fields: { name: 'Veuillez saisir un nom pour le jeton.' } }],
    [
      '101 characters',
      { name: 'x'.repeat(101), scopes: READS },
      { ok: false, fields: { name: 'Le nom du jeton ne doit pas dépasser 100 caractères.' } },
    ],
    [
      'a tab inside',
      { name: 'a\tb', scopes: READS },
      { ok: false, fields: { name: 'Le nom du jeton contient des caractères non autorisés.' } },
    ],
  ])('%s', (_label, input, expected) => {
    expect(validateTokenInput(input, 'ADMIN', now)).toEqual(expected);
  });

  describe('scopes and études', () => {
    const check = (role: Role, scopes: ApiTokenScope[], groupIds?: number[]) =>
      validateTokenInput({ name: 'a', scopes, groupIds }, role, now);

    it('at least one scope, repeated ones kept once', () => {
      expect(check('ADMIN', [])).toEqual({ ok: false, fields: { scopes: 'Veuillez choisir au moins une portée.' } });
      expect(check('BAILIFF', ['REPORTS', 'REPORTS', 'BILLING'])).toMatchObject({ ok: true, token: { scopes: ['REPORTS', 'BILLING'] } });
    });

    it.each([
      [
        'BAILIFF',
        ['REPORTS', 'RETROCESSION', 'STATISTICS'],
        'Votre rôle ne permet pas de lire : Rétrocession des secrétaires, Statistiques.',
      ],
      ['SECRETARY', ['BILLING'], 'Votre rôle ne permet pas de lire : Facturation des études.'],
    ] as const)('a %s holds only what his role reads: %j', (role, scopes, message) => {
      expect(check(role, [...scopes])).toEqual({ ok: false, fields: { scopes: message } });
    });

    it('every role may hold every scope it reads', () => {
      for (const role of ['ADMIN', 'BAILIFF', 'SECRETARY'] as const) expect(check(role, [...ROLE_SCOPES[role]]).ok).toBe(true);
    });

    it('an étude-limited token reads only constats and billing; études are kept once', () => {
      expect(check('ADMIN', ['REPORTS', 'BILLING'], [3, 3, 4])).toMatchObject({ ok: true, token: { groupIds: [3, 4] } });
      expect(check('ADMIN', ['REPORTS', 'STATISTICS'], [3])).toEqual({
        ok: false,
        fields: { scopes: 'Un jeton limité à certaines études ne lit que les constats et la facturation : retirez Statistiques.' },
      });
      expect(check('ADMIN', ['REPORTS'], [])).toMatchObject({ ok: true, token: { groupIds: null } });
    });

    it(`at most ${MAX_TOKEN_GROUPS} études`, () => {
      const ids = Array.from({ length: MAX_TOKEN_GROUPS + 1 }, (_, index) => index + 1);
      expect(check('ADMIN', ['REPORTS'], ids)).toEqual({
        ok: false,
        fields: { groupIds: `Un jeton d’API peut être limité à ${MAX_TOKEN_GROUPS} études au plus.` },
      });
      expect(check('ADMIN', ['REPORTS'], ids.slice(1)).ok).toBe(true);
    });
  });

  it('a year from 29 February ends on 1 March', () => {
    expect(maxExpiry(new Date('2028-02-29T12:00:00Z')).toISOString()).toBe('2029-03-01T12:00:00.000Z');
  });

  it('status: revoked wins over expired', () => {
    expect(tokenStatus({ revokedAt: null, expiresAt: new Date('2026-03-02') }, now)).toBe('ACTIVE');
    expect(tokenStatus({ revokedAt: null, expiresAt: now }, now)).toBe('EXPIRED');
    expect(tokenStatus({ revokedAt: now, expiresAt: new Date('2020-01-01') }, now)).toBe('REVOKED');
  });

  it('cost figures: remaining never below zero, resetAt when the window ends, Retry-After in whole seconds', () => {
    expect(budgetFigures(300, 1000, 1200, 12_345, now)).toEqual({
      requested: 300,
      limit: 1000,
      remaining: 0,
      resetAt: '2026-03-01T10:00:12.345Z',
    });
    expect(budgetFigures(300, 1000, 300, 60_000, now).remaining).toBe(700);
    expect(retryAfterSeconds(12_345)).toBe(13);
    expect(retryAfterSeconds(0)).toBe(1);
    // Points given back as a window turned never show more than the limit.
    expect(budgetFigures(300, 1000, -200, 60_000, now).remaining).toBe(1000);
  });

  it('refund: what was charged beyond the actual cost, within the window charged only', () => {
    const charged = budgetFigures(300, 1000, 300, 30_000, now);
    expect(refundOf(charged, 120, now)).toBe(180);
    expect(refundOf(charged, 300, now)).toBe(0);
    expect(refundOf(charged, 0, new Date(now.getTime() + 29_999))).toBe(300);
    expect(refundOf(charged, 0, new Date(now.getTime() + 30_000))).toBe(0);
  });

  it('RateLimit headers: the budget figures of the answer, the reset in whole seconds; none without a budget', () => {
    const cost = { ...budgetFigures(300, 1000, 120, 12_345, now), actual: 120 };
    expect(rateLimitHeaders(cost, now)).toEqual({ 'ratelimit-limit': '1000', 'ratelimit-remaining': '880', 'ratelimit-reset': '13' });
    expect(rateLimitHeaders(cost, new Date(now.getTime() + 20_000))?.['ratelimit-reset']).toBe('0');
    expect(rateLimitHeaders({ requested: 300, actual: 120 }, now)).toBeNull();
    // The per-query limit's refusal carries its limit, not a budget.
    expect(rateLimitHeaders({ requested: 30_300, limit: 20_000 }, now)).toBeNull();
  });

  it('the budget is set by API_TOKEN_COST_PER_MINUTE (50,000 by default)', () => {
    expect(loadConfig({}).apiTokenCostPerMinute).toBe(50_000);
    expect(loadConfig({ API_TOKEN_COST_PER_MINUTE: '2000' }).apiTokenCostPerMinute).toBe(2000);
    expect(() => loadConfig({ API_TOKEN_COST_PER_MINUTE: '0' })).toThrow(ConfigError);
  });
});
