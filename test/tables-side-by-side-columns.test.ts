// Two tables side by side in the two columns of a page, their rows level with each other, each with
// its own row labels; the left table's caption, centred over it, ends in the page gutter, short of
// the column's margin. The gutter was not taken for one (the white it left did not end at a
// margin), and the two tables were read as one table of seven columns.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, justified, tableHtml } from './table-fixtures.js';

const PROSE = [
  'In contrast, the adjusted balance sheet was restated af-',
  'ter the revenue was reviewed by Emeka Brennan. In ad-',
  'dition, the forecast was allocated for 20 bn, which is close',
  'to the annual valuation. For this reason, the gross equity',
];

describe('two tables side by side in two page columns', () => {
  it('are two tables, the left caption ending inside the gutter', async () => {
    const left = [
      ['Fiscal invoice', 'Adjusted', 'Growth', 'Audit'],
      ['Fiscal invoice', '2', '494.4 pp', '89%'],
      ['Annual cash flow', '906,006', '318,472', '40.50'],
      ['Unaudited tax', '45', '6%', '92.03'],
      ['Recurring audit', '50.44', '255.3 k', '12'],
      ['Fiscal equity', '68.2 bn', '80', '158,727'],
    ];
    const right = [
      ['Net revenue', 'Consolidated', 'Liquidity'],
      ['Annual valuation', '146.2 %', '14%'],
      ['Adjusted provision', '218.4 m', '213.1 USD'],
      ['Net audit', '41', '29.55'],
      ['Regional invoice', '48', '0.91'],
      ['Gross margin', '23.7', '80'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      PROSE.forEach((t, i) => justified(c, font, t, 65, 295, 100 + i * 11, 9));
      PROSE.forEach((t, i) => justified(c, font, t, 317, 547, 120 + i * 11, 9));
      // The right column: a figure's caption over the right table (which has none of its own).
      justified(c, font, 'FIG. 5. Operating balance sheet of depreciation. In addition,', 317, 547, 164, 9);
      c.text('the portfolio contributed to for 38 USD, below the line.', 317, 175, 9);
      c.text('TABLE III. Gross exposure under depreciation changes', 71, 180, 9);
      left.forEach((row, r) => {
        const y = 196 + r * 11;
        c.text(row[0]!, 75, y, 9);
        flushRight(c, font, row[1]!, 198, y, 9);
        flushRight(c, font, row[2]!, 244, y, 9);
        flushRight(c, font, row[3]!, 278, y, 9);
      });
      right.forEach((row, r) => {
        const y = 196 + r * 11;
        c.text(row[0]!, 345, y, 9);
        flushRight(c, font, row[1]!, 487, y, 9);
        flushRight(c, font, row[2]!, 534, y, 9);
      });
      PROSE.forEach((t, i) => justified(c, font, t, 65, 295, 305 + i * 11, 9));
      PROSE.forEach((t, i) => justified(c, font, t, 317, 547, 305 + i * 11, 9));
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(left), tableHtml(right)]);
  });
});
