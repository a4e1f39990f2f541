// The authentication step is the only way a viewer reaches a request's context (docs/architecture.md
// « A request's path »): viewerOfRequest refuses a context the step did not fill, and a viewer it did
// not issue; and no file but the step issues viewers or looks credentials up.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { issueViewer, viewerOfRequest, type AuthenticatedViewer } from '../../api/src/http/caller.js';
import type { Viewer } from '../../api/src/context.js';

const api = path.resolve(import.meta.dirname, '../../api/src');
const sources = readdirSync(api, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.parentPath.includes('/generated'))
  .map((entry) => path.relative(api, path.join(entry.parentPath, entry.name)));
const callersOf = (name: string) =>
  sources.filter((file) => new RegExp(`\\b${name}\\(`).test(readFileSync(path.join(api, file), 'utf8'))).sort();

const admin = (): Viewer => ({ id: 1, role: 'ADMIN', sessionId: 7, impersonatorId: null });

describe('viewerOfRequest', () => {
  it('gives the viewer the step issued, frozen, and null for an anonymous caller', () => {
    const viewer = issueViewer(admin());
    expect(viewerOfRequest({ viewer })).toBe(viewer);
    expect(Object.isFrozen(viewer)).toBe(true);
    expect(viewerOfRequest({ viewer: null })).toBeNull();
  });

  it('refuses a context the step did not fill: never read as anonymous', () => {
    expect(() => viewerOfRequest({})).toThrow(/without the authentication step/);
  });

  it('refuses a viewer made anywhere else, even one equal to an issued one', () => {
    const issued = issueViewer(admin())!;
    const forged = { ...issued } as AuthenticatedViewer;
    expect(() => viewerOfRequest({ viewer: forged })).toThrow(/did not issue/);
    expect(() => viewerOfRequest({ viewer: { ...admin(), role: 'ADMIN' } as AuthenticatedViewer })).toThrow(/did not issue/);
  });
});

describe('one authentication step in the sources', () => {
  it('looks at the API sources', () => {
    expect(sources).toContain('server/authenticate.ts');
    expect(sources).toContain('app.ts');
  });

  it('only server/authenticate.ts issues viewers', () => {
    expect(callersOf('issueViewer')).toEqual(['server/authenticate.ts']);
  });

  it('only it looks sessions and API tokens up (and login, which then acts as the session it opened)', () => {
    expect(callersOf('findLiveSession')).toEqual(['modules/auth/service.ts', 'server/authenticate.ts']);
    expect(callersOf('resolveApiToken')).toEqual(['modules/apiTokens/service.ts', 'server/authenticate.ts']);
    expect(callersOf('resolveSession')).toEqual(['modules/auth/schema.ts', 'modules/auth/service.ts']);
  });
});
