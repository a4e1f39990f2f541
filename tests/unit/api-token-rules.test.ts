import { loadConfig, ConfigError } from '../../api/src/config.js';
import {
  budgetFigures,
  isApiTokenFormat,
  maxExpiry,
  rateLimitHeaders,
  refundOf,
  retryAfterSeconds,
  tokenStatus,
  validateTokenInput,
} from '../../api/src/modules/apiTokens/rules.js';
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

  it.each([
    ['no expiry: 90 days', { name: ' Compta ' }, { ok: true, name: 'Compta', expiresAt: new Date('2026-05-30T10:00:00Z') }],
    [
      'exactly one year',
      { name: 'a', expiresAt: new Date('2027-03-01T10:00:00Z') },
      { ok: true, name: 'a', expiresAt: new Date('2027-03-01T10:00:00Z') },
    ],
    [
      'one year and a second',
      { name: 'a', expiresAt: new Date('2027-03-01T10:00:01Z') },
      { ok: false, fields: { expiresAt: 'La date d’expiration ne peut pas dépasser un an.' } },
    ],
    ['now', { name: 'a', expiresAt: now }, { ok: false, fields: { expiresAt: 'La date d’expiration doit être dans le futur.' } }],
    ['empty name', { name: ' ' }, { ok: false, fields: { name: 'Veuillez saisir un nom pour le jeton.' } }],
    ['101 characters', { name: 'x'.repeat(101) }, { ok: false, fields: { name: 'Le nom du jeton ne doit pas dépasser 100 caractères.' } }],
    ['a tab inside', { name: 'a\tb' }, { ok: false, fields: { name: 'Le nom du jeton contient des caractères non autorisés.' } }],
  ])('%s', (_label, input, expected) => {
    expect(validateTokenInput(input, now)).toEqual(expected);
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
