// Right-to-left tables (Hebrew, Arabic): the row labels stand in the last column, set flush
// right. A label alone on its line (a section row over its items) is a row of its own, not the
// first line of the next row's label.
import { describe, expect, it } from 'vitest';
import type { Box, TextLine } from '../src/engine/model/document.js';
import { ruledTables } from '../src/engine/tables/ruled.js';

/** A line without glyphs: a box 10 high on baseline `base` (rows stand 20 apart, farther than a wrapped label's lines). */
function line(text: string, x0: number, x1: number, base: number): TextLine {
  return { text, box: [x0, base - 8, x1, base + 2], baseline: base, fontSize: 10, bold: false, italic: false, monospace: false };
}

describe('right-to-left tables', () => {
  it('reads a label alone on its line in the last column as a section row of its own', () => {
    // Values in columns at x 100–300, labels flush right at x 460, in a ruled grid with a rule under the header only and around the body.
    const values = (base: number, v: string[]) => v.map((t, i) => line(t, 110 + i * 60, 130 + i * 60, base));
    const lines = [
      ...values(110, ['2014', '2013', '2012']),
      line('תוצר מקומי גולמי', 360, 460, 135),
      ...values(155, ['2.6', '3.2', '3.0']),
      line('סך הכל', 420, 460, 155),
      ...values(175, ['0.7', '1.3', '1.1']),
      line('סך הכל - לנפש', 390, 460, 175),
      line('צריכה', 425, 460, 195),
      ...values(215, ['3.8', '3.5', '3.6']),
      line('אזרחית', 420, 460, 215),
    ];
    const xs = [100, 160, 220, 280, 470];
    const rules: Box[] = [
      [100, 98, 470, 98],
      [100, 118, 470, 118],
      [100, 223, 470, 223],
      ...xs.map((x): Box => [x, 98, x, 223]),
    ];
    const { tables } = ruledTables(lines, rules);
    expect(tables).toHaveLength(1);
    const t = tables[0]!.table;
    const rows = Array.from({ length: t.rows }, (_, r) => t.cells.filter((c) => c.row === r).map((c) => c.lines.map((l) => l.text).join(' ')));
    expect(rows).toEqual([
      ['2014', '2013', '2012'],
      ['תוצר מקומי גולמי'],
      ['2.6', '3.2', '3.0', 'סך הכל'],
      ['0.7', '1.3', '1.1', 'סך הכל - לנפש'],
      ['צריכה'],
      ['3.8', '3.5', '3.6', 'אזרחית'],
    ]);
  });
});
