// The prerendered dashboard's starter writes the title of the screen the address opens, for the role
// the last session left (web/prerender/screen-title.js): the same route the app's router will pick.
import { screenTitle } from '../../web/prerender/screen-title.js';

const titles = {
  ADMIN: [
    ['', 'Constats en cours'],
    ['seetheaccount', 'Voir les comptes'],
    ['seetheaccount/:id', 'Modifier le compte'],
    ['Facturationtable', 'Facturation'],
  ],
  BAILIFF: [['', 'Mes constats en cours']],
} satisfies Record<string, [string, string][]>;

test('the role’s home screen for /dashboard, another role’s for the same address', () => {
  expect(screenTitle(titles, 'ADMIN', '/dashboard')).toBe('Constats en cours');
  expect(screenTitle(titles, 'BAILIFF', '/dashboard')).toBe('Mes constats en cours');
  expect(screenTitle(titles, 'ADMIN', '/dashboard/')).toBe('Constats en cours');
});

test('a path with a parameter, a trailing slash and other letter cases, as the router matches them', () => {
  expect(screenTitle(titles, 'ADMIN', '/dashboard/seetheaccount')).toBe('Voir les comptes');
  expect(screenTitle(titles, 'ADMIN', '/dashboard/seetheaccount/VXNlcjox')).toBe('Modifier le compte');
  expect(screenTitle(titles, 'ADMIN', '/dashboard/seetheaccount/VXNlcjox/')).toBe('Modifier le compte');
  expect(screenTitle(titles, 'ADMIN', '/dashboard/facturationTABLE')).toBe('Facturation');
});

test('nothing for an unknown role or path, without a role, or outside the dashboard', () => {
  expect(screenTitle(titles, null, '/dashboard')).toBeUndefined();
  expect(screenTitle(titles, 'SECRETARY', '/dashboard')).toBeUndefined();
  // Inherited names are not roles.
  expect(screenTitle(titles, 'constructor', '/dashboard')).toBeUndefined();
  expect(screenTitle(titles, 'BAILIFF', '/dashboard/seetheaccount')).toBeUndefined();
  expect(screenTitle(titles, 'ADMIN', '/dashboard/seetheaccount/1/2')).toBeUndefined();
  expect(screenTitle(titles, 'ADMIN', '/dashboard/seetheaccount//')).toBeUndefined();
  expect(screenTitle(titles, 'ADMIN', '/dashboardx')).toBeUndefined();
  expect(screenTitle(titles, 'ADMIN', '/login')).toBeUndefined();
});
