// A borderless table whose right-aligned column of values with units ("264.7 ms") ends less than a
// cell gap before the next column's widest values: those rows come as one piece of text. The
// column still ends where its values end together, units and all.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, flushRight, tableHtml } from './table-fixtures.js';

describe('a column of values with units run together with the next column', () => {
  it('parts the two columns where the values end', async () => {
    const rows = [
      ['Request', '2025', '2020', '2016', '2025', '2024'],
      ['Concurrent endpoint', '264.7 ms', '246,264', '5%', '2', '52%'],
      ['Incremental benchmark', '384.1 req/s', '34.7', '646,766', '5.7 req/s', '92%'],
      ['Stateless allocator', '24.4', '31.20', '444.1 %', '682,457', '23'],
      ['', '32.20', '17', '561,692', '394.4 MB', '31%'],
      ['Distributed endpoint', '94 ms', '833,401', '874,890', '665,271', '75'],
      ['', '12.5 ms', '448,120', '31.7', '8.2 MB', '4%'],
    ];
    // Where each column's values end (as a LaTeX tabular of r columns at 12 points sets them).
    const ends = [328.5, 378.9, 431.2, 491, 526.5];
    const size = 11.96;
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      c.line(84, 255, 530, 255, 0.8);
      rows.forEach((row, r) => {
        const y = 274 + r * 14.45;
        if (row[0]) c.text(row[0], 86, y, size);
        row.slice(1).forEach((v, i) => flushRight(c, font, v, ends[i]!, y, size));
      });
      c.line(84, 274 + 6 * 14.45 + 5, 530, 274 + 6 * 14.45 + 5, 0.8);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table_body).toBe(tableHtml(rows));
  });
});
