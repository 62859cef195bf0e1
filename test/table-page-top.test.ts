// A table in small print opening a page, its rows set apart by padded cells: its header row and
// first row stand at the content's top edge in small print, as a running head does, but their
// cells line up with the rows under them. They stay the table's; so does a number ending a
// table's last row at the foot of a page.
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

describe('a table closing a page, a number ending its last row', () => {
  it('keeps the number in its cell, not as the page\'s number', async () => {
    const xs = [74, 250, 330, 410, 500];
    const rows = [
      ['Obligation', '2020', '2021', '2022', '2023'],
      ['Reasonable licensee', '75', '36', '84.75', '158,000'],
      ['Statutory', '66%', '53%', '93.4', '301,587'],
      ['Effective agreement', '10.15', '89.94', '111,211', '31'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      for (let i = 0; i < 30; i++) c.text('The statutory licensee was reviewed by the board after the audit of the agreement in the spring.', 72, 100 + i * 18, 10);
      // The third row's label wraps: its second line stands alone between two rows of cells.
      rows.forEach((row, r) => {
        const y = 680 + r * 18 + (r === 3 ? 8 : 0);
        row.forEach((t, i) => c.text(t, xs[i]!, y, 9));
        c.line(72, y + 5 + (r === 2 ? 9 : 0), 540, y + 5 + (r === 2 ? 9 : 0), 0.5);
      });
      c.text('licensee', 74, 725, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('<td>111,211</td><td>31</td></tr>');
    expect(blocks.filter((b) => b.type === 'page_number')).toHaveLength(0);
  });
});
