// A table ruled under every row (LNCS style) of three columns set flush left, its first column so
// narrow that its cells run on to the next column's a word space apart ("Dynamic Peak firmware"):
// the text layer reads the two cells as one piece in every row but the header, and the two
// columns were taken for one. Words of every row start where the header's second cell starts.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

describe('a ruled table with a narrow first column', () => {
  it('parts the columns where the words of every row start with the header\'s cell', async () => {
    const rows = [
      ['Risk', 'Mitigation', 'Owner'],
      ['Dynamic', 'Peak firmware', 'Overall, the load case drifted'],
      ['Controller', 'Thermal margin', 'We report that the modular drop'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      // Column 2 starts 3 points after the widest first-column word ("Controller").
      const second = 192 + font.widthOfTextAtSize('Controller', 9) + 3;
      c.line(187, 110, 460, 110, 0.6);
      rows.forEach((row, r) => {
        const y = 124 + r * 14;
        c.text(row[0]!, 192, y, 9);
        c.text(row[1]!, second, y, 9);
        c.text(row[2]!, 310, y, 9);
        c.line(187, y + 4, 460, y + 4, 0.4);
      });
      c.text('Table 3. Risks and their owners', 260, 180, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});
