// A table cell that opens by naming another table ("Table 9 lists how the…") at the head of its
// column was taken for a second caption: with the table's own caption over its left part, the two
// "captions" parted the table into two side by side. A sentence naming a table is no caption.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

/** Rows of cells, each cell a list of its lines (wrapped). */
const rows: string[][][] = [
  [['Role'], ['Duty'], ['Reports to'], ['Notes']],
  [['Stateless latency'], ['The cache'], ['The persistent thread', 'and the request scales'], ['Checkpoint']],
  [['Index'], ['Checkpoint'], ['However, the compiler', 'pass is serialized'], ['The allocator', 'was refactored']],
  [['Worker pool'], ['Persistent'], ['Table 9 lists how the', 'warm cache blocks'], ['Parser']],
  [['Dependency'], ['Stateless cache'], ['We report that the cold'], ['Median dependency']],
];

describe('a cell naming another table', () => {
  it('does not part the table as if it were a second caption', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      c.text('Table 1. Lazy latency of worker pool', 58, 70, 9);
      let y = 92;
      for (const row of rows) {
        row.forEach((cell, k) => cell.forEach((t, i) => c.text(t, [58, 170, 290, 420][k]!, y + i * 11, 9)));
        y += 11 * Math.max(...row.map((cell) => cell.length)) + 10;
      }
      c.text('Following the update, the index scales for 11 cores, which is consistent with the planner.', 58, y + 14, 10);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body)).toEqual([tableHtml(rows.map((r) => r.map((cell) => cell.join(' '))))]);
  });
});
