// The DataTable's layout on small screens: which column goes where on a card, how wide a table stays.
import { cardParts, tableMinWidth, type CardPart } from '../../web/src/ui/dataTableLayout.js';

interface Column {
  id: string;
  card?: CardPart;
}
const column = (id: string, extra: { card?: CardPart } = {}): Column => ({ id, ...extra });
const ids = (parts: Record<CardPart, Column[]>) =>
  Object.fromEntries(Object.entries(parts).map(([part, columns]) => [part, columns.map((c) => c.id)]));

describe('a card places each column by its declared part', () => {
  it('puts the title, the statuses, the facts and the actions where they say, in column order', () => {
    const parts = cardParts([
      column('alert', { card: 'status' }),
      column('date'),
      column('name', { card: 'title' }),
      column('status', { card: 'status' }),
      column('actions', { card: 'actions' }),
      column('id', { card: 'hidden' }),
    ]);
    expect(ids(parts)).toEqual({
      title: ['name'],
      status: ['alert', 'status'],
      meta: ['date'],
      body: [],
      actions: ['actions'],
      hidden: ['id'],
    });
  });

  it('heads the card with the first column when no column is a title', () => {
    expect(ids(cardParts([column('client'), column('amount')]))).toMatchObject({ title: ['client'], meta: ['amount'] });
  });

  it('leaves a card with a body untitled (a message, its date as a fact)', () => {
    expect(ids(cardParts([column('date'), column('message', { card: 'body' })]))).toMatchObject({
      title: [],
      meta: ['date'],
      body: ['message'],
    });
  });
});

describe('a table keeps room for every column', () => {
  it('adds the widths in pixels, 140 px for the others and the cells’ padding', () => {
    // (120 + 16) + (140 + 16) + (60 + 16) + the expand column's 44 + 16 = 428: the floor
    expect(tableMinWidth([{ width: '120px' }, {}, { width: '60px' }], true)).toBe(640);
    const wide: { width?: string }[] = [
      { width: '120px' },
      {},
      { width: '124px' },
      { width: '124px' },
      { width: '120px' },
      { width: '60px' },
      { width: '100px' },
    ];
    expect(tableMinWidth(wide, false)).toBe(120 + 140 + 124 + 124 + 120 + 60 + 100 + 7 * 16);
    expect(tableMinWidth(wide, true)).toBe(120 + 140 + 124 + 124 + 120 + 60 + 100 + 7 * 16 + 60);
  });

  it('counts a width in percent as a flexible column and never goes under 640 px', () => {
    expect(tableMinWidth([{ width: '20%' }, {}], false)).toBe(640);
    expect(tableMinWidth([{ width: '20%' }, {}, {}, {}, {}], false)).toBe(5 * 156);
  });
});
