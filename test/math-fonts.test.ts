// Glyph identity from math fonts of families the engine was not tuned on (round 6: the tune split
// gained newpx, mathpazo, kpfonts, Computer Modern Bright, mathdesign's Charter, Euler and TeX
// Gyre Pagella Math): their fonts are known by what their names say of TeX's math font roles.
import { beginText, endText, moveText, PDFDocument, PDFHexString, PDFName, setFontAndSize, showText } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadPdfium, PdfDocument } from '../src/engine/index.js';
import { extractPage } from '../src/engine/input/pdf/extract.js';
import { formulaLatex } from '../src/engine/math/index.js';
import type { Glyph } from '../src/engine/model/document.js';
import { fontAlphabet, fontCodeToUnicode, isMathFont, repairCode } from '../src/engine/model/math-fonts.js';

const MATH = { bold: false, italic: true, monospace: false, math: true };

function g(char: string, x: number, base: number, font: string, size = 10, box: Partial<Glyph> = {}): Glyph {
  return { code: char.codePointAt(0)!, x0: x, x1: x + 0.5 * size, y0: base - 0.7 * size, y1: base, base, size, fontSize: size, font, style: MATH, ...box };
}

const cp = (s: string) => s.codePointAt(0);

describe('math fonts by the parts of their names', () => {
  it('reads an extension font of another family in CMEX\'s layout (kpfonts, mathdesign)', () => {
    expect(fontCodeToUnicode('Kp--M-Ex-Regular', 0x58)).toBe(cp('∑'));
    expect(fontCodeToUnicode('Kp--M-Ex-Regular', 0x5a)).toBe(cp('∫'));
    expect(fontCodeToUnicode('MathDesign-CH-Regular-Extension-10', 0x50)).toBe(cp('∑'));
    expect(fontCodeToUnicode('MathDesign-CH-Regular-Extension-10', 0x0c)).toBe(cp('|'));
  });

  it('reads a symbol font of another family in CMSY\'s layout, its capitals calligraphic', () => {
    expect(fontCodeToUnicode('MathDesign-CH-Regular-Symbol-10', 0x41)).toBe(cp('A'));
    expect(fontCodeToUnicode('MathDesign-CH-Regular-Symbol-10', 0x3b)).toBe(cp('∅'));
    expect(fontAlphabet('MathDesign-CH-Regular-Symbol-10', 0x4c)).toBe('mathcal');
    expect(fontAlphabet('Kp--M-Sy-Regular', 0x4e)).toBe('mathcal');
    expect(fontAlphabet('HFBRSY10', 0x4c)).toBe('mathcal');
    expect(formulaLatex({ glyphs: [g('L', 100, 200, 'Kp--M-Sy-Regular')] }).latex).toBe('\\mathcal{L}');
  });

  it('reads the letters of a blackboard font named so as \\mathbb', () => {
    expect(fontAlphabet('PazoMathBlackboardBold', 0x52)).toBe('mathbb');
    expect(fontAlphabet('Kp--M-Syb-Regular', 0x43)).toBe('mathbb');
    expect(fontAlphabet('HFBRBS10', 0x5a)).toBe('mathbb');
    expect(fontCodeToUnicode('MathDesign-CH-Regular-MathDesignSymbolA-10', 0x52)).toBe(cp('R'));
    expect(fontAlphabet('MathDesign-CH-Regular-MathDesignSymbolA-10', 0x52)).toBe('mathbb');
  });

  it('leaves Adobe\'s Symbol font and text fonts alone', () => {
    expect(fontCodeToUnicode('StandardSymL', 0x41)).toBeUndefined();
    expect(fontCodeToUnicode('Symbol', 0x50)).toBeUndefined();
    expect(fontAlphabet('Symbol', 0x41)).toBeUndefined();
    expect(fontCodeToUnicode('URWPalladioL-Roma', 0x50)).toBeUndefined();
    expect(fontAlphabet('Kp-Regular', 0x41)).toBeUndefined();
    expect(fontAlphabet('CharterBT-Italic', 0x41)).toBeUndefined();
  });

  it('knows other families\' math fonts as math, and their text fonts as text', () => {
    for (const font of ['NewPXMI', 'NewPXMI_gnu', 'pxsys', 'Kp--M-Italic', 'Kp--M-Regular', 'EURM10', 'EUSM7', 'EUEX10', 'HFBRMI10', 'HFBRSY8', 'PazoMath-Italic', 'MathDesign-CH-Regular-Extension-10']) {
      expect(isMathFont(font), font).toBe(true);
    }
    for (const font of ['Kp-Regular', 'Kp-Medium', 'HFBR10', 'URWPalladioL-Ital', 'CharterBT-Roman', 'TeXGyrePagellaX-Regular']) {
      expect(isMathFont(font), font).toBe(false);
    }
  });
});

