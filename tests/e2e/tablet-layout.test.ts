// Every screen of the three roles and the public pages on a tablet (tests/support/layout.ts); on a
// phone, the accessibility walk checks the width in the same visit (accessibility*-phone.test.ts).
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

checkPublicPagesFit('tablet', () => ({ browser }));
checkDialogsFit('tablet', () => ({ browser }));
checkEveryScreenFits('tablet', 'ADMIN', 'admin', () => ({ app, browser }));
checkEveryScreenFits('tablet', 'BAILIFF', 'bailiff', () => ({ app, browser }));
checkEveryScreenFits('tablet', 'SECRETARY', 'secretary', () => ({ app, browser }));
