// Glyph identity from math fonts of families the engine was not tuned on (round 6: the tune split
// gained newpx, mathpazo, kpfonts, Computer Modern Bright, mathdesign's Charter, Euler and TeX
// Gyre Pagella Math): their fonts are known by what their names say of TeX's math font roles.
import { describe, expect, it } from 'vitest';
import { formulaLatex } from '../src/engine/math/index.js';
import type { Glyph } from '../src/engine/model/document.js';
import { fontAlphabet, fontCodeToUnicode, isMathFont } from '../src/engine/model/math-fonts.js';

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
