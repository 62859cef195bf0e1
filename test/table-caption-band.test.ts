// A table ruled between every row, set at the top of a page under a running head whose rule runs
// across the text width, as the table's rules do: the caption between the head's rule and the
// table's top rule is no row of the table (it had become its first row and merged its columns).
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, tableHtml } from './table-fixtures.js';

describe('a caption between a running head\'s rule and a row-ruled table', () => {
  it('stays out of the table', async () => {
    const rows = [
      ['Statutory', 'Licensee', 'Tribunal', 'Exclusive agreement'],
      ['Material regulation', '36', '347,084', '477.7 EUR'],
      ['Contractual warranty', '381.0 EUR', '86.13', '121,077'],
      ['Prior clause', '416,314', '21%', '11'],
      ['Binding notice', '7.5', '64', '2,310'],
    ];
    const ends = [330, 410, 540];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('Prior licensee and notice changes', 240, 40, 9);
      c.line(72, 46, 540, 46, 0.4);
      c.text('Table 1: Applicable indemnity and party of the agreement.', 72, 64, 10);
      let y = 72;
      c.line(72, y, 540, y, 0.8);
      rows.forEach((row) => {
        c.text(row[0]!, 74, y + 12, 9);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y + 12));
        y += 16;
        c.line(72, y, 540, y, 0.4);
      });
      for (let i = 0; i < 6; i++) c.text('The termination shall indemnify the licensee for eleven days after the notice.', 72, y + 30 + i * 12, 10);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});
