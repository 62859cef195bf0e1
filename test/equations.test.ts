import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { detectEquations } from '../src/engine/equations/detect.js';
import { formulaLatex } from '../src/engine/math/index.js';

const toLatex = (glyphs: Glyph[], rules: [number, number, number, number][] = []) => formulaLatex({ glyphs, rules }).latex;
import type { Glyph, TextLine } from '../src/engine/model/document.js';
import { parseDocument } from '../src/engine/parse.js';

const MATH = { bold: false, italic: true, monospace: false, math: true };
const UPRIGHT = { bold: false, italic: false, monospace: false, math: false };

/** Glyphs of `text` set left to right from x on baseline `base` (width 0.5 em per glyph). */
function glyphs(text: string, x: number, base: number, size = 10, style = MATH): Glyph[] {
  return [...text].map((ch, i) => ({
    code: ch.codePointAt(0)!,
    x0: x + i * size * 0.5,
    x1: x + (i + 1) * size * 0.5,
    y0: base - size * 0.7,
    y1: base,
    base,
    size,
    style: /[0-9=+()-]/.test(ch) ? UPRIGHT : style,
  }));
}

function lineOf(gs: Glyph[], text: string): TextLine {
  const box: TextLine['box'] = [Math.min(...gs.map((g) => g.x0)), Math.min(...gs.map((g) => g.y0)), Math.max(...gs.map((g) => g.x1)), Math.max(...gs.map((g) => g.y1))];
  return { text, box, baseline: gs[0]!.base, fontSize: gs[0]!.size, bold: false, italic: false, monospace: false, glyphs: gs };
}

describe('LaTeX from glyph positions', () => {
  it('reads raised smaller glyphs as superscripts and lowered ones as subscripts', () => {
    const eq = [...glyphs('a', 100, 200), ...glyphs('2', 105, 196, 7), ...glyphs('+b', 110, 200), ...glyphs('i', 120, 202, 7), ...glyphs('=c', 125, 200)];
    expect(toLatex(eq)).toBe('a^{2}+b_{i}=c');
  });

  it('maps symbols to control words', () => {
    const eq = [...glyphs('e', 100, 200), ...glyphs('iπ', 105, 196, 7), ...glyphs('+1=0', 113, 200), ...glyphs('α', 135, 200), ...glyphs('x', 140, 200)];
    expect(toLatex(eq)).toBe('e^{i\\pi}+1=0\\alpha x');
  });

  it('reads the groups above and below a fraction bar as a fraction', () => {
    const eq = [...glyphs('y=', 100, 200), ...glyphs('a+b', 112, 193), ...glyphs('c', 117, 209)];
    expect(toLatex(eq, [[111, 197, 128, 197]])).toBe('y=\\frac{a+b}{c}');
  });

  it('puts the glyphs above and below a big operator into its limits', () => {
    const sum: Glyph = { code: 0x2211, x0: 110, x1: 124, y0: 188, y1: 206, base: 203, size: 18, style: MATH };
    const eq = [...glyphs('S=', 96, 200), sum, ...glyphs('i=1', 109, 214, 6), ...glyphs('n', 115, 184, 6), ...glyphs('x', 126, 200), ...glyphs('i', 131, 202, 7)];
    expect(toLatex(eq)).toBe('S=\\sum_{i=1}^{n}x_{i}');
  });

  it('reads fractions whose parts are fractions, around a relation on the main line', () => {
    // (a+b)/2 ≥ 2/(1/a + 1/b), placed as TeX sets it: bars on the math axis, the inner
    // fractions in script size around a plus on their own axis.
    const eq = [
      ...glyphs('a+b', 100, 193),
      ...glyphs('2', 105, 207),
      ...glyphs('≥', 120, 200),
      ...glyphs('2', 142, 193),
      ...glyphs('1', 133, 207, 7),
      ...glyphs('a', 133, 216, 7),
      ...glyphs('+', 140, 211, 7),
      ...glyphs('1', 147, 207, 7),
      ...glyphs('b', 147, 216, 7),
    ];
    const bars: [number, number, number, number][] = [[99, 197.5, 116, 197.5], [132, 197.5, 152, 197.5], [132, 209.5, 137, 209.5], [146, 209.5, 151, 209.5]];
    expect(toLatex(eq, bars)).toBe('\\frac{a+b}{2}\\geq\\frac{2}{\\frac{1}{a}+\\frac{1}{b}}');
  });

  it('keeps relations inside the limits of a sum off the main line', () => {
    const sum: Glyph = { code: 0x2211, x0: 110, x1: 124, y0: 188, y1: 206, base: 203, size: 18, style: MATH };
    const eq = [...glyphs('S', 96, 200), ...glyphs('=', 103, 200), sum, ...glyphs('s∈A', 109, 214, 6), ...glyphs('x', 126, 200)];
    expect(toLatex(eq)).toBe('S=\\sum_{s\\in A}x');
  });

  it('spells upright function names as control words', () => {
    const eq = [...glyphs('sin', 100, 200, 10, UPRIGHT), ...glyphs('x', 116, 200), ...glyphs('=', 121, 200), ...glyphs('y', 127, 200)];
    expect(toLatex(eq)).toBe('\\sin x=y');
  });
});

