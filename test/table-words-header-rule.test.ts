// A table of sentences continued on a new page: no caption there (it stayed on the page before),
// only its repeated header, ruled off from the rows. The header heading every column with a few
// words and the rule under it confirm the columns of words as a table, as a caption does.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, type Canvas } from './table-fixtures.js';

const columns = [60, 200, 345, 470];
const rows = [
  ['Chronic district and symptom', 'The confirmed symptom was', 'Table 4 lists how the chronic', 'Confirmed by the ward'],
  ['Regional district for dose', 'We compared (a) the rural', 'Table 4 summarizes how the', 'Notably, the regional'],
  ['Prevalence of the outcome', 'The acute outcome was seen', 'The chronic dose was referred', 'The chronic follow-up visit'],
  ['Eligible caregiver for care', 'The eligible admission was', 'We compared (a) the weekly', 'At the same time, the'],
  ['Regional symptom in district', 'The adjusted clinic was seen', 'For this reason, the outcome', 'Notably, the referral was'],
];

function draw(c: Canvas, head: string[]): void {
  head.forEach((h, i) => c.text(h, columns[i]!, 100, 8));
  c.line(58, 104, 580, 104, 0.6);
  rows.forEach((row, r) => row.forEach((cell, i) => c.text(cell, columns[i]!, 117 + r * 13, 8)));
}

describe('a table of sentences under a ruled-off header, no caption', () => {
  it('is a table', async () => {
    const blocks = await bornDigitalBlocks((c) => draw(c, ['Screening', 'Referral', 'Regional', 'Weekly']));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toContain('<tr><td>Screening</td><td>Referral</td><td>Regional</td><td>Weekly</td></tr>');
    expect(tables[0]!.table_body).toContain('<tr><td>Prevalence of the outcome</td><td>The acute outcome was seen</td><td>The chronic dose was referred</td><td>The chronic follow-up visit</td></tr>');
  });

  it('is not one when the ruled-off row is a row of sentences too', async () => {
    const blocks = await bornDigitalBlocks((c) => draw(c, ['The weekly referral was seen', 'We compared the acute dose', 'In contrast, the regional', 'Following the update, the']));
    expect(blocks.filter((b) => b.type === 'table')).toHaveLength(0);
  });
});
