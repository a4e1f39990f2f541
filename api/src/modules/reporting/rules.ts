// Rules of the reporting API (product.md §12): aggregate dimensions, and CSV cells as French Excel reads them.
import { formatAmount, type Decimal } from '@constats/domain/money';
import { MAX_SEARCH_LENGTH, searchTooLongMessage } from '../../lib/search-text.js';
import { formatParisDateTime } from '@constats/domain/format';
import { validationError } from '../../errors.js';

export const AGGREGATE_DIMENSIONS = ['MONTH', 'YEAR', 'BAILIFF', 'SECRETARY', 'GROUP', 'STATUS'] as const;
export type AggregateDimension = (typeof AGGREGATE_DIMENSIONS)[number];

/** reportAggregates' `maxRows`: by default, and at most. */
export const AGGREGATE_ROWS_DEFAULT = 1_000;
export const AGGREGATE_ROWS_MAX = 10_000;

export const reportingMessages = {
  groupByInvalid: 'Regroupement invalide : MONTH, YEAR, BAILIFF, SECRETARY, GROUP ou STATUS, chacun une fois au plus.',
  maxRowsInvalid: `maxRows : de 1 à ${AGGREGATE_ROWS_MAX.toLocaleString('fr-FR')}.`,
  tooManyRows: (maxRows: number) =>
    `Plus de ${maxRows.toLocaleString('fr-FR')} lignes : augmentez maxRows (${AGGREGATE_ROWS_MAX.toLocaleString('fr-FR')} au plus), regroupez par moins de dimensions ou filtrez.`,
};

/**
 * The most rows reportAggregates answers for these keys: one without any, the five statuses by
 * status alone, `maxRows` otherwise (months, people and études have no fixed number) — the server
 * refuses more than `maxRows` (an error, never a cut), so this is a ceiling the query cost can use.
 */
export function aggregateRowCeiling(groupBy: readonly string[], maxRows: number): number {
  if (groupBy.length === 0) return 1;
  return groupBy.length === 1 && groupBy[0] === 'STATUS' ? Math.min(5, maxRows) : maxRows;
}

export function checkMaxRows(maxRows: number): void {
  if (!Number.isInteger(maxRows) || maxRows < 1 || maxRows > AGGREGATE_ROWS_MAX)
    throw validationError({ maxRows: reportingMessages.maxRowsInvalid }, reportingMessages.maxRowsInvalid);
}

/**
 * The dimensions asked for, each once, in their canonical order (so the rows' order does not depend
 * on how the caller wrote the list). MONTH is a month of a year: it carries the year, so YEAR
 * alongside it changes nothing.
 */
export function normaliseGroupBy(groupBy: readonly string[]): AggregateDimension[] {
  if (
    groupBy.length > AGGREGATE_DIMENSIONS.length ||
    new Set(groupBy).size !== groupBy.length ||
    groupBy.some((value) => !(AGGREGATE_DIMENSIONS as readonly string[]).includes(value))
  ) {
    throw validationError({ groupBy: reportingMessages.groupByInvalid }, reportingMessages.groupByInvalid);
  }
  const wanted = new Set(groupBy);
  if (wanted.has('MONTH')) wanted.delete('YEAR');
  return AGGREGATE_DIMENSIONS.filter((dimension) => wanted.has(dimension));
}

// --- CSV cells ---------------------------------------------------------------------------------

/** "1234,56": Excel in French reads a decimal comma; no thousands separator, so the cell stays a number. */
export const csvAmount = (amount: Decimal | null): string => (amount === null ? '' : formatAmount(amount).replace('.', ','));

/** "05/11/2026 14:30", Paris time; empty for no date. */
export const csvDate = (date: Date | null): string => (date === null ? '' : formatParisDateTime(date));

/** Any line break a spreadsheet or a line-by-line reader may honour. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
/**
 * What makes a spreadsheet read a cell as a formula: = + - @ (or their full-width forms, which
 * some Excel locales convert), after any leading spaces; a leading tab or carriage return is
 * stripped by Excel before it looks.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

const guardLine = (line: string) => (FORMULA_START.test(line) ? `'${line}` : line);

/**
 * A text cell no spreadsheet will run as a formula (CWE-1236). A line break inside a cell is
 * replaced by a space, each line guarded first: a name stored with a line break before
 * `=cmd|…` (older rows, or any reader that splits lines before quotes) never starts a cell or a
 * row with a formula. A guarded line gets a leading apostrophe, as OWASP advises.
 */
export function csvText(text: string | null): string {
  if (text === null) return '';
  if (!LINE_BREAK.test(text)) return guardLine(text);
  return text.split(LINE_BREAK).map(guardLine).join(' ');
}

// --- Export query (GET /api/v1/exports/reports.csv) ---------------------------------------------

const STATUSES = ['NA', 'EC', 'RS', 'TE', 'AR'] as const;
type Status = (typeof STATUSES)[number];

export const EXPORT_QUERY_MAX = 1_000;
/** The lists' search limit (GraphQL and REST refuse the same length). */
export const EXPORT_SEARCH_MAX = MAX_SEARCH_LENGTH;

export type ExportList = 'reports' | 'retrocession' | 'billing';

export type ExportQuery =
  | {
      list: 'reports';
      filter: {
        statuses?: Status[];
        bailiffId?: number;
        secretaryId?: number;
        year?: number;
        month?: number;
        search?: string;
        archived?: boolean;
      };
    }
  | { list: 'retrocession'; filter: { year: number; month?: number; secretaryId?: number } }
  | { list: 'billing'; filter: { year: number; month: number } };

