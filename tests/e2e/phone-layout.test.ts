// Every screen of the three roles and the public pages on a phone (tests/support/layout.ts); the
// other device: tablet-layout.test.ts, so that jest's two workers share the walk.
import { jest } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { checkDialogsFit, checkEveryScreenFits, checkPublicPagesFit } from '../support/layout.js';

let app: TestApp;
let browser: TestBrowser;
useAppInBrowser((started) => ({ app, browser } = started));
// One screen: opened, loaded, photographed and measured (a few seconds; more on a busy machine).
jest.setTimeout(120_000);

checkPublicPagesFit('phone', () => ({ browser }));
checkDialogsFit('phone', () => ({ browser }));
checkEveryScreenFits('phone', 'ADMIN', 'admin', () => ({ app, browser }));
checkEveryScreenFits('phone', 'BAILIFF', 'bailiff', () => ({ app, browser }));
checkEveryScreenFits('phone', 'SECRETARY', 'secretary', () => ({ app, browser }));
