// CSV export of the report lists (product.md §12): the rows a screen's list shows, with its filter
// SQL, paged by the lists' own cursor statement (reports/read-model/rows.ts) so memory stays flat whatever the
// size, written by csv-stringify for French Excel (UTF-8 BOM, `;`, decimal comma, DD/MM/YYYY HH:mm).
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import { countedReportsSql } from '../billing/service.js';
import { reportBillingAmounts, reportRetrocessionAmounts } from '@constats/domain/line-amounts';
import { listedStatusLabel } from '@constats/domain/report-statuses';
import { grantReads } from '../apiTokens/scopes.js';
import { retrocessionReportsSql } from '../retrocession/service.js';
import { amountsShownTo, awaitingSecretaryShownTo, statusShownTo } from '../reports/rules.js';
import { reportsSql } from '../reports/read-model/filters.js';
import { NEWEST_FIRST, reportCursor } from '../reports/read-model/order.js';
import { loadReportPage, type ReportRow } from '../reports/read-model/rows.js';
import { csvAmount, csvDate, csvText, type ExportQuery } from './rules.js';

/** Rows read per statement: 100 keeps what survives a young-generation GC small (500 let the heap grow, docs/benchmarks.md). */
export const EXPORT_BATCH = 100;

const fullName = (person: { firstName: string; lastName: string } | null) => (person ? `${person.firstName} ${person.lastName}` : null);

export interface Column {
  header: string;
  cell: (report: ReportRow, ctx: AppContext) => string | number;
}

const COLUMNS: Column[] = [
  { header: 'N°', cell: (report) => report.id },
  { header: 'Constat', cell: (report) => csvText(report.name) },
  { header: 'Huissier', cell: (report) => csvText(fullName(report.bailiff)) },
  // Beside its bailiff: a constat's étude is his.
  { header: 'Étude', cell: (report) => csvText(report.groupName) },
  { header: 'Secrétaire', cell: (report) => csvText(fullName(report.secretary)) },
  // The badge the viewer's list shows (« Non attribué » for a new deposit awaiting a secretary).
  {
    header: 'Statut',
    cell: (report, ctx) =>
      listedStatusLabel({
        status: statusShownTo(ctx.viewer!.role, report.status),
        awaitingSecretary: awaitingSecretaryShownTo(ctx.viewer!.role, report),
      }),
  },
  { header: 'Archivé', cell: (report) => (report.isArchived ? 'Oui' : 'Non') },
  { header: 'Facturé', cell: (report) => (report.invoiced ? 'Oui' : 'Non') },
  { header: 'Créé le', cell: (report) => csvDate(report.createdAt) },
  { header: 'Dernier changement de statut', cell: (report) => csvDate(report.lastStatusChange) },
  { header: 'Retourné le', cell: (report) => csvDate(report.returnedAt) },
  { header: 'Pages provisoires', cell: (report) => report.countPagesProvisional },
  { header: 'Photos provisoires', cell: (report) => report.countPhotosProvisional },
  { header: 'Pages rétrocession', cell: (report) => report.countPagesRetrocession },
  { header: 'Photos rétrocession', cell: (report) => report.countPhotosRetrocession },
  { header: 'Pages facturation', cell: (report) => report.countPagesBilling },
  { header: 'Photos facturation', cell: (report) => report.countPhotosBilling },
];

// The amounts as the Report type computes them (reports/schema.ts), for the viewers it shows them to
// and, with an API token, only those its scopes read (as Report.retrocessionAmounts / billingAmounts).
const RETROCESSION_COLUMN: Column = {
  header: 'Montant rétrocession HT (€)',
  cell: (report) => csvAmount(reportRetrocessionAmounts(report).total),
};
const BILLING_COLUMN: Column = {
  header: 'Montant facturation HT (€)',
  cell: (report) => csvAmount(reportBillingAmounts(report).total),
};

/** The viewer's columns: the file's header, and the cells a token's export is charged for (reporting/rules.ts exportCost). */
export function exportColumns(ctx: AppContext): Column[] {
  const { role, grant } = ctx.viewer!;
  const shown = amountsShownTo(role);
  const retrocession = shown.retrocession && grantReads(grant, 'Report', 'retrocessionAmounts');
  const billing = shown.billing && grantReads(grant, 'Report', 'billingAmounts');
  return [...COLUMNS, ...(retrocession ? [RETROCESSION_COLUMN] : []), ...(billing ? [BILLING_COLUMN] : [])];
}

/** The list's filter as SQL on the "Report" row `r`; throws the list's own errors (FORBIDDEN, BAD_USER_INPUT). */
export function exportWhere(ctx: AppContext, query: ExportQuery): Prisma.Sql {
  switch (query.list) {
    case 'reports':
      return reportsSql(ctx.viewer!, query.filter);
    case 'retrocession':
      return retrocessionReportsSql(ctx, query.filter);
    case 'billing':
      return countedReportsSql(ctx, query.filter.year, query.filter.month);
  }
}

/** The list's rows, newest first as on screen, without files and comments, one batch per statement, read only as the client takes them. */
async function* reportBatches(ctx: AppContext, where: Prisma.Sql): AsyncGenerator<ReportRow[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await loadReportPage(ctx, where, { after, limit: EXPORT_BATCH, inverted: false }, 0, { files: false, comments: false });
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = reportCursor(NEWEST_FIRST)(rows[rows.length - 1]);
  }
}

const CSV_OPTIONS = { delimiter: ';', record_delimiter: 'windows' } as const;

/**
 * The CSV file as a Node stream of one string per batch (~20 kB): the body hands the socket a
 * thousand writes for 100,000 rows instead of one per record, and far fewer short-lived objects
 * cross a young-generation GC (the export's memory target, docs/benchmarks.md). Pulled one chunk
 * at a time, so the socket's backpressure pauses the reading of batches.
 */
export function exportCsv(ctx: AppContext, where: Prisma.Sql, columns: Column[]): Readable {
  return Readable.from(
    (async function* () {
      yield stringify([columns.map((column) => column.header)], { ...CSV_OPTIONS, bom: true });
      for await (const batch of reportBatches(ctx, where)) {
        yield stringify(
          batch.map((report) => columns.map((column) => column.cell(report, ctx))),
          CSV_OPTIONS,
        );
      }
    })(),
    { objectMode: true, highWaterMark: 1 },
  );
}
