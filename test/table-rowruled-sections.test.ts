// An invoice's items ruled under every row, its item groups set between the priced items as rows of
// their own: a group's name alone in the first column. Those rows are the table's (section rows),
// not text between its rules; a stack of rules whose rows are mostly lone lines stays no table.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, tableHtml } from './table-fixtures.js';

const rows = [
  ['Item', 'Price'],
  ['Warm request', ''],
  ['Cold benchmark under checkpoint', '€ 174'],
  ['Tail thread', ''],
  ['Persistent checkpoint and message queue', '€ 338'],
  ['Tail query planner for migration', '€ 42'],
  ['Asynchronous migration', ''],
  ['Lazy scheduler', '€ 235'],
  ['Median message queue', ''],
  ['Stateless compiler pass', '€ 57'],
];

describe('a row-ruled table with section rows', () => {
  it('keeps the rows that hold a group name alone', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rows.forEach(([item, price], r) => {
        const y = 120 + r * 16;
        c.text(item!, 76, y, 8);
        if (price) flushRight(c, font, price, 516, y, 8);
        c.line(72, y + 6, 520, y + 6, r === 0 ? 0.8 : 0.4);
      });
      c.text('Payment terms: thirty days from the date of this invoice.', 72, 300, 10);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });

  it('is no table when most rows are lone lines (notes ruled apart)', async () => {
    const notes = ['The first note of the list', 'The second note of the list', 'A third note', 'The fourth note', 'The fifth note of the list', 'A sixth note'];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      notes.forEach((note, r) => {
        const y = 120 + r * 16;
        c.text(note, 76, y, 8);
        if (r === 1 || r === 4) flushRight(c, font, 'p. 4', 516, y, 8);
        c.line(72, y + 6, 520, y + 6, 0.4);
      });
    });
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });
});
