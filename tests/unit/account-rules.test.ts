import {
  accountRequestPath,
  formatUnitPrice,
  parseUnitPrice,
  passwordChangeRule,
  searchTextClauses,
  searchWords,
  toSearchText,
  validateAccountFields,
} from '../../api/src/modules/accounts/rules.js';
import { validateGroupFields, zipDigits } from '../../api/src/modules/groups/rules.js';
import { newsSearchOf, parseNewsSearch, validateNews } from '../../api/src/modules/news/rules.js';
import { monthRange, parseDay, validateAbsence } from '../../api/src/modules/absences/rules.js';

describe('accent-free search text', () => {
  it("'helene' finds 'Hélène'", () => {
    expect(toSearchText('Hélène', 'Marchand')).toBe('helene marchand');
    expect(searchWords('  HÉLÈNE   marchand ')).toEqual(['helene', 'marchand']);
  });

  it('each word is a substring of searchText, the form its trigram index serves', () => {
    expect(searchTextClauses(searchWords('Hélène MARCH'))).toEqual([
      { searchText: { contains: 'helene' } },
      { searchText: { contains: 'march' } },
    ]);
    expect(searchTextClauses([])).toEqual([]);
  });
});

describe('unit prices', () => {
  it.each([
    ['1,5', '1.5'],
    ['', '0'],
    [' 2.125 ', '2.125'],
  ])('parseUnitPrice(%j) = %j', (input, expected) => expect(parseUnitPrice(input)).toBe(expected));

  it.each([
    ['2.5', '2.50'],
    ['0', '0.00'],
    ['1.125', '1.125'],
    ['2.500', '2.50'],
  ])('formatUnitPrice(%j) = %j', (input, expected) => expect(formatUnitPrice(input)).toBe(expected));
});

describe('account forms (product.md §5)', () => {
  const stored = { telephone: '0478425631', firstName: 'Noël', lastName: 'Garnier', identity: 'admin', email: 'admin@demo.fr' };

  it('an unchanged stored value is not checked again; a changed one is', () => {
    const form = { kind: 'update', role: 'ADMIN' } as const;
    expect(validateAccountFields(form, { telephone: '0478425631' }, stored)).toEqual({});
    expect(validateAccountFields(form, { telephone: '0478425632' }, stored)).toEqual({ telephone: 'Numéro de téléphone invalide.' });
  });

  it('fields not sent on an update are kept, not required', () => {
    expect(validateAccountFields({ kind: 'update', role: 'SECRETARY' }, { city: 'Lyon' }, stored)).toEqual({});
  });

  it('the e-mail cannot change on an update', () => {
    expect(validateAccountFields({ kind: 'update', role: 'ADMIN' }, { email: 'ADMIN@demo.fr' }, stored)).toEqual({});
    expect(validateAccountFields({ kind: 'update', role: 'ADMIN' }, { email: 'autre@demo.fr' }, stored)).toEqual({
      email: "Ce champ n'est pas modifiable.",
    });
  });

  it('passwords are taken as typed, spaces included', () => {
    const form = { kind: 'profile', role: 'BAILIFF' } as const;
    expect(validateAccountFields(form, { password: ' Constat#2026 ', passwordConfirmation: ' Constat#2026 ' }, stored)).toEqual({});
    expect(validateAccountFields(form, { password: 'Constat#2026', passwordConfirmation: 'Constat#2026 ' }, stored)).toEqual({
      passwordConfirmation: 'Mot de passe incorrect.',
    });
  });
});

describe('password changes (hardening, issue 16)', () => {
  it.each([
    [{ newPassword: false, own: true, impersonated: true }, 'none'],
    [{ newPassword: true, own: true, impersonated: false }, 'currentPassword'],
    [{ newPassword: true, own: false, impersonated: false }, 'none'],
    [{ newPassword: true, own: true, impersonated: true }, 'forbidden'],
    [{ newPassword: true, own: false, impersonated: true }, 'forbidden'],
  ] as const)('%o ⇒ %s', (change, rule) => {
    expect(passwordChangeRule(change)).toBe(rule);
  });
});

