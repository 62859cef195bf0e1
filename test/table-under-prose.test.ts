// A table across the page right under the last lines of two page columns of prose (a web page's
// CSS columns): those lines are short enough to pass for cells and stand side by side on their
// baselines, but they are the text above the table, not its first rows. Their lines run across
// the gaps between the table's cells.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, justified, tableHtml, type Canvas } from './table-fixtures.js';
import type { PDFFont } from 'pdf-lib';

const PROSE = 12;
const CELL = 10.8;
const COLUMNS = [56, 306];
const COLUMN_WIDTH = 220;

const left = ['the request reviewed by Anna Garcia', 'We report that the idempotent cache', 'scales well while the median replica'];
const right = ['blocks. We compared the incremental', 'latency, the lazy worker pool and the', 'the index reviewed by Lea Adeyemi.'];
const below = ['We report that the asynchronous', 'scheduler is evicted while the tail', 'compiler pass returns. We compared', 'the warm message queue and the', 'asynchronous compiler pass and the', 'endpoint reviewed by Mateusz.'];

/** Rows of the table: each cell's lines as wrapped in its column. */
const rows: string[][][] = [
  [['Item'], ['Description'], ['Status'], ['Owner']],
  [['Concurrent', 'query planner'], ['The lazy thread', 'and the scheduler'], ['At the same'], ['Concurrent']],
  [['Concurrent', 'index'], ['The persistent', 'migration is'], ['We compared', 'the persistent'], ['The scheduler', 'returns']],
  [['Asynchronous', 'cache'], ['Fig. 7 compares', 'how the message'], ['Stateless', 'scheduler'], ['Scheduler']],
];
const CELL_X = [60, 140, 240, 325];

function draw(c: Canvas, font: PDFFont): void {
  // The last lines of the two page columns above the table (each column's last line set flush left).
  [left, right].forEach((lines, k) => lines.forEach((t, i) => (i < lines.length - 1 ? justified(c, font, t, COLUMNS[k]!, COLUMNS[k]! + COLUMN_WIDTH, 80 + i * 19, PROSE) : c.text(t, COLUMNS[k]!, 80 + i * 19, PROSE))));
  let y = 150;
  for (const row of rows) {
    row.forEach((lines, k) => lines.forEach((t, i) => c.text(t, CELL_X[k]!, y + i * 17, CELL)));
    y += 17 * Math.max(...row.map((l) => l.length)) + 22;
  }
  c.text('Table 1. Distributed parser of dependency conditions.', 56, y + 10, 10);
  // The two page columns of prose go on under the table.
  COLUMNS.forEach((x) => below.forEach((t, i) => (i < below.length - 1 ? justified(c, font, t, x, x + COLUMN_WIDTH, y + 50 + i * 19, PROSE) : c.text(t, x, y + 50 + i * 19, PROSE))));
}

describe('a table under the last lines of two page columns of prose', () => {
  it('reads the table from its header; the prose above stays text', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => draw(c, font));
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows.map((row) => row.map((lines) => lines.join(' ')))));
    const text = blocks.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
    expect(text).toContain('We report that the idempotent cache');
  });
});
