// Text a client sends is read in linear time: error messages (GraphQL echoes values), JSON nesting,
// the news search. Each case that took seconds (or hours) before is measured by how its cost grows
// from one input to one eight times larger: about 8 when linear, about 64 for the former regexes.
import { boundedMessage, MAX_MESSAGE_CHARACTERS, withoutSuggestion } from '../../api/src/graphql/error-messages.js';
import { MAX_ECHOED_CHARACTERS } from '../../api/src/lib/cut-text.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../api/src/lib/json-depth.js';
import { parseNewsSearch } from '../../api/src/modules/news/rules.js';
import { costGrowth, LINEAR_GROWTH_BOUND } from '../support/growth.js';

describe('withoutSuggestion', () => {
  const previous = (message: string) => message.replace(/\s*Did you mean [^?]*\?$/, '');

  it.each([
    'Cannot query field "loginA" on type "Query". Did you mean "loginAs"?',
    'Value "ECC" does not exist in "ReportStatus" enum. Did you mean the enum value "EC" or "RS"?',
    'Unknown type "Strin".  Did you mean "String"?',
    'What? Did you mean "x"?',
    'Did you mean ?',
    'No suggestion here.',
    'Is it a question?',
    'Did you mean "a"? Did you mean "b"?',
    'Did you mean a Did you mean b?',
  ])('removes what the former regex removed: %j', (message) => {
    expect(withoutSuggestion(message)).toBe(previous(message));
  });

  it('reads blanks in linear time (the regex took 4.4 s on 40 KB)', () => {
    const messageOf = (size: number) => `Variable "$n" got invalid value "${' '.repeat(size)}"; Int cannot represent non-integer value?`;
    expect(costGrowth(withoutSuggestion, messageOf, 10_000)).toBeLessThan(LINEAR_GROWTH_BOUND);
  });
});

describe('boundedMessage', () => {
  it('cuts quoted values, long words and long blank runs to 100 characters, the message to 400', () => {
    const blanks = ' '.repeat(50_000);
    const quoted = boundedMessage(`Variable "$n" got invalid value "${blanks}"; Int cannot represent non-integer value: "${blanks}"`);
    expect(quoted).toBe(
      `Variable "$n" got invalid value "${' '.repeat(MAX_ECHOED_CHARACTERS)}…"; Int cannot represent non-integer value: "${' '.repeat(MAX_ECHOED_CHARACTERS)}…"`,
    );
    expect(boundedMessage(`Invalid global ID: ${blanks}`)).toBe(`Invalid global ID:${' '.repeat(MAX_ECHOED_CHARACTERS)}…`);
    expect(boundedMessage(`Int cannot represent non-integer value: ${'a'.repeat(5_000)}`)).toBe(
      `Int cannot represent non-integer value: ${'a'.repeat(MAX_ECHOED_CHARACTERS)}…`,
    );
    const many = boundedMessage(`Values: ${'ab '.repeat(100_000)}`);
    expect(many.length).toBe(MAX_MESSAGE_CHARACTERS + 1);
    expect(many.endsWith('…')).toBe(true);
  });

  it('keeps short messages, escaped quotes and surrogate pairs whole, and is stable', () => {
    const short = 'Variable "$s" got invalid value "a \\" b"; Expected type "ReportStatus".';
    expect(boundedMessage(short)).toBe(short);
    const emoji = boundedMessage(`"${'a'.repeat(MAX_ECHOED_CHARACTERS - 1)}😀"`);
    expect(emoji).toBe(`"${'a'.repeat(MAX_ECHOED_CHARACTERS - 1)}…"`);
    const once = boundedMessage(`Value "${'x'.repeat(1000)}" and ${'y'.repeat(1000)}`);
    expect(boundedMessage(once)).toBe(once);
  });

  it('reads a long quoted value and a long blank run in linear time', () => {
    const messageOf = (size: number) => `"${' '.repeat(size)}" ${' '.repeat(size)}`;
    expect(boundedMessage(messageOf(2_000_000)).length).toBeLessThanOrEqual(MAX_MESSAGE_CHARACTERS + 1);
    expect(costGrowth(boundedMessage, messageOf, 10_000)).toBeLessThan(LINEAR_GROWTH_BOUND);
  });
});

describe('nestsDeeperThan', () => {
  it('counts lists and objects, scalars at depth 0', () => {
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
    const deepest = JSON.parse('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)) as unknown;
    expect(nestsDeeperThan(deepest)).toBe(false);
    expect(nestsDeeperThan([deepest])).toBe(true);
  });

  it('measures a million levels without recursion', () => {
    const value = JSON.parse('['.repeat(1_000_000) + ']'.repeat(1_000_000)) as unknown;
    expect(nestsDeeperThan(value)).toBe(true);
  });
});

describe('parseNewsSearch', () => {
  it('strips a typed date prefix from one line only', () => {
    expect(parseNewsSearch('12/05 assemblée')).toEqual({ keyword: 'assemblée' });
    expect(parseNewsSearch('12 \n assemblée')).toEqual({ keyword: 'assemblée' });
    expect(parseNewsSearch('12 assemblée\ngénérale')).toEqual({ keyword: '12 assemblée\ngénérale' });
  });

  it('reads blanks before a line break in linear time (the regex took 2 s on 20,000)', () => {
    expect(costGrowth(parseNewsSearch, (size) => `12${' '.repeat(size)}\nx\ny`, 5_000)).toBeLessThan(LINEAR_GROWTH_BOUND);
  });
});
