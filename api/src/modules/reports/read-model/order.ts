// The order of a reports page and its cursors. A page is read by keyset — after the cursor's
// (sort instant, id) in the page's direction — and the cursor carries that instant: a constat
// changed between two pages (its updatedAt moved) must not shift where the next page starts, or a
// change feed read by `updatedAt` would skip the constats changed in between.
import { Prisma } from '../../../generated/prisma/client.js';
import { validationError } from '../../../errors.js';
import { sqlTimestamp } from '../../../infra/db.js';

export const REPORT_ORDER_FIELDS = ['CREATED_AT', 'UPDATED_AT', 'RETURNED_AT'] as const;
export type ReportOrderField = (typeof REPORT_ORDER_FIELDS)[number];
export type OrderDirection = 'ASC' | 'DESC';

export interface ReportOrder {
  field: ReportOrderField;
  direction: OrderDirection;
}

/** The screens' order: newest first. */
export const NEWEST_FIRST: ReportOrder = { field: 'CREATED_AT', direction: 'DESC' };

/** A row as the order reads it. */
export interface OrderedRow {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  returnedAt: Date | null;
}

const columns = { CREATED_AT: 'createdAt', UPDATED_AT: 'updatedAt', RETURNED_AT: 'returnedAt' } as const satisfies Record<
  ReportOrderField,
  keyof OrderedRow
>;

/** The sort column of `order` on the "Report" row `r` (RETURNED_AT pages hold returned constats only: reportsSql's `returned`). */
export const orderColumn = (order: ReportOrder) => Prisma.raw(`r."${columns[order.field]}"`);

const PREFIX = 'Report:';
const invalid = () => validationError({ cursor: 'Curseur invalide.' }, 'Curseur invalide.');

/** `Report:<id>:<sort instant in epoch ms>`, base64. */
export function reportCursor(order: ReportOrder): (row: OrderedRow) => string {
  return (row) => {
    const key = row[columns[order.field]];
    return Buffer.from(`${PREFIX}${row.id}:${key ? key.getTime() : ''}`).toString('base64');
  };
}

/**
 * The keyset condition of a page after `cursor` (before it when `inverted`) in `order`. A cursor
 * without its instant (`Report:<id>`, as earlier versions gave them) reads the row's current one;
 * none when that row is gone, as before.
 */
export function afterCursorSql(order: ReportOrder, cursor: string, inverted: boolean): Prisma.Sql {
  const decoded = Buffer.from(cursor, 'base64').toString();
  const match = /^Report:(\d{1,10})(?::(\d{1,15}))?$/.exec(decoded);
  const id = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(id)) throw invalid();
  const forward = (order.direction === 'DESC') !== inverted;
  const comparison = forward ? Prisma.sql`<` : Prisma.sql`>`;
  const column = orderColumn(order);
  if (match[2] === undefined) {
    return Prisma.sql`(${column}, r.id) ${comparison} (SELECT ${Prisma.raw(`c."${columns[order.field]}"`)}, c.id FROM "Report" c WHERE c.id = ${id})`;
  }
  const instant = new Date(Number(match[2]));
  if (Number.isNaN(instant.getTime())) throw invalid();
  return Prisma.sql`(${column}, r.id) ${comparison} (${sqlTimestamp(instant)}, ${id})`;
}

/** ORDER BY of a page: the order, or its reverse for a backwards page (nearest the cursor first). */
export function orderBySql(order: ReportOrder, inverted: boolean): Prisma.Sql {
  const descending = (order.direction === 'DESC') !== inverted;
  const direction = Prisma.raw(descending ? 'DESC' : 'ASC');
  return Prisma.sql`${orderColumn(order)} ${direction}, r.id ${direction}`;
}
