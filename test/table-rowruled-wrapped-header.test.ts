// A table ruled between rows whose header sits above its first rule, top-aligned: its first cell
// wraps onto three lines ("Rural" / "follow-up" / "visit"), the other header cells stand on the
// first. The header's lines a line's pitch apart are one header row of the table.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

describe('a row-ruled table under a header whose first cell wraps', () => {
  it('takes the whole header', async () => {
    const body = [
      ['Community', 'Monitored weekly', 'Patient', 'Caregiver'],
      ['Chronic', 'Reported in Porto', 'Referral', 'Declined'],
      ['Pediatric', 'Outcome declined', 'Screening', 'Compared'],
      ['Eligible', 'Associated in Zürich', 'Enrolled', 'Weekly'],
      ['Adjusted', 'Survey enrolled', 'Rural', 'Compared'],
    ];
    const xs = [240, 312, 420, 494];
    const size = 8.8;
    const blocks = await bornDigitalBlocks((c) => {
      ['Rural', 'Outcome', 'Confirmed', 'Dose'].forEach((t, i) => c.text(t, xs[i]!, 68, size));
      c.text('follow-up', xs[0]!, 81, size);
      c.text('visit', xs[0]!, 94, size);
      c.line(236, 104, 556, 104, 1.5);
      body.forEach((row, r) => {
        row.forEach((t, i) => c.text(t, xs[i]!, 118 + r * 20, size));
        c.line(236, 124 + r * 20, 556, 124 + r * 20, 0.5);
      });
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml([['Rural follow-up visit', 'Outcome', 'Confirmed', 'Dose'], ...body]));
  });
});
