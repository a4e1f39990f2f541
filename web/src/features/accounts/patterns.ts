// product.md §5 patterns of the account forms and the profiles, as the server's (accounts/rules.ts).
// No imports: the unit tests compile this file under NodeNext resolution too. tests/unit/web-patterns.test.ts
// fails if a pattern here differs from the server's.
type AccountRole = 'ADMIN' | 'BAILIFF' | 'SECRETARY';

/** Bailiff form: optional international prefix and 10 digits; admin form 9 characters; secretary forms 10. */
export const PHONE: Record<AccountRole, RegExp> = {
  BAILIFF: /^(?:\+\d{1,3} ?)?\d{10}$/,
  ADMIN: /^\d{9}$/,
  SECRETARY: /^\d{10}$/,
};
/** Identifiers: bailiff letters, digits or dots; secretary and admin letters and digits. */
export const IDENTITY: Record<AccountRole, RegExp> = {
  BAILIFF: /^[A-Za-z0-9.]+$/,
  ADMIN: /^[A-Za-z0-9]+$/,
  SECRETARY: /^[A-Za-z0-9]+$/,
};
export const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
/** Five digits, optionally followed by a four-digit suffix. */
export const ZIP = /^\d{5}(?:-?\d{4})?$/;
/** At least 8 characters with upper case, lower case, a digit and one of #?!@$%^&*- */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,200}$/;
