// product.md §5 'Account forms (live)': the same rules as the server's, for the messages as one types.
import type { Role } from '../../app/routing/dashboardRoutes';
import { accountsText } from '../../i18n/accounts';
import { accountPatterns } from '@constats/domain/account-forms';
import { normalizePhone } from '@constats/domain/phone';

export type AccountField =
  | 'lastName'
  | 'firstName'
  | 'telephone'
  | 'groupId'
  | 'email'
  | 'identity'
  | 'password'
  | 'passwordConfirmation'
  | 'siret'
  | 'address'
  | 'zip'
  | 'city'
  | 'rib'
  | 'secretaryPricePage'
  | 'secretaryPricePhoto';

export type AccountValues = Record<AccountField, string>;

const m = accountsText.form.messages;
const { EMAIL, IDENTITY, PHONE, STRONG_PASSWORD, ZIP, UNIT_PRICE: PRICE } = accountPatterns;

/** The fields each account type shows (product.md §2). */
export function fieldsOf(role: Role): readonly AccountField[] {
  const common: AccountField[] = ['lastName', 'firstName', 'telephone', 'email', 'identity', 'password', 'passwordConfirmation'];
  if (role === 'BAILIFF') return [...common, 'groupId'];
  if (role === 'SECRETARY') return [...common, 'siret', 'address', 'zip', 'city', 'rib', 'secretaryPricePage', 'secretaryPricePhoto'];
  return common;
}

const OPTIONAL: ReadonlySet<AccountField> = new Set(['secretaryPricePage', 'secretaryPricePhoto', 'passwordConfirmation']);

export function validateAccountField(
  field: AccountField,
  values: AccountValues,
  { role, editing }: { role: Role; editing: boolean },
): string | null {
  const value = values[field].trim();
  if (!value) {
    if (field === 'groupId') return m.group;
    if (field === 'password') return editing ? null : m.required;
    if (field === 'passwordConfirmation') return values.password ? m.confirmation : null;
    return OPTIONAL.has(field) ? null : m.required;
  }
  switch (field) {
    case 'lastName':
    case 'firstName':
    case 'siret':
    case 'address':
    case 'city':
    case 'rib':
      return value.length < 3 ? m.min3 : null;
    case 'telephone':
      // Checked as the server stores it: « 06 12 34 56 78 » and « +33 6… » are the same number.
      return PHONE[role].test(normalizePhone(value)) ? null : m.phone;
    case 'email':
      return editing || EMAIL.test(value) ? null : m.email;
    case 'identity':
      if (value.length < 3) return m.min3;
      return IDENTITY[role].test(value) ? null : m.invalidCharacters;
    case 'password':
      return STRONG_PASSWORD.test(values.password) ? null : m.password;
    case 'passwordConfirmation':
      return values.passwordConfirmation === values.password ? null : m.confirmation;
    case 'zip':
      return ZIP.test(value) ? null : m.zip;
    case 'secretaryPricePage':
    case 'secretaryPricePhoto':
      return PRICE.test(value) ? null : m.invalidCharacters;
    case 'groupId':
      return null;
  }
}
