// Issue 18: phone numbers as people type them, one module for the server and the web forms.
import { normalizePhone } from '@constats/domain/phone';
import { validateRegistration } from '../../web/src/features/auth/validation.js';
import { validateProfileField } from '../../web/src/features/profile/validation.js';

describe('normalizePhone', () => {
  it.each([
    ['06 12 34 56 78', '0612345678'],
    ['06.12.34.56.78', '0612345678'],
    ['06-12-34-56-78', '0612345678'],
    [' 0612345678 ', '0612345678'],
    ['+33 6 12 34 56 78', '0612345678'],
    ['+33 (0)6 12 34 56 78', '0612345678'],
    ['0033 6 12 34 56 78', '0612345678'],
    ['+44 1234567890', '+441234567890'],
    ['06 12 34', '061234'],
    ['06 12 ab 56 78', '06 12 ab 56 78'],
  ])('%j is stored as %j', (typed, stored) => expect(normalizePhone(typed)).toBe(stored));
});

describe('the web forms accept what the server stores', () => {
  // The account forms check the same PHONE patterns on normalizePhone(value) (accounts/validation.ts).
  const account = (telephone: string, role: 'BAILIFF' | 'SECRETARY') => validateProfileField(role, 'telephone', { telephone } as never);
  const registration = (telephone: string) =>
    validateRegistration({
      civility: 'MONSIEUR',
      lastName: 'Aubert',
      firstName: 'Marc',
      telephone,
      email: 'marc@etude.fr',
      address: '1 rue Haute',
      zip: '75001',
      city: 'Paris',
      identity: 'm.aubert',
      password: 'Constat#2026',
      confirmation: 'Constat#2026',
    } as never).telephone;

  it.each(['06 12 34 56 78', '06.12.34.56.78', '+33 6 12 34 56 78'])('profiles and registration accept %j', (typed) => {
    expect(account(typed, 'BAILIFF')).toBeNull();
    expect(account(typed, 'SECRETARY')).toBeNull();
    expect(registration(typed)).toBeUndefined();
  });

  it.each(['06 12 34', '06 12 ab 56 78'])('and still refuse %j', (typed) => {
    expect(account(typed, 'SECRETARY')).toBe('Numéro de téléphone invalide.');
    expect(registration(typed)).toBe('Le numéro de téléphone doit être composé de 10 chiffres.');
  });
});