/** Which parameters each list accepts (the GraphQL filter of the list the screen shows). */
const PARAMETERS: Record<ExportList, readonly string[]> = {
  reports: ['list', 'statuses', 'bailiffId', 'secretaryId', 'year', 'month', 'search', 'archived'],
  retrocession: ['list', 'year', 'month', 'secretaryId'],
  billing: ['list', 'year', 'month'],
};

export const exportMessages = {
  invalid: 'Paramètres d’export invalides.',
  list: 'Liste inconnue : reports, retrocession ou billing.',
  unknown: (name: string) => `Paramètre inconnu ou répété : ${name.slice(0, 40)}.`,
  tooLong: 'Adresse d’export trop longue.',
  statuses: 'Statuts invalides : NA, EC, RS, TE ou AR séparés par des virgules.',
  user: 'Utilisateur invalide.',
  year: 'Année invalide (2000 à 2100).',
  month: 'Mois invalide (1 à 12, avec l’année).',
  search: searchTooLongMessage,
  archived: 'Valeur invalide pour archived : true ou false.',
};

const fail = (field: string, message: string): never => {
  throw validationError({ [field]: message }, message);
};

function integerIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** A User's global id ("User:12" in base64, as the screens hold it) to its database id. */
function userId(text: string, field: string): number {
  const decoded = text.length <= 64 && /^[A-Za-z0-9+/=_-]+$/.test(text) ? Buffer.from(text, 'base64').toString() : '';
  const match = /^User:(\d{1,9})$/.exec(decoded);
  return match ? Number(match[1]) : fail(field, exportMessages.user);
}

/**
 * The export's list and filter from its query string, every parameter bounded; anything unknown,
 * repeated or out of range is refused (400) before a row is read.
 */
export function parseExportQuery(search: string): ExportQuery {
  if (search.length > EXPORT_QUERY_MAX) fail('query', exportMessages.tooLong);
  const params = new URLSearchParams(search);
  const list = params.get('list');
  if (list !== 'reports' && list !== 'retrocession' && list !== 'billing') return fail('list', exportMessages.list);
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!PARAMETERS[list].includes(name) || seen.has(name)) fail(name.slice(0, 40), exportMessages.unknown(name));
    seen.add(name);
  }
  const text = (name: string) => params.get(name) ?? undefined;
  const yearText = text('year');
  const monthText = text('month');
  const year = yearText === undefined ? undefined : (integerIn(yearText, 2000, 2100) ?? fail('year', exportMessages.year));
  const month =
    monthText === undefined ? undefined : (year !== undefined && integerIn(monthText, 1, 12)) || fail('month', exportMessages.month);
  const secretaryText = text('secretaryId');
  const secretaryId = secretaryText === undefined ? undefined : userId(secretaryText, 'secretaryId');

  if (list === 'billing') {
    if (year === undefined) fail('year', exportMessages.year);
    if (month === undefined) fail('month', exportMessages.month);
    return { list, filter: { year: year!, month: month! } };
  }
  if (list === 'retrocession') {
    if (year === undefined) fail('year', exportMessages.year);
    return { list, filter: { year: year!, month, secretaryId } };
  }
  const statusesText = text('statuses');
  let statuses: Status[] | undefined;
  if (statusesText !== undefined) {
    const values = statusesText.split(',');
    if (values.length > STATUSES.length || values.some((value) => !(STATUSES as readonly string[]).includes(value)))
      fail('statuses', exportMessages.statuses);
    statuses = values as Status[];
  }
  const bailiffText = text('bailiffId');
  const searchText = text('search');
  if (searchText !== undefined && searchText.length > EXPORT_SEARCH_MAX) fail('search', exportMessages.search);
  const archivedText = text('archived');
  if (archivedText !== undefined && archivedText !== 'true' && archivedText !== 'false') fail('archived', exportMessages.archived);
  return {
    list,
    filter: {
      statuses,
      bailiffId: bailiffText === undefined ? undefined : userId(bailiffText, 'bailiffId'),
      secretaryId,
      year,
      month,
      search: searchText,
      archived: archivedText === undefined ? undefined : archivedText === 'true',
    },
  };
}

// --- The exported file ---------------------------------------------------------------------------

/**
 * Each list's export: the GraphQL root field through which its screen reads it (what a token's
 * scopes are checked against, apiTokens/scopes.ts listRefusal), its file's name, and its French name
 * in a refusal.
 */
export const EXPORT_LISTS: Record<ExportList, { rootField: string; fileName: string; subject: string }> = {
  reports: { rootField: 'reports', fileName: 'constats', subject: 'l’export CSV des constats' },
  retrocession: { rootField: 'retrocession', fileName: 'retrocession', subject: 'l’export CSV de la rétrocession' },
  billing: { rootField: 'billingPeriod', fileName: 'facturation', subject: 'l’export CSV de la facturation' },
};

/**
 * `constats-2026-11.csv`: the list, then the period its filter chose — a month `YYYY-MM`, a year
 * `YYYY` (the screens filter by month or by year, not by range), none for the whole history.
 */
export function exportFileName(query: ExportQuery): string {
  const { year, month } = query.filter;
  const period = year === undefined ? '' : month === undefined ? `-${year}` : `-${year}-${String(month).padStart(2, '0')}`;
  return `${EXPORT_LISTS[query.list].fileName}${period}.csv`;
}

/**
 * What an API token's export costs from its budget (docs/decisions.md): its rows priced as GraphQL
 * prices rows read through pages (graphql/cost.ts: 1 per object and 1 per scalar, so a row costs its
 * cells plus one, and the list 1), at most `max`, the cost of the largest query: an export is one
 * request, never refused for its size.
 */
export const exportCost = (rows: number, columns: number, max: number): number => Math.min(max, 1 + rows * (columns + 1));
