// Prints the Pothos schema to schema.graphql (committed; tests/unit/schema.test.ts fails when stale).
import { writeFileSync } from 'node:fs';
import { printSchemaFile } from '../api/src/server/print.js';

writeFileSync(new URL('../schema.graphql', import.meta.url), printSchemaFile());
console.log('schema.graphql écrit');
