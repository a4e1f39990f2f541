// Pure account rules shared by registration (auth) and the account forms (spec §5).
import type { Civility, Role } from '../../generated/prisma/enums.js';

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

/** Lower-case, accent-free text so that 'helene' finds 'Hélène' with a plain LIKE. */
export function toSearchText(...parts: (string | null | undefined)[]): string {
  return parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spec §3: role_id is '1' admin, '2' bailiff, '3' secretary. */
export const roleIds: Record<Role, '1' | '2' | '3'> = { ADMIN: '1', BAILIFF: '2', SECRETARY: '3' };
export const roleNames: Record<Role, 'Admin' | 'Bailiff' | 'Secretary'> = { ADMIN: 'Admin', BAILIFF: 'Bailiff', SECRETARY: 'Secretary' };

export const civilityLabels: Record<Civility, string> = { MONSIEUR: 'Monsieur', MADAME: 'Madame', MAITRE: 'Maître' };

/** Accepts the enum name or the French label the legacy forms send ('Monsieur', 'Madame', 'Maître'). */
export function parseCivility(value: string | null | undefined): Civility | null {
  if (!value) return 'MONSIEUR';
  const key = toSearchText(value).toUpperCase();
  return key === 'MONSIEUR' || key === 'MADAME' || key === 'MAITRE' ? key : null;
}
