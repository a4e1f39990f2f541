// What the database holds, read from PostgreSQL's catalog rather than from the Prisma schema, so a
// backup takes every table the migrations made (triggers' summary tables, rate limits, the mail
// outbox) and nothing the job queue keeps in its own schema.
import type pg from 'pg';

/** Prisma's bookkeeping: the manifest carries its content as the list of applied migrations. */
const MIGRATIONS_TABLE = '_prisma_migrations';

export interface TableShape {
  name: string;
  columns: string[];
}

/** The application's tables in the connection's schema, with their stored (not generated) columns. */
export async function listTables(client: pg.ClientBase): Promise<TableShape[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> $1
      GROUP BY c.relname
      ORDER BY c.relname`,
    [MIGRATIONS_TABLE],
  );
  return rows;
}

/** The sequences behind the tables' serial ids, in the connection's schema. */
export async function listSequences(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY relname`,
  );
  return rows.map((row) => row.name);
}

/** Migrations recorded as applied, in order; none when the database was never migrated. */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows: exists } = await client.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
    `"${MIGRATIONS_TABLE}"`,
  ]);
  if (!exists[0].present) return [];
  const { rows } = await client.query<{ name: string }>(
    `SELECT migration_name AS name FROM "${MIGRATIONS_TABLE}"
      WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return rows.map((row) => row.name);
}

/** `"Name"`: identifiers come from the catalog or a checked manifest, quoted all the same. */
export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