describe('font-specific layouts', () => {
  it('reads amssymb\'s wider \\widehat and \\widetilde from MSBM (and its Computer Modern Bright copy)', () => {
    expect(fontCodeToUnicode('MSBM10', 0x5b)).toBe(0x302);
    expect(fontCodeToUnicode('MSBM10', 0x5c)).toBe(0x302);
    expect(fontCodeToUnicode('MSBM7', 0x5e)).toBe(0x303);
    expect(fontCodeToUnicode('HFBRBS10', 0x5c)).toBe(0x302);
    // Letters of MSBM stay blackboard letters.
    expect(fontCodeToUnicode('MSBM10', 0x52)).toBe(cp('R'));
  });

  it('reads Euler\'s extension font where it departs from CMEX: its bigger braces', () => {
    expect(fontCodeToUnicode('EUEX10', 0x0e)).toBe(cp('{'));
    expect(fontCodeToUnicode('EUEX10', 0x0b)).toBe(cp('}'));
    expect(fontCodeToUnicode('EUEX10', 0x58)).toBe(cp('∑'));
    expect(fontCodeToUnicode('CMEX10', 0x0e)).toBe(cp('/'));
  });

  it('reads newpx\'s symbol font above 0x7f as newtx\'s: its math accents', () => {
    expect(fontCodeToUnicode('pxsys', 0xae)).toBe(0x20d7);
    expect(fontCodeToUnicode('pxsys', 0xa4)).toBe(0x307);
  });
});

describe('Euler (eulervm)', () => {
  it('reads Euler roman (EURM) letters as math italic variables, not fraktur', () => {
    expect(fontAlphabet('EURM10', 0x61)).toBeUndefined();
    expect(fontAlphabet('EURM7', 0x4b)).toBeUndefined();
    expect(fontCodeToUnicode('EURM10', 0x3d)).toBe(cp('/'));
    expect(fontAlphabet('EUFM10', 0x61)).toBe('mathfrak');
    expect(formulaLatex({ glyphs: [g('x', 100, 200, 'EURM10'), g('y', 106, 200, 'EURM10')] }).latex).toBe('xy');
  });

  it('reads the slanted ⩽ and ⩾ a font sets for \\leq and \\geq as those relations', () => {
    const out = formulaLatex({ glyphs: [g('a', 100, 200, 'EURM10'), g('⩽', 108, 200, 'MSAM10'), g('b', 116, 200, 'EURM10')] });
    expect(out.latex).toBe('a\\leq b');
  });
});

describe('what a font\'s glyph names say wrongly', () => {
  it('reads mathpazo\'s coproduct, which its name maps to ⨿, as \\coprod', () => {
    expect(repairCode('PazoMath', 0x2a3f)).toBe(0x2210);
    expect(repairCode('CMSY10', 0x2a3f)).toBeUndefined();
  });

  it('reads the angle brackets of glyph names angleleft/angleright (U+2329, U+232A) as \\langle and \\rangle', () => {
    const out = formulaLatex({ glyphs: [g('\u2329', 100, 200, 'MathDesign-CH-Regular-Symbol-10'), g('x', 105, 200, 'CharterBT-Italic'), g('\u232a', 110, 200, 'MathDesign-CH-Regular-Symbol-10')] });
    expect(out.latex).toBe('\\langle x\\rangle');
  });
});

