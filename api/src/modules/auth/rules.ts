// Pure authentication rules: password strength, registration validation, lifetimes, throttling.
import type { FieldErrors } from '../../errors.js';
import { isEmail, parseCivility } from '../accounts/rules.js';
import { accountFormMessages, isStrongPassword, registrationMessages as r, registrationPatterns } from '@constats/domain/account-forms';
import { formMessages } from '@constats/domain/form-messages';
import { singleLineProblem } from '@constats/domain/text-input';

export const messages = {
  passwordRule: r.passwordRule,
  badCredentials: 'Identifiant ou mot de passe incorrect.',
  throttled: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
  tooManyRequests: 'Trop de demandes. Veuillez réessayer plus tard.',
  accountPending: 'Votre compte est en attente de validation par un administrateur.',
  accountDisabled: 'Votre compte est désactivé. Contactez un administrateur.',
  registrationSent:
    "La demande de création de compte a été envoyée à l'administrateur pour validation. Vous serez averti par e-mail lors de sa validation.",
  recoverySent: 'Un e-mail vous a été envoyé pour récupérer votre mot de passe.',
  invalidEmail: r.emailFormat,
  passwordChanged: 'Mot de passe modifié avec succès.',
  invalidResetToken: 'Le lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.',
  impersonationTarget: 'Ce compte ne peut pas être utilisé pour une connexion en tant que.',
} as const;

export { isStrongPassword };

export interface RegistrationInput {
  civility?: string | null;
  firstName: string;
  lastName: string;
  telephone: string;
  address: string;
  zip: string;
  city: string;
  identity: string;
  email: string;
  password: string;
}

/** product.md §5 "Registration": each field's French message, empty object when valid. */
export function validateRegistration(input: RegistrationInput): FieldErrors {
  const errors: FieldErrors = {};
  const value = (field: keyof RegistrationInput) => String(input[field] ?? '').trim();
  const required: [keyof RegistrationInput, string][] = [
    ['lastName', r.lastNameRequired],
    ['firstName', r.firstNameRequired],
    ['telephone', r.telephoneRequired],
    ['email', r.emailRequired],
    ['address', r.addressRequired],
    ['zip', r.zipRequired],
    ['city', r.cityRequired],
    ['identity', r.identityRequired],
    ['password', r.passwordRequired],
  ];
  for (const [field, message] of required) if (!value(field)) errors[field] = message;

  if (!errors.telephone && !registrationPatterns.PHONE.test(value('telephone'))) errors.telephone = r.telephoneFormat;
  if (!errors.email && !isEmail(value('email'))) errors.email = messages.invalidEmail;
  if (!errors.zip && !registrationPatterns.ZIP.test(value('zip'))) errors.zip = r.zipFormat;
  // Bailiff identifier rule of the account forms (product.md §5): letters, digits or dots, at least 3.
  if (!errors.identity && !registrationPatterns.IDENTITY.test(value('identity'))) errors.identity = r.identityFormat;
  if (!errors.password && !isStrongPassword(input.password)) errors.password = messages.passwordRule;
  for (const field of ['lastName', 'firstName', 'address', 'city'] as const) {
    if (!errors[field] && value(field).length > 120) errors[field] = formMessages.tooLong(120);
    if (!errors[field] && singleLineProblem(value(field))) errors[field] = singleLineProblem(value(field))!;
  }
  if (parseCivility(input.civility) === null) errors.civility = accountFormMessages.civility;
  return errors;
}

const MINUTE = 60;
const HOUR = 3600;

/**
 * Throttling (modules/auth/throttle.ts), each limit as points per window in seconds. Login counts
 * failures (an attempt is counted before its password is checked and given back when it succeeds).
 */
export const THROTTLE = {
  /**
   * Failures for one account, whatever login name was typed: then even the right password waits,
   * except from an address the account signed in from lately (loginKnownAddress).
   */
  loginAccount: { points: 10, durationSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /**
   * Once loginAccount is spent, an address the account signed in from lately counts its failures
   * for that account on its own: anyone anywhere can spend loginAccount, so it alone would let an
   * anonymous caller lock the owner (the admin) out.
   */
  loginKnownAddress: { points: 10, durationSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /**
   * Failures from one address in a day. Past it the address may only try accounts that already
   * signed in from it, so an office behind one address keeps working while an attacker there stops.
   */
  loginAddress: { points: 100, durationSeconds: 24 * HOUR },
  /** Password reset requests from one address (answered 429). */
  resetAddress: { points: 10, durationSeconds: HOUR },
  /** Reset e-mails to one address (silently not sent beyond: the answer never depends on the account). */
  resetEmail: { points: 3, durationSeconds: HOUR },
  /** Valid registration requests from one address: each one e-mails every admin. */
  registerAddress: { points: 10, durationSeconds: HOUR },
  /** Registration requests for one e-mail address. */
  registerEmail: { points: 3, durationSeconds: 24 * HOUR },
} as const;

export function sessionExpiry(now: Date, remember: boolean, lifetimes: { sessionHours: number; rememberDays: number }): Date {
  const ms = remember ? lifetimes.rememberDays * 24 * 3600_000 : lifetimes.sessionHours * 3600_000;
  return new Date(now.getTime() + ms);
}
