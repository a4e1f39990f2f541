import { readFileSync } from 'node:fs';
import { printSchemaFile } from '../../api/src/server/print.js';

describe('schema.graphql', () => {
  it('is up to date with the Pothos schema (run `npm run schema:print`)', () => {
    expect(readFileSync('schema.graphql', 'utf8')).toBe(printSchemaFile());
  });
});
