// Accessibility of every bailiff and secretary screen on a phone (tests/support/accessibility.ts),
// and, in the same visit, that it fits the phone's width (tests/support/layout.ts); the public
// pages and the main dialogs fit it too. On a desktop, with the main dialogs' accessibility:
// accessibility.test.ts; the admin's screens on a phone: accessibility-admin-phone.test.ts; on a
// tablet: tablet-layout.test.ts.
import { jest } from '@jest/globals';
import { checkEveryScreen } from '../support/accessibility.js';
import type { TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { checkDialogsFit, checkPublicPagesFit, fitsTheWidth } from '../support/layout.js';

let app: TestApp;
let browser: TestBrowser;
useAppInBrowser((started) => ({ app, browser } = started));
// One screen: opened, loaded, scanned by axe, photographed and measured (seconds on a quiet
// machine, a minute on a busy one).
jest.setTimeout(120_000);

checkEveryScreen('BAILIFF', 'bailiff', () => ({ app, browser }), 'phone', fitsTheWidth('phone', 'BAILIFF'));
checkEveryScreen('SECRETARY', 'secretary', () => ({ app, browser }), 'phone', fitsTheWidth('phone', 'SECRETARY'));
checkPublicPagesFit('phone', () => ({ browser }));
checkDialogsFit('phone', () => ({ browser }));
