// The account forms' rules of packages/domain (product.md §5): the server and the web app check
// every field with these very patterns and show these very messages.
import {
  accountFormMessages,
  accountPatterns,
  isStrongPassword,
  registrationMessages,
  registrationPatterns,
} from '@constats/domain/account-forms';
import { groupFormMessages, groupPricePattern, zipDigits } from '@constats/domain/group-forms';
import { validateAccountFields } from '../../api/src/modules/accounts/rules.js';
import { validateProfileField, type ProfileValues } from '../../web/src/features/profile/validation.js';

const { PHONE, IDENTITY, EMAIL, ZIP, STRONG_PASSWORD, UNIT_PRICE } = accountPatterns;

describe('account form patterns', () => {
  it.each([
    ['BAILIFF', ['0612345678', '+33 0612345678', '+1 0612345678'], ['061234567', '+33 612345678', '06 12 34 56 78']],
    ['ADMIN', ['612345678'], ['0612345678', '61234567a']],
    ['SECRETARY', ['0612345678'], ['+33 0612345678', '061234567']],
  ] as const)('phone of the %s forms', (role, accepted, refused) => {
    for (const value of accepted) expect(PHONE[role].test(value)).toBe(true);
    for (const value of refused) expect(PHONE[role].test(value)).toBe(false);
  });

  it('identifiers: dots for bailiffs only', () => {
    expect(IDENTITY.BAILIFF.test('jean.dupont')).toBe(true);
    expect(IDENTITY.SECRETARY.test('jean.dupont')).toBe(false);
    expect(IDENTITY.ADMIN.test('admin01')).toBe(true);
    expect(IDENTITY.ADMIN.test('admin 01')).toBe(false);
  });

  it('e-mail, postcode, tariffs', () => {
    expect(EMAIL.test('jean.dupont@etude.fr')).toBe(true);
    for (const value of ['jean@etude', 'jean dupont@etude.fr', 'jean@etude.f', '<jean>@etude.fr']) expect(EMAIL.test(value)).toBe(false);
    for (const value of ['75002', '75002-1234', '750021234']) expect(ZIP.test(value)).toBe(true);
    for (const value of ['7500', '75002-12', 'AB123']) expect(ZIP.test(value)).toBe(false);
    for (const value of ['2', '2.5', '1,125', '999.999']) expect(UNIT_PRICE.test(value)).toBe(true);
    for (const value of ['1000', '1.1234', '-1', '']) expect(UNIT_PRICE.test(value)).toBe(false);
  });

  it('strong passwords: 8 to 200 characters, upper, lower, digit and one of #?!@$%^&*-', () => {
    expect(isStrongPassword('Abcdef1#')).toBe(true);
    expect(isStrongPassword(`Abcdef1#${'x'.repeat(192)}`)).toBe(true);
    expect(isStrongPassword(`Abcdef1#${'x'.repeat(193)}`)).toBe(false);
    for (const value of ['Ab1#', 'abcdefg1#', 'ABCDEFG1#', 'Abcdefgh#', 'Abcdefgh1', 'Abcdefg1_'])
      expect(STRONG_PASSWORD.test(value)).toBe(false);
  });

  it('registration: 10 digits, 5-digit postcode, 3 to 60 letters, digits or dots', () => {
    expect(registrationPatterns.PHONE.test('0612345678')).toBe(true);
    expect(registrationPatterns.PHONE.test('+33612345678')).toBe(false);
    expect(registrationPatterns.ZIP.test('75002')).toBe(true);
    expect(registrationPatterns.ZIP.test('75002-1234')).toBe(false);
    expect(registrationPatterns.IDENTITY.test('j.d')).toBe(true);
    expect(registrationPatterns.IDENTITY.test('jd')).toBe(false);
    expect(registrationPatterns.IDENTITY.test('j'.repeat(61))).toBe(false);
  });

  it('group tariffs and postcodes', () => {
    expect(groupPricePattern.test('12345,125')).toBe(true);
    expect(groupPricePattern.test('123456')).toBe(false);
    expect(zipDigits('69 002')).toBe('69002');
    expect(zipDigits(null)).toBe('');
  });
});

describe('the messages both sides show', () => {
  it('are the French texts of product.md §5', () => {
    expect(accountFormMessages.required).toBe('Champ requis');
    expect(accountFormMessages.requiredSecretaryProfile).toBe('Ce champs est requis');
    expect(accountFormMessages.phone).toBe('Numéro de téléphone invalide.');
    expect(registrationMessages.telephoneFormat).toBe('Le numéro de téléphone doit être composé de 10 chiffres.');
    expect(groupFormMessages.email).toBe('Adresse e-mail invalide.');
  });

  it('the web form and the server refuse the same value with the same message', () => {
    const values = { telephone: '06 12 34', zip: '750', lastName: 'Al' } as ProfileValues;
    const server = validateAccountFields({ kind: 'profile', role: 'SECRETARY' }, values, {});
    for (const field of ['telephone', 'zip', 'lastName'] as const) {
      expect(server[field]).toBeDefined();
      expect(validateProfileField('SECRETARY', field, values)).toBe(server[field]);
    }
  });
});
