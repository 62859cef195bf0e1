// Tables on pages read by OCR: word extents from the pixels, and OCR lines cut at their cell gaps.
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../src/engine/model/document.js';
import { ocrWords } from '../src/engine/input/ocr-words.js';
import { borderlessTables } from '../src/engine/tables/borderless.js';
import { columnAlignment } from '../src/engine/tables/fragments.js';
import { scannedCellFragments } from '../src/engine/tables/scanned.js';
import { drawnPdf, drawTexts, rendered } from './table-fixtures.js';

/** An OCR line as read-pages makes it: no glyphs, a box 1.3 ems high, its words' extents. */
function ocrLine(text: string, x0: number, x1: number, top: number, words?: Array<[number, number]>): TextLine {
  return { text, box: [x0, top, x1, top + 13], baseline: top + 13, fontSize: 10, bold: false, italic: false, monospace: false, ...(words ? { words } : {}) };
}

describe('word extents of an OCR line, from the pixels', () => {
  it('finds each word where it was drawn, the cell gap as wide as drawn', async () => {
    // "Budget" at 72 pt, "50.12" 40 pt further right: one line to the recognizer's detector.
    const pdf = await drawnPdf([(c, _page, font) => {
      drawTexts(c, [{ text: 'Quarterly budget', x: 72, y: 100 }, { text: '50.12', x: 72 + font.widthOfTextAtSize('Quarterly budget', 10) + 40, y: 100 }]);
    }]);
    const dpi = 200;
    const image = await rendered(pdf, dpi);
    const px = dpi / 72;
    const box: [number, number, number, number] = [70 * px, 89 * px, 250 * px, 103 * px];
    const words = ocrWords(image, box, 'Quarterly budget 50.12');
    expect(words?.text).toBe('Quarterly budget 50.12');
    expect(words?.spans).toHaveLength(3);
    const pt = words!.spans.map(([a, b]) => [a / px, b / px]);
    expect(pt[0]![0]!).toBeCloseTo(72, 0);
    // The gap between "budget" and "50.12" is the 40 pt drawn (less the side bearings), the word space far less.
    expect(pt[2]![0]! - pt[1]![1]!).toBeGreaterThan(38);
    expect(pt[1]![0]! - pt[0]![1]!).toBeLessThan(5);
    // Text with more words than the pixels have gaps: no extents rather than wrong ones.
    expect(ocrWords(image, box, 'Quarterly bud get 50 . 12 x y z')).toBeUndefined();
  });
  it('finds the words in the rows of the line\'s own x-height when its box takes in ink across the gaps (the line above\'s descenders)', async () => {
    const pdf = await drawnPdf([(c, _page, font) => {
      drawTexts(c, [{ text: 'Quarterly budget', x: 72, y: 100 }, { text: '5012', x: 72 + font.widthOfTextAtSize('Quarterly budget', 10) + 40, y: 100 }]);
      // Across the top rows of the line's box, over every gap. (The middle rows miss a baseline
      // period or comma, so figures like "50.12" would part there: plain figures here.)
      c.line(70, 89.5, 250, 89.5, 0.6);
    }]);
    const dpi = 200;
    const image = await rendered(pdf, dpi);
    const px = dpi / 72;
    const box: [number, number, number, number] = [70 * px, 89 * px, 250 * px, 103 * px];
    const words = ocrWords(image, box, 'Quarterly budget 5012');
    expect(words?.spans).toHaveLength(3);
    const pt = words!.spans.map(([a, b]) => [a / px, b / px]);
    expect(pt[0]![0]!).toBeCloseTo(72, 0);
    expect(pt[2]![0]! - pt[1]![1]!).toBeGreaterThan(38);
  });
  it('puts back a space the recognizer dropped in a blank an em wide (two figures read as one)', async () => {
    const pdf = await drawnPdf([(c, _page, font) => {
      drawTexts(c, [{ text: '76', x: 300, y: 100 }, { text: '251,626', x: 300 + font.widthOfTextAtSize('76', 10) + 30, y: 100 }]);
    }]);
    const dpi = 200;
    const image = await rendered(pdf, dpi);
    const px = dpi / 72;
    const box: [number, number, number, number] = [298 * px, 89 * px, 380 * px, 103 * px];
    expect(ocrWords(image, box, '76251,626')?.text).toBe('76 251,626');
    // The blank read as a bar ("872,346|344,819"): the bar is the space.
    expect(ocrWords(image, box, '76|251,626')?.text).toBe('76 251,626');
    // A word space, not an em wide, stays as read.
    const close = await rendered(await drawnPdf([(c) => drawTexts(c, [{ text: 'Budget 50.12', x: 300, y: 100 }])]), dpi);
    expect(ocrWords(close, box, 'Budget50.12')?.text).toBe('Budget50.12');
  });
});

