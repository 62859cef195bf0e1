// Glyph fixtures for the math tests: Computer Modern glyphs laid out by hand (letters in a math
// italic font, the rest upright), lines made of them, and a line of prose to stand beside them.
import type { Glyph, TextLine } from '../src/engine/model/document.js';

const ITALIC = { bold: false, italic: true, monospace: false, math: true };
const UPRIGHT = { bold: false, italic: false, monospace: false, math: false };

/** One glyph 0.5 em wide at `x` on baseline `base`; math fonts (CMMI/CMSY/CMEX) italic math. */
export function g(char: string, x: number, base: number, size = 10, font = 'CMMI10', options: Partial<Glyph> = {}): Glyph {
  const math = /^CM(MI|SY|EX)/.test(font);
  return { code: char.codePointAt(0)!, x0: x, x1: x + 0.5 * size, y0: base - 0.7 * size, y1: base, base, size, fontSize: size, font, style: math ? ITALIC : UPRIGHT, ...options };
}

/** Glyphs of `text` from x, 0.5 em wide, a space 0.3 em; letters in `font`, the rest upright. */
export function run(text: string, x: number, base: number, size = 10, font = 'CMMI10'): Glyph[] {
  const out: Glyph[] = [];
  let pen = x;
  for (const ch of text) {
    if (ch !== ' ') out.push(g(ch, pen, base, size, /[a-zA-Z]/.test(ch) ? font : 'CMR10'));
    pen += (ch === ' ' ? 0.3 : 0.5) * size;
  }
  return out;
}

/** A text line of the glyphs: their box, the first glyph's baseline and size. */
export function line(glyphs: Glyph[]): TextLine {
  const box: TextLine['box'] = [Math.min(...glyphs.map((q) => q.x0)), Math.min(...glyphs.map((q) => q.y0)), Math.max(...glyphs.map((q) => q.x1)), Math.max(...glyphs.map((q) => q.y1))];
  return { text: String.fromCodePoint(...glyphs.map((q) => q.code)), box, baseline: glyphs[0]!.base, fontSize: glyphs[0]!.size, bold: false, italic: false, monospace: false, glyphs };
}

/** A full line of prose in the text font on baseline `base`. */
export const prose = (base: number) => line(run('the words of this paragraph continue here and the line runs on to the right margin of its column', 72, base, 10, 'CMR10'));
