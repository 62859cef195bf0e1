// Documents with display equations drawn here from a small formula model, with the LaTeX of
// each equation as truth: italic variables, Greek letters and operators (Symbol font),
// superscripts, subscripts, fractions, and sums and integrals with limits above and below.
// Each equation is centred on its own line between paragraphs, with its number at the right
// margin (the number is not part of the truth).
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { Random } from './generated.js';

export interface EquationDocument {
  id: string;
  pdf: Uint8Array;
  /** LaTeX of the display equations, in reading order. */
  equations: string[];
}

interface Fonts {
  roman: PDFFont;
  italic: PDFFont;
  symbol: PDFFont;
}

interface Extent {
  width: number;
  /** Above and below the baseline. */
  ascent: number;
  descent: number;
}

/** A piece of formula that can measure itself and draw itself at a baseline. */
interface Formula {
  latex: string;
  measure(fonts: Fonts, size: number): Extent;
  draw(page: PDFPage, fonts: Fonts, x: number, baseline: number, size: number): void;
}

function glyphs(text: string, latex: string, font: keyof Fonts): Formula {
  return {
    latex,
    measure: (fonts, size) => ({ width: fonts[font].widthOfTextAtSize(text, size), ascent: size * 0.7, descent: size * 0.2 }),
    draw: (page, fonts, x, baseline, size) => page.drawText(text, { x, y: baseline, size, font: fonts[font] }),
  };
}

/** Variables in italic; digits and operators upright. */
const v = (name: string) => glyphs(name, name, 'italic');
const t = (text: string) => glyphs(text, text, 'roman');
/** Greek letters and math symbols from the Symbol font, with their LaTeX command. */
const SYMBOLS: Record<string, string> = { alpha: 'α', beta: 'β', gamma: 'γ', sigma: 'σ', pi: 'π', varphi: 'φ', varepsilon: 'ε', lambda: 'λ', mu: 'μ', geq: '≥', leq: '≤', times: '×', partial: '∂', infty: '∞' };
const s = (command: keyof typeof SYMBOLS) => glyphs(SYMBOLS[command]!, `\\${command}`, 'symbol');
const minus = glyphs('−', '-', 'symbol');

/** Relations and binary operators get space around them, as TeX sets them. */
const SPACED = new Set(['=', '+', '-', '\\geq', '\\leq', '\\times']);

function row(...items: Formula[]): Formula {
  const gap = (i: Formula, size: number) => (SPACED.has(i.latex) ? size * 0.25 : size * 0.05);
  return {
    latex: items.map((i) => i.latex).join(' '),
    measure: (fonts, size) =>
      items.reduce(
        (a, i) => {
          const e = i.measure(fonts, size);
          return { width: a.width + e.width + 2 * gap(i, size), ascent: Math.max(a.ascent, e.ascent), descent: Math.max(a.descent, e.descent) };
        },
        { width: 0, ascent: 0, descent: 0 },
      ),
    draw: (page, fonts, x, baseline, size) => {
      for (const i of items) {
        i.draw(page, fonts, x + gap(i, size), baseline, size);
        x += i.measure(fonts, size).width + 2 * gap(i, size);
      }
    },
  };
}

/** A base with a superscript and/or subscript at 70 % size. */
function script(base: Formula, sup?: Formula, sub?: Formula): Formula {
  const small = 0.7;
  return {
    latex: base.latex + (sub ? `_{${sub.latex}}` : '') + (sup ? `^{${sup.latex}}` : ''),
    measure: (fonts, size) => {
      const b = base.measure(fonts, size);
      const widths = [sup, sub].map((f) => (f ? f.measure(fonts, size * small).width : 0));
      return { width: b.width + Math.max(...widths) + size * 0.05, ascent: b.ascent + (sup ? size * 0.35 : 0), descent: b.descent + (sub ? size * 0.25 : 0) };
    },
    draw: (page, fonts, x, baseline, size) => {
      base.draw(page, fonts, x, baseline, size);
      const right = x + base.measure(fonts, size).width + size * 0.05;
      sup?.draw(page, fonts, right, baseline + size * 0.4, size * small);
      sub?.draw(page, fonts, right, baseline - size * 0.25, size * small);
    },
  };
}

