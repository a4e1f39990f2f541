// Issue 20 item 3: the web's account-form patterns are the server's, so a field the browser accepts
// is never refused by the server with another message (and the other way round).
import * as web from '../../web/src/features/accounts/patterns.js';
import { accountPatterns as api } from '../../api/src/modules/accounts/rules.js';

const patternOf = (pattern: RegExp) => ({ source: pattern.source, flags: pattern.flags });

describe('web/src/features/accounts/patterns.ts is the server’s rules', () => {
  it.each(['ADMIN', 'BAILIFF', 'SECRETARY'] as const)('phone and identifier patterns of the %s forms', (role) => {
    expect(patternOf(web.PHONE[role])).toEqual(patternOf(api.PHONE[role]));
    expect(patternOf(web.IDENTITY[role])).toEqual(patternOf(api.IDENTITY[role]));
  });

  it('e-mail, postcode and strong password', () => {
    expect(patternOf(web.EMAIL)).toEqual(patternOf(api.EMAIL));
    expect(patternOf(web.ZIP)).toEqual(patternOf(api.ZIP));
    expect(patternOf(web.STRONG_PASSWORD)).toEqual(patternOf(api.STRONG_PASSWORD));
  });

  it('covers every role the server has a pattern for', () => {
    expect(Object.keys(web.PHONE).sort()).toEqual(Object.keys(api.PHONE).sort());
    expect(Object.keys(web.IDENTITY).sort()).toEqual(Object.keys(api.IDENTITY).sort());
  });
});
