// The eleventh table round (issue 12): rules that stand off a table's ends.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, drawTexts, tableHtml } from './table-fixtures.js';

describe('a row-ruled table right under a running head\'s rule as wide as it', () => {
  // Cells of words wrapped over two lines: only the rules tell the rows.
  const cells = [[['Step'], ['Action'], ['Result']], [['Gross exposure'], ['The consolidated', 'valuation remained'], ['Annual']], [['Revenue'], ['The net valuation', 'was restated'], ['Portfolio']], [['Equity'], ['Operating dividend'], ['For this reason,', 'the audit']], [['Regional'], ['Revenue'], ['Operating', 'operating cost']]];
  const rows = cells.map((row) => row.map((cell) => cell.join(' ')));

  it('is read whole: the white between the two rules is no row to fill in', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      // fancyhdr's head: its text, and a rule across the text block 25 pt above the table's top rule.
      drawTexts(c, [{ text: 'Adjusted portfolio for tax liability', x: 62, y: 56, size: 9 }]);
      c.line(56, 60, 500, 60, 0.4);
      // The table: a rule over it and under each row, as wide as the text block.
      c.line(56, 85, 500, 85, 0.4);
      cells.forEach((row, r) => {
        const y = 96 + r * 28;
        drawTexts(c, row.flatMap((cell, k) => cell.map((text, i) => ({ text, x: 62 + k * 150, y: y + i * 12, size: 10 }))));
        c.line(56, y + 20, 500, y + 20, 0.4);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});