describe('OpenType math fonts\' Greek', () => {
  it('keeps the symbol variants of Mathematical Italic Greek apart from the letters (𝜖 \\epsilon, 𝜀 \\varepsilon, 𝜗 \\vartheta, 𝜙 \\phi)', () => {
    const read = (code: number) => formulaLatex({ glyphs: [{ ...g('x', 100, 200, 'TeXGyrePagellaMath-Regular'), code }] }).latex;
    expect(read(0x1d716)).toBe('\\epsilon');
    expect(read(0x1d700)).toBe('\\varepsilon');
    expect(read(0x1d717)).toBe('\\vartheta');
    expect(read(0x1d703)).toBe('\\theta');
    expect(read(0x1d719)).toBe('\\phi');
    expect(read(0x1d711)).toBe('\\varphi');
    expect(read(0x1d71a)).toBe('\\varrho');
    expect(read(0x1d6fc)).toBe('\\alpha');
    // Bold italic: the same variants, bold.
    expect(read(0x1d750)).toBe('\\boldsymbol{\\epsilon}');
  });
});

describe('radical indices of OpenType math fonts', () => {
  it('takes an index kerned left of the sign (RadicalKernBeforeDegree) as the index, not as a script of what precedes', () => {
    const font = 'TeXGyrePagellaMath-Regular';
    const at = (char: string, x0: number, x1: number, y0: number, y1: number, base: number, size: number) => ({ ...g(char, x0, base, font, size), x1, y0, y1 });
    const glyphs = [
      at('2', 206.8, 211.7, 176.6, 184.3, 184.2, 10.9),
      at('9', 212.3, 217.0, 176.6, 184.4, 184.2, 10.9),
      at('√', 219.3, 226.1, 172.0, 188.6, 183.2, 10.9),
      at('4', 218.1, 221.4, 175.3, 179.5, 179.5, 6),
      at('g', 225.4, 231.2, 178.9, 187.2, 184.2, 10.9),
      at('7', 232.0, 236.9, 176.6, 184.3, 184.2, 10.9),
    ];
    expect(formulaLatex({ glyphs, rules: [[225.8, 172.4, 240.2, 172.4]] }).latex).toBe('29\\sqrt[4]{g7}');
  });
});

describe('big delimiters of OpenType math fonts', () => {
  it('stacks a right parenthesis whose extender lines up with its hooks at the right edge only', () => {
    const font = 'TeXGyrePagellaMath-Regular';
    const at = (char: string, x0: number, x1: number, y0: number, y1: number, base: number, size = 10.9) => ({ ...g(char, x0, base, font, size), x1, y0, y1 });
    const glyphs = [
      at('⎛', 271.6, 276.4, 152.2, 165.6, 165.6), at('⎜', 271.6, 272.5, 165.0, 169.4, 169.4), at('⎜', 271.6, 272.5, 168.5, 172.9, 172.9), at('⎝', 271.6, 276.4, 175.7, 189.0, 189.0),
      at('a', 282.4, 288.1, 153.0, 159.9, 159.9), at('b', 319.5, 325.2, 153.0, 159.9, 159.9),
      at('c', 282.4, 288.1, 166.0, 173.5, 173.5), at('d', 319.5, 325.2, 166.0, 173.5, 173.5),
      at('e', 282.4, 288.1, 181.7, 187.0, 187.0), at('f', 319.5, 325.2, 181.7, 187.0, 187.0),
      at('⎞', 335.6, 340.4, 152.2, 165.6, 165.6), at('⎟', 339.5, 340.4, 165.0, 169.4, 169.4), at('⎟', 339.5, 340.4, 168.5, 172.9, 172.9), at('⎠', 335.6, 340.4, 175.7, 189.0, 189.0),
    ];
    expect(formulaLatex({ glyphs }).latex).toBe('\\begin{pmatrix}a & b \\\\ c & d \\\\ e & f\\end{pmatrix}');
  });
});

