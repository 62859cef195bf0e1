// The math module on glyphs built here, as a PDF text layer would give them (no TeX needed).
import { describe, expect, it } from 'vitest';
import { fontCodeToUnicode } from '../src/engine/model/math-fonts.js';
import { formulaLatex, inlineMath, katexParses } from '../src/engine/math/index.js';
import type { Box, Glyph } from '../src/engine/model/document.js';

const ITALIC = { bold: false, italic: true, monospace: false, math: true };
const UPRIGHT = { bold: false, italic: false, monospace: false, math: false };

/** A glyph of `size` points at pen position x on baseline `base`; width 0.5 em, height by kind. */
function g(char: string, x: number, base: number, size = 10, font = 'CMMI10', options: Partial<Glyph> = {}): Glyph {
  const code = char.codePointAt(0)!;
  const width = 0.5 * size;
  const math = /^CM(MI|SY|EX)/.test(font);
  return { code, x0: x, x1: x + width, y0: base - 0.7 * size, y1: base, base, size, fontSize: size, font, style: math ? ITALIC : UPRIGHT, ...options };
}

/** Glyphs of a string set left to right, 0.55 em apart. */
function word(text: string, x: number, base: number, size = 10, font = 'CMR10'): Glyph[] {
  return [...text].map((c, i) => g(c, x + i * 0.55 * size, base, size, font));
}

