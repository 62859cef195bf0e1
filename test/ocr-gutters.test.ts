// OCR lines that run across a narrow column gutter are cut there; tables and prose are left alone.
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../src/engine/model/document.js';
import { cutAtGutters } from '../src/engine/input/ocr-gutters.js';

/** An OCR line of 10-pt words, each `w` wide with `space` between, or at the given extents. */
function line(top: number, parts: Array<{ x: number; words: string[] }>, wordWidth = 30, space = 4): TextLine {
  const words: string[] = [];
  const spans: Array<[number, number]> = [];
  for (const part of parts) {
    part.words.forEach((word, i) => {
      const x0 = part.x + i * (wordWidth + space);
      words.push(word);
      spans.push([x0, x0 + wordWidth]);
    });
  }
  return { text: words.join(' '), box: [spans[0]![0] - 2, top, spans[spans.length - 1]![1] + 2, top + 13], baseline: top + 13, fontSize: 10, bold: false, italic: false, monospace: false, words: spans };
}

const LEFT = 72;
/** The right column starts 14 pt (1.4 em) after the left column's last word. */
const RIGHT = LEFT + 6 * 34 - 4 + 14;
const six = (tag: string) => ['a', 'b', 'c', 'd', 'e', 'f'].map((w) => `${tag}${w}`);

describe('OCR lines across a column gutter', () => {
  it('cuts the lines of two columns read as one at the gutter they share, keeping each word', () => {
    const lines: TextLine[] = [];
    for (let row = 0; row < 8; row++) {
      const top = 100 + row * 14;
      // Rows 2 and 5 were read as two lines already; a paragraph's short last line (row 6) too is cut.
      if (row === 2 || row === 5) lines.push(line(top, [{ x: LEFT, words: six(`L${row}`) }]), line(top, [{ x: RIGHT, words: six(`R${row}`) }]));
      else if (row === 6) lines.push(line(top, [{ x: LEFT, words: ['L6a', 'L6b'] }, { x: RIGHT, words: six('R6') }]));
      else lines.push(line(top, [{ x: LEFT, words: six(`L${row}`) }, { x: RIGHT, words: six(`R${row}`) }]));
    }
    const { lines: out, gutters } = cutAtGutters(lines);
    expect(gutters).toHaveLength(1);
    expect(gutters[0]!.x).toBeGreaterThan(LEFT + 6 * 34 - 4);
    expect(gutters[0]!.x).toBeLessThan(RIGHT);
    expect(gutters[0]!.cut).toBe(6);
    expect(out).toHaveLength(16);
    expect(out.map((l) => l.text)).toContain('L6a L6b');
    expect(out.filter((l) => l.text.startsWith('R')).every((l) => l.words![0]![0] === RIGHT && l.words!.length === 6)).toBe(true);
    expect(out.filter((l) => l.text.startsWith('L')).every((l) => l.box[2] < RIGHT - 10)).toBe(true);
  });

  it('leaves a table whose column gaps line up down the page whole (its rows part into narrow cells)', () => {
    const rows: TextLine[] = [];
    for (let row = 0; row < 8; row++) {
      rows.push(line(100 + row * 14, [0, 1, 2, 3, 4].map((c) => ({ x: LEFT + c * 90, words: [`c${row}${c}`] })), 40));
    }
    // A label-value list: one wide gap a row, but the labels are narrow.
    for (let row = 0; row < 6; row++) {
      rows.push(line(250 + row * 14, [{ x: LEFT, words: ['Label'] }, { x: LEFT + 200, words: six(`v${row}`) }]));
    }
    const { lines, gutters } = cutAtGutters(rows);
    expect(gutters).toEqual([]);
    expect(lines).toEqual(rows);
  });

  it('needs the gutter on several lines, with the lines beside it blank there', () => {
    // Two rows gape at the same place: not enough.
    const two = [0, 1].map((row) => line(100 + row * 14, [{ x: LEFT, words: six('L') }, { x: RIGHT, words: six('R') }]));
    expect(cutAtGutters(two).gutters).toEqual([]);
    // Three rows gape, but full-width prose lines between them cross the place: one column of prose.
    const mixed: TextLine[] = [];
    for (let row = 0; row < 12; row++) {
      const top = 100 + row * 14;
      if (row % 4 === 0) mixed.push(line(top, [{ x: LEFT, words: six('L') }, { x: RIGHT, words: six('R') }]));
      else mixed.push(line(top, [{ x: LEFT, words: [...six('A'), ...six('B')] }]));
    }
    expect(cutAtGutters(mixed).gutters).toEqual([]);
  });
});
