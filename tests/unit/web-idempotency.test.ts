import { existsSync, readFileSync } from 'node:fs';
import { actionFingerprint, createIdempotencyKeys, IDEMPOTENT_OPERATIONS, randomKey } from '../../web/src/relay/idempotency.js';

describe('the Idempotency-Key of a creation (web)', () => {
  const counter = () => {
    let n = 0;
    return () => `clé-${++n}`;
  };

  it('reuses the key of an unanswered try when the same action is tried again', () => {
    const keys = createIdempotencyKeys(counter());
    const action = actionFingerprint('CreateAbsencePageMutation', { input: { from: '2026-03-02', to: '2026-03-06' } });
    expect(keys.keyFor(action)).toBe('clé-1');
    expect(keys.keyFor(action)).toBe('clé-1');
  });

  it('gives a new key once the action was answered, and to another action', () => {
    const keys = createIdempotencyKeys(counter());
    const first = actionFingerprint('NewsFormCreateMutation', { input: { title: 'A' } });
    const other = actionFingerprint('NewsFormCreateMutation', { input: { title: 'B' } });
    expect(keys.keyFor(first)).toBe('clé-1');
    expect(keys.keyFor(other)).toBe('clé-2');
    keys.settle(first);
    expect(keys.keyFor(first)).toBe('clé-3');
  });

  it('tells actions apart by their files too', () => {
    const file = (name: string, size: number) => ({ name, size }) as unknown as Blob;
    const a = actionFingerprint('CreateReportPageMutation', { input: { name: 'X' } }, { '0': file('a.pdf', 10) });
    const b = actionFingerprint('CreateReportPageMutation', { input: { name: 'X' } }, { '0': file('a.pdf', 11) });
    expect(a).not.toBe(b);
  });

  it('forgets a key left unanswered for half a day (the server keeps keys a day)', () => {
    let clock = 0;
    const keys = createIdempotencyKeys(counter(), () => clock);
    const action = actionFingerprint('ReportCommentsAddMutation', { input: { body: 'Bonjour' } });
    expect(keys.keyFor(action)).toBe('clé-1');
    clock = 13 * 3_600_000;
    expect(keys.keyFor(action)).toBe('clé-2');
  });

  it('makes keys of 32 hex digits, different each time', () => {
    expect(randomKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(randomKey());
  });

  it('names mutations the web app really sends (a renamed one would lose its key silently)', () => {
    for (const name of IDEMPOTENT_OPERATIONS) {
      expect([name, existsSync(`web/src/__generated__/${name}.graphql.ts`)]).toEqual([name, true]);
      expect(readFileSync(`web/src/__generated__/${name}.graphql.ts`, 'utf8')).toContain(`"operationKind": "mutation"`);
    }
  });
});