describe('tall bars of OpenType math fonts', () => {
  it('stacks the extender pieces the text layer calls ∣ (overlapping end to end) into one bar: a vmatrix', () => {
    const font = 'TeXGyrePagellaMath-Regular';
    const at = (char: string, x0: number, x1: number, y0: number, y1: number, base: number, size = 10) => ({ ...g(char, x0, base, font, size), x1, y0, y1 });
    const bar = (x: number) => [196.6, 203.3, 209.1, 214.9, 220.7].map((y) => at('∣', x, x + 0.7, y, y + 8.1, y + 8.1));
    const glyphs = [
      ...bar(286.7),
      at('a', 292, 297, 203, 208.5, 208.5), at('b', 310, 315, 203, 208.5, 208.5),
      at('c', 292, 297, 216, 221.5, 221.5), at('d', 310, 315, 216, 221.5, 221.5),
      ...bar(320),
    ];
    expect(formulaLatex({ glyphs }).latex).toBe('\\begin{vmatrix}a & b \\\\ c & d\\end{vmatrix}');
  });
});

describe('φ and ϕ', () => {
  it('reads TeX\'s \\phi and \\varphi right in the math italics whose text layer swaps them (CM Bright, kpfonts, mathdesign)', () => {
    const read = (char: string, font: string) => formulaLatex({ glyphs: [g(char, 100, 200, font)] }).latex;
    expect(read('φ', 'HFBRMI10')).toBe('\\phi');
    expect(read('ϕ', 'HFBRMI10')).toBe('\\varphi');
    expect(read('φ', 'Kp--M-Italic')).toBe('\\phi');
    expect(read('φ', 'MathDesign-CH-Regular-Italic-MathItalic-10')).toBe('\\phi');
    expect(read('ε', 'MathDesign-CH-Regular-Italic-MathItalic-10')).toBe('\\epsilon');
    // CMMI's come out right.
    expect(read('ϕ', 'CMMI10')).toBe('\\phi');
    expect(read('ε', 'CMMI10')).toBe('\\varepsilon');
    expect(read('ε', 'HFBRMI10')).toBe('\\varepsilon');
  });
});

describe('code 32 of TeX\'s extension and symbol fonts', () => {
  it('is a glyph (CMEX\'s \\Bigg( , CMSY\'s ←), not a space', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    // As pdfTeX embeds them: glyph names no Unicode table knows, code 32 among them.
    const font = (base: string, names: string[]) => doc.context.register(doc.context.obj({
      Type: 'Font', Subtype: 'Type1', BaseFont: base, FirstChar: 0, LastChar: 127, Widths: Array<number>(128).fill(500),
      Encoding: doc.context.obj({ Type: 'Encoding', Differences: [32, ...names.map((n) => PDFName.of(n))] }),
    }));
    const ex = page.node.newFontDictionary('FX', font('CMEX10', ['parenleftBigg', 'parenrightBigg']));
    const sy = page.node.newFontDictionary('FS', font('CMSY10', ['arrowleftTeX', 'arrowrightTeX']));
    page.pushOperators(beginText(), setFontAndSize(ex, 10), moveText(100, 700), showText(PDFHexString.of('2021')), endText(), beginText(), setFontAndSize(sy, 10), moveText(130, 700), showText(PDFHexString.of('2021')), endText());
    const pdf = PdfDocument.open(await loadPdfium(), await doc.save());
    try {
      const glyphs = extractPage(pdf, 0).lines.flatMap((l) => l.glyphs ?? []);
      expect(glyphs.map((q) => String.fromCodePoint(q.code))).toEqual(['(', ')', '←', '→']);
    } finally {
      pdf.close();
    }
  });
});

