// The coding an answer is compressed with, from the client's Accept-Encoding (RFC 9110 §12.5.3),
// and which answers are text worth compressing.
import { compressibleType, preferredEncoding } from '../../api/src/http/compression.js';

describe('preferredEncoding', () => {
  test.each([
    [null, null],
    ['', null],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, br', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['gzip;q=1.000, br;q=0.999', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, *', 'br'],
    [' br ; q = 0.3 , gzip ; q=0.2 ', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  test.each([
    // Weights out of range or not numbers: the entry is ignored, the others still count.
    ['br;q=2, gzip', 'gzip'],
    ['br;q=abc, gzip;q=0.1', 'gzip'],
    ['br;q=-1', null],
    ['br;q=0.1234', null],
    ['"br", gzip', 'gzip'],
    [';;;, ,=,', null],
    ['é, br', 'br'],
  ])('malformed %j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  test('a first mention counts: a later one does not override it', () => {
    expect(preferredEncoding('br;q=0, br, gzip')).toBe('gzip');
  });

  test('a huge header is read only as far as its first codings: one named past them is not seen', () => {
    expect(preferredEncoding(`gzip, ${'x-junk;q=0.1, '.repeat(100_000)}br`)).toBe('gzip');
    expect(preferredEncoding(`${'x, '.repeat(100_000)}br`)).toBeNull();
  });

  test('only the codings offered', () => {
    expect(preferredEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('br', ['gzip'])).toBeNull();
  });
});

test.each([
  ['application/json; charset=utf-8', true],
  ['application/graphql-response+json; charset=utf-8', true],
  ['text/csv; charset=utf-8', true],
  ['text/html', true],
  ['image/svg+xml', true],
  ['application/manifest+json', true],
  ['text/event-stream', false],
  ['multipart/mixed; boundary="-"', false],
  ['image/png', false],
  ['application/pdf', false],
  ['application/zip', false],
  ['application/octet-stream', false],
  [null, false],
])('compressibleType(%j) → %s', (type, expected) => {
  expect(compressibleType(type)).toBe(expected);
});
