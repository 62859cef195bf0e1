// Rows a borderless table's run must keep though they do not look like rows of short cells:
// a row with a sentence in a cell (a Word table's cell holding a clause of 46 to 80 characters),
// and a crowded row (its label running up to the next column, closer than a cell gap) under a row
// whose cell wraps over many lines: the wrapped lines show where that column starts.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

describe('rows with long cells', () => {
  it('keeps a row whose cell is a sentence longer than a cell', async () => {
    const rows: [string, string][] = [
      ['Regional audit and margin', 'Fig. 8 lists how the regional'],
      ['Consolidated balance sheet', 'We report that the annual'],
      ['Net cash flow in depreciation', 'For this reason, the tax liability was'],
      ['Gross invoice and forecast', 'The net operating cost and the provision remained'],
      ['Quarterly', 'The unaudited depreciation exceeded in Lodz'],
      ['Consolidated ledger', 'Fig. 8 summarizes how the operating revenue was recognized'],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      c.text('Table 1: Recurring provision', 60, 90, 9);
      c.text('Net balance sheet', 62, 115, 9);
      c.text('Exposure', 300, 115, 9);
      c.line(60, 119, 560, 119, 0.8);
      rows.forEach(([a, b], i) => {
        c.text(a, 62, 132 + i * 14, 9);
        c.text(b, 300, 132 + i * 14, 9);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Net balance sheet', 'Exposure'], ...rows]));
  });

  it('keeps a crowded row under a cell wrapped over five lines', async () => {
    const SIZE = 9;
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const label = 'Exclusive tribunal under termination';
      const col2 = 137 + font.widthOfTextAtSize(label, SIZE) + 2;
      const col3 = col2 + 100;
      const put = (cells: string[][], y: number) => cells.forEach((lines, k) => lines.forEach((t, i) => c.text(t, [137, col2, col3][k]!, y + i * 11, SIZE)));
      c.text('Table 1. Contractual termination for party', 200, 110, SIZE);
      put([['Written indemnity'], ['Statutory'], ['Material warranty']], 130);
      put([['Written amendment'], ['The binding', 'confidential', 'information applies', 'in Trondheim', 'April'], ['We report that the']], 141);
      put([[label], ['The effective', 'remedy was', 'amended'], ['Notably, the', 'confidential']], 199);
      put([['Material liability'], ['During the', 'review period'], ['We compared (a)']], 235);
      put([['Indemnity'], ['In addition, the', 'liability is bound'], ['We report that the']], 260);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(
      tableHtml([
        ['Written indemnity', 'Statutory', 'Material warranty'],
        ['Written amendment', 'The binding confidential information applies in Trondheim April', 'We report that the'],
        ['Exclusive tribunal under termination', 'The effective remedy was amended', 'Notably, the confidential'],
        ['Material liability', 'During the review period', 'We compared (a)'],
        ['Indemnity', 'In addition, the liability is bound', 'We report that the'],
      ]),
    );
  });
});