describe('display equation detection', () => {
  const prose = (y: number) => lineOf(glyphs('The model is described by the following relation', 72, y, 10, UPRIGHT), 'The model is described by the following relation');

  it('joins a formula and its raised fragment into one equation line, and takes the equation number', () => {
    const main = lineOf([...glyphs('E=mc', 250, 250)], 'E=mc');
    const exponent = lineOf(glyphs('2', 270, 245, 7), '2');
    const number = lineOf(glyphs('(3)', 500, 250, 10, UPRIGHT), '(3)');
    const out = detectEquations([prose(200), main, exponent, number, prose(300)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.latex).toBe('E=mc^{2} \\tag{3}');
    expect(out[0]!.lines).toEqual([main, exponent, number]);
  });

  it('takes an overline lying above the display\'s glyph boxes (TeX sets it 3 rule thicknesses above)', () => {
    // x = \overline{ab}: the rule 0.15 em above the letters' tops, outside the line's box.
    const main = lineOf([...glyphs('x=ab', 250, 250)], 'x=ab');
    const rule: [number, number, number, number] = [260, 241.5, 270, 241.5];
    const out = detectEquations([prose(200), main, prose(300)], 10, { rules: [rule] });
    expect(out).toHaveLength(1);
    expect(out[0]!.latex).toBe('x=\\overline{ab}');
  });

  it('leaves a formula inside a paragraph alone', () => {
    const first = prose(200);
    const next = lineOf(glyphs('x=y+1', 72, 214), 'x=y+1');
    expect(detectEquations([first, next], 10)).toEqual([]);
  });

  it('does not treat a sentence with a relation as a formula', () => {
    const sentence = lineOf(glyphs('where the error stays below five percent =', 72, 260, 10, UPRIGHT), 'where the error stays below five percent =');
    expect(detectEquations([prose(200), sentence], 10)).toEqual([]);
  });
});

describe('equations end to end', () => {
  it('renders a display equation of a generated PDF as an equation block with LaTeX', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
    const page = doc.addPage([612, 792]);
    const text = (s: string, x: number, y: number, size = 11, f = font) => page.drawText(s, { x, y: 792 - y, size, font: f });
    text('The theorem of Pythagoras relates the three sides of a right triangle.', 72, 100);
    text('It holds in every Euclidean plane and is used throughout this report.', 72, 114);
    let x = 250;
    for (const [s, raised] of [['a', false], ['2', true], [' + ', false], ['b', false], ['2', true], [' = ', false], ['c', false], ['2', true]] as const) {
      const size = raised ? 7 : 11;
      const f = /[abc]/.test(s) ? italic : font;
      text(s, x, raised ? 150 : 154, size, f);
      x += f.widthOfTextAtSize(s, size);
    }
    text('(1)', 520, 154);
    text('The relation above is the one every student learns first at school.', 72, 190);
    const result = await parseDocument(await doc.save(), { maxPages: 10, ocr: () => Promise.reject(new Error('no OCR needed')) });
    const equation = result.content_list.find((b) => b.type === 'equation');
    expect(equation).toMatchObject({ text: 'a^{2}+b^{2}=c^{2} \\tag{1}', text_format: 'latex' });
    expect(result.markdown).toContain('$$\na^{2}+b^{2}=c^{2} \\tag{1}\n$$');
    // The prose around it stays text, in order.
    const types = result.content_list.map((b) => b.type);
    expect(types).toEqual(['text', 'equation', 'text']);
  });
});

describe('display equations in boxes side by side', () => {
  it('reads the formulas of two cards on one row as two displays, each in its card', async () => {
    const { analyze } = await import('../src/engine/pipeline/pipeline.js');
    const text = (t: string, x: number, y: number) => lineOf(glyphs(t, x, y, 10, UPRIGHT), t);
    // Two cards (filled boxes) under a page title wider than either; in each a heading, a
    // display and a sentence.
    const lines = [
      text('The most important equations of the field', 150, 80),
      text('Euler identity', 80, 110),
      lineOf(glyphs('x=ab', 190, 150), 'x=ab'),
      text('Connects five constants in one line', 80, 190),
      text('Calculus theorem', 330, 110),
      lineOf(glyphs('y=cd', 335, 150), 'y=cd'),
      text('Relates derivatives and integrals', 330, 190),
      ...Array.from({ length: 8 }, (_, i) => text('Body text of the page runs on under both of the cards here.', 80, 260 + i * 14)),
    ];
    const page = { index: 0, width: 612, height: 792, images: [], source: 'text-layer' as const, lines, fills: [[70, 95, 300, 205], [320, 95, 550, 205]] as [number, number, number, number][] };
    const equations = analyze([page]).blocks.filter((b) => b.type === 'equation');
    expect(equations.map((b) => (b.type === 'equation' ? b.latex : '')).sort()).toEqual(['x=ab', 'y=cd']);
  });
});
