// The twelfth table round (issue 12): labels set between two rows of values, and a head row over
// a row whose first cell runs up to the next column.
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../src/engine/model/document.js';
import { borderlessTables } from '../src/engine/tables/borderless.js';
import { bornDigitalBlocks, drawTexts, tableHtml } from './table-fixtures.js';

/** An OCR line as read-pages makes it: no glyphs, a box 1.3 ems high, its words' extents. */
function ocrLine(text: string, x0: number, top: number): TextLine {
  const x1 = x0 + text.length * 5;
  return { text, box: [x0, top, x1, top + 13], baseline: top + 13, fontSize: 10, bold: false, italic: false, monospace: false, words: [[x0, x1]] };
}

describe('a row label set between two rows of values (LaTeX\'s \\multirow)', () => {
  // Rows 16 pt apart; the last label sits halfway between the two rows it spans.
  const rows = [
    ['Triplicate buffer', '311.5', '62.2'],
    ['Purified specimen', '61', '285.5'],
    ['Residual cohort', '934', '23'],
  ];
  const lines = (spanned: [string, string][]) => {
    const out: TextLine[] = [];
    rows.forEach(([label, a, b], r) => out.push(ocrLine(label!, 72, 100 + 16 * r), ocrLine(a!, 200, 100 + 16 * r), ocrLine(b!, 280, 100 + 16 * r)));
    spanned.forEach(([a, b], i) => out.push(ocrLine(a, 200, 148 + 16 * i), ocrLine(b, 280, 148 + 16 * i)));
    out.push(ocrLine('Fluorescent extraction', 72, 148 + 8 * (spanned.length - 1)));
    return out;
  };
  const cellsOf = (found: ReturnType<typeof borderlessTables>[number]) => {
    const grid = Array.from({ length: found.table.rows }, () => new Array<string>(found.table.cols).fill(''));
    for (const c of found.table.cells) grid[c.row]![c.col] = c.lines.map((l) => l.text).join(' ');
    return grid;
  };

  it('labels the first of them, and the second is a row of its own, not a second line of each cell', () => {
    const [table] = borderlessTables(lines([['23', '70.87'], ['84', '12']]), []);
    expect(table).toBeDefined();
    expect(cellsOf(table!)).toEqual([...rows, ['Fluorescent extraction', '23', '70.87'], ['', '84', '12']]);
  });

  it('still takes a label centred beside a cell of two lines as that row\'s (the lines go on in one column)', () => {
    const out = lines([]).filter((l) => !l.text.startsWith('Fluorescent'));
    // "The buffer was" over "restated", one cell, the label and the other value on the middle baseline.
    out.push(ocrLine('The buffer was', 200, 146), ocrLine('restated', 200, 158), ocrLine('Fluorescent extraction', 72, 152), ocrLine('70.87', 280, 152));
    const [table] = borderlessTables(out, []);
    expect(table).toBeDefined();
    expect(cellsOf(table!).at(-1)).toEqual(['Fluorescent extraction', 'The buffer was restated', '70.87']);
  });
});

describe('a head row over a row whose first cell runs up to the next column', () => {
  // The first row's label ends a word space before its value: one fragment, no cell gap.
  const head = ['Sterile pellet', 'Plasmid', 'Mean chromatography'];
  const body = [
    ['Fluorescent pellet under sequence', '132.5 mg/mL', '33'],
    ['Significant spectrum', '52.3', '282.2 %'],
    ['Sterile sample in sequence', '679,536', '36'],
    ['Purified incubation', '81', '46'],
    ['Aqueous enzyme under cohort', '22', '8'],
  ];

  it('is the table\'s first row', async () => {
    const blocks = await bornDigitalBlocks((c, _page, font) => {
      const second = 72 + font.widthOfTextAtSize(body[0]![0]!, 10) + font.widthOfTextAtSize(' ', 10);
      const third = second + font.widthOfTextAtSize(body[0]![1]!, 10) + 4;
      [head, ...body].forEach((row, r) => drawTexts(c, row.map((text, k) => ({ text, x: [72, second, third][k]!, y: 120 + 16 * r, size: 10 }))));
      drawTexts(c, [{ text: 'The fluorescent pellet was measured in triplicate before the incubation of the culture.', x: 72, y: 230, size: 10 }]);
    });
    expect(blocks.filter((b) => b.type === 'table').map((t) => t.table_body)).toEqual([tableHtml([head, ...body])]);
  });
});
