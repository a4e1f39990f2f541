// Publishes schema.graphql as the API's reference (docs/api-schema-published.graphql) once the
// change policy holds: every breaking change cited in docs/api-changelog.md, removals deprecated
// first. Run when a release goes out (`npm run schema:publish`).
import { copyFileSync, readFileSync } from 'node:fs';
import { CHANGELOG, changePolicyProblems, PUBLISHED_SCHEMA } from './schema-changes.js';

const problems = changePolicyProblems(
  readFileSync(PUBLISHED_SCHEMA, 'utf8'),
  readFileSync('schema.graphql', 'utf8'),
  readFileSync(CHANGELOG, 'utf8'),
);
if (problems.length > 0) {
  console.error(`Schéma non publié :\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
copyFileSync('schema.graphql', PUBLISHED_SCHEMA);
console.log(`${PUBLISHED_SCHEMA} écrit`);
