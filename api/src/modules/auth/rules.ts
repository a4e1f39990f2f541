// Pure authentication rules: password strength, registration validation, lifetimes, throttling.
import type { FieldErrors } from '../../errors.js';
import { isEmail, parseCivility } from '../accounts/rules.js';
import { singleLineProblem } from '../../lib/single-line.js';

export const messages = {
  passwordRule: 'Le mot de passe doit comporter des majuscules, des minuscules, des chiffres et un symbole.',
  badCredentials: 'Identifiant ou mot de passe incorrect.',
  throttled: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
  tooManyRequests: 'Trop de demandes. Veuillez réessayer plus tard.',
  accountPending: 'Votre compte est en attente de validation par un administrateur.',
  accountDisabled: 'Votre compte est désactivé. Contactez un administrateur.',
  registrationSent:
    "La demande de création de compte a été envoyée à l'administrateur pour validation. Vous serez averti par e-mail lors de sa validation.",
  recoverySent: 'Un e-mail vous a été envoyé pour récupérer votre mot de passe.',
  invalidEmail: 'Veuillez entrer une adresse email valide',
  passwordCreated: 'Mot de passe créé avec succès.',
  invalidResetToken: 'Le lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.',
  impersonationTarget: 'Ce compte ne peut pas être utilisé pour une connexion en tant que.',
} as const;

/** product.md §5: at least 8 characters with upper case, lower case, a digit and one of #?!@$%^&*- */
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,}$/;

export function isStrongPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password) && password.length <= 200;
}

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
    ['lastName', 'Veuillez saisir votre nom.'],
    ['firstName', 'Veuillez saisir votre prénom.'],
    ['telephone', 'Veuillez entrer un numéro de téléphone.'],
    ['email', 'Veuillez saisir votre email.'],
    ['address', 'Veuillez saisir votre adresse.'],
    ['zip', 'Veuillez saisir votre code postal.'],
    ['city', 'Veuillez saisir votre ville.'],
    ['identity', 'Veuillez saisir votre identifiant.'],
    ['password', 'Veuillez saisir votre mot de passe.'],
  ];
  for (const [field, message] of required) if (!value(field)) errors[field] = message;

  if (!errors.telephone && !/^\d{10}$/.test(value('telephone'))) {
    errors.telephone = 'Le numéro de téléphone doit être composé de 10 chiffres.';
  }
  if (!errors.email && !isEmail(value('email'))) errors.email = messages.invalidEmail;
  if (!errors.zip && !/^\d{5}$/.test(value('zip'))) errors.zip = 'Le code postal doit comporter 5 chiffres.';
  // Bailiff identifier rule of the account forms (product.md §5): letters, digits or dots, at least 3.
  if (!errors.identity && !/^[A-Za-z0-9.]{3,60}$/.test(value('identity'))) {
    errors.identity = "L'identifiant doit contenir au moins 3 caractères : lettres, chiffres ou points.";
  }
  if (!errors.password && !isStrongPassword(input.password)) errors.password = messages.passwordRule;
  for (const field of ['lastName', 'firstName', 'address', 'city'] as const) {
    if (!errors[field] && value(field).length > 120) errors[field] = 'Ce champ est trop long (120 caractères maximum).';
    if (!errors[field] && singleLineProblem(value(field))) errors[field] = singleLineProblem(value(field))!;
  }
  if (parseCivility(input.civility) === null) errors.civility = 'Civilité invalide.';
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

/** Whether an account may still act as an admin: its API tokens and login-as sessions live by this. */
export const actsAsAdmin = (user: { status: string; role: string }) => user.status === 'ACTIVE' && user.role === 'ADMIN';

export function sessionExpiry(now: Date, remember: boolean, lifetimes: { sessionHours: number; rememberDays: number }): Date {
  const ms = remember ? lifetimes.rememberDays * 24 * 3600_000 : lifetimes.sessionHours * 3600_000;
  return new Date(now.getTime() + ms);
}
