// A ruled grid (every row between rules) whose row label wraps over three lines, the last one
// opening with a capital ("Göteborg between"): it read as a row of its own under its label's
// first lines. Between two rules no other row starts: the label column's lines alone under the
// band's row of values are that row's label.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, drawTable, tableHtml } from './table-fixtures.js';

describe('a ruled grid with a wrapped row label', () => {
  it('keeps the label\'s last line in its row, whatever its case', async () => {
    const rows = [
      ['Eligible', 'Caregiver', 'Symptom', 'Dose'],
      ['Adjusted symptom\nfor caregiver', '37', '15.55', '480.9 years'],
      ['The pediatric clinic\nimproved in\nGöteborg between', '255.5 %', '67%', '66'],
      ['Pediatric ward', '462.7 %', '48%', '763,841'],
      ['Weekly admission', '63', '19.7', '194,318'],
    ];
    const blocks = await bornDigitalBlocks((c) => drawTable(c, { x: 72, top: 100, colWidths: [110, 90, 90, 90], rows, rules: 'lines' }));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows.map((r) => r.map((cell) => cell.replace(/\n/g, ' '))))]);
  });
});