describe('formulaLatex', () => {
  it('reads a fraction from a rule with material above and below', () => {
    const rule: Box = [100, 97, 110, 97];
    const out = formulaLatex({ glyphs: [g('x', 80, 100), g('=', 90, 100, 10, 'CMR10'), g('a', 102, 94), g('b', 102, 108)], rules: [rule] });
    expect(out.latex).toBe('x=\\frac{a}{b}');
    expect(out.fallback).toBe(false);
  });

  it('reads superscripts and subscripts from smaller raised and lowered glyphs', () => {
    const out = formulaLatex({ glyphs: [g('x', 100, 100), g('2', 105.5, 96, 7, 'CMR7'), g('+', 112, 100, 10, 'CMR10'), g('y', 120, 100), g('i', 125.5, 101.5, 7)] });
    expect(out.latex).toBe('x^{2}+y_{i}');
  });

  it('gives a big operator its limits above and below', () => {
    const sum: Glyph = { ...g('∑', 100, 100, 10, 'CMEX10'), y0: 88, y1: 108, x1: 114 };
    const glyphs = [sum, ...word('i', 101, 115, 7, 'CMMI7'), g('=', 104.5, 115, 7, 'CMR7'), g('1', 108.5, 115, 7, 'CMR7'), g('n', 105, 85, 7, 'CMMI7'), g('x', 118, 100)];
    expect(formulaLatex({ glyphs }).latex).toBe('\\sum_{i=1}^{n}x');
  });

  it('reads a radical from the sign and its vinculum', () => {
    const sign: Glyph = { ...g('√', 100, 100, 10, 'CMSY10'), y0: 91, y1: 102, x1: 108 };
    const out = formulaLatex({ glyphs: [sign, g('x', 109, 100), g('y', 115, 100)], rules: [[108, 91.2, 121, 91.2]] });
    expect(out.latex).toBe('\\sqrt{xy}');
  });

  it('turns an equation number at the right margin into \\tag', () => {
    const glyphs = [g('E', 100, 100), g('=', 110, 100, 10, 'CMR10'), g('m', 120, 100), ...word('(3)', 300, 100)];
    const out = formulaLatex({ glyphs });
    expect(out.numbers).toEqual(['3']);
    expect(out.latex).toBe('E=m \\tag{3}');
  });

  it('reads a matrix between tall parentheses from its rows and columns', () => {
    const left: Glyph = { ...g('(', 100, 100, 10, 'CMEX10'), y0: 85, y1: 115, x1: 104 };
    const right: Glyph = { ...g(')', 140, 100, 10, 'CMEX10'), y0: 85, y1: 115, x1: 144 };
    const glyphs = [left, g('a', 108, 96), g('b', 128, 96), g('c', 108, 110), g('d', 128, 110), right];
    expect(formulaLatex({ glyphs }).latex).toBe('\\begin{pmatrix}a & b \\\\ c & d\\end{pmatrix}');
  });

  it('reads alphabets from the font: calligraphic in CMSY, blackboard in MSBM, never every letter bold', () => {
    const glyphs = [g('L', 100, 100, 10, 'CMSY10'), g('∈', 110, 100, 10, 'CMSY10'), g('R', 120, 100, 10, 'MSBM10'), g('x', 125.5, 100)];
    expect(formulaLatex({ glyphs }).latex).toBe('\\mathcal{L}\\in\\mathbb{R}x');
  });

  it('makes \\mathbf from a bold font name, not from a weight flag on a whole formula', () => {
    const heavy = { ...ITALIC, bold: true };
    const glyphs = [g('E', 100, 100, 10, 'KaTeX_Main-Bold'), g('=', 110, 100, 10, 'KaTeX_Main-Regular', { style: { ...UPRIGHT, bold: true } }), g('m', 120, 100, 10, 'KaTeX_Math-Italic', { style: heavy }), g('c', 125.5, 100, 10, 'KaTeX_Math-Italic', { style: heavy })];
    expect(formulaLatex({ glyphs }).latex).toBe('\\mathbf{E}=mc');
  });

  it('aligns rows at a common relation', () => {
    const glyphs = [g('x', 100, 100), g('=', 110, 100, 10, 'CMR10'), g('a', 120, 100), g('=', 110, 116, 10, 'CMR10'), g('b', 120, 116)];
    expect(formulaLatex({ glyphs }).latex).toBe('\\begin{aligned}x &=a \\\\  &=b\\end{aligned}');
  });

  it('is total: broken input gives LaTeX KaTeX parses, never an exception', () => {
    const broken = [
      { glyphs: [] },
      { glyphs: [g('x', NaN, 100), g('}', 0, Infinity), { ...g('a', 1, 1), size: -1, fontSize: 0 }] },
      { glyphs: [g('\\', 0, 10), g('{', 5, 10), g('^', 6, 10), g('_', 7, 10), g('&', 8, 10), g('#', 9, 10)], rules: [[0, 0, NaN, 0] as Box] },
      { glyphs: Array.from({ length: 300 }, (_, i) => g(String.fromCodePoint(0x3b1 + (i % 20)), (i * 7) % 50, 100 + (i % 13) * 3, 5 + (i % 4))), rules: [[0, 110, 60, 110] as Box] },
      { glyphs: null as unknown as Glyph[] },
    ];
    for (const input of broken) {
      const out = formulaLatex(input);
      expect(typeof out.latex).toBe('string');
      expect(katexParses(out.latex)).toBe(true);
    }
  });
});

describe('fonts', () => {
  it('maps TeX math font codes the PDF leaves unmapped', () => {
    expect(fontCodeToUnicode('CMEX10', 0x58)).toBe('∑'.codePointAt(0));
    expect(fontCodeToUnicode('CMSY10', 0x03)).toBe('∗'.codePointAt(0));
    expect(fontCodeToUnicode('CMR10', 0x58)).toBeUndefined();
  });
});

describe('inlineMath', () => {
  it('finds a formula inside a line of prose and writes it as $…$', () => {
    const glyphs = [...word('where', 50, 100), g('x', 80, 100), g('i', 85.5, 101.5, 7, 'CMMI7'), ...word('is', 95, 100), ...word('small', 110, 100)];
    const out = inlineMath(glyphs);
    expect(out.spans).toHaveLength(1);
    expect(out.spans[0]!.latex).toBe('x_{i}');
    expect(out.text).toBe('where $x_{i}$ is small');
  });

  it('keeps a line without mathematics as it is', () => {
    const out = inlineMath([...word('plain', 50, 100), ...word('words', 90, 100)]);
    expect(out.spans).toEqual([]);
    expect(out.text).toBe('plain words');
  });
});
