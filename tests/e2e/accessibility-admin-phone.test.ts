// Accessibility of every admin screen on a phone (tests/support/accessibility.ts), and, in the same
// visit, that it fits the phone's width (tests/support/layout.ts); on a desktop:
// accessibility-admin.test.ts.
import { jest } from '@jest/globals';
import { checkEveryScreen } from '../support/accessibility.js';
import type { TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { fitsTheWidth } from '../support/layout.js';

let app: TestApp;
let browser: TestBrowser;
useAppInBrowser((started) => ({ app, browser } = started));
// One screen: opened, loaded, scanned by axe, photographed and measured (seconds on a quiet
// machine, a minute on a busy one).
jest.setTimeout(120_000);

checkEveryScreen('ADMIN', 'admin', () => ({ app, browser }), 'phone', fitsTheWidth('phone', 'ADMIN'));
