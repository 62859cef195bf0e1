// A borderless table set loose, two ems from row to row, whose row label wraps with a word broken
// by a hyphen ("Significant enzyme in calibra-" / "tion curve"): the label's next line stands a
// row's pitch under it, past the pitch of a text's next line, and became a row of its own. A
// word broken with a hyphen goes on at the cell's next line.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, tableHtml } from './table-fixtures.js';

describe('a loose table with a label broken by a hyphen', () => {
  it('joins the label\'s next line to its cell', async () => {
    const rows = [
      ['Aqueous extraction', 'Fluorescent', 'Cohort', 'Spectrum'],
      ['Baseline reagent for sample', '90', '209.9', '943,258'],
      ['Significant enzyme in calibra-', '453,776', '899,814', '97.69'],
      ['tion curve', '', '', ''],
      ['Relative reagent', '78.1', '57%', '71'],
      ['Aqueous protocol under super-', '74.3', '34.1', '7%'],
      ['natant', '', '', ''],
      ['Recombinant substrate', '48', '93.29', '77.83'],
      ['Sterile reagent', '816,927', '318,753', '57.52'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      rows.forEach((row, r) => {
        const y = 120 + r * 20;
        c.text(row[0]!, 74, y, 10);
        [270, 340, 410].forEach((right, i) => row[i + 1] && flushRight(c, font, row[i + 1]!, right, y, 10));
      });
      c.text('Table 2. Fluorescent cohort by extraction', 150, 320, 10);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([
      tableHtml([
        rows[0]!,
        rows[1]!,
        ['Significant enzyme in calibration curve', '453,776', '899,814', '97.69'],
        rows[4]!,
        ['Aqueous protocol under supernatant', '74.3', '34.1', '7%'],
        rows[7]!,
        rows[8]!,
      ]),
    ]);
  });
});