describe('the Blue Sky layout of TeX\'s math fonts (codes 0–32 moved to 161–196)', () => {
  it('reads Fourier\'s extension font\'s delimiters at 161–196 as CMEX\'s at 0–32, and its multiple integrals', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    // As pdfTeX embeds fourier-mex: the font's own glyph names, which no Unicode table knows.
    const names: [number, string][] = [[161, 'parenleftbig'], [162, 'parenrightbig'], [173, 'angbracketleftbig'], [195, 'parenleftBigg'], [206, 'integraltextdouble']];
    const font = doc.context.register(doc.context.obj({
      Type: 'Font', Subtype: 'Type1', BaseFont: 'Fourier-Math-Extension', FirstChar: 0, LastChar: 255, Widths: Array<number>(256).fill(500),
      Encoding: doc.context.obj({ Type: 'Encoding', Differences: names.flatMap(([code, name]) => [code, PDFName.of(name)]) }),
    }));
    const fx = page.node.newFontDictionary('FX', font);
    page.pushOperators(beginText(), setFontAndSize(fx, 10), moveText(100, 700), showText(PDFHexString.of(names.map(([c]) => c.toString(16)).join(''))), endText());
    const pdf = PdfDocument.open(await loadPdfium(), await doc.save());
    try {
      const glyphs = extractPage(pdf, 0).lines.flatMap((l) => l.glyphs ?? []);
      expect(glyphs.map((q) => String.fromCodePoint(q.code))).toEqual(['(', ')', '⟨', '(', '∬']);
    } finally {
      pdf.close();
    }
  });

  it('keeps the layouts of fonts that have their own codes there (newtx, mathdesign)', () => {
    expect(fontCodeToUnicode('txexs', 0xa9)).toBe(cp('⎛'));
    expect(fontCodeToUnicode('MathDesign-CH-Regular-Extension-10', 0xc6)).toBe(cp('√'));
    expect(fontCodeToUnicode('CMEX10', 0xa1)).toBe(cp('('));
    expect(fontCodeToUnicode('Fourier-Math-Symbols', 0xc3)).toBe(cp('←'));
  });
});

describe('a matrix without delimiters after a relation', () => {
  it('keeps "v =" before the matrix, not in the first cell of its middle row', () => {
    const font = 'CMMI10';
    // Three rows of two columns; "v =" on the middle row, a thick space left of the first column.
    const glyphs = [
      g('a', 130, 188, font), g('b', 160, 188, font),
      g('v', 106, 200, font), { ...g('=', 113, 200, 'CMR10'), style: { ...MATH, italic: false } }, g('c', 130, 200, font), g('d', 160, 200, font),
      g('e', 130, 212, font), g('f', 160, 212, font),
    ];
    expect(formulaLatex({ glyphs }).latex).toBe('v=\\begin{array}{cc}a & b \\\\ c & d \\\\ e & f\\end{array}');
  });
});

describe('text words in formulas', () => {
  it('keep the interword space after them (cases\' "\\text{if } x")', () => {
    const TEXT = { bold: false, italic: false, monospace: false, math: false };
    const upright = (char: string, x: number) => ({ ...g(char, x, 200, 'CMR10'), x1: x + 2.8, style: TEXT });
    const glyphs = [upright('i', 100), upright('f', 102.8), g('x', 109.2, 200, 'CMMI10'), { ...g('>', 116, 200, 'CMMI10'), style: { ...MATH, italic: false } }, g('1', 124, 200, 'CMR10')];
    expect(formulaLatex({ glyphs }).latex).toBe('\\text{if }x>1');
    // Set close, no space.
    expect(formulaLatex({ glyphs: [upright('i', 100), upright('f', 102.8), g('x', 106, 200, 'CMMI10')] }).latex).toBe('\\text{if}x');
  });
});

