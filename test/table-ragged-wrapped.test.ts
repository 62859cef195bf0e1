// A borderless table (no rules at all) whose last column wraps its cells ragged right over three
// or four lines (a LaTeX p{} column set \raggedright): a cell's next line may be longer than its
// first (the first word of the next line did not fit above), and a cell's third line stands under
// its second, not under the row. Every line stays in its cell and the table stays one table.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, tableHtml } from './table-fixtures.js';

const SIZE = 9.5;
const PITCH = 12;
const X = [98, 237, 382];

/** Each row: its three cells' lines as set. */
const rows: string[][][] = [
  [['Follow-up visit'], ['Adjusted district'], ['The regional referral was', 'reported in Krakow between 6', 'February']],
  [['Acute'], ['Screening'], ['Table 5 lists how the acute', 'outcome was enrolled over 36']],
  [['Rural ward for vaccination rate'], ['The eligible intervention was'], ['We report that the regional', 'prevalence was associated with', '(93%), while the']],
  [['Acute'], ['The confirmed follow-up visit', 'was'], ['Overall, the confirmed clinic', 'doubled after the survey was', 'reviewed by']],
];
const header = ['Pediatric admission', 'Adjusted prevalence', 'Survey'];

describe('a borderless table whose last column wraps ragged right', () => {
  it('reads every wrapped line into its cell, one row per row', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      for (let i = 0; i < 5; i++) justified(c, font, 'Fig. 5 lists how the acute survey was discharged over the period, while the outcome', 72, 540, 90 + i * PITCH, 10);
      c.text('Table 8.1: Acute caregiver for outcome conditions', 200, 170, SIZE);
      header.forEach((t, k) => c.text(t, X[k]!, 182, SIZE));
      let y = 194;
      for (const row of rows) {
        row.forEach((lines, k) => lines.forEach((t, i) => c.text(t, X[k]!, y + i * PITCH, SIZE)));
        y += PITCH * Math.max(...row.map((l) => l.length)) + 6;
      }
      for (let i = 0; i < 3; i++) justified(c, font, 'Table 1 summarizes how the pediatric outcome was referred over thirty four cases, while', 72, 540, y + 20 + i * PITCH, 10);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([header, ...rows.map((row) => row.map((lines) => lines.join(' ')))]));
    expect(tables[0]!.table_caption).toEqual(['Table 8.1: Acute caregiver for outcome conditions']);
  });
});
