// Lines cut at the gaps between table cells, from glyph positions.
import { describe, expect, it } from 'vitest';
import type { Glyph, TextLine } from '../src/engine/model/document.js';
import { cellFragments, cutAtColumns } from '../src/engine/tables/fragments.js';

const SIZE = 10;
const STYLE = { bold: false, italic: false, monospace: false, math: false };

/** A line of words at x positions: each glyph 0.5 em wide, words at the given starts. */
function line(words: [string, number][]): TextLine {
  const glyphs: Glyph[] = [];
  for (const [word, x] of words) {
    [...word].forEach((ch, i) => glyphs.push({ code: ch.codePointAt(0)!, x0: x + i * 5, x1: x + i * 5 + 5, y0: 100, y1: 110, base: 108, size: SIZE, style: STYLE } as Glyph));
  }
  const last = glyphs[glyphs.length - 1]!;
  return { text: words.map((w) => w[0]).join(' '), box: [glyphs[0]!.x0, 100, last.x1, 110], baseline: 108, fontSize: SIZE, bold: false, italic: false, monospace: false, glyphs };
}

describe('cell fragments', () => {
  it('cuts a label and its amount set 1.8 em apart into two cells', () => {
    const parts = cellFragments(line([['Subtotal', 0], ['1675.46', 58]]));
    expect(parts.map((p) => p.text)).toEqual(['Subtotal', '1675.46']);
    expect(parts[1]!.box[0]).toBe(58);
  });

  it('cuts a header line at the gap much wider than its word spaces, not at the spaces', () => {
    const parts = cellFragments(line([['Total', 0], ['due', 28], ['Growth', 60], ['rate', 93]]));
    expect(parts.map((p) => p.text)).toEqual(['Total due', 'Growth rate']);
  });

  it('keeps a justified line whole: all its spaces are stretched alike', () => {
    const words: [string, number][] = [];
    let x = 0;
    for (const w of ['the', 'frozen', 'sample', 'was', 'kept']) {
      words.push([w, x]);
      x += w.length * 5 + 12; // 1.2 em spaces throughout
    }
    expect(cellFragments(line(words))).toHaveLength(1);
  });

  it('cuts a line where its leader dots end: four dots, or three set apart; an ellipsis stays', () => {
    // Glyphs 0.5 em wide: "Net" at 0, dots 0.3 em apart (". . ."), the amount 3 pt after the last.
    const dotted = (dots: number, pitch: number) => line([['Net', 0], ...Array.from({ length: dots }, (_, k): [string, number] => ['.', 18 + k * pitch]), ['12.5', 18 + dots * pitch + 3]]);
    expect(cellFragments(dotted(4, 8)).map((p) => p.text)).toEqual(['Net . . . .', '12.5']);
    expect(cellFragments(dotted(3, 8)).map((p) => p.text)).toEqual(['Net . . .', '12.5']);
    // Three dots touching ("wait... then"): an ellipsis, no cells.
    expect(cellFragments(dotted(3, 5))).toHaveLength(1);
  });

  it('keeps a line whole when its text and glyphs do not correspond', () => {
    const l = line([['ab', 0], ['cd', 40]]);
    expect(cellFragments({ ...l, text: 'abXcd' })).toHaveLength(1);
  });

  it('cuts a row at its column edge where a value ends, not inside a number whose thousands are set apart', () => {
    // "2,400  2, 800": the next column's three-digit values start where "800" does, the
    // previous column's values end where "2,400" does.
    const l = line([['2,400', 0], ['2,', 33], ['800', 45]]);
    const cut = cutAtColumns(l, [-30, 42, 90], [{ right: 25 }, { left: 45 }]);
    expect(cut?.pieces.map((p) => p.text)).toEqual(['2,400', '2, 800']);
  });
});
