// Jest 30 ignores `testTimeout` in a project's config (jest-circus reads only the global one), so
// the e2e project sets it here: a real Chromium against the real server needs more than 5 s.
import { jest } from '@jest/globals';

jest.setTimeout(60_000);
