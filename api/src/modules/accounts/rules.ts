// Pure account rules shared by registration (auth) and the account forms (product.md §5).
import { accountFormMessages, accountPatterns, isStrongPassword } from '@constats/domain/account-forms';
import type { Civility, Role } from '../../generated/prisma/enums.js';
import { toDecimal, type DecimalInput } from '@constats/domain/money';
import { singleLineProblem } from '@constats/domain/text-input';

const { PHONE, IDENTITY: IDENTITY_CHARS, EMAIL: EMAIL_PATTERN, ZIP, UNIT_PRICE } = accountPatterns;

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

/** product.md §3: role_id is '1' admin, '2' bailiff, '3' secretary. */
export const roleIds: Record<Role, '1' | '2' | '3'> = { ADMIN: '1', BAILIFF: '2', SECRETARY: '3' };
export const roleNames: Record<Role, 'Admin' | 'Bailiff' | 'Secretary'> = { ADMIN: 'Admin', BAILIFF: 'Bailiff', SECRETARY: 'Secretary' };

export const civilityLabels: Record<Civility, string> = { MONSIEUR: 'Monsieur', MADAME: 'Madame', MAITRE: 'Maître' };

/** Accepts the enum name or the French label the legacy forms send ('Monsieur', 'Madame', 'Maître'). */
export function parseCivility(value: string | null | undefined): Civility | null {
  if (!value) return 'MONSIEUR';
  const key = toSearchText(value).toUpperCase();
  return key === 'MONSIEUR' || key === 'MADAME' || key === 'MAITRE' ? key : null;
}

/**
 * The web page of a pending account (its edit screen), where a signed-in admin approves or refuses
 * it; `action` opens that confirmation at once (the e-mailed links). Opening it changes nothing.
 */
