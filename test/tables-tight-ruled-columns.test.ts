// A table ruled under every row (LNCS style) whose last two columns of figures, set flush right,
// stand closer than a column gap: where the last column's value is wide ("42%  392.3 min") the two
// cells read as one piece, and the columns were taken for one. The white between the words there
// is narrow, but the third column's figures end together at its left in most rows.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, tableHtml } from './table-fixtures.js';

describe('a ruled table with columns of figures set close', () => {
  it('keeps the columns apart where their figures end together', async () => {
    const rows = [
      ['Significant buffer', 'Concentration', 'Baseline', 'Pellet'],
      ['Mean antibody', '43,918', '233.2', '161.0 kDa'],
      ['Mean spectrum', '43%', '67%', '14%'],
      ['Sample showed', '52', '42%', '392.3 min'],
      ['Mean buffer', '7%', '483.3', '337.9 nm'],
      ['Relative extraction', '56%', '94', '12.75 mg'],
      ['Following update', '8,002', '55', '52%'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.line(155, 110, 458, 110, 0.6);
      rows.forEach((row, r) => {
        const y = 124 + r * 14;
        c.text(row[0]!, 160, y, 9);
        flushRight(c, font, row[1]!, 338, y, 9);
        flushRight(c, font, row[2]!, 410, y, 9);
        flushRight(c, font, row[3]!, 453, y, 9);
        c.line(155, y + 4, 458, y + 4, 0.4);
      });
      c.text('Table 1. Aqueous spectrum for calibration curve', 208, 240, 9);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows)]);
  });
});
