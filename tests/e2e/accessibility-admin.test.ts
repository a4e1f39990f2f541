// Accessibility of every admin screen on a desktop (tests/support/accessibility.ts); on a phone:
// accessibility-admin-phone.test.ts; the other roles and the main dialogs: accessibility.test.ts.
import { jest } from '@jest/globals';
import { checkEveryScreen } from '../support/accessibility.js';
import type { TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';

let app: TestApp;
let browser: TestBrowser;
useAppInBrowser((started) => ({ app, browser } = started));
// One screen: opened, loaded, then scanned by axe (seconds on a quiet machine, a minute on a busy one).
jest.setTimeout(120_000);

checkEveryScreen('ADMIN', 'admin', () => ({ app, browser }));
