// product.md §5 validation of the public forms, as pure functions returning the French message of each
// field in error (an empty object when the form is valid). The server checks the same rules.
// With its extension: the unit tests also compile this file under NodeNext resolution.
import { accountPatterns, isStrongPassword, registrationPatterns } from '@constats/domain/account-forms';
import { normalizePhone } from '@constats/domain/phone';
import { authText } from '../../i18n/auth.js';

export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

export { isStrongPassword };

/** The server's e-mail rule (accounts/rules.ts `isEmail`). */
export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && accountPatterns.EMAIL.test(email);
}

/** product.md §5 "Recovery": a valid e-mail address. */
export function validateRecovery(values: { email: string }): FormErrors<'email'> {
  return isEmail(values.email) ? {} : { email: authText.recover.invalidEmail };
}

export interface NewPasswordValues {
  password: string;
  confirmation: string;
}

/** product.md §5 "New password": the strength rule, and a confirmation equal to the password. */
export function validateNewPassword(values: NewPasswordValues): FormErrors<keyof NewPasswordValues> {
  const m = authText.resetPassword;
  const errors: FormErrors<keyof NewPasswordValues> = {};
  if (!values.password) errors.password = m.passwordRequired;
  else if (!isStrongPassword(values.password)) errors.password = m.passwordRule;
  if (!values.confirmation) errors.confirmation = m.confirmationRequired;
  else if (values.confirmation !== values.password) errors.confirmation = m.mismatch;
  return errors;
}

export type Civility = 'MONSIEUR' | 'MADAME' | 'MAITRE';

export interface RegistrationValues {
  civility: Civility;
  lastName: string;
  firstName: string;
  telephone: string;
  email: string;
  address: string;
  zip: string;
  city: string;
  identity: string;
  password: string;
  confirmation: string;
}

export type RegistrationField = Exclude<keyof RegistrationValues, 'civility'>;

/** product.md §5 "Registration": every field's message, in the order of the form. */
export function validateRegistration(values: RegistrationValues): FormErrors<RegistrationField> {
  const m = authText.register.messages;
  const errors: FormErrors<RegistrationField> = {};
  const value = (field: RegistrationField) => values[field].trim();

  if (!value('lastName')) errors.lastName = m.lastNameRequired;
  if (!value('firstName')) errors.firstName = m.firstNameRequired;

  if (!value('telephone')) errors.telephone = m.telephoneRequired;
  else if (!registrationPatterns.PHONE.test(normalizePhone(value('telephone')))) errors.telephone = m.telephoneFormat;

  if (!value('email')) errors.email = m.emailRequired;
  else if (!isEmail(value('email'))) errors.email = m.emailFormat;

  if (!value('address')) errors.address = m.addressRequired;

  if (!value('zip')) errors.zip = m.zipRequired;
  else if (!registrationPatterns.ZIP.test(value('zip'))) errors.zip = m.zipFormat;

  if (!value('city')) errors.city = m.cityRequired;

  // The bailiff form's identifier rule (docs/decisions.md): letters, digits or dots, 3 at least.
  if (!value('identity')) errors.identity = m.identityRequired;
  else if (!registrationPatterns.IDENTITY.test(value('identity'))) errors.identity = m.identityFormat;

  if (!values.password) errors.password = m.passwordRequired;
  else if (!isStrongPassword(values.password)) errors.password = m.passwordRule;

  if (!values.confirmation) errors.confirmation = m.confirmationRequired;
  else if (values.confirmation !== values.password) errors.confirmation = m.mismatch;

  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
