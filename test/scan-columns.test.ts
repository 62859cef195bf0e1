// Scanned two-column pages: OCR detection cuts lines it bridged across the gutter (by the ink).
import { describe, expect, it } from 'vitest';
import { splitAtGutters, type LineBox } from '../src/engine/input/ocr/detect.js';

/** A page of ink: each line's core band inked everywhere except its blank runs (image x ranges). */
function page(lines: Array<{ y: number; x0: number; x1: number; blanks: Array<[number, number]> }>) {
  const h = 10;
  const boxes: LineBox[] = lines.map(({ y, x0, x1 }) => ({ box: [x0 - 8, y - 8, x1 + 8, y + h + 8], core: [x0, y, x1, y + h] }));
  const ink = (core: LineBox['core']): Uint8Array => {
    const spec = lines.find((l) => l.y === core[1] && l.x0 === core[0])!;
    const k = new Uint8Array(core[2] - core[0]).fill(1);
    for (const [a, b] of spec.blanks) k.fill(0, a - core[0], b - core[0]);
    return k;
  };
  return { boxes, ink };
}

describe('splitAtGutters', () => {
  // Two columns 10..290 and 310..590 (a 20-pixel gutter, two core heights), word spaces of 6.
  const words: Array<[number, number]> = [
    [100, 106],
    [400, 406],
  ];
  const gutter: [number, number] = [290, 310];

  it('cuts lines bridged across a gutter that lines near them share', () => {
    const { boxes, ink } = page([0, 30, 60, 90].map((y) => ({ y, x0: 10, x1: 590, blanks: [...words, gutter] })));
    const { lines, cut } = splitAtGutters(boxes, ink);
    expect(cut).toBe(4);
    expect(lines).toHaveLength(8);
    expect(lines[0]!.core).toEqual([10, 0, 290, 10]);
    expect(lines[1]!.core).toEqual([310, 0, 590, 10]);
    // The grown boxes keep their margin (8) at the cut, at most half the gutter.
    expect(lines[0]!.box[2]).toBe(298);
    expect(lines[1]!.box[0]).toBe(302);
  });

  it('counts lines already apart on both sides of the gutter as support', () => {
    const apart = [30, 60].flatMap((y) => [
      { y, x0: 10, x1: 290, blanks: [words[0]!] },
      { y, x0: 310, x1: 590, blanks: [words[1]!] },
    ]);
    const { boxes, ink } = page([{ y: 0, x0: 10, x1: 590, blanks: [...words, gutter] }, ...apart]);
    const { lines, cut } = splitAtGutters(boxes, ink);
    expect(cut).toBe(1);
    expect(lines.slice(0, 2).map((l) => l.core)).toEqual([
      [10, 0, 290, 10],
      [310, 0, 590, 10],
    ]);
  });

  it('keeps a wide space that no line near it shares (one column of text)', () => {
    const { boxes, ink } = page([
      { y: 0, x0: 10, x1: 590, blanks: [[290, 312]] },
      { y: 30, x0: 10, x1: 590, blanks: [[150, 156]] },
      { y: 60, x0: 10, x1: 590, blanks: [[420, 426]] },
    ]);
    const { lines, cut } = splitAtGutters(boxes, ink);
    expect(cut).toBe(0);
    expect(lines).toEqual(boxes);
  });

  it('keeps word spaces that line up down the page', () => {
    const { boxes, ink } = page([0, 30, 60].map((y) => ({ y, x0: 10, x1: 590, blanks: [[295, 305] as [number, number]] })));
    expect(splitAtGutters(boxes, ink).cut).toBe(0);
  });

  it('keeps list bullets with their text (the gap after them lines up too)', () => {
    // A bullet at 10..20, the item's text from 45: a blank run of 25 (over two core heights).
    const { boxes, ink } = page([0, 30, 60].map((y) => ({ y, x0: 10, x1: 590, blanks: [[20, 45] as [number, number], words[1]!] })));
    expect(splitAtGutters(boxes, ink).cut).toBe(0);
  });

  it('cuts at a gutter with a wide space near it in the next column', () => {
    // A stretched space of 22 just after the gutter (its own piece would be short).
    const blanks: Array<[number, number]> = [gutter, [330, 352]];
    const { boxes, ink } = page([0, 30, 60].map((y) => ({ y, x0: 10, x1: 590, blanks })));
    const { lines, cut } = splitAtGutters(boxes, ink);
    expect(cut).toBe(3);
    expect(lines.slice(0, 2).map((l) => l.core[2])).toEqual([290, 590]);
  });

  it('keeps lines whose gutter is far away vertically', () => {
    const { boxes, ink } = page([0, 300, 600].map((y) => ({ y, x0: 10, x1: 590, blanks: [gutter] })));
    expect(splitAtGutters(boxes, ink).cut).toBe(0);
  });
});