describe('\\hbar built of a macron and an h', () => {
  it('reads a macron struck through the h\'s ascender as \\hbar, one above the h as \\bar{h}', () => {
    const h = g('h', 100, 200, 'CMMI10');
    const macron = (y0: number) => ({ ...g('\u00af', 100, y0 + 0.6, 'CMR10'), x1: 104, y0, y1: y0 + 0.6, style: { ...MATH, italic: false } });
    expect(formulaLatex({ glyphs: [h, macron(194.5)] }).latex).toBe('\\hbar');
    expect(formulaLatex({ glyphs: [h, macron(191.5)] }).latex).toBe('\\bar{h}');
  });
});

describe('mathdesign\'s extension font above 0x7f', () => {
  it('reads its other sizes of delimiters, radicals and wide accents (md-chr7v glyph names)', () => {
    const font = 'MathDesign-CH-Regular-Extension-10';
    expect(fontCodeToUnicode(font, 0x80)).toBe(cp('('));
    expect(fontCodeToUnicode(font, 0x8a)).toBe(cp(')'));
    expect(fontCodeToUnicode(font, 0x95)).toBe(cp('['));
    expect(fontCodeToUnicode(font, 0x98)).toBe(cp(']'));
    expect(fontCodeToUnicode(font, 0xa7)).toBe(cp('{'));
    expect(fontCodeToUnicode(font, 0xaa)).toBe(cp('}'));
    expect(fontCodeToUnicode(font, 0xc3)).toBe(cp('\\'));
    expect(fontCodeToUnicode(font, 0xc6)).toBe(cp('√'));
    expect(fontCodeToUnicode(font, 0xd7)).toBe(0x302);
    expect(fontCodeToUnicode(font, 0xdc)).toBe(0x303);
    expect(fontCodeToUnicode('CMEX10', 0xc6)).toBeUndefined();
  });
});

describe('column alignment of a delimited array', () => {
  const font = 'TeXGyrePagellaMath-Regular';
  const at = (char: string, x0: number, x1: number, y0: number, y1: number, base: number, size = 10.9) => ({ ...g(char, x0, base, font, size), x1, y0, y1 });
  const parens = [
    at('⎛', 271.6, 276.4, 152.2, 165.6, 165.6), at('⎜', 271.6, 272.5, 165.0, 169.4, 169.4), at('⎜', 271.6, 272.5, 168.5, 172.9, 172.9), at('⎝', 271.6, 276.4, 175.7, 189.0, 189.0),
    at('⎞', 335.6, 340.4, 152.2, 165.6, 165.6), at('⎟', 339.5, 340.4, 165.0, 169.4, 169.4), at('⎟', 339.5, 340.4, 168.5, 172.9, 172.9), at('⎠', 335.6, 340.4, 175.7, 189.0, 189.0),
  ];
  it('reads columns set flush left or right as an array with that alignment', () => {
    const glyphs = [
      ...parens,
      at('a', 282.4, 288.1, 153.0, 159.9, 159.9), at('b', 319.5, 325.2, 153.0, 159.9, 159.9),
      at('c', 282.4, 288.1, 166.0, 173.5, 173.5), at('1', 288.5, 294.2, 166.0, 173.5, 173.5), at('2', 294.6, 300.3, 166.0, 173.5, 173.5), at('d', 319.5, 325.2, 166.0, 173.5, 173.5),
      at('e', 282.4, 288.1, 181.7, 187.0, 187.0), at('f', 319.5, 325.2, 181.7, 187.0, 187.0),
    ];
    expect(formulaLatex({ glyphs }).latex).toBe('\\left(\\begin{array}{lc}a & b \\\\ c12 & d \\\\ e & f\\end{array}\\right)');
  });
  it('keeps a matrix whose columns are centred a pmatrix', () => {
    const glyphs = [
      ...parens,
      at('a', 288.1, 293.8, 153.0, 159.9, 159.9), at('b', 319.5, 325.2, 153.0, 159.9, 159.9),
      at('c', 282.4, 288.1, 166.0, 173.5, 173.5), at('1', 288.5, 294.2, 166.0, 173.5, 173.5), at('2', 294.6, 300.3, 166.0, 173.5, 173.5), at('d', 319.5, 325.2, 166.0, 173.5, 173.5),
      at('e', 288.1, 293.8, 181.7, 187.0, 187.0), at('f', 319.5, 325.2, 181.7, 187.0, 187.0),
    ];
    expect(formulaLatex({ glyphs }).latex).toBe('\\begin{pmatrix}a & b \\\\ c12 & d \\\\ e & f\\end{pmatrix}');
  });
});

