// product.md §5 rules of the three profiles (and the secretary's own account form), as the server
// checks them (api/src/modules/accounts/rules.ts, form kind 'profile'), for the live messages.
// With its extension: the unit tests also compile this file under NodeNext resolution.
import { fr } from '../../i18n/fr.js';
import { accountPatterns } from '@constats/domain/account-forms';
import { normalizePhone } from '@constats/domain/phone';

export type ProfileField =
  | 'lastName'
  | 'firstName'
  | 'telephone'
  | 'identity'
  | 'description'
  | 'siret'
  | 'address'
  | 'zip'
  | 'city'
  | 'password'
  | 'passwordConfirmation';

export type ProfileValues = Record<ProfileField, string>;

type Role = 'ADMIN' | 'BAILIFF' | 'SECRETARY';

const m = fr.profile.messages;
const { IDENTITY, PHONE, STRONG_PASSWORD, ZIP } = accountPatterns;

/** What each role changes in its profile (the rest is shown read-only or not at all). */
export const PROFILE_FIELDS: Record<Role, readonly ProfileField[]> = {
  ADMIN: ['lastName', 'firstName', 'telephone', 'identity', 'description', 'password', 'passwordConfirmation'],
  BAILIFF: ['lastName', 'firstName', 'telephone', 'identity', 'password', 'passwordConfirmation'],
  SECRETARY: ['lastName', 'firstName', 'telephone', 'siret', 'address', 'zip', 'city', 'password', 'passwordConfirmation'],
};

const REQUIRED: Record<Role, readonly ProfileField[]> = {
  // product.md §5 'Admin profile: no validation': only what an account cannot do without.
  ADMIN: ['lastName', 'firstName', 'identity'],
  BAILIFF: ['lastName', 'firstName', 'telephone', 'identity'],
  SECRETARY: ['lastName', 'firstName', 'telephone', 'siret', 'address', 'zip', 'city'],
};

const MIN3: ReadonlySet<ProfileField> = new Set(['lastName', 'firstName', 'siret', 'address', 'city']);

/**
 * The message of one profile field, or null. A value equal to the stored one is not checked
 * again (as on the server), so a record older than a rule stays editable.
 */
export function validateProfileField(
  role: Role,
  field: ProfileField,
  values: ProfileValues,
  stored: Partial<ProfileValues> = {},
): string | null {
  const raw = values[field];
  const value = field === 'password' || field === 'passwordConfirmation' ? raw : raw.trim();
  if (field === 'passwordConfirmation') {
    if (!values.password) return null;
    if (!value) return m.confirmationRequired;
    return value === values.password ? null : m.confirmation;
  }
  if (!value) {
    if (!REQUIRED[role].includes(field)) return null;
    // product.md §5: the secretary profile says 'Ce champs est requis', the other forms 'Champ requis'.
    return role === 'SECRETARY' ? m.requiredSecretary : m.required;
  }
  if (field !== 'password' && value === (stored[field] ?? '').trim()) return null;
  switch (field) {
    case 'password':
      return STRONG_PASSWORD.test(value) ? null : m.password;
    case 'identity':
      if (role === 'ADMIN') return /\s/.test(value) ? m.invalidCharacters : null;
      if (value.length < 3) return m.min3;
      return IDENTITY[role].test(value) ? null : m.invalidCharacters;
    case 'telephone':
      return role === 'ADMIN' || PHONE[role].test(normalizePhone(value)) ? null : m.phone;
    case 'zip':
      return ZIP.test(value) ? null : m.zip;
    default:
      return role !== 'ADMIN' && MIN3.has(field) && value.length < 3 ? m.min3 : null;
  }
}

/** Every field of the role's profile with a message. */
export function profileErrors(
  role: Role,
  values: ProfileValues,
  stored: Partial<ProfileValues> = {},
): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS[role]) {
    const message = validateProfileField(role, field, values, stored);
    if (message) errors[field] = message;
  }
  return errors;
}
