// A table over three columns of justified prose in a larger type: the first prose line under the
// table, one of its words starting where a column of the table starts, was cut at the table's
// columns and taken for its last row. A table's rows are set in its cells' type size.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, tableHtml } from './table-fixtures.js';

describe('prose under a table in another type size', () => {
  it('is not cut into a row of the table', async () => {
    const table = [
      ['Item', 'Description', 'Status'],
      ['Binding obligation', 'The prior clause', 'The contractual warranty'],
      ['Confidential', 'Statutory obligation', 'In contrast, the breach'],
      ['Prior breach', 'Written warranty', 'The binding amendment'],
      ['Reasonable', 'We report that', 'We compared (a) the'],
      ['Statutory', 'The statutory indemnity', 'Table 4 lists how the'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.text('Table 4. Binding indemnity in licensee.', 54, 70, 9);
      c.line(54, 78, 433, 78, 0.8);
      c.line(54, 97, 433, 97, 0.5);
      table.forEach((row, r) => row.forEach((t, k) => c.text(t, [59, 185, 311][k]!, 92 + r * 18, 9)));
      // The prose under it: a first line whose last word starts where the table's second column does.
      const first = ['The', 'prior', 'termination', 'shall'];
      const widths = first.map((w) => font.widthOfTextAtSize(w, 10));
      const space = (185 - 69 - widths.slice(0, 3).reduce((a, b) => a + b, 0)) / 3;
      let x = 69;
      first.forEach((w, i) => {
        c.text(w, x, 212, 10);
        x += widths[i]! + space;
      });
      ['not disclose by 321.0 EUR', 'compared with the obligation', 'termination. The statutory', 'confidential information and', 'the confidential information', 'shall not disclose according'].forEach((t, i) => justified(c, font, t, 54, 208, 225 + i * 13, 10));
      ['binding amendment and (c)', 'the obligation reviewed by', 'Ines Okafor. Following the', 'update, the applicable rule', 'regulation is governed by', 'after the warranty was seen'].forEach((t, i) => justified(c, font, t, 230, 383, 225 + i * 13, 10));
      ['reviewed by Pablo Rossi. The', 'exclusive jurisdiction and the', 'agreement shall notify the', 'contractual liability of the', 'laboratory in the physique', 'of the institute this year.'].forEach((t, i) => justified(c, font, t, 405, 558, 225 + i * 13, 10));
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(table)]);
  });
});