describe('OCR lines cut at their cell gaps', () => {
  it('cuts at a gap of an em or more, much wider than the word spaces, and keeps the words', () => {
    const line = ocrLine('Quarterly budget 50.12', 72, 190, 100, [[72, 115], [118, 150], [170, 190]]);
    const pieces = scannedCellFragments(line);
    expect(pieces.map((p) => p.text)).toEqual(['Quarterly budget', '50.12']);
    expect(pieces[1]!.box).toEqual([170, 100, 190, 113]);
    expect(pieces[0]!.words).toEqual([[72, 115], [118, 150]]);
  });
  it('leaves a line whose spaces are all alike, or whose word extents are stale, whole', () => {
    // Justified prose: wide spaces, all alike.
    expect(scannedCellFragments(ocrLine('one two three', 72, 200, 100, [[72, 100], [112, 150], [162, 200]]))).toHaveLength(1);
    // Text changed since (a lone number joined to it): three extents for four words.
    expect(scannedCellFragments(ocrLine('1 Quarterly budget 50.12', 60, 190, 100, [[72, 115], [118, 150], [170, 190]]))).toHaveLength(1);
    // No extents (the pixels did not tell).
    expect(scannedCellFragments(ocrLine('Quarterly budget 50.12', 72, 190, 100))).toHaveLength(1);
  });
  it('finds a borderless table whose label and value cells OCR read as one line', () => {
    // An infobox: labels and values close together; three of its rows came back as single lines.
    const rows: TextLine[] = [];
    const data = [['Founded', '1888'], ['Location', 'Zurich'], ['Budget', '50.12'], ['Staff', '1,204'], ['Chair', 'Meier']];
    data.forEach(([label, value], i) => {
      const top = 100 + 16 * i;
      const x1 = 72 + label!.length * 5;
      if (i % 2 === 0) rows.push(ocrLine(`${label} ${value}`, 72, 180 + value!.length * 5, top, [[72, x1], [180, 180 + value!.length * 5]]));
      else rows.push(ocrLine(label!, 72, x1, top), ocrLine(value!, 180, 180 + value!.length * 5, top));
    });
    const [table] = borderlessTables(rows, []);
    expect(table).toBeDefined();
    expect(table!.table.cols).toBe(2);
    expect(table!.table.rows).toBe(5);
    const texts = table!.table.cells.map((c) => `${c.row},${c.col}:${c.lines.map((l) => l.text).join(' ')}`);
    expect(texts).toContain('0,0:Founded');
    expect(texts).toContain('0,1:1888');
    expect(texts).toContain('2,1:50.12');
    // The table holds the whole lines it was found among.
    expect(table!.lines).toHaveLength(rows.length);
  });
});

describe('an OCR header row whose cells are a word space apart', () => {
  it('is cut where its words end with the columns of values below (right-aligned), and heads the table', () => {
    // As tex-llncs sets a table: the header's cells one word space apart, the values flush right under them.
    const header = ocrLine('Concentration Frozen absorbance Sterile chromatography', 234, 436, 100, [[234, 283], [287, 309], [312, 351], [354, 377], [379, 436]]);
    const rows: TextLine[] = [header];
    const values = [['Following', '69%', '76', '27'], ['In contrast', '43%', '84', '251,626'], ['Recombinant', '1%', '35%', '392,647'], ['Frozen sample', '12%', '7', '88']];
    values.forEach((row, r) => {
      const top = 116 + 16 * r;
      rows.push(ocrLine(row[0]!, 137, 137 + row[0]!.length * 4.5, top, [[137, 137 + row[0]!.length * 4.5]]));
      // Right ends at 283, 351 and 436: each value's width from its characters.
      for (const [i, right] of [283, 351, 436].entries()) {
        const text = row[i + 1]!;
        rows.push(ocrLine(text, right - text.length * 5, right, top, [[right - text.length * 5, right]]));
      }
    });
    const [table] = borderlessTables(rows, []);
    expect(table).toBeDefined();
    expect(table!.table.rows).toBe(5);
    expect(table!.table.cols).toBe(4);
    const first = table!.table.cells.filter((c) => c.row === 0).sort((a, b) => a.col - b.col).map((c) => c.lines.map((l) => l.text).join(' '));
    expect(first).toEqual(['', 'Concentration', 'Frozen absorbance', 'Sterile chromatography'].filter((t, i) => i > 0 || t));
  });
});

describe('the shared edge of a column of OCR cells', () => {
  it('is where their ink ends, though the boxes around it differ by a point or two', () => {
    // Figures flush right at 351 (ink); the detector's boxes reach 0-2.5 pt past it.
    const cells = [['52%', 353.5], ['26', 351.1], ['738,323', 351.0], ['17%', 352.4]].map(([text, boxRight], i) =>
      ocrLine(text as string, 330, boxRight as number, 100 + 16 * i, [[332, 351 - (i % 2) * 0.6]]),
    );
    expect(columnAlignment(cells).right).toBeCloseTo(351, 0);
    // Boxes alone (no word extents) do not line up to a text layer's tenth of an em.
    expect(columnAlignment(cells.map(({ words: _words, ...l }) => l)).right).toBeUndefined();
  });
});
