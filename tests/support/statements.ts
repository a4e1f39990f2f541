// The SQL one GraphQL request sends, for the "no N+1" tests: a list of 2 rows and one of 60 must
// cost the same statements.
import { expect } from '@jest/globals';
import { billPdfsRendered, type TestApp } from './app.js';
import { gql } from './http.js';

/** Tries per measure; the fewest statements win (see `requestStatements`). */
export const TRIES_PER_MEASURE = 3;

/**
 * The statements of one request, whitespace collapsed, leaving out the session's (every request
 * looks its session up and may touch it).
 *
 * The server also works in the background (the sweep at start, the counting queue), and its
 * statements land in the same log as the request's: on a loaded machine one of them once fell in
 * the middle of a measure. The request is therefore sent a few times and the quietest try kept:
 * background work only ever adds statements, while an N+1 shows on every try. The first try also
 * warms what is cached per process (the parsed operation). Bills generated earlier in the file have
 * their PDFs rendered in the background, each render reading and writing for seconds on a loaded
 * machine (long enough to land in every try): those are waited for first.
 */
export async function requestStatements(app: TestApp, query: string, variables: Record<string, unknown>, token: string): Promise<string[]> {
  await billPdfsRendered(app.services);
  let fewest: string[] | undefined;
  for (let attempt = 0; attempt < TRIES_PER_MEASURE; attempt++) {
    app.queries.length = 0;
    const result = await gql(app.url, query, variables, token);
    expect(result.errors).toBeUndefined();
    const statements = app.queries.filter((sql) => !/"public"\."Session"/.test(sql)).map((sql) => sql.replace(/\s+/g, ' ').trim());
    if (!fewest || statements.length < fewest.length) fewest = statements;
  }
  return fewest!;
}
