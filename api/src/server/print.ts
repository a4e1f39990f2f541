import { printSchema } from 'graphql';
import { sortedSchema } from './schema.js';

const HEADER = '# Generated from the Pothos schema by `npm run schema:print`. Do not edit.\n\n';

export function printSchemaFile(): string {
  return HEADER + printSchema(sortedSchema()) + '\n';
}