/** Numerator over a rule over denominator, centred on the math axis. */
function frac(num: Formula, den: Formula): Formula {
  const axis = (size: number) => size * 0.3;
  return {
    latex: `\\frac{${num.latex}}{${den.latex}}`,
    measure: (fonts, size) => {
      const n = num.measure(fonts, size);
      const d = den.measure(fonts, size);
      return { width: Math.max(n.width, d.width) + size * 0.3, ascent: axis(size) + n.ascent + n.descent + size * 0.15, descent: d.ascent + d.descent + size * 0.15 - axis(size) };
    },
    draw: (page, fonts, x, baseline, size) => {
      const n = num.measure(fonts, size);
      const d = den.measure(fonts, size);
      const width = Math.max(n.width, d.width) + size * 0.3;
      const y = baseline + axis(size);
      page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: size * 0.05, color: rgb(0, 0, 0) });
      num.draw(page, fonts, x + (width - n.width) / 2, y + n.descent + size * 0.12, size);
      den.draw(page, fonts, x + (width - d.width) / 2, y - d.ascent - size * 0.12, size);
    },
  };
}

/** A large operator (sum, integral) with limits below and above, as displayed equations set them. */
function bigOperator(command: 'sum' | 'int', below: Formula, above: Formula): Formula {
  const glyph = command === 'sum' ? '∑' : '∫';
  const small = 0.7;
  const width = (fonts: Fonts, size: number) =>
    Math.max(fonts.symbol.widthOfTextAtSize(glyph, size * 1.6), below.measure(fonts, size * small).width, above.measure(fonts, size * small).width);
  return {
    latex: `\\${command}_{${below.latex}}^{${above.latex}}`,
    measure: (fonts, size) => ({ width: width(fonts, size) + size * 0.1, ascent: size * 1.9, descent: size * 1.2 }),
    draw: (page, fonts, x, baseline, size) => {
      const w = width(fonts, size);
      const centred = (content: number) => x + (w - content) / 2;
      page.drawText(glyph, { x: centred(fonts.symbol.widthOfTextAtSize(glyph, size * 1.6)), y: baseline - size * 0.35, size: size * 1.6, font: fonts.symbol });
      below.draw(page, fonts, centred(below.measure(fonts, size * small).width), baseline - size * 1.05, size * small);
      above.draw(page, fonts, centred(above.measure(fonts, size * small).width), baseline + size * 1.35, size * small);
    },
  };
}

/** The equations of the generated documents. */
function equations(): Formula[] {
  const x = v('x');
  return [
    row(v('E'), t('='), v('m'), script(v('c'), t('2'))),
    row(script(v('a'), t('2')), t('+'), script(v('b'), t('2')), t('='), script(v('c'), t('2'))),
    row(bigOperator('sum', row(v('i'), t('='), t('1')), v('n')), script(x, undefined, v('i')), t('='), frac(row(v('n'), t('('), v('n'), t('+'), t('1'), t(')')), t('2'))),
    row(bigOperator('int', t('0'), t('1')), v('f'), t('('), x, t(')'), v('d'), x, t('='), v('F'), t('('), t('1'), t(')'), minus, v('F'), t('('), t('0'), t(')')),
    row(s('alpha'), t('+'), s('beta'), t('='), s('gamma')),
    row(script(v('y'), undefined, v('t')), t('='), s('varphi'), script(v('y'), undefined, row(v('t'), minus, t('1'))), t('+'), script(s('varepsilon'), undefined, v('t'))),
    row(frac(row(v('a'), t('+'), v('b')), t('2')), s('geq'), frac(t('2'), row(frac(t('1'), v('a')), t('+'), frac(t('1'), v('b'))))),
    row(v('f'), t('('), x, t(')'), t('='), frac(t('1'), row(s('sigma'), s('pi'))), script(v('e'), row(minus, script(x, t('2')))))
  ];
}

export async function equationDocuments(): Promise<EquationDocument[]> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    roman: await doc.embedFont(StandardFonts.TimesRoman),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    symbol: await doc.embedFont(StandardFonts.Symbol),
  };
  const rnd = new Random(21);
  const size = 12;
  const all = equations();
  let page = doc.addPage([612, 792]);
  let y = 80; // from the top
  all.forEach((formula, n) => {
    const e = formula.measure(fonts, size);
    if (y + e.ascent + e.descent + 80 > 720) {
      page = doc.addPage([612, 792]);
      y = 80;
    }
    // A paragraph of three lines, then the equation centred, numbered at the right margin.
    for (let i = 0; i < 3; i++) {
      page.drawText(rnd.sentence(11), { x: 72, y: 792 - y, size: 10.5, font: fonts.roman });
      y += 14;
    }
    y += 10 + e.ascent;
    formula.draw(page, fonts, 306 - e.width / 2, 792 - y, size);
    page.drawText(`(${n + 1})`, { x: 520, y: 792 - y, size: 10.5, font: fonts.roman });
    y += e.descent + 18;
  });
  return [{ id: 'display-equations', pdf: await doc.save(), equations: all.map((f) => f.latex) }];
}
