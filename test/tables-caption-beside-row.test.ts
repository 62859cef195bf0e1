// Two tables side by side in one page column, the left one's caption over it and level with the
// right one's header row: read row by row, the caption was a cell of the run's first row, no
// caption stood over the run to part it, and the two tables came out as one. A table's caption
// never stands beside its own cells: the widest white between it and them parts the run.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

const left: string[][] = [
  ['Allocator', 'Persistent', 'Latency'],
  ['Replica in pool', '73.54', '51%'],
  ['Median parser', '422.1 MB', '66.1'],
  ['Checkpoint', '73', '85%'],
];
const right: string[][] = [
  ['Concurrent', 'Scheduler', 'Benchmark'],
  ['Tail checkpoint', '820,871', '31'],
  ['Median latency', '11%', '92%'],
  ['Persistent dependency', '23.3', '39%'],
  ['Distributed request', '40', '78.34'],
];

describe('two tables side by side, a caption level with the other table\'s header', () => {
  it('parts them at the white between them', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      c.text('The lazy request and the message queue is retried according to the cache.', 54, 80, 10);
      c.text('Table 1. Persistent benchmark for replica', 58, 112, 8);
      left.forEach((row, r) => row.forEach((t, k) => c.text(t, [58, 150, 215][k]!, 128 + r * 14, 8)));
      right.forEach((row, r) => row.forEach((t, k) => c.text(t, [300, 400, 460][k]!, 112 + r * 14, 8)));
      // The right table's caption stands well below it, out of a caption's reach.
      c.text('Table 2. Stateless scheduler of request', 300, 240, 8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables.map((t) => t.table_body).sort()).toEqual([tableHtml(left), tableHtml(right)].sort());
  });
});
