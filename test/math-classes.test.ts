// Classes of misses found on the tune split of the generated math corpus (round 3): inline
// fractions whose parts the text layer sets on lines of their own past the line's end, nearer
// the next line, or reaching above the line's band; operator names in the text font; TeX's
// small extension-font delimiters; tall bars in pieces; text-size big operators; multline;
// equation numbers of formulas wider than their column.
import { beginText, endText, moveText, PDFDocument, PDFHexString, setFontAndSize, showText } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { withInlineMath } from '../src/engine/equations/inline.js';
import { loadPdfium, PdfDocument } from '../src/engine/index.js';
import { extractPage } from '../src/engine/input/pdf/extract.js';
import { formulaLatex, inlineMath, katexParses } from '../src/engine/math/index.js';
import type { Box, Glyph, TextLine } from '../src/engine/model/document.js';
import { fontCodeToUnicode } from '../src/engine/model/math-fonts.js';

const MATH = { bold: false, italic: true, monospace: false, math: true };
const TEXT = { bold: false, italic: false, monospace: false, math: false };

function g(char: string, x: number, base: number, size = 10, font = 'CMMI10', box: Partial<Glyph> = {}): Glyph {
  const math = /^(CM(MI|SY|EX)|LatinModernMath)/.test(font);
  return { code: char.codePointAt(0)!, x0: x, x1: x + 0.5 * size, y0: base - 0.7 * size, y1: base, base, size, fontSize: size, font, style: math ? MATH : TEXT, ...box };
}

/** Glyphs of `text` from x on baseline `base`, 0.5 em wide, a space 0.3 em; letters in `font`, the rest upright. */
function run(text: string, x: number, base: number, size = 10, font = 'CMR10'): Glyph[] {
  const out: Glyph[] = [];
  let pen = x;
  for (const ch of text) {
    if (ch !== ' ') out.push(g(ch, pen, base, size, /\p{L}/u.test(ch) ? font : 'CMR10'));
    pen += (ch === ' ' ? 0.3 : 0.5) * size;
  }
  return out;
}

function line(glyphs: Glyph[]): TextLine {
  const box: Box = [Math.min(...glyphs.map((q) => q.x0)), Math.min(...glyphs.map((q) => q.y0)), Math.max(...glyphs.map((q) => q.x1)), Math.max(...glyphs.map((q) => q.y1))];
  return { text: String.fromCodePoint(...glyphs.map((q) => q.code)), box, baseline: glyphs[0]!.base, fontSize: glyphs[0]!.size, bold: false, italic: false, monospace: false, glyphs };
}

/** A fraction bar as the text layer's rules give it: a horizontal line at y from x0 to x1. */
const bar = (x0: number, x1: number, y: number): Box => [x0, y, x1, y];

describe('inline fractions set on lines of their own', () => {
  it('joins a wide fraction past the end of the line it starts from, and the script after it', () => {
    // "… domain M ≥ (abcdef / wxyz) n_{pqrst}": the denominator and the trailing subscript start
    // more than an em past the host line's end; the subscript is placed before the denominator
    // that brings it within reach.
    const host = line([...run('the domain', 100, 200), ...run('M', 152, 200, 10, 'CMMI10')]);
    const numerator = line(run('abcdef', 160, 195, 7, 'CMMI7'));
    const denominator = line(run('wxyz', 175, 207, 10, 'CMMI10'));
    const subscript = line(run('pqrst', 197, 203, 7, 'CMMI7'));
    const next = line(run('the next line of the paragraph runs on here', 100, 214));
    const out = withInlineMath([host, numerator, denominator, subscript, next], { rules: [bar(158, 196, 197.5)] });
    expect(out).toHaveLength(2);
    expect(out[0]!.text).toMatch(/\\frac\{abcdef\}\{wxyz\}/);
    expect(out[0]!.text).toContain('pqrst');
    expect(out[1]).toBe(next);
  });

  it('keeps a denominator nearer the next line with the row of its numerator', () => {
    const host = line(run('the words of this line end with', 100, 200));
    const numerator = line(run('ab', 252, 195, 7, 'CMMI7'));
    const denominator = line(run('cd', 252, 206, 7, 'CMMI7'));
    const next = line(run('and the next line of the paragraph', 100, 212));
    const out = withInlineMath([host, numerator, denominator, next], { rules: [bar(251, 260, 197.5)] });
    expect(out[0]!.text).toBe('the words of this line end with $\\frac{ab}{cd}$');
    expect(out[1]).toBe(next);
  });

  it('takes the parts of a nested fraction that reach above the line\'s text band', () => {
    const host = line(run('the words of this line end with', 100, 200));
    const inner = line(run('ab', 252, 186, 7, 'CMMI7'));
    const middle = line(run('cd', 252, 194, 7, 'CMMI7'));
    const denominator = line(run('ef', 252, 205, 7, 'CMMI7'));
    const out = withInlineMath([host, inner, middle, denominator], { rules: [bar(251, 260, 188), bar(250, 261, 197.5)] });
    expect(out).toHaveLength(1);
    expect(out[0]!.text).toBe('the words of this line end with $\\frac{\\frac{ab}{cd}}{ef}$');
  });

  it('leaves text by a table\'s or an underline\'s rules apart: no glyph in a math font, no fraction', () => {
    const host = line([...run('the words of this line end with', 100, 200), ...run('x', 250, 200, 10, 'CMMI10')]);
    // Above the line's text band, over a rule whose other rule lies on the line's axis (where a
    // nested fraction's parts would be), but set in a text font.
    const label = line(run('12', 262, 186, 7));
    const number = line(run('34', 262, 194, 7));
    const out = withInlineMath([host, label, number], { rules: [bar(261, 270, 188), bar(261, 277, 197.5)] });
    expect(out).toContain(label);
  });
});