describe('account requests', () => {
  it('the e-mailed links open the pending account’s page, the action only opens its confirmation', () => {
    expect(accountRequestPath(42, 'approve')).toBe('/dashboard/seetheaccount/42?action=approve');
    expect(accountRequestPath(42)).toBe('/dashboard/seetheaccount/42');
  });
});

describe('group form (product.md §5)', () => {
  it('the postal code keeps only its digits', () => {
    expect(zipDigits('69 002')).toBe('69002');
    expect(validateGroupFields({ zip: '69-0' }, 'update')).toEqual({ zip: 'Doit contenir au moins 5 caractères' });
  });
});

describe('news', () => {
  it.each([
    ['', {}],
    ['trame', { keyword: 'trame' }],
    ['12 trame', { keyword: 'trame' }],
    ['12/05 trame de pv', { keyword: 'trame de pv' }],
    ['12', { date: { day: 12 } }],
    ['12/05', { date: { day: 12, month: 5 } }],
    ['12/05/2026', { date: { day: 12, month: 5, year: 2026 } }],
    ['32/05', { keyword: '32/05' }],
    ['12/13', { keyword: '12/13' }],
  ])('search %j → %j', (text, expected) => expect(parseNewsSearch(text)).toEqual(expected));

  it('explicit date and keyword arguments combine with the search box', () => {
    expect(newsSearchOf({ date: '2026-05-12' })).toEqual({ date: { day: 12, month: 5, year: 2026 } });
    expect(newsSearchOf({ date: 'juin' })).toEqual({ keyword: 'juin' });
    expect(newsSearchOf({ keyword: 'trame', search: '12 pv' })).toEqual({ keyword: 'pv trame' });
  });

  it('the title message differs on the create and edit screens', () => {
    expect(validateNews({ title: '', body: '<p>x</p>' }, 'create')).toEqual({
      title: "Entrez votre Titre de l'actualité, s'il vous plaît !",
    });
    expect(validateNews({ title: '' }, 'update')).toEqual({ title: 'Champ requis' });
  });
});

describe('absences', () => {
  it.each([
    ['2026-12-01', '2026-12-01'],
    ['2026/12/01', '2026-12-01'],
    ['01/12/2026', '2026-12-01'],
    ['2026-02-29', null],
    ['2028-02-29', '2028-02-29'],
    ['hier', null],
  ])('parseDay(%j) = %j', (text, expected) => expect(parseDay(text)?.toISOString().slice(0, 10) ?? null).toBe(expected));

  const today = new Date('2026-11-24T12:00:00Z');

  it('end on or after start', () => {
    expect(validateAbsence({ startDate: '2026-12-02', endDate: '2026-12-01' }, today)).toEqual({
      endDate: 'La date doit être postérieure à la date de début.',
    });
    expect(validateAbsence({ startDate: '2026-12-02', endDate: '2026-12-02' }, today)).toEqual({});
  });

  it.each([
    ['1900-01-01', '9999-12-31', { startDate: 'Date invalide.', endDate: 'Date invalide.' }],
    ['2026-01-01', '2027-01-02', { endDate: 'Une absence dure au plus un an : déclarez-la en plusieurs fois.' }],
    ['2026-01-01', '2026-12-31', {}],
    [
      '2025-11-01',
      '2025-11-03',
      {
        startDate: 'Date trop éloignée : une absence se déclare au plus un an avant et cinq ans après aujourd’hui.',
        endDate: 'Date trop éloignée : une absence se déclare au plus un an avant et cinq ans après aujourd’hui.',
      },
    ],
    [
      '2032-01-01',
      '2032-01-03',
      {
        startDate: 'Date trop éloignée : une absence se déclare au plus un an avant et cinq ans après aujourd’hui.',
        endDate: 'Date trop éloignée : une absence se déclare au plus un an avant et cinq ans après aujourd’hui.',
      },
    ],
  ])('an absence from %s to %s stays within a year long, a year back and five years ahead', (startDate, endDate, errors) => {
    expect(validateAbsence({ startDate, endDate }, today)).toEqual(errors);
  });

  it('a month view spans its first to last day', () => {
    const { from, to } = monthRange(2028, 2);
    expect([from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)]).toEqual(['2028-02-01', '2028-02-29']);
  });
});
