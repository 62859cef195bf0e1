// An invoice whose items are two columns (a description, an amount) and whose totals block under
// them sets its labels flush right against the amounts, in the descriptions' column. The items
// are one table, the totals another.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, tableHtml } from './table-fixtures.js';

describe('an invoice of two columns and its totals', () => {
  it('keeps the totals a table of their own', async () => {
    const items = [
      ['Description', 'Amount'],
      ['Nominal torque for bracket', '€ 231'],
      ['Overall, the test rig was logged for 38 mm, which', '€ 30'],
      ['Figure 6 shows how the redundant torque was logged over 12', '€ 208'],
      ['Modular coolant loop of bracket', '€ 32'],
      ['Modular thermal margin in gearbox changes', '€ 376'],
      ['Calibration of the test rig', '€ 64'],
      ['Figure 8 summarizes how the peak thermal margin was calibrated over 10', '€ 145'],
    ];
    const totals = [
      ['Subtotal', '6555.47'],
      ['VAT 19%', '241.93'],
      ['Total due', '4534.43'],
    ];
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      items.forEach(([label, amount], r) => {
        c.text(label!, 60, 200 + r * 18, 9);
        flushRight(c, font, amount!, 430, 200 + r * 18);
      });
      totals.forEach(([label, amount], r) => {
        flushRight(c, font, label!, 380, 344 + r * 18);
        flushRight(c, font, amount!, 430, 344 + r * 18);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(items), tableHtml(totals)]);
  });
});
