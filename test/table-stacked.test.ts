// Two booktabs tables set one under the other in a column, nothing between them but white: the
// first's bottom rule and the second's top rule part them. They are two tables, not two sections
// of one.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, tableHtml } from './table-fixtures.js';

describe('two ruled tables stacked with white between', () => {
  it('stays two tables', async () => {
    const first = [
      ['Station', 'Flow', 'Level', 'Count'],
      ['North gate', '12.4', '3.1', '418'],
      ['River bend', '8.9', '2.7', '392'],
      ['Old mill', '15.0', '4.4', '515'],
    ];
    const second = [
      ['District', 'Rain', 'Wind', 'Days'],
      ['Harbour', '61.2', '14.8', '22'],
      ['Uplands', '88.0', '19.3', '27'],
      ['Lowlands', '40.5', '9.1', '18'],
      ['Coast', '72.9', '21.6', '25'],
    ];
    const ends = [250, 310, 370];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      let y = 100;
      for (const rows of [first, second]) {
        c.line(80, y, 380, y, 0.8);
        rows.forEach((row, r) => {
          const baseline = y + 13 + r * 13 + (r > 0 ? 4 : 0);
          c.text(row[0]!, 84, baseline, 9);
          row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, baseline));
          if (r === 0) c.line(80, baseline + 4, 380, baseline + 4, 0.5);
        });
        y += 13 + rows.length * 13 + 8;
        c.line(80, y, 380, y, 0.8);
        y += 24;
      }
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(first), tableHtml(second)]);
  });
});
