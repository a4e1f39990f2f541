// The rules of the account forms, the profiles and the public registration (product.md §5): the
// pattern each field must match and the French message of each refusal. The server decides with
// them; the web app shows the same messages as one types, so a value the browser accepts is never
// refused by the server with another message (and the other way round).
import { formMessages } from './form-messages.js';

export type AccountRole = 'ADMIN' | 'BAILIFF' | 'SECRETARY';

/** Bailiff forms: optional international prefix and 10 digits; admin forms 9 digits; secretary forms 10. */
const PHONE: Record<AccountRole, RegExp> = {
  BAILIFF: /^(?:\+\d{1,3} ?)?\d{10}$/,
  ADMIN: /^\d{9}$/,
  SECRETARY: /^\d{10}$/,
};

/** Identifiers: bailiff forms letters, digits or dots; secretary and admin forms letters and digits. */
const IDENTITY: Record<AccountRole, RegExp> = {
  BAILIFF: /^[A-Za-z0-9.]+$/,
  ADMIN: /^[A-Za-z0-9]+$/,
  SECRETARY: /^[A-Za-z0-9]+$/,
};

/** An address with one @, a dotted domain, and none of the characters mail servers refuse. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/** Five digits, optionally followed by a four-digit suffix. */
const ZIP = /^\d{5}(?:-?\d{4})?$/;

/** 8 to 200 characters with upper case, lower case, a digit and one of #?!@$%^&*- */
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,200}$/;

/** The secretary's tariffs: 1 to 3 digits with up to 3 decimals (a French comma is accepted). */
const UNIT_PRICE = /^\d{1,3}(?:[.,]\d{1,3})?$/;

/** The account forms' and profiles' patterns. */
export const accountPatterns = { PHONE, IDENTITY, EMAIL, ZIP, STRONG_PASSWORD, UNIT_PRICE } as const;

/** The public registration's own patterns: 10 digits, 5-digit postcode, the bailiff identifier of 3 to 60 characters. */
export const registrationPatterns = {
  PHONE: /^\d{10}$/,
  ZIP: /^\d{5}$/,
  IDENTITY: /^[A-Za-z0-9.]{3,60}$/,
} as const;

/** Whether a password passes the strength rule (every form that sets one). */
export const isStrongPassword = (password: string) => STRONG_PASSWORD.test(password);

/** The messages of the account forms and the profiles. */
export const accountFormMessages = {
  ...formMessages,
  /** The secretary profile's own wording (product.md §5). */
  requiredSecretaryProfile: 'Ce champs est requis',
  min3: 'Doit contenir au moins 3 caractères',
  phone: 'Numéro de téléphone invalide.',
  email: 'Identifiant de messagerie invalide.',
  zip: 'Doit contenir au moins 5 caractères',
  zipSecretaryProfile: 'Code postal invalide',
  invalidCharacters: 'Caractères invalides.',
  password: 'Le mot de passe doit comporter des majuscules, des minuscules, des chiffres et un symbole.',
  passwordProfile: 'Mauvais mot de passe.',
  confirmation: 'Mot de passe incorrect.',
  group: 'Sélectionnez un groupe',
  civility: 'Civilité invalide.',
  currentPasswordRequired: 'Veuillez saisir votre mot de passe actuel.',
} as const;

/** The messages of the public registration form (product.md §5 "Registration"). */
export const registrationMessages = {
  lastNameRequired: 'Veuillez saisir votre nom.',
  firstNameRequired: 'Veuillez saisir votre prénom.',
  telephoneRequired: 'Veuillez entrer un numéro de téléphone.',
  telephoneFormat: 'Le numéro de téléphone doit être composé de 10 chiffres.',
  emailRequired: 'Veuillez saisir votre email.',
  // Not given by product.md for this form: the recovery form's message (docs/decisions.md).
  emailFormat: 'Veuillez entrer une adresse email valide',
  addressRequired: 'Veuillez saisir votre adresse.',
  zipRequired: 'Veuillez saisir votre code postal.',
  // product.md: 'le code postal…', capitalised (docs/decisions.md).
  zipFormat: 'Le code postal doit comporter 5 chiffres.',
  cityRequired: 'Veuillez saisir votre ville.',
  identityRequired: 'Veuillez saisir votre identifiant.',
  identityFormat: "L'identifiant doit contenir au moins 3 caractères : lettres, chiffres ou points.",
  passwordRequired: 'Veuillez saisir votre mot de passe.',
  passwordRule: accountFormMessages.password,
} as const;
