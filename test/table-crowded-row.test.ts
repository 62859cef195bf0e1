// A borderless table of wrapped text cells with one row whose label runs up to the next column, a
// word space short of it: that row is read as one line too long for a cell. It neither ends the
// table nor stays whole: it is cut where the next column's cells start.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, tableHtml } from './table-fixtures.js';

const PROSE = 'The aqueous calibration curve increased by a third compared with the antibody while the protocol was filtered for the sterile cohort';

describe('a crowded row inside a borderless table', () => {
  it('keeps the rows under it and cuts it into its cells', async () => {
    const rows: string[][][] = [
      [['Item'], ['Description'], ['Status']],
      [['Recombinant'], ['The significant', 'substrate and the'], ['Control group']],
      [['Residual'], ['The purified', 'centrifugation was'], ['Frozen']],
      [['Recombinant sample'], ['The sterile extraction', 'and the cohort showed'], ['The triplicate', 'calibration curve']],
      [['Frozen cohort'], ['We report that the', 'baseline sample'], ['Fig. 3 summarizes']],
      [['Mean control group and enzyme'], ['We compared (a) the', 'aqueous'], ['The specimen']],
      [['Centrifugation'], ['At the same time, the'], ['In addition, the', 'purified reagent']],
    ];
    const xs = [146, 278, 390];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // The page's prose over and under the table, across its width.
      for (let i = 0; i < 5; i++) justified(c, font, PROSE.split(' ').slice(i, i + 14).join(' '), 136, 476, 60 + i * 11, 9);
      let y = 130;
      for (const row of rows) {
        row.forEach((cell, i) => cell.forEach((t, k) => c.text(t, xs[i]!, y + k * 11, 9)));
        y += Math.max(...row.map((cell) => cell.length)) * 11 + 11;
      }
      // The crowded label ends a word space short of the next column.
      expect(xs[1]! - (146 + font.widthOfTextAtSize('Mean control group and enzyme', 9))).toBeLessThan(4);
      c.text('Table 2. Significant enzyme of control group changes.', 146, y + 2, 9);
      for (let i = 0; i < 5; i++) justified(c, font, PROSE.split(' ').slice(i, i + 14).join(' '), 136, 476, y + 30 + i * 11, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows.map((row) => row.map((cell) => cell.join(' ')))));
  });
});
