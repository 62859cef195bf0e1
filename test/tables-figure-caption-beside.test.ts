// A table in the left page column and a figure's caption in the right one, on the baseline of a
// wrapped row label's second line: the caption opened a row of its own with that line, which
// ended the table's run there; the table came out as two, the caption in the second's last cell.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

describe('a figure caption beside a table\'s rows', () => {
  it('is no cell of the table, and does not part it', async () => {
    // [text, x, baseline] as set (7.6-point type, labels wrapped in a narrow first column).
    const cells: [string, number, number][] = [
      ['Licensee', 46, 100], ['2017', 151, 100], ['2025', 187, 100], ['2021', 224, 100], ['2026', 271, 100],
      ['Material clause', 46, 114], ['36', 158, 114], ['31', 195, 114], ['18.7', 227, 114], ['86.2', 273, 114],
      ['The material obligation', 46, 123], ['64%', 152, 123], ['5', 198, 123], ['149.1 %', 214, 123], ['23', 279, 123],
      ['is bound by in Bilbao', 46, 132], ['between', 46, 140],
      ['Material remedy under', 46, 149], ['79%', 152, 149], ['52', 195, 149], ['246.9 %', 214, 149], ['220,060', 261, 149],
      ['licensee', 46, 157],
      ['Statutory liability', 47, 166], ['8%', 156, 166], ['661,494', 177, 166], ['61%', 226, 166], ['94', 279, 166],
      ['Exclusive party', 46, 183], ['870,931', 141, 183], ['30%', 188, 183], ['5.64', 226, 183], ['499.5 EUR', 251, 183],
      ['Reasonable termination', 46, 200], ['7', 162, 200], ['73%', 188, 200], ['132.4 %', 214, 200], ['3%', 276, 200],
      ['and agreement', 47, 208],
      ['Material termination', 46, 225], ['15.3 EUR', 135, 225], ['78.91', 185, 225], ['92,320', 219, 225], ['29%', 272, 225],
    ];
    const blocks = await bornDigitalBlocks((c) => {
      c.text('TABLE II. Contractual jurisdiction', 115, 70, 6.4);
      for (const [t, x, y] of cells) c.text(t, x, y, 7.6);
      // The right column: a figure (no text) and its caption, on the baseline of "licensee".
      c.text('Fig. 5. Statutory clause and agreement.', 364, 158, 8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([
      tableHtml([
        ['Licensee', '2017', '2025', '2021', '2026'],
        ['Material clause', '36', '31', '18.7', '86.2'],
        ['The material obligation is bound by in Bilbao between', '64%', '5', '149.1 %', '23'],
        ['Material remedy under licensee', '79%', '52', '246.9 %', '220,060'],
        ['Statutory liability', '8%', '661,494', '61%', '94'],
        ['Exclusive party', '870,931', '30%', '5.64', '499.5 EUR'],
        ['Reasonable termination and agreement', '7', '73%', '132.4 %', '3%'],
        ['Material termination', '15.3 EUR', '78.91', '92,320', '29%'],
      ]),
    ]);
  });
});