export function accountRequestPath(userId: number, action?: 'approve' | 'deny'): string {
  return `/dashboard/seetheaccount/${userId}${action ? `?action=${action}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Account forms (product.md §5): one rule set per form, shared by the admin forms and the profiles.
// ---------------------------------------------------------------------------------------------

export const accountMessages = {
  // The forms' messages the web app shows as one types (packages/domain/src/account-forms.ts).
  ...accountFormMessages,
  notEditable: "Ce champ n'est pas modifiable.",
  notForRole: 'Ce champ ne concerne pas ce type de compte.',
  duplicateEmail: 'Cet email existe déjà.',
  duplicateIdentity: 'Cet identifiant existe déjà.',
  created: 'Compte créé avec succès.',
  updated: 'Compte modifié avec succès.',
  notFound: 'Compte introuvable.',
  selfStatus: 'Vous ne pouvez pas désactiver votre propre compte.',
  notPending: "Ce compte n'est pas en attente de validation.",
  currentPasswordWrong: 'Mot de passe actuel incorrect.',
  passwordImpersonation: 'Le mot de passe ne peut pas être modifié pendant une connexion « en tant que ».',
  stagedAvatarMissing: 'Image introuvable : envoyez-la de nouveau.',
  tooManyStagedAvatars: 'Trop d’images envoyées en 24 heures : réessayez plus tard.',
  tooManyMatrices: (max: number) => `Au plus ${max} matrices par huissier : retirez-en avant d’en ajouter.`,
} as const;

/** Profile pictures: images only (checked by content), at most 5 Mo. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Pictures one user may send ahead of a form (legacy `users/image`) within the lifetime below. */
export const STAGED_AVATARS_PER_DAY = 20;
/** How long a picture sent ahead of a form waits to be linked before the sweep removes it. */
export const STAGED_AVATAR_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * A bailiff's matrices, all saves together: `User.matrices` has no pages, and the query cost prices
 * it at this ceiling (server/list-bounds.ts).
 */
export const MATRICES_PER_BAILIFF = 20;

/** Where an image staged by the legacy `users/image` call lives: only keys of this shape may be linked. */
const STAGED_AVATAR_KEY = /^avatars\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(?:png|jpg|gif|webp)$/;

/** The storage key behind an avatar reference: the key itself or a /files/… link to it; null otherwise. */
export function avatarKeyOf(reference: string | null | undefined): string | null {
  const value = (reference ?? '').trim();
  if (!value) return null;
  let key = value;
  if (value.includes('/files/')) {
    try {
      key = decodeURIComponent(new URL(value, 'http://local').pathname.replace(/^\/files\//, ''));
    } catch {
      return null;
    }
  }
  return STAGED_AVATAR_KEY.test(key) ? key : null;
}

/** The text fields of an account, as the forms send them; `undefined` means "not sent, keep". */
export interface AccountFields {
  civility?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  telephone?: string | null;
  email?: string | null;
  identity?: string | null;
  password?: string | null;
  passwordConfirmation?: string | null;
  siret?: string | null;
  address?: string | null;
  zip?: string | null;
  city?: string | null;
  rib?: string | null;
  secretaryPricePage?: string | null;
  secretaryPricePhoto?: string | null;
  description?: string | null;
  /** HTML, sanitized by the service before storage. */
  instructions?: string | null;
}

export type AccountField = keyof AccountFields;

/**
 * Which form is being submitted: an admin's account form (create or update) for one of the three
 * account types, or a user's own profile.
 */
export type AccountForm = { kind: 'create' | 'update' | 'profile'; role: Role };

/** What every account carries, whatever its type. */
const COMMON_FIELDS: readonly AccountField[] = [
  'civility',
  'firstName',
  'lastName',
  'telephone',
  'email',
  'identity',
  'password',
  'passwordConfirmation',
  'description',
];

/** Fields each account type carries (product.md §2 account forms): the rest does not apply to it. */
const FIELDS_BY_ROLE: Record<Role, readonly AccountField[]> = {
  ADMIN: COMMON_FIELDS,
  BAILIFF: [...COMMON_FIELDS, 'instructions'],
  SECRETARY: [...COMMON_FIELDS, 'siret', 'address', 'zip', 'city', 'rib', 'secretaryPricePage', 'secretaryPricePhoto'],
};

/**
 * What each profile lets its owner change (product.md §2, §5): the admin profile has e-mail read-only;
 * the bailiff profile has e-mail and the étude read-only; the secretary profile has her rates
 * read-only and shows neither identifier nor RIB.
 */
const PROFILE_FIELDS: Record<Role, readonly AccountField[]> = {
  ADMIN: ['civility', 'firstName', 'lastName', 'telephone', 'identity', 'password', 'passwordConfirmation', 'description'],
  BAILIFF: ['civility', 'firstName', 'lastName', 'telephone', 'identity', 'password', 'passwordConfirmation', 'instructions'],
  SECRETARY: ['civility', 'firstName', 'lastName', 'telephone', 'password', 'passwordConfirmation', 'siret', 'address', 'zip', 'city'],
};

/** Required on the forms (product.md §2: every field of the forms but images, matrices, instructions, description). */
const REQUIRED_BY_ROLE: Record<Role, readonly AccountField[]> = {
  ADMIN: ['firstName', 'lastName', 'telephone', 'email', 'identity'],
  BAILIFF: ['firstName', 'lastName', 'telephone', 'email', 'identity'],
  SECRETARY: ['firstName', 'lastName', 'telephone', 'email', 'identity', 'siret', 'address', 'zip', 'city', 'rib'],
};

export function accountFieldsFor(form: AccountForm): readonly AccountField[] {
  return form.kind === 'profile' ? PROFILE_FIELDS[form.role] : FIELDS_BY_ROLE[form.role];
}

const MAX_LENGTH: Partial<Record<AccountField, number>> = {
  firstName: 120,
  lastName: 120,
  telephone: 30,
  email: 254,
  identity: 60,
  siret: 30,
  address: 200,
  city: 120,
  rib: 60,
  description: 2000,
  instructions: 20_000,
  zip: 10,
};

const text = (value: string | null | undefined) => String(value ?? '').trim();

/** Names and address lines: shown in lists, bills and exports, one line each. */
const SINGLE_LINE_FIELDS: readonly AccountField[] = ['firstName', 'lastName', 'siret', 'address', 'city', 'rib'];

const ALL_FIELDS = [...new Set(Object.values(FIELDS_BY_ROLE).flat())];

/**
 * Every invalid field of a submitted account form, with its French message (empty when valid).
 * Fields left undefined are not being changed. On update and profile saves, a value equal to the
 * stored one is not checked again, so records that predate a rule stay editable.
 */
export function validateAccountFields(
  form: AccountForm,
  input: AccountFields,
  stored: AccountFields | null = null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const allowed = accountFieldsFor(form);
  const { role } = form;
  const isProfile = form.kind === 'profile';
  const secretaryProfile = isProfile && role === 'SECRETARY';
  // product.md §5: the admin profile validates nothing beyond what the account cannot do without.
  const adminProfile = isProfile && role === 'ADMIN';
  const required: readonly AccountField[] =
    form.kind === 'create'
      ? [...REQUIRED_BY_ROLE[role], 'password']
      : adminProfile
        ? ['firstName', 'lastName', 'identity']
        : REQUIRED_BY_ROLE[role];
  const requiredMessage = secretaryProfile ? accountMessages.requiredSecretaryProfile : accountMessages.required;

  for (const field of ALL_FIELDS) {
    if (input[field] === undefined || allowed.includes(field) || !text(input[field])) continue;
    errors[field] = isProfile ? accountMessages.notEditable : accountMessages.notForRole;
  }
  // The e-mail is the login: set at creation, read-only afterwards (product.md §2).
  if (form.kind === 'update' && input.email != null && normalizeEmail(input.email) !== normalizeEmail(stored?.email ?? '')) {
    errors.email = accountMessages.notEditable;
  }

  const check = (field: AccountField, rule: (value: string) => string | null) => {
    if (errors[field] || !allowed.includes(field)) return;
    const sent = input[field];
    if (sent === undefined && form.kind !== 'create') return;
    const value = text(sent);
    if (stored && form.kind !== 'create' && value === text(stored[field])) return;
    if (!value) {
      if (required.includes(field)) errors[field] = requiredMessage;
      return;
    }
    const max = MAX_LENGTH[field];
    const problem =
      max !== undefined && value.length > max
        ? accountMessages.tooLong(max)
        : ((SINGLE_LINE_FIELDS.includes(field) ? singleLineProblem(value) : null) ?? rule(value));
    if (problem) errors[field] = problem;
  };
  const min3 = (value: string) => (value.length < 3 ? accountMessages.min3 : null);

  check('civility', (value) => (parseCivility(value) ? null : accountMessages.civility));
  check('lastName', adminProfile ? () => null : min3);
  check('firstName', adminProfile ? () => null : min3);
  check('telephone', (value) => (adminProfile || PHONE[role].test(value) ? null : accountMessages.phone));
  if (form.kind === 'create') check('email', (value) => (isEmail(value) ? null : accountMessages.email));
  check('identity', (value) => {
    if (adminProfile) return /\s/.test(value) ? accountMessages.invalidCharacters : null;
    if (value.length < 3) return accountMessages.min3;
    return IDENTITY_CHARS[role].test(value) ? null : accountMessages.invalidCharacters;
  });
  check('password', () => {
    if (isStrongPassword(sentRaw(input.password))) return null;
    return isProfile ? accountMessages.passwordProfile : accountMessages.password;
  });
  for (const field of ['siret', 'address', 'city', 'rib', 'description'] as const) check(field, adminProfile ? () => null : min3);
  check('zip', (value) => (ZIP.test(value) ? null : secretaryProfile ? accountMessages.zipSecretaryProfile : accountMessages.zip));
  check('secretaryPricePage', (value) => (UNIT_PRICE.test(value) ? null : accountMessages.invalidCharacters));
  check('secretaryPricePhoto', (value) => (UNIT_PRICE.test(value) ? null : accountMessages.invalidCharacters));
  check('instructions', () => null);

  // The confirmation is checked when the client sends one (the legacy REST calls do not).
  const password = sentRaw(input.password);
  if (password && input.passwordConfirmation != null && input.passwordConfirmation !== password && !errors.password) {
    errors.passwordConfirmation = accountMessages.confirmation;
  }
  return errors;
}

/**
 * What setting a new password takes: one's own (the profile, or an admin's own account on the
 * admin form) needs the current password, so a borrowed open session cannot lock its owner out;
 * an impersonation session never sets one, whoever the account; an admin setting another user's
 * password needs nothing more.
 */
export function passwordChangeRule(change: {
  newPassword: boolean;
  own: boolean;
  impersonated: boolean;
}): 'none' | 'forbidden' | 'currentPassword' {
  if (!change.newPassword) return 'none';
  if (change.impersonated) return 'forbidden';
  return change.own ? 'currentPassword' : 'none';
}

// Passwords are taken exactly as typed: surrounding spaces are part of them.
const sentRaw = (value: string | null | undefined) => value ?? '';

/** "1,5" or "1.5" → "1.5" (a decimal string for Prisma); empty → "0" (product.md §9: default '0.00'). */
export function parseUnitPrice(value: string | null | undefined): string {
  const cleaned = text(value).replace(',', '.');
  return cleaned || '0';
}

/** A unit price for display and the legacy JSON: two decimals, three when the third is used ('2.50', '1.125'). */
export function formatUnitPrice(value: DecimalInput): string {
  const decimal = toDecimal(value);
  return decimal.toFixed(Math.max(2, decimal.decimalPlaces()));
}

/** The keyword filter of the accounts, groups and news lists: every word must appear in searchText. */
export function searchWords(keyword: string | null | undefined): string[] {
  return toSearchText(keyword).split(' ').filter(Boolean).slice(0, 8);
}

/**
 * The keyword filter's conditions, the one form every list searches searchText with: each word as a
 * substring (`LIKE '%word%'`), which the column's trigram index serves (prisma/schema.prisma).
 */
export function searchTextClauses(words: string[]): { searchText: { contains: string } }[] {
  return words.map((word) => ({ searchText: { contains: word } }));
}