describe('scripts of scripts', () => {
  it('reads a superscript of a subscript, back near the row\'s baseline, as the subscript\'s (i_{\\Xi^{4}})', () => {
    // TeX: i at 10 pt; \Xi at 7 pt lowered 1.5 pt; 4 at 5 pt raised 2.5 pt above \Xi's baseline.
    const glyphs = [g('i', 100, 200, 'CMMI10'), { ...g('Ξ', 103.5, 201.5, 'CMR7', 7), style: { ...MATH, italic: false } }, { ...g('4', 107.3, 199.0, 'CMR5', 5), style: { ...MATH, italic: false } }, g('x', 115, 200, 'CMMI10')];
    expect(formulaLatex({ glyphs }).latex).toBe('i_{\\Xi^{4}}x');
  });
});

describe('norms', () => {
  it('reads a pair of ∥ on one row as the norm\'s \\|, a single one as \\parallel', () => {
    const bar = (x: number) => ({ ...g('∥', x, 202.5, 'CMSY10'), y0: 192.5, style: { ...MATH, italic: false } });
    expect(formulaLatex({ glyphs: [bar(100), g('x', 104, 200, 'CMMI10'), bar(110)] }).latex).toBe('\\|x\\|');
    expect(formulaLatex({ glyphs: [g('a', 96, 200, 'CMMI10'), bar(102), g('b', 108, 200, 'CMMI10')] }).latex).toBe('a\\parallel b');
  });
});

describe('scripts of scripts and limits at the side', () => {
  it('leaves an integral\'s upper limit, beside and above the lower one, to the integral', () => {
    const int = { ...g('∫', 100, 203, 'CMEX10'), x1: 105.5, y0: 188, y1: 211, style: { ...MATH, italic: false } };
    const glyphs = [int, { ...g('0', 104, 205, 'CMR7', 7), style: { ...MATH, italic: false } }, g('b', 107.5, 193, 'CMMI7', 7), g('f', 112, 200, 'CMMI10')];
    expect(formulaLatex({ glyphs }).latex).toBe('\\int_{0}^{b}f');
  });
});

describe('an overline over a fraction inside a fraction', () => {
  it('reads the overlined fraction in the style of the part it is in (\\dfrac in a display fraction\'s numerator)', () => {
    const up = { ...MATH, italic: false };
    const glyphs = [
      { ...g('−', 99, 191.5, 'CMSY10'), y0: 190.5, y1: 191.1, style: up },
      { ...g('a', 105, 188, 'CMMI10'), y0: 182 },
      { ...g('b', 105, 199, 'CMMI10'), y0: 192.5 },
      { ...g('c', 104, 211, 'CMMI10'), y0: 204 },
    ];
    const rules: [number, number, number, number][] = [[104, 190.8, 111, 190.8], [103.5, 180.5, 111.5, 180.5], [98, 200.5, 113, 200.5]];
    expect(formulaLatex({ glyphs, rules }).latex).toBe('\\frac{-\\overline{\\dfrac{a}{b}}}{c}');
  });
});

