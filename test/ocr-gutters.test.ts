// Detected lines that run across a narrow column gutter are cut there; tables and prose are left alone.
import { describe, expect, it } from 'vitest';
import { cutBoxesAtGutters, findGutters, type GutterRow } from '../src/engine/input/ocr/gutters.js';
import { drawnPdf, drawTexts, rendered } from './table-fixtures.js';

/** A row whose ink runs over `pieces` ([x0, x1] each), parted by the blanks between them. */
function row(top: number, pieces: Array<[number, number]>): GutterRow {
  const gaps: Array<[number, number]> = [];
  for (let i = 1; i < pieces.length; i++) gaps.push([pieces[i - 1]![1], pieces[i]![0]]);
  return { top, bottom: top + 13, first: pieces[0]![0], last: pieces[pieces.length - 1]![1], gaps };
}

const LEFT: [number, number] = [72, 290];
const RIGHT: [number, number] = [304, 522];

describe('column gutters', () => {
  it('finds the gutter two columns share and cuts the rows that run across it', () => {
    const rows = [0, 1, 2, 3, 4, 5].map((i) => row(100 + 14 * i, i === 2 ? [LEFT] : i === 4 ? [[72, 120], RIGHT] : [LEFT, RIGHT]));
    const { gutters, cuts } = findGutters(rows);
    expect(gutters).toHaveLength(1);
    expect(gutters[0]).toBeGreaterThan(290);
    expect(gutters[0]).toBeLessThan(304);
    // Four rows part into prose; the short last line of a paragraph (one wide gap) is cut too.
    expect(cuts.map((c) => c.length)).toEqual([1, 1, 0, 1, 1, 1]);
  });

  it('leaves tables whole: their rows part into narrow cells, or a narrow label', () => {
    const table = [0, 1, 2, 3, 4, 5].map((i) => row(100 + 14 * i, [[72, 112], [162, 202], [252, 292], [342, 382], [432, 472]]));
    expect(findGutters(table).gutters).toEqual([]);
    const labels = [0, 1, 2, 3, 4, 5].map((i) => row(100 + 14 * i, [[72, 110], [272, 522]]));
    expect(findGutters(labels).gutters).toEqual([]);
  });

  it('needs the gutter on several rows, with the rows beside them blank there', () => {
    expect(findGutters([row(100, [LEFT, RIGHT]), row(114, [LEFT, RIGHT])]).gutters).toEqual([]);
    // Every fourth row gapes; full-width prose rows between cross the place.
    const mixed = [...Array(12).keys()].map((i) => row(100 + 14 * i, i % 4 === 0 ? [LEFT, RIGHT] : [[72, 522]]));
    expect(findGutters(mixed).gutters).toEqual([]);
  });

  it('cuts detected boxes at the blank the page shows between two columns', async () => {
    const left = ['Dynamic languages such as', 'JavaScript are more difficult', 'to compile than statically', 'typed ones. Since no type'];
    const right = ['information is available, the', 'compilers need to emit code', 'that can handle all possible', 'type combinations at runtime.'];
    const pdf = await drawnPdf([(c) => drawTexts(c, left.flatMap((text, i) => [{ text, x: 72, y: 100 + 13 * i }, { text: right[i]!, x: 72 + 140 + 14, y: 100 + 13 * i }]))]);
    const dpi = 200;
    const px = dpi / 72;
    const image = await rendered(pdf, dpi);
    // The detector's boxes for both columns at once, as on a page with a narrow gutter.
    const boxes = left.map((_, i) => {
      const top = (100 + 13 * i - 9) * px;
      return { box: [70 * px, top, 360 * px, top + 12 * px] as [number, number, number, number], core: [74 * px, top + 3 * px, 356 * px, top + 9 * px] as [number, number, number, number] };
    });
    const { boxes: out, gutters } = cutBoxesAtGutters(image, boxes);
    expect(gutters).toHaveLength(1);
    expect(gutters[0]!.cut).toBe(4);
    expect(out).toHaveLength(8);
    const widest = Math.max(...left.map((t) => t.length)) * 0; // the left pieces end before the right column starts
    for (const b of out.filter((_, i) => i % 2 === 0)) expect(b.box[2]).toBeLessThan((72 + 140 + 14) * px + widest);
    for (const b of out.filter((_, i) => i % 2 === 1)) expect(b.box[0]).toBeGreaterThan(200 * px);
  });
});
