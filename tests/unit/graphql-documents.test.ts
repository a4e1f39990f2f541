// The REST shims' GraphQL documents (api/src/http/graphql-documents.ts): typed at build time from
// api/src/generated/graphql-env.d.ts, which must be schema.graphql's, and sent as printed text.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, validate } from 'graphql';
import { graphql, sourceOf } from '../../api/src/http/graphql-documents.js';
import { schema } from '../../api/src/server/schema.js';

describe('graphql-env.d.ts', () => {
  it('is generated from the committed schema.graphql (run `npm run generate` after `npm run schema:print`)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'graphql-env-'));
    try {
      const fresh = path.join(dir, 'graphql-env.d.ts');
      execFileSync(process.execPath, ['node_modules/gql.tada/bin/cli.js', 'generate', 'output', '--output', fresh], { stdio: 'pipe' });
      // A boolean: the diff of two 100 kB lines would say nothing more.
      const upToDate = readFileSync('api/src/generated/graphql-env.d.ts', 'utf8') === readFileSync(fresh, 'utf8');
      expect(upToDate).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('sourceOf', () => {
  const person = graphql(`
    fragment Person on User {
      firstName
      lastName
    }
  `);
  const group = graphql(
    `
      fragment GroupMembers on Group {
        members(first: $first) {
          edges {
            node {
              ...Person
            }
          }
        }
      }
    `,
    [person],
  );
  const query = graphql(
    `
      query Members($first: Int) {
        me {
          ...Person
          group {
            ...GroupMembers
          }
        }
      }
    `,
    [person, group],
  );

  it('prints the operation with each fragment it spreads, once, as a valid operation of the schema', () => {
    const source = sourceOf(query);
    expect(source.match(/fragment Person on User/g)).toHaveLength(1);
    expect(source).toContain('fragment GroupMembers on Group');
    expect(validate(schema, parse(source))).toEqual([]);
  });

  it('gives the same text on every call, and prints a document made elsewhere too', () => {
    expect(sourceOf(query)).toBe(sourceOf(query));
    expect(sourceOf(parse('query { me { firstName } }'))).toBe('{\n  me {\n    firstName\n  }\n}');
  });
});