describe('radicals built of pieces', () => {
  it('reads the stacked pieces of a radical taller than the extension font\'s biggest as one sign', () => {
    const up = { ...MATH, italic: false };
    // newtx: radicalbt (the hook, 32 pt tall) and radicaltp above it, both √ to the text layer.
    const glyphs = [
      { ...g('√', 327.3, 127.8, 'txexs'), x1: 331.2, y0: 124.5, y1: 127.8, style: up },
      { ...g('√', 320.9, 159.6, 'txexs'), x1: 327.9, y0: 127.2, y1: 159.6, style: up },
      { ...g('∏', 333, 158, 'txexs', 10.9), x1: 344, y0: 127.6, y1: 158, style: up },
    ];
    expect(formulaLatex({ glyphs, rules: [[330.5, 125, 346, 125]] }).latex).toBe('\\sqrt{\\prod}');
  });
});

describe('kpfonts\' second extension font (largesymbolsA)', () => {
  it('reads its multiple integrals at kpfonts.sty\'s codes (text and display size), which it had dropped', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    // As pdfTeX embeds jkpexa: glyph names of its own (no Unicode table knows them).
    const names: [number, string][] = [[33, 'iint.text'], [34, 'iint.display'], [36, 'iiint.display'], [9, 'oiint.display']];
    const font = doc.context.register(doc.context.obj({
      Type: 'Font', Subtype: 'Type1', BaseFont: 'Kp--M-Exa-Regular', FirstChar: 0, LastChar: 255, Widths: Array<number>(256).fill(500),
      Encoding: doc.context.obj({ Type: 'Encoding', Differences: names.flatMap(([code, name]) => [code, PDFName.of(name)]) }),
    }));
    const fx = page.node.newFontDictionary('FX', font);
    page.pushOperators(beginText(), setFontAndSize(fx, 10), moveText(100, 700), showText(PDFHexString.of(names.map(([c]) => c.toString(16).padStart(2, '0')).join(''))), endText());
    const pdf = PdfDocument.open(await loadPdfium(), await doc.save());
    try {
      const glyphs = extractPage(pdf, 0).lines.flatMap((l) => l.glyphs ?? []);
      expect(glyphs.map((q) => String.fromCodePoint(q.code))).toEqual(['∬', '∬', '∭', '∯']);
    } finally {
      pdf.close();
    }
    expect(fontCodeToUnicode('Kp--M-Exa-Regular', 134)).toBe(cp('∬'));
    expect(fontCodeToUnicode('Kp--M-Exa-Regular', 0x7a)).toBeUndefined();
  });
});

describe('operator names of a font with wide side bearings (CM Bright)', () => {
  const UPRIGHT = { bold: false, italic: false, monospace: false, math: false };
  // HFBR10 at 12 pt as the text layer gives it: the ink of "i" and "n" 0.16 em apart, their advances touching.
  const letter = (char: string, ink: [number, number], advance: [number, number]): Glyph => ({ ...g(char, ink[0], 200, 'HFBR10', 12), x1: ink[1], style: UPRIGHT, advance });
  const sin = (x: number) => [letter('s', [x + 0.32, x + 4.52], [x, x + 4.81]), letter('i', [x + 5.76, x + 6.52], [x + 4.81, x + 7.5]), letter('n', [x + 8.47, x + 12.77], [x + 7.5, x + 13.67])];

  it('reads letters whose advances touch as one name (\\sin, not \\text{si}n)', () => {
    expect(formulaLatex({ glyphs: [...sin(300), g('x', 315, 200, 'HFBRMI10', 12)] }).latex).toBe('\\sin x');
  });

  it('keeps two names a thin space apart (\\sin\\sin) apart', () => {
    expect(formulaLatex({ glyphs: [...sin(300), ...sin(315.67)] }).latex).toBe('\\sin\\sin');
  });
});

describe('font names seen by a long-running worker', () => {
  it('classifies a font the same after more names than its cache keeps', () => {
    for (let i = 0; i < 1500; i++) expect(isMathFont(`unnamed-${i}`)).toBe(false);
    expect(isMathFont('CMMI10')).toBe(true);
    expect(isMathFont('Times-Roman')).toBe(false);
  });
});