describe('operator names in the text font', () => {
  it('reads sin, tan, log… before their argument as part of the formula', () => {
    const glyphs = [...run('we take', 100, 200), ...run('tan(0)', 150, 200), ...run('and', 185, 200), ...run('log', 210, 200), ...run('x', 228, 200, 10, 'CMMI10'), ...run('here', 240, 200)];
    const result = inlineMath(glyphs);
    expect(result.spans.map((s) => s.latex)).toEqual(['\\tan(0)', '\\log x']);
    expect(result.text).toBe('we take $\\tan(0)$ and $\\log x$ here');
  });

  it('leaves an operator name without a formula after it as a word', () => {
    const result = inlineMath(run('the log of the run', 100, 200));
    expect(result.spans).toEqual([]);
  });
});

describe('delimiters of TeX\'s extension font', () => {
  it('reads the \\big and \\Big delimiters CMEX sets at codes below 32 as glyphs', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    // CMEX10 without a Unicode mapping: 0x14 and 0x15 are its \Big brackets.
    const font = doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'CMEX10', FirstChar: 0, LastChar: 127, Widths: Array<number>(128).fill(500) }));
    const name = page.node.newFontDictionary('FX', font);
    page.pushOperators(beginText(), setFontAndSize(name, 10), moveText(100, 700), showText(PDFHexString.of('1415')), endText());
    const pdf = PdfDocument.open(await loadPdfium(), await doc.save());
    try {
      const glyphs = extractPage(pdf, 0).lines.flatMap((l) => l.glyphs ?? []);
      expect(glyphs.map((q) => String.fromCodePoint(q.code))).toEqual(['[', ']']);
    } finally {
      pdf.close();
    }
  });

  it('knows the text- and display-size operators of newtx\'s extension font above 0x7f', () => {
    expect(fontCodeToUnicode('txexs', 0xcd)).toBe(0x2211);
    expect(fontCodeToUnicode('txexs', 0xd6)).toBe(0x220f);
    expect(fontCodeToUnicode('txexs', 0xa9)).toBe(0x239b);
    expect(fontCodeToUnicode('CMEX10', 0xcd)).toBeUndefined();
    // Its symbol font's math accents: \dot is 0xa4.
    expect(fontCodeToUnicode('txsys', 0xa4)).toBe(0x307);
  });
});

/** A 2×2 matrix's entries, rows on baselines 186 and 197. */
const entries = [g('a', 110, 186), g('b', 130, 186), g('c', 110, 197), g('d', 130, 197)];

