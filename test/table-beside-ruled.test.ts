// Two tables side by side: on the left a borderless table of three columns whose header and row
// labels wrap over two lines, on the right a table ruled at its head and foot, its header set
// higher. Read row by row, the right table's run takes in the left one's later rows (a wrapped
// label's next line shares a baseline with a right row) while the left one's first rows make a run
// of their own; the right run is then parted at the white before the right table. The left side's
// lines that run did not hold (the left header, its first rows) reach into that white: they stay
// on the left, and the left table keeps its third column.
import { describe, expect, it } from 'vitest';
import { bornDigitalBlocks, tableHtml } from './table-fixtures.js';

const SIZE = 9.5;
const left: string[][][] = [
  [['Aqueous', 'extraction'], ['Significant', 'spectrum'], ['Purified', 'substrate']],
  [['Sterile incubation', 'and cohort'], ['16%'], ['309.8 °C']],
  [['Fluorescent', 'control group'], ['228.6 h'], ['50.17']],
  [['Aqueous', 'specimen'], ['45.29'], ['73']],
  [['Purified enzyme'], ['280.5 min'], ['48%']],
  [['Relative pellet'], ['55.8 mM'], ['34']],
];
const right: [string, string][] = [
  ['Culture', 'Sterile enzyme'],
  ['Frozen chromatography', '81%'],
  ['Residual chromatography', '725,210'],
  ['Sterile sample in sequence', '55'],
  ['Fluorescent supernatant', '369.9 min'],
  ['Purified antibody for sample', '50'],
];

describe('a borderless table beside a table ruled at head and foot', () => {
  it('keeps all three columns of the left table, and the right table whole', async () => {
    const blocks = await bornDigitalBlocks((c) => {
      c.text('Table 2. Baseline antibody of absorbance', 60, 150, SIZE);
      let y = 189;
      for (const row of left) {
        row.forEach((lines, k) => lines.forEach((t, i) => c.text(t, [65, 155, 230][k]!, y + i * 15, SIZE)));
        y += 15 * Math.max(...row.map((l) => l.length)) + 8;
      }
      c.line(322, 158, 530, 158, 0.8);
      c.line(322, 178, 530, 178, 0.5);
      right.forEach(([a, b], r) => {
        const base = r === 0 ? 171 : 194 + (r - 1) * 23;
        c.text(a, 328, base, SIZE);
        c.text(b, 461, base, SIZE);
      });
      c.line(322, 294, 530, 294, 0.8);
      c.text('Table 3. Sterile antibody under reagent', 322, 308, SIZE);
    });
    const tables = blocks.filter((b) => b.type === 'table');
    expect(tables).toHaveLength(2);
    // (In reading order the right table, set higher, may come first.)
    expect(tables.map((t) => t.table_body).sort()).toEqual([tableHtml(left.map((row) => row.map((lines) => lines.join(' ')))), tableHtml(right)].sort());
  });
});
