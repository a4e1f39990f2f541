// Plain SQL against a test app's database, beside the app's own connections: seeding a large
// history for the planner, and EXPLAINing the statements the app sent (captured with `onQuery`).
import pg from 'pg';

/** The rows of one statement, on a connection of its own. */
export async function queryRows<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A captured statement's plan as EXPLAIN prints it, one line a node. */
export async function planText(databaseUrl: string, statement: { sql: string; params: unknown[] }): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(databaseUrl, `EXPLAIN ${statement.sql}`, statement.params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
