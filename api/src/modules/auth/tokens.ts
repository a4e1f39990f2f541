import { createHash, randomBytes } from 'node:crypto';
import type { UserStatus } from '../../generated/prisma/enums.js';

/** 256 random bits, URL-safe: session bearer tokens and e-mailed single-use tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked database gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What decides whether a stored bearer credential (a session or an API token) still lets its holder in. */
export const CREDENTIAL_SELECT = {
  id: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
  user: { select: { id: true, role: true, status: true } },
} as const;

interface Credential {
  expiresAt: Date;
  revokedAt: Date | null;
  user: { status: UserStatus };
}

/** Known, neither revoked nor expired, and its owner's account still active. */
export function isLiveCredential<T extends Credential>(credential: T | null, now: Date): credential is T {
  return !!credential && !credential.revokedAt && credential.expiresAt > now && credential.user.status === 'ACTIVE';
}
