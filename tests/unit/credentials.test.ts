// A session and an API token open the door by the same rule (auth/tokens.ts isLiveCredential).
import { isLiveCredential } from '../../api/src/modules/auth/tokens.js';

const now = new Date('2026-03-01T10:00:00Z');
const live = { expiresAt: new Date('2026-03-01T10:00:01Z'), revokedAt: null, user: { status: 'ACTIVE' as const } };

describe('a live credential', () => {
  it('is known, not revoked, not expired, and its owner active', () => {
    expect(isLiveCredential(live, now)).toBe(true);
    expect(isLiveCredential(null, now)).toBe(false);
    expect(isLiveCredential({ ...live, revokedAt: new Date('2026-02-01T00:00:00Z') }, now)).toBe(false);
    // Expired at the very instant it ends.
    expect(isLiveCredential({ ...live, expiresAt: now }, now)).toBe(false);
    expect(isLiveCredential({ ...live, user: { status: 'DISABLED' as const } }, now)).toBe(false);
    expect(isLiveCredential({ ...live, user: { status: 'PENDING' as const } }, now)).toBe(false);
  });
});
