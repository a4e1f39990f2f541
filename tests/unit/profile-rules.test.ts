// product.md §5 rules of the three profiles and the secretary's own account form, as the web app checks
// them live; and the profile picture check made before sending.
import { checkAvatarFile } from '../../web/src/ui/avatarFile.js';
import { PROFILE_FIELDS, profileErrors, validateProfileField, type ProfileValues } from '../../web/src/features/profile/validation.js';

const valid: ProfileValues = {
  lastName: 'Roussel',
  firstName: 'Bérénice',
  telephone: '0672154896',
  identity: 'secretaire',
  description: '',
  siret: '88912304700017',
  address: '27 rue Anatole-France',
  zip: '69100',
  city: 'Villeurbanne',
  password: '',
  passwordConfirmation: '',
};

describe('fields each profile changes (product.md §2, §5)', () => {
  it('admin: names, phone, identifier, description and password; never the e-mail', () => {
    expect(PROFILE_FIELDS.ADMIN).toEqual([
      'lastName',
      'firstName',
      'telephone',
      'identity',
      'description',
      'password',
      'passwordConfirmation',
    ]);
  });
  it('bailiff: names, phone, identifier and password (e-mail and étude read-only)', () => {
    expect(PROFILE_FIELDS.BAILIFF).toEqual(['lastName', 'firstName', 'telephone', 'identity', 'password', 'passwordConfirmation']);
  });
  it('secretary: names, phone, Siret, address, postal code, city and password (rates read-only)', () => {
    expect(PROFILE_FIELDS.SECRETARY).toEqual([
      'lastName',
      'firstName',
      'telephone',
      'siret',
      'address',
      'zip',
      'city',
      'password',
      'passwordConfirmation',
    ]);
  });
  it.each(['ADMIN', 'BAILIFF', 'SECRETARY'] as const)('%s: the seeded-like values are valid', (role) => {
    expect(profileErrors(role, valid)).toEqual({});
  });
});

describe('profile messages (product.md §5)', () => {
  it.each([
    // role, field, value, message
    ['SECRETARY', 'city', '', 'Ce champs est requis'],
    ['SECRETARY', 'siret', '  ', 'Ce champs est requis'],
    ['SECRETARY', 'zip', '691', 'Code postal invalide'],
    ['SECRETARY', 'zip', '69100-12', 'Code postal invalide'],
    ['SECRETARY', 'zip', '69100-1234', null],
    ['SECRETARY', 'telephone', '067215489', 'Numéro de téléphone invalide.'],
    ['SECRETARY', 'telephone', '+44672154896', 'Numéro de téléphone invalide.'],
    ['SECRETARY', 'telephone', '+33672154896', null],
    ['SECRETARY', 'address', 'ab', 'Doit contenir au moins 3 caractères'],
    ['BAILIFF', 'lastName', '', 'Champ requis'],
    ['BAILIFF', 'telephone', '+33 0612457890', null],
    ['BAILIFF', 'telephone', '06 12', 'Numéro de téléphone invalide.'],
    ['BAILIFF', 'identity', 'f.dubois', null],
    ['BAILIFF', 'identity', 'fd', 'Doit contenir au moins 3 caractères'],
    ['BAILIFF', 'identity', 'f-dubois', 'Caractères invalides.'],
    // product.md §5 'Admin profile: no validation': only what an account cannot do without.
    ['ADMIN', 'telephone', '12', null],
    ['ADMIN', 'telephone', '', null],
    ['ADMIN', 'lastName', 'G', null],
    ['ADMIN', 'identity', 'adm in', 'Caractères invalides.'],
    ['ADMIN', 'identity', '', 'Champ requis'],
  ] as const)('%s %s = %j → %s', (role, field, value, message) => {
    expect(validateProfileField(role, field, { ...valid, [field]: value })).toBe(message);
  });

  it.each(['ADMIN', 'BAILIFF', 'SECRETARY'] as const)("%s: a weak new password is 'Mauvais mot de passe.'", (role) => {
    expect(validateProfileField(role, 'password', { ...valid, password: 'motdepasse' })).toBe('Mauvais mot de passe.');
    expect(validateProfileField(role, 'password', { ...valid, password: 'Motdepasse#1' })).toBeNull();
  });

  it.each([
    ['', '', null],
    ['Motdepasse#1', '', 'Veuillez confirmer le mot de passe.'],
    ['Motdepasse#1', 'Motdepasse#2', 'Mot de passe incorrect.'],
    ['Motdepasse#1', 'Motdepasse#1', null],
  ])('password %j, confirmation %j → %s', (password, passwordConfirmation, message) => {
    expect(validateProfileField('SECRETARY', 'passwordConfirmation', { ...valid, password, passwordConfirmation })).toBe(message);
  });

  it('a stored value older than a rule is not checked again (as on the server)', () => {
    const old = { ...valid, telephone: '04 78 42 56' };
    expect(validateProfileField('BAILIFF', 'telephone', old)).toBe('Numéro de téléphone invalide.');
    expect(validateProfileField('BAILIFF', 'telephone', old, { telephone: '04 78 42 56' })).toBeNull();
    // Emptied, it is still required.
    expect(validateProfileField('BAILIFF', 'telephone', { ...valid, telephone: '' }, { telephone: '04 78 42 56' })).toBe('Champ requis');
  });
});

describe('profile picture before sending', () => {
  it.each([
    ['image/png', 1000, null],
    ['image/jpeg', 5 * 1024 * 1024, null],
    ['image/gif', 10, null],
    ['image/webp', 10, null],
    ['image/jpeg', 5 * 1024 * 1024 + 1, 'La photo dépasse 5 Mo.'],
    ['image/svg+xml', 10, "Ce fichier n'est pas une image PNG, JPEG, GIF ou WebP."],
    ['application/pdf', 10, "Ce fichier n'est pas une image PNG, JPEG, GIF ou WebP."],
  ])('%s of %d bytes → %s', (type, size, message) => {
    expect(checkAvatarFile({ type, size })).toBe(message);
  });
});