describe('tall bars', () => {
  it('stacks the pieces of a bar TeX repeats end to end into one bar: a vmatrix', () => {
    const pieces = (x: number) => [178, 184.4, 190.8].map((y) => g('|', x, y + 6.4, 10, 'CMEX10', { y0: y, y1: y + 6.4, x1: x + 0.5 }));
    const out = formulaLatex({ glyphs: [...pieces(104), ...entries, ...pieces(142)] });
    expect(out.latex).toBe('\\begin{vmatrix}a & b \\\\ c & d\\end{vmatrix}');
  });

  it('reads the tall ∣ of an OpenType math font as a bar', () => {
    const tall = (x: number) => g('∣', x, 200, 10, 'LatinModernMath-Regular', { y0: 178, y1: 200, x1: x + 1 });
    const out = formulaLatex({ glyphs: [tall(104), ...entries, tall(142)] });
    expect(out.latex).toBe('\\begin{vmatrix}a & b \\\\ c & d\\end{vmatrix}');
  });
});

describe('text-size big operators', () => {
  it('set their scripts at their side and take no limits from the row above', () => {
    // A cases-like pair of rows: n_K over a text-size sum with side scripts.
    const glyphs = [
      g('n', 100, 200), g('K', 105.5, 202, 7, 'CMMI7'),
      g('∑', 100, 213, 10, 'CMEX10', { y0: 205, y1: 215, x1: 107 }), g('N', 107.5, 208, 7, 'CMMI7'), g('k', 107.5, 217, 7, 'CMMI7'), g('t', 112, 214),
    ];
    const out = formulaLatex({ glyphs });
    expect(out.latex).toContain('n_{K}');
    expect(out.latex).toContain('\\sum_{k}^{N}t');
    expect(katexParses(out.latex)).toBe(true);
  });
});

describe('integrals', () => {
  it('set their scripts at their side in display too, and take nothing from the row under them', () => {
    const glyphs = [
      g('∫', 100, 200, 10, 'CMEX10', { y0: 184, y1: 208, x1: 106 }), g('a', 107, 206, 7), g('b', 107, 188, 7), g('x', 115, 200),
      g('y', 100, 222), g('8', 104.5, 216.5, 7, 'CMR7'),
    ];
    const out = formulaLatex({ glyphs });
    expect(out.latex).toContain('y^{8}');
    expect(out.latex).not.toContain('\\int_{8}');
  });
});

describe('multi-row displays', () => {
  it('gathers multline\'s rows (first left, last right) and takes the number beside the last row', () => {
    const glyphs = [...run('a=b+c', 100, 200, 10, 'CMMI10'), ...run('+d', 250, 214, 10, 'CMMI10'), ...run('(3)', 270, 214)];
    expect(formulaLatex({ glyphs }).latex).toBe('\\begin{gathered}a=b+c \\\\ +d\\end{gathered} \\tag{3}');
  });

  it('takes the number beside multline\'s last row whose fraction\'s denominator hangs below the number', () => {
    // The denominator's subscript hangs more than half an em under the number; no row is under it.
    const last = [...run('+', 250, 214), g('b', 262, 207), g('c', 262, 222), g('k', 267, 226, 7), g('d', 274, 214), ...run('(3)', 290, 214)];
    const out = formulaLatex({ glyphs: [...run('a=b+c', 100, 200, 10, 'CMMI10'), ...last], rules: [bar(261, 272, 211)] });
    expect(out.numbers).toEqual(['3']);
    expect(out.latex).toBe('\\begin{gathered}a=b+c \\\\ +\\frac{b}{c_{k}}d\\end{gathered} \\tag{3}');
  });

  it('takes the number of a formula wider than its column, alone on the row under it', () => {
    const wide = run('a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z+a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z', 100, 200, 10, 'CMMI10');
    const out = formulaLatex({ glyphs: [...wide, ...run('(4)', 450, 214)] });
    expect(out.numbers).toEqual(['4']);
    expect(out.latex.endsWith('\\tag{4}')).toBe(true);
    expect(out.latex).not.toContain('gathered');
  });
});

describe('newtx\'s fonts', () => {
  it('reads a variation selector the text layer adds to a big radical as part of the radical', () => {
    const radical = g('√', 100, 208, 10, 'txexs', { y0: 189, y1: 210, x1: 109 });
    const selector = { ...radical, code: 0xfe04 };
    const out = formulaLatex({ glyphs: [radical, selector, g('x', 110, 200)], rules: [[109, 190, 118, 190]] });
    expect(out.latex).toBe('\\sqrt{x}');
  });

  it('reads the letters of its symbolsb font (txsyb) as blackboard bold', () => {
    const out = formulaLatex({ glyphs: [g('C', 100, 200, 10, 'txsyb')] });
    expect(out.latex).toBe('\\mathbb{C}');
  });
});
