// The DataTable's layout rules, pure: where each column goes on a card, how wide a table must stay.
// (No import of the components: unit tests load this file alone.)

/** A column's place on a card (DataTableColumn's `card`). */
export type CardPart = 'title' | 'status' | 'meta' | 'body' | 'actions' | 'hidden';

/** The columns of each part of a card; without a declared title or body the first column heads it. */
export function cardParts<Column extends { card?: CardPart }>(columns: readonly Column[]): Record<CardPart, Column[]> {
  const titled = columns.some((column) => column.card === 'title' || column.card === 'body');
  const parts: Record<CardPart, Column[]> = { title: [], status: [], meta: [], body: [], actions: [], hidden: [] };
  columns.forEach((column, index) => {
    const part = column.card ?? (!titled && index === 0 ? 'title' : 'meta');
    parts[part].push(column);
  });
  return parts;
}

/** Fluent's cells: 8 px of padding a side. */
const CELL_PADDING = 16;
/** The expand button's column. */
const EXPAND_COLUMN = 44 + CELL_PADDING;
/** A column without a width in pixels still gets this much: a name or a client wraps, never overlaps the next column. */
const FLEXIBLE_COLUMN = 140;
/** The table's floor on any screen. */
const TABLE_MIN = 640;

/**
 * The width under which a table would squeeze its columns without a width of their own to nothing (the
 * fixed-layout table gives them what the others leave): its box then scrolls sideways instead.
 */
export function tableMinWidth(columns: readonly { width?: string }[], expandable: boolean): number {
  const cells = columns.reduce((total, column) => {
    const pixels = /^(\d+)px$/.exec(column.width ?? '');
    return total + (pixels ? Number(pixels[1]) : FLEXIBLE_COLUMN) + CELL_PADDING;
  }, 0);
  return Math.max(TABLE_MIN, cells + (expandable ? EXPAND_COLUMN : 0));
}
