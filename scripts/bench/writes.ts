// What the ReportMonthSummary rollup's statement triggers (migration report_month_summary) cost
// the writes on "Report": PostgreSQL backend CPU per statement, triggers on against triggers off,
// for the statements the report mutations send (insert one constat, update a summarised column,
// update only other columns, an update that matches no row). On a throwaway embedded PostgreSQL
// with a 20,000-constat dataset: the rollup's cost depends on the rows a statement touches and on
// the rows of their keys, not on the table's size.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { applyMigrations } from '../../api/src/infra/migrate.js';
import { startThrowawayPostgres } from '../throwaway-postgres.js';
import { generateDataset } from './dataset.js';
import { median } from './load.js';
import type { Row } from './report.js';

const TRIGGERS = ['Report_month_summary_insert', 'Report_month_summary_update', 'Report_month_summary_delete'];
const TICKS_PER_SECOND = 100;

/** utime + stime of one process, seconds. */
function cpuSeconds(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

interface Statement {
  key: string;
  label: string;
  /** The n-th statement: its SQL and parameters. */
  sql: (n: number) => [string, unknown[]];
}

const STATEMENTS: Statement[] = [
  {
    key: 'insert',
    label: 'insert one constat',
    sql: (n) => [`INSERT INTO "Report" (name, "bailiffId", status, "updatedAt") VALUES ($1, 3, 'EC', now())`, [`Constat d’écriture ${n}`]],
  },
  {
    key: 'update_counted',
    label: 'update a summarised column (status)',
    sql: (n) => [`UPDATE "Report" SET status = CASE WHEN status = 'TE' THEN 'AR'::"ReportStatus" ELSE 'TE' END, "updatedAt" = now() WHERE id = $1`, [1000 + n]],
  },
  {
    key: 'update_other',
    label: 'update other columns only (name)',
    sql: (n) => [`UPDATE "Report" SET name = name || '.', "updatedAt" = now() WHERE id = $1`, [1000 + n]],
  },
  { key: 'update_none', label: 'update matching no constat', sql: () => [`UPDATE "Report" SET name = name WHERE id = -1`, []] },
];

export interface WriteFigure {
  key: string;
  label: string;
  /** Backend CPU per statement, ms: triggers on, triggers off (medians of the rounds). */
  withTriggersMs: number;
  withoutTriggersMs: number;
}

export async function measureWrites(options: { statements: number; rounds: number; log: (message: string) => void }): Promise<WriteFigure[]> {
  const server = await startThrowawayPostgres({ engine: 'embedded' });
  try {
    await applyMigrations(server.url);
    await generateDataset(server.url, { reports: 20_000, fanoutSessions: 0, now: new Date(), log: () => {} });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const backend = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      const triggers = async (on: boolean) => {
        for (const name of TRIGGERS) await client.query(`ALTER TABLE "Report" ${on ? 'ENABLE' : 'DISABLE'} TRIGGER "${name}"`);
      };
      const perStatement = async (statement: Statement) => {
        const before = cpuSeconds(backend);
        for (let n = 0; n < options.statements; n++) await client.query(...statement.sql(n));
        return ((cpuSeconds(backend) - before) * 1000) / options.statements;
      };
      const figures: WriteFigure[] = [];
      for (const statement of STATEMENTS) {
        await perStatement(statement); // warm-up: plans cached, pages in memory
        const on: number[] = [];
        const off: number[] = [];
        for (let round = 0; round < options.rounds; round++) {
          on.push(await perStatement(statement));
          await triggers(false);
          off.push(await perStatement(statement));
          await triggers(true);
        }
        const figure = { key: statement.key, label: statement.label, withTriggersMs: median(on), withoutTriggersMs: median(off) };
        options.log(`  ${statement.label}: ${figure.withTriggersMs.toFixed(3)} ms with the rollup's triggers, ${figure.withoutTriggersMs.toFixed(3)} ms without`);
        figures.push(figure);
      }
      return figures;
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

export function writeRows(figures: WriteFigure[]): Row[] {
  return figures.map((figure) => ({
    key: `writes.${figure.key}.cpu`,
    figure: `Write on "Report", ${figure.label}: PostgreSQL CPU with / without the rollup's triggers`,
    value: figure.withTriggersMs,
    display: `${figure.withTriggersMs.toFixed(2)} / ${figure.withoutTriggersMs.toFixed(2)} ms`,
    target: '—',
    pass: null,
    load1: null,
  }));
}
