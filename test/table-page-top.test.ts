// A table in small print opening a page, its rows set apart by padded cells: its header row and
// first row stand at the content's top edge in small print, as a running head does, but their
// cells line up with the rows under them. They stay the table's.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

describe('a small-print table at the top of a page', () => {
  it('keeps its header and first rows', async () => {
    const rows = [
      ['Adjusted', 'Audit', 'Portfolio'],
      ['Regional invoice and valuation', '83.57', '56,357'],
      ['Deferred provision', '258,202', '87'],
      ['Recurring portfolio', '278.7 USD', '26.2 m'],
      ['Adjusted audit', '21%', '84'],
      ['Gross valuation of equity', '40%', '208.8 USD'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      rows.forEach((row, r) => {
        const y = 64 + r * 22;
        row.forEach((t, i) => c.text(t, [74, 340, 440][i]!, y, 7));
        c.line(72, y + 8, 540, y + 8, r === 0 ? 1.5 : 0.5);
      });
      for (let i = 0; i < 12; i++) c.text('The regional invoice was reviewed by the board after the audit of the portfolio in the spring.', 72, 230 + i * 13, 10);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
    expect(blocks.filter((b) => b.type === 'header')).toHaveLength(0);
  });
});
