// French company and bank identifiers checked by their own check digits, shared by the seller's
// invoicing settings and the études (buyers) of the Factur-X invoices. Values are compared without
// spaces; `compact` is what is stored.

/** Spaces (any kind) and dots removed, letters upper-cased: « fr 12 345 678 901 » → « FR12345678901 ». */
export const compact = (value: string) => value.replace(/[\s.\u00a0\u202f-]/g, '').toUpperCase();

/** Luhn (mod 10) over a string of digits. */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

/** A SIREN: 9 digits passing Luhn. */
export const isSiren = (value: string) => /^\d{9}$/.test(value) && luhn(value);

/** La Poste's establishments share SIREN 356 000 000 and their SIRETs do not pass Luhn. */
const LA_POSTE_SIREN = '356000000';

/**
 * A SIRET: a valid SIREN followed by a 5-digit NIC, the 14 digits passing Luhn — except La Poste's
 * (SIREN 356000000), whose SIRETs have a digit sum that is a multiple of 5 instead (INSEE's rule).
 */
export function isSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith(LA_POSTE_SIREN)) {
    const digitSum = [...value].reduce((total, digit) => total + Number(digit), 0);
    return luhn(value) || digitSum % 5 === 0;
  }
  return isSiren(value.slice(0, 9)) && luhn(value);
}

/** The SIREN of a valid SIRET (its first 9 digits), else null. */
export function sirenOfSiret(siret: string): string | null {
  const digits = compact(siret);
  return isSiret(digits) ? digits.slice(0, 9) : null;
}

/** The French VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** The French intra-community VAT number of a SIREN: FR + key + SIREN. */
export const frenchVatNumber = (siren: string) => `FR${frenchVatKey(siren)}${siren}`;

/** A French VAT number (FR + 2-digit key + SIREN) whose key matches its SIREN. */
export function isFrenchVatNumber(value: string): boolean {
  const match = /^FR(\d{2})(\d{9})$/.exec(value);
  return match !== null && isSiren(match[2]) && frenchVatKey(match[2]) === match[1];
}

/** IBAN: 15 to 34 characters, country letters, then ISO 13616's mod-97 checksum equal to 1. */
export function isIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  if (value.startsWith('FR') && value.length !== 27) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const code = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** BIC (ISO 9362): 4 bank letters, 2 country letters, 2 location characters, optional 3-character branch. */
export const isBic = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(value);

/** The longest electronic invoicing address accepted (a SIREN, a SIRET or a SIREN_SIRET_routing code fit well within). */
export const ELECTRONIC_ADDRESS_MAX = 100;

/**
 * An electronic invoicing address of the French directory (scheme 0225, BT-34 and BT-49 of the
 * Factur-X invoices): letters without accents, digits and + - _ . only, as the French rules allow.
 */
export const isElectronicAddress = (value: string) => value.length <= ELECTRONIC_ADDRESS_MAX && /^[A-Za-z0-9+\-_.]+$/.test(value);

export const electronicAddressMessage = `Adresse électronique de facturation invalide : lettres sans accents, chiffres et + - _ . uniquement, sans espace, ${ELECTRONIC_ADDRESS_MAX} caractères au plus (vide : le SIREN).`;
