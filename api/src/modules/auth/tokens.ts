import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session bearer tokens and e-mailed single-use tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked database gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
