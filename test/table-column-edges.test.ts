// Column edges from the white between a run's fragments. The white is counted in whole page units,
// which can make a strip up to two units narrower than it is: two columns of figures 0.67 em
// apart (a column gap is 0.6 em) were read as one. The strip's true width, from the fragments'
// edges, decides where most rows fill the columns on both sides (a footnote mark in a few rows
// measures as wide between glyph boxes, and stays in its value's cell).
import { describe, expect, it } from 'vitest';
import type { Box, TextLine } from '../src/engine/model/document.js';
import { columnEdges } from '../src/engine/tables/columns.js';

/** A cell of the text layer (its glyphs known; one stands for them all here). */
const cell = (text: string, x0: number, x1: number, y: number): TextLine => ({
  text,
  box: [x0, y - 7, x1, y],
  baseline: y,
  fontSize: 9,
  bold: false,
  italic: false,
  monospace: false,
  glyphs: [{ code: text.codePointAt(0)!, x0, y0: y - 7, x1, y1: y, base: y, size: 9, style: { bold: false, italic: false, monospace: false, math: false } }],
});
/** The same cell read by OCR: its box is an estimate from the ink. */
const scanned = (line: TextLine): TextLine => ({ ...line, glyphs: undefined, words: [[line.box[0], line.box[2]]] });

describe('columnEdges', () => {
  it('parts two columns whose strip is a column gap wide, though its whole units fall short', () => {
    // Third column flush right at 389.3; the fourth's widest value starts at 395.3 (6 points: 0.67 em at 9 points).
    const rows = [
      ['Idempotent request', '156,975', '60.4', '183.9 MB', 395.3],
      ['Allocator', '44', '75', '31.1', 415.8],
      ['Cold migration', '474.2 %', '25.8', '8.8', 420.8],
      ['Lazy allocator', '46.6 ms', '49%', '32', 423.3],
    ] as const;
    const run = rows.map(([label, a, b, c, start], r) => {
      const y = 160 + r * 11;
      return [cell(label, 185, 260, y), cell(a, 310, 339.2, y), cell(b, 370, 389.3, y), cell(c, start, 433.8, y)];
    });
    const box: Box = [185, 153, 433.8, 193];
    const edges = columnEdges(run, box, 9);
    expect(edges.length).toBe(5);
    expect(edges.some((e) => e > 389.3 && e < 395.3)).toBe(true);
    // OCR's boxes are estimates from the ink: their white is judged in whole units, as before.
    expect(columnEdges(run.map((row) => row.map(scanned)), box, 9)).toHaveLength(4);
  });

  it('keeps marks that only a few rows have in their values\' column, however wide their strip measures', () => {
    // Values flush right at 339.2, a mark 6 points after it in one row of four.
    const run = ['A', 'B', 'C', 'D'].map((label, r) => {
      const y = 160 + r * 11;
      const row = [cell(label, 185, 200, y), cell('1,314', 310, 339.2, y)];
      if (r === 1) row.push(cell('(1)', 345.2, 356, y));
      return row;
    });
    const box: Box = [185, 153, 356, 193];
    expect(columnEdges(run, box, 9)).toHaveLength(3);
  });
});
