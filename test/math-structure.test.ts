// Classes of typeset structure the math module reads (round 2): negation slashes, radicals
// without a vinculum, scripts after an atom that has its own, and display detection of
// alignments and numbered displays without a relation.
import { describe, expect, it } from 'vitest';
import { detectEquations, isMathematics } from '../src/engine/equations/detect.js';
import { formulaLatex, katexParses } from '../src/engine/math/index.js';
import type { Glyph, TextLine } from '../src/engine/model/document.js';
import { g, line, prose, run } from './math-glyphs.js';


describe('formula structure', () => {
  it('reads a negation slash struck over a relation as the negated relation', () => {
    const glyphs = [g('x', 100, 100), g('\u0338', 111, 100, 10, 'CMSY10'), g('=', 110, 100, 10, 'CMR10'), g('y', 120, 100)];
    expect(formulaLatex({ glyphs }).latex).toBe('x\\neq y');
    const notin = [g('a', 100, 100), g('\u0338', 111, 100, 10, 'CMSY10'), g('∈', 110, 100, 10, 'CMSY10'), g('A', 120, 100)];
    expect(formulaLatex({ glyphs: notin }).latex).toBe('a\\notin A');
  });

  it('keeps a radical sign without a vinculum as the bare sign, and the formula parses', () => {
    const sign: Glyph = { ...g('√', 100, 100, 10, 'CMSY10'), y0: 91, y1: 102, x1: 108 };
    const out = formulaLatex({ glyphs: [sign, g('x', 109, 100)] });
    expect(out.latex).toBe('\\surd x');
    expect(out.fallback).toBe(false);
  });

  it('never gives an atom with its own scripts a second subscript', () => {
    const sum: Glyph = { ...g('∑', 100, 100, 10, 'CMEX10'), y0: 88, y1: 108, x1: 114 };
    // Limit under the sum, then a lowered small glyph right after it.
    const glyphs = [sum, g('i', 105, 115, 7), g('k', 115, 103, 7), g('x', 120, 100)];
    const out = formulaLatex({ glyphs });
    expect(katexParses(out.latex)).toBe(true);
    expect(out.latex).toBe('\\sum_{i}{}_{k}x');
  });
});

describe('scripts, limits, accents and numbers', () => {
  it('keeps a comma of a script on the script row (it sits low, under the letters)', () => {
    const comma: Glyph = { ...g(',', 106, 103, 7, 'CMMI7'), y0: 102.3, y1: 104.5 };
    const glyphs = [g('s', 100, 100), g('L', 104, 103, 7, 'CMMI7'), comma, g('K', 108, 103, 7, 'CMMI7')];
    expect(formulaLatex({ glyphs }).latex).toBe('s_{L,K}');
  });

  it('reads a superscript before a radical as the script of what precedes, not as its index', () => {
    const sign: Glyph = { ...g('√', 110, 100, 10, 'CMSY10'), y0: 91, y1: 102, x1: 118 };
    const glyphs = [g('E', 100, 100), g('k', 105.5, 96, 7, 'CMMI7'), sign, g('t', 119, 100)];
    expect(formulaLatex({ glyphs, rules: [[118, 91.2, 125, 91.2]] }).latex).toBe('E^{k}\\sqrt{t}');
  });

  it('gives each of two neighbouring big operators its own limits', () => {
    const op = (x: number, char: string): Glyph => ({ ...g(char, x, 100, 10, 'CMEX10'), y0: 88, y1: 108, x1: x + 12 });
    const glyphs = [op(100, '∐'), g('i', 104, 115, 7), op(114, '∑'), g('j', 116, 115, 7), g('=', 118.5, 115, 7, 'CMR7'), g('1', 122, 115, 7, 'CMR7'), g('x', 130, 100)];
    expect(formulaLatex({ glyphs }).latex).toBe('\\coprod_{i}\\sum_{j=1}x');
  });

  it('puts a wide accent over its whole base, scripts included, centred on it', () => {
    // \widehat{t_5^\nu 43}: the hat is centred on the base (100–116), its scripts nearer the hat than the t.
    const hat: Glyph = { ...g('\u0302', 102.5, 91, 10, 'CMEX10'), x1: 113.5, y0: 89.5, y1: 91 };
    const glyphs = [g('t', 100, 100, 10, 'CMMI10', { x1: 103.5 }), g('\u03bd', 104, 96.5, 7, 'CMMI7', { x1: 107 }), g('5', 104, 102.5, 7, 'CMR7', { x1: 107 }), g('4', 107.5, 100, 10, 'CMR10', { x1: 111.5 }), g('3', 112, 100, 10, 'CMR10', { x1: 116 }), hat];
    expect(formulaLatex({ glyphs }).latex).toBe('\\widehat{t_{5}^{\\nu}43}');
    // \widehat{\Lambda^0}: the superscript is the nearest thing under the hat; the hat stays on the row.
    const hat2: Glyph = { ...g('\u0302', 200.5, 91, 10, 'CMEX10'), x1: 208, y0: 89.5, y1: 91 };
    const lambda = [g('x', 190, 100), g('\u039b', 200, 100, 10, 'CMR10'), g('0', 205, 96, 7, 'CMR7'), hat2, g('+', 212, 100, 10, 'CMR10'), g('y', 218, 100)];
    expect(formulaLatex({ glyphs: lambda }).latex).toBe('x\\widehat{\\Lambda^{0}}+y');
  });

  it('leaves an accent without a base out of a matrix\'s cells (pdflatex rejects a bare \\hat before \\\\)', () => {
    const paren = (x: number, char: string): Glyph => ({ ...g(char, x, 112, 10, 'CMEX10'), y0: 88, y1: 116, x1: x + 4 });
    // An accent high above the first row, over nothing; a second row under it.
    const hat: Glyph = { ...g('\u0302', 110, 90.5, 10, 'CMR10'), y0: 89, y1: 90.5, x1: 113 };
    const glyphs = [paren(100, '('), hat, g('a', 106, 98), g('b', 106, 112), paren(114, ')')];
    const out = formulaLatex({ glyphs }).latex;
    expect(out).not.toMatch(/\\hat(?![{a-z])/);
    expect(out).toBe('\\begin{pmatrix}a \\\\ b\\end{pmatrix}');
  });

  it('puts a narrow accent standing right of an italic capital\'s centre (its skew) on the capital', () => {
    // \acute{X} in mathdesign's Charter: the acute's centre 0.18 em right of the X's, over its box.
    const glyphs = [{ ...g('X', 378.2, 601.1, 7.7, 'CharterBT-Italic'), x1: 383.6, y0: 595.9 }, { ...g('\u00b4', 381.5, 595.4, 7.7, 'CharterBT-Roman'), x1: 383.0, y0: 594.0 }];
    expect(formulaLatex({ glyphs }).latex).toBe('\\acute{X}');
  });

  it('puts an accent on the letter under it, not on a bar beside it', () => {
    const bar: Glyph = { ...g('|', 99, 102, 10, 'CMSY10'), y0: 91, y1: 104, x1: 101.5 };
    const glyphs = [bar, g('p', 101.5, 100), { ...g('\u00b4', 102.5, 93, 10, 'CMR10'), y0: 92, y1: 94 }];
    expect(formulaLatex({ glyphs }).latex).toBe('|\\acute{p}');
  });

  it('reads an equation number TeX moved to a row of its own under a wide formula', () => {
    const glyphs = [g('x', 100, 100), g('=', 110, 100, 10, 'CMR10'), g('y', 300, 100), ...run('(1)', 290, 115)];
    const out = formulaLatex({ glyphs });
    expect(out.numbers).toEqual(['1']);
  });

  it('reads the number TeX moved under the too-wide first row of an alignment, rows below it, as its tag', () => {
    // align: the first row runs past the number's right edge (wider than the column); the number
    // stands alone on its row under it, in the right half; the second row under it aligns at "=".
    const glyphs = [g('x', 100, 100), g('=', 110, 100, 10, 'CMR10'), ...run('y+z+y+z+y+z+y+z+y+z+y+z+y+z+y+z+y+z+y+z', 122, 100), ...run('(1)', 210, 114), g('=', 110, 128, 10, 'CMR10'), g('w', 122, 128)];
    const out = formulaLatex({ glyphs });
    expect(out.numbers).toEqual(['1']);
    expect(out.latex).toMatch(/^\\begin\{aligned\}x &=y\+z.* \\\\  &=w\\end\{aligned\} \\tag\{1\}$/);
  });
});

describe('ellipses', () => {
  // TeX's \cdots is three CMSY \cdot glyphs and \dots three CMMI periods, 0.34 em apart.
  const dots = (char: string, x: number, font: string) => [0, 1, 2].map((i) => ({ ...g(char, x + 4.4 * i, 100, 10, font), x1: x + 4.4 * i + 1.05, y0: char === '.' ? 98.9 : 97.9, y1: char === '.' ? 100 : 98.9 }));

  it('reads three dots a thin space apart as one \\cdots or \\dots, not three \\cdot', () => {
    expect(formulaLatex({ glyphs: [g('z', 100, 100), g('+', 106, 100, 10, 'CMR10'), ...dots('·', 113, 'CMSY10')] }).latex).toBe('z+\\cdots');
    expect(formulaLatex({ glyphs: [g('\u039e', 100, 100, 10, 'CMR10'), g('∪', 107, 100, 10, 'CMSY10'), ...dots('.', 114, 'CMMI10')] }).latex).toBe('\\Xi\\cup\\dots');
  });

  it('keeps dots with something between them, or far apart, as they are', () => {
    const glyphs = [g('a', 100, 100), g('·', 106, 100, 10, 'CMSY10'), g('b', 110, 100), g('·', 116, 100, 10, 'CMSY10'), g('c', 120, 100), g('·', 126, 100, 10, 'CMSY10'), g('d', 130, 100)];
    expect(formulaLatex({ glyphs }).latex).toBe('a\\cdot b\\cdot c\\cdot d');
  });
});

describe('multiple integrals', () => {
  it('reads two ∫ of CMEX pulled into each other (amsmath\'s \\iint) as one \\iint with its scripts', () => {
    const int = (x: number): Glyph => ({ ...g('∫', x, 100, 10, 'CMEX10'), y0: 88, y1: 110, x1: x + 8.8 });
    const glyphs = [int(100), int(106.6), g('0', 112, 112, 7, 'CMR7'), g('1', 114, 90, 7, 'CMR7'), g('f', 120, 100)];
    expect(formulaLatex({ glyphs }).latex).toBe('\\iint_{0}^{1}f');
    // Two integrals apart are two.
    expect(formulaLatex({ glyphs: [int(100), g('f', 110, 100), int(120), g('g', 130, 100)] }).latex).toBe('\\int f\\int g');
  });

  it('reads two narrow upright ∫ of Euler\'s extension font that only touch (amsmath\'s kern) as one \\iint, not two a thin space apart', () => {
    // EUEX's display ∫ is 4.7 pt wide: amsmath's \iint leaves 0.2 pt between them, \int\,\int a thin space (1.7 pt).
    const int = (x: number): Glyph => ({ ...g('∫', x, 100, 10, 'EUEX10'), y0: 89, y1: 111, x1: x + 4.7 });
    expect(formulaLatex({ glyphs: [int(100), int(104.9), g('f', 112, 100)] }).latex).toBe('\\iint f');
    expect(formulaLatex({ glyphs: [int(100), int(106.4), g('f', 114, 100)] }).latex).toBe('\\int\\int f');
  });
});

describe('stretchy delimiters of OpenType math fonts', () => {
  it('stacks a brace whose extenders the font names "{" between its pieces into one cases brace', () => {
    const font = 'LatinModernMath-Regular';
    const piece = (ch: string, y0: number, y1: number): Glyph => ({ ...g(ch, 100, y1, 10, font), x1: 103.6, y0, y1 });
    const glyphs = [
      piece('⎧', 95, 103), piece('{', 101, 108.6), piece('⎨', 108, 124), piece('{', 123, 130.7), piece('⎩', 130, 138),
      g('a', 106, 104, 10, font), g('b', 106, 136, 10, font),
    ];
    expect(formulaLatex({ glyphs }).latex).toBe('\\begin{cases}a \\\\ b\\end{cases}');
  });
});

describe('fractions on the axis', () => {
  it('keeps a fraction of script-size parts on the row whose axis its bar sits on', () => {
    // x · a/b with 7pt parts: the bar at the row's axis (baseline 100, axis 97.5).
    const glyphs = [g('x', 100, 100), g('·', 106, 100, 10, 'CMSY10'), g('a', 113, 95.5, 7, 'CMMI7'), g('b', 113, 103.5, 7, 'CMMI7')];
    expect(formulaLatex({ glyphs, rules: [[112, 97.5, 118, 97.5]], inline: true }).latex).toBe('x\\cdot\\frac{a}{b}');
  });

  it('reads a fraction of full-size parts inside a numerator as \\dfrac (text style sets \\frac\'s parts at script size)', () => {
    // \\frac{\\dfrac{a}{b}}{c}: the outer bar at 97.5, the inner one above it with full-size parts.
    const glyphs = [g('a', 103, 76), g('b', 103, 92), g('c', 103, 108)];
    const rules: [number, number, number, number][] = [[102, 97.5, 110, 97.5], [102.5, 81.5, 109.5, 81.5]];
    expect(formulaLatex({ glyphs, rules }).latex).toBe('\\frac{\\dfrac{a}{b}}{c}');
    // Script-size parts there: a plain \\frac.
    const small = [g('a', 103, 84, 7, 'CMMI7'), g('b', 103, 92, 7, 'CMMI7'), g('c', 103, 108)];
    expect(formulaLatex({ glyphs: small, rules: [[102, 97.5, 110, 97.5], [102.5, 86, 108.5, 86]] }).latex).toBe('\\frac{\\frac{a}{b}}{c}');
  });

  it('reads a fraction of script-size parts in a display as \\tfrac (display style sets \\frac\'s parts at full size)', () => {
    const glyphs = [g('x', 100, 100), g('·', 106, 100, 10, 'CMSY10'), g('a', 113, 95.5, 7, 'CMMI7'), g('b', 113, 103.5, 7, 'CMMI7')];
    expect(formulaLatex({ glyphs, rules: [[112, 97.5, 118, 97.5]] }).latex).toBe('x\\cdot\\tfrac{a}{b}');
    // Full-size parts: \\frac.
    const full = [g('x', 100, 100), g('=', 106, 100, 10, 'CMR10'), g('a', 114, 93), g('b', 114, 109)];
    expect(formulaLatex({ glyphs: full, rules: [[113, 97.5, 120, 97.5]] }).latex).toBe('x=\\frac{a}{b}');
  });
});

describe('display detection', () => {
  it('tells a matrix found as aligned columns from a table of values', () => {
    const matrix = [line(run('a b', 200, 230)), line(run('c d', 200, 244))];
    expect(isMathematics(matrix)).toBe(true);
    const values = [line(run('12 34', 200, 230, 10, 'CMR10')), line(run('56 78', 200, 244, 10, 'CMR10'))];
    expect(isMathematics(values)).toBe(false);
  });

  it('leaves a numbered alignment found as columns with a paragraph\'s line under it to the equations', () => {
    const rows = [line(run('G = e + x', 200, 230)), line(run('(1)', 460, 230, 10, 'CMR10')), line(run('= w a', 210, 244)), line(run('(2)', 460, 244, 10, 'CMR10'))];
    const paragraph = line(run('remains estimate the function', 300, 262, 10, 'CMR10'));
    expect(isMathematics([...rows, paragraph])).toBe(true);
    // Values in a text font are a table, numbered rows or not.
    const values = [line(run('12 34', 200, 230, 10, 'CMR10')), line(run('(1)', 460, 230, 10, 'CMR10')), line(run('56 78', 200, 244, 10, 'CMR10'))];
    expect(isMathematics([...values, paragraph])).toBe(false);
  });

  it('joins the rows of an alignment whose parts stand far from the first row', () => {
    const row1 = line(run('z = a', 200, 230));
    const number1 = line(run('(1)', 460, 230, 10, 'CMR10'));
    // The second row: "= b" under the first row's relation, a numerator far to the right.
    const row2a = line(run('= b', 210, 245));
    const row2b = line(run('c', 300, 242));
    const out = detectEquations([prose(200), prose(212), row1, number1, row2a, row2b, prose(280)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toHaveLength(4);
    expect(out[0]!.trace[0]).toMatchObject({ stage: 'equations', rule: 'equation.display-lines' });
  });

  it('finds a numbered display without a relation, and keeps it apart from the paragraphs', () => {
    const formula = line(run('x y z', 200, 230));
    const number = line(run('(2)', 460, 230, 10, 'CMR10'));
    const out = detectEquations([prose(200), prose(212), formula, number, prose(260)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.latex).toBe('xyz \\tag{2}');
  });
});

describe('displays beside a paragraph\'s inline formula', () => {
  it('keeps the raised part of an inline formula on the next paragraph\'s first row out of the display above', () => {
    const display = line(run('x = y', 200, 242));
    // The next paragraph's row: two short words, a numerator set apart above the row, then prose.
    const start = line(run('And so', 72, 262, 10, 'CMR10'));
    const numerator = line([g('a', 110, 258, 7, 'CMMI7')]);
    const rest = line(run('is the words of this paragraph continue here', 130, 262, 10, 'CMR10'));
    const out = detectEquations([prose(200), prose(212), display, start, numerator, rest, prose(274)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.latex).toBe('x=y');
    expect(out[0]!.lines).toEqual([display]);
  });
});

describe('a paragraph\'s last line above a display', () => {
  it('keeps a short last line ("is.") under a line cut around an inline formula out of the display', () => {
    // The line above is cut where its inline formula's scripts reach into the next piece: its
    // first piece holds one word of prose, so it is text but no prose line of its own.
    const first = line([...run('and energy', 72, 224, 10, 'CMR10'), g('b', 122, 224), g('π', 127, 221, 7, 'CMMI7')]);
    const second = line(run('the converges its limit expected model', 118, 224, 10, 'CMR10'));
    const last = line(run('is.', 72, 236, 10, 'CMR10'));
    const display = line(run('x = y', 200, 254));
    const out = detectEquations([prose(200), prose(212), first, second, last, display, prose(274)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([display]);
    expect(out[0]!.latex).toBe('x=y');
  });
});

describe('a paragraph\'s last line cut around its inline formula', () => {
  it('keeps the rest of the row ("Zt ) is.") out of the display under it', () => {
    // "$\tan^2(\Gamma^{Zt})$ is." as the text layer cuts it: a piece at the column's left edge
    // under the line above (inline math continuing the paragraph), and the rest of its row
    // overlapping it, a superscript and "is." in it.
    const first = line([...run('tan', 72, 224, 10, 'CMR10'), g('2', 87, 220.5, 7, 'CMR7'), g('(', 91, 224, 10, 'CMR10'), g('Γ', 95, 224, 10, 'CMR10')]);
    const rest = { ...line([g('Z', 100, 220.5, 7, 'CMMI7'), g('t', 104, 220.5, 7, 'CMMI7'), ...run(') is.', 108, 224, 10, 'CMR10')]), baseline: 224 };
    const display = line(run('x = y + z', 200, 242));
    const out = detectEquations([prose(200), prose(212), first, rest, display, prose(262)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([display]);
  });
});

describe('a paragraph\'s short last line', () => {
  it('is text when it holds only words of a text font at the column\'s left edge, at the top of a page too', () => {
    const last = line(run('the.', 72, 83, 10, 'CMR10'));
    const display = line(run('x = y', 200, 100));
    const out = detectEquations([last, display, prose(130), prose(142)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([display]);
  });

  it('is text when it holds a word of prose at an ordinary pitch under a paragraph\'s line, wherever it starts', () => {
    const last = line(run('is of conserved.', 100, 226, 10, 'CMR10'));
    const display = line(run('x = y + z = w', 200, 245));
    const out = detectEquations([prose(200), prose(212), last, display, prose(270)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([display]);
  });

  it('is text when it starts at the column\'s left edge with a short word of a text font before a formula', () => {
    const display = line(run('x = y + z', 200, 220));
    const first = line([...run('As on', 72, 236, 10, 'CMR10'), ...run('P = Q + R', 102, 236)]);
    const out = detectEquations([prose(180), prose(192), display, first, prose(248)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([display]);
  });

  it('is no operator name set at the left edge of a display (max over its limit)', () => {
    const max = line(run('max', 72, 240, 10, 'CMR10'));
    const rest = line(run('p = q', 90, 240));
    const out = detectEquations([prose(200), prose(212), max, rest, prose(270)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toHaveLength(2);
  });
});

describe('the left edges of a column', () => {
  it('are where rows start, not where a piece the text layer cut after an inline formula starts', () => {
    const row1 = line(run('x = 1 + y + z', 240, 240));
    const row2 = line([...run('u', 300, 254), ...run('if otherwise', 310, 254, 10, 'CMR10')]);
    // Further down, a paragraph's row cut around an inline formula: its last piece starts under "u".
    const pieceA = line(run('The words of this row run on to', 144, 312, 10, 'CMR10'));
    const formula = line(run('x', 288, 312));
    const pieceB = line(run('otherwise words continue to the end of the line here', 300, 312, 10, 'CMR10'));
    const out = detectEquations([prose(200), prose(212), row1, row2, prose(290), pieceA, formula, pieceB, prose(324)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([row1, row2]);
  });
});

describe('the column of a display', () => {
  it('reaches as far as the row of the text line under it, cut into pieces around an inline formula', () => {
    // multline: the first row at the left, the last at the right, past the end of the short last
    // line above and of the first piece of the row below.
    const last = line(run('each function step is.', 72, 224, 10, 'CMR10'));
    const row1 = line(run('x = a', 82, 244));
    const row2 = line(run('+ b', 460, 256));
    const pieceA = line(run('The finite converges the let', 72, 284, 10, 'CMR10'));
    const pieceB = line(run('continuous is as the point under the model of its margin and more words', 190, 284, 10, 'CMR10'));
    const out = detectEquations([prose(200), prose(212), last, row1, row2, pieceA, pieceB, prose(296)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([row1, row2]);
  });

  it('reaches as far as the text lines close over and under it, when the nearest ones are short', () => {
    // multline between a paragraph's short last line and a short line under it ("where it is.").
    const last = line(run('and conserved on is.', 72, 194, 10, 'CMR10'));
    const row1 = line(run('x = y + z', 82, 215));
    const row2 = line(run('+ w + v', 442, 230));
    const where = line(run('where it is.', 72, 256, 10, 'CMR10'));
    const out = detectEquations([prose(166), prose(180), last, row1, row2, where, prose(270)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([row1, row2]);
  });

  it('leaves out an inline fraction\'s numerator sitting on its denominator in the text row under it', () => {
    const display = line(run('x = y', 200, 244));
    const words = line(run('Under the conserved stated', 72, 270, 10, 'CMR10'));
    const numerator = line([g('t', 215, 260.5, 7, 'CMMI7')]);
    const denominator = line([g('q', 215, 266, 7, 'CMMI7')]);
    const out = detectEquations([prose(200), prose(212), display, words, numerator, denominator, prose(282)], 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([display]);
  });
});

describe('an inline fraction\'s parts out of its text row', () => {
  it('keep a numerator across the bar from a denominator in the row out of the display above', () => {
    const display = line(run('x = y + z', 200, 244));
    const words = line(run('Under the conserved stated', 72, 270, 10, 'CMR10'));
    const numerator = line([g('t', 215, 259, 7, 'CMMI7')]);
    const denominator = line([g('q', 215, 268.5, 7, 'CMMI7')]);
    const out = detectEquations([prose(200), prose(212), display, words, numerator, denominator, prose(284)], 10, { rules: [[213, 262, 222, 262]] });
    expect(out).toHaveLength(1);
    expect(out[0]!.lines).toEqual([display]);
  });

  it('are no display of their own: a denominator hanging under the row beside a script in it', () => {
    // \\dfrac{w}{\\tau^{X} - \\beta a} in a paragraph: the script X reaches into the row, \\tau and
    // "-\\beta a" beside it hang under it.
    const words = line(run('Follows and on domain', 72, 270, 10, 'CMR10'));
    const script = line([g('X', 200, 272, 7, 'CMMI7')]);
    const tau = line([g('τ', 195, 276)]);
    const rest = line(run('−βa', 204.5, 276));
    const out = detectEquations([prose(230), prose(244), prose(258), words, script, tau, rest, prose(290)], 10);
    expect(out).toEqual([]);
  });
});

describe('inline fractions', () => {
  it('reads an inline fraction after a word as a formula of its own, not as the word\'s scripts', async () => {
    const { inlineMath } = await import('../src/engine/math/index.js');
    const word = run('From', 100, 200, 10, 'CMR10');
    const glyphs = [...word, g('a', 124, 196, 7, 'CMMI7'), g('b', 124, 203.5, 7, 'CMMI7'), ...run('on', 132, 200, 10, 'CMR10')];
    const out = inlineMath(glyphs, [[123.5, 198.5, 128.5, 198.5]]);
    expect(out.text).toBe('From $\\frac{a}{b}$ on');
  });
});

describe('fractions in the rows of a matrix or cases', () => {
  /** A glyph with its box as the text layer gives it. */
  const at = (char: string, x0: number, y0: number, x1: number, y1: number, base: number, size = 10, font = /\d/.test(char) ? 'CMR10' : 'CMMI10'): Glyph => ({ ...g(char, x0, base, size, font), x0, y0, x1, y1 });

  it('keeps the next row, right under a denominator\'s descender, out of the denominator', () => {
    // \\begin{matrix} \\dfrac{36v}{-g339i} & 922 \\\\ T_{K,Q} & P^9 \\\\ e^N & \\mu^{18} \\end{matrix} as
    // pdflatex sets it: the g of the denominator ends 0.1 em over the T of the next row.
    const glyphs = [
      at('3', 286.1, 205.1, 290.3, 212.0, 211.8), at('6', 291.1, 205.1, 295.3, 212.0, 211.8), at('v', 295.5, 207.1, 300.3, 211.9, 211.8),
      at('−', 277.8, 222.6, 284.4, 223.0, 225.3, 10, 'CMSY10'), at('g', 285.7, 220.7, 289.8, 227.7, 225.3), at('3', 290.9, 218.7, 295.1, 225.6, 225.3), at('3', 295.9, 218.7, 300.0, 225.6, 225.3), at('9', 300.9, 218.7, 305.0, 225.6, 225.3), at('i', 305.6, 218.5, 309.0, 225.4, 225.3),
      at('9', 320.6, 211.9, 324.7, 218.7, 218.5), at('2', 325.7, 211.9, 329.6, 218.5, 218.5), at('2', 330.7, 211.9, 334.6, 218.5, 218.5),
      at('T', 283.3, 228.7, 288.7, 235.7, 235.6), at('K', 288.5, 232.3, 293.1, 237.1, 237.1, 7, 'CMMI7'), at(',', 294.3, 236.3, 295.2, 238.4, 237.1, 7, 'CMR7'), at('Q', 296.8, 232.2, 302.2, 238.7, 237.1, 7, 'CMMI7'),
      at('P', 323.0, 228.8, 327.9, 235.6, 235.6), at('9', 328.8, 227.4, 332.0, 232.1, 232.0, 7, 'CMR7'),
      at('e', 287.6, 242.9, 291.6, 247.7, 247.6), at('N', 292.5, 239.2, 297.7, 244.0, 244.0, 7, 'CMMI7'),
      at('μ', 321.3, 243.0, 326.7, 249.6, 247.6), at('1', 327.3, 239.4, 329.8, 244.0, 244.0, 7, 'CMR7'), at('8', 330.9, 239.4, 334.1, 244.1, 244.0, 7, 'CMR7'),
    ];
    const latex = formulaLatex({ glyphs, rules: [[277.3, 216.0, 309.0, 216.0]] }).latex;
    expect(latex).toContain('\\dfrac{36v}{-g339i} & 922 \\\\ T_{K,Q} & P^{9} \\\\ e^{N} & \\mu^{18}');
  });

  it('keeps a script-size fraction of the next cases row out of a denominator that holds a fraction', () => {
    // x^* = \\begin{cases} \\frac{\\Phi_{9+K}^{5-7}}{\\frac{390}{v} u_{70}} & n<0 \\\\ \\frac{E13\\eta}{\\cdots Qg} & t<5 \\end{cases} (newpx,
    // text style in the cases: parts at 8 pt, the inner fraction's at 6 pt): the inner bar's
    // body-size reach took the E of the row under it.
    const glyphs = [
      at('x', 180.5, 555.7, 185.7, 561.0, 560.9, 10.9), at('=', 193.8, 556.5, 199.6, 559.5, 560.9, 10.9, 'CMR10'),
      at('{', 204.5, 530.1, 209.6, 585.9, 560.9, 10.9, 'CMEX10'),
      at('Φ', 214.3, 530.5, 219.9, 536.0, 536.0, 8, 'CMR8'),
      at('5', 220.2, 528.7, 222.9, 533.0, 532.9, 6, 'CMR6'), at('−', 223.5, 531.1, 226.8, 531.4, 532.9, 6, 'CMSY6'), at('7', 227.4, 528.7, 230.2, 532.9, 532.9, 6, 'CMR6'),
      at('9', 220.2, 535.0, 222.9, 539.3, 539.2, 6, 'CMR6'), at('+', 223.5, 535.8, 226.8, 539.2, 539.2, 6, 'CMR6'), at('K', 227.4, 534.9, 231.5, 539.2, 539.2, 6, 'CMMI6'),
      at('3', 213.1, 542.9, 215.8, 547.2, 547.1, 6, 'CMR6'), at('9', 216.2, 542.9, 218.8, 547.2, 547.1, 6, 'CMR6'), at('0', 219.3, 542.9, 221.9, 547.2, 547.1, 6, 'CMR6'),
      at('v', 216.0, 550.2, 219.2, 553.0, 553.0, 6, 'CMMI6'), at('u', 223.7, 546.4, 227.5, 550.3, 550.3, 8, 'CMMI8'),
      at('7', 228.1, 549.2, 230.9, 553.4, 553.4, 6, 'CMR6'), at('0', 231.1, 549.2, 233.7, 553.5, 553.4, 6, 'CMR6'),
      at('n', 248.5, 538.0, 254.0, 543.0, 543.0, 10.9), at('<', 256.0, 537.0, 262.0, 543.0, 543.0, 10.9), at('0', 264.0, 535.5, 269.0, 543.0, 543.0, 10.9, 'CMR10'),
      at('E', 212.5, 553.8, 216.8, 559.3, 559.3, 8, 'CMMI8'), at('1', 217.8, 553.7, 220.7, 559.3, 559.3, 8, 'CMR8'), at('3', 221.4, 553.8, 225.0, 559.4, 559.3, 8, 'CMR8'), at('η', 225.5, 555.5, 229.2, 561.5, 559.3, 8, 'CMMI8'),
      ...[212.4, 214.6, 216.8].map((x) => at('·', x, 566.4, x + 0.9, 567.3, 569.0, 8, 'CMSY8')), at('Q', 218.8, 563.4, 224.3, 570.6, 569.0, 8, 'CMMI8'), at('g', 225.3, 565.2, 229.6, 571.2, 569.0, 8, 'CMMI8'),
      at('t', 248.5, 557.0, 252.0, 565.0, 565.0, 10.9), at('<', 256.0, 559.0, 262.0, 565.0, 565.0, 10.9), at('5', 264.0, 557.5, 269.0, 565.0, 565.0, 10.9, 'CMR10'),
    ];
    const rules: [number, number, number, number][] = [[211.8, 540.2, 234.4, 540.2], [213.0, 548.2, 222.1, 548.2], [211.8, 562.5, 230.0, 562.5]];
    const latex = formulaLatex({ glyphs, rules }).latex;
    expect(latex).toContain('\\frac{\\Phi_{9+K}^{5-7}}{\\frac{390}{v}u_{70}} & n<0 \\\\ \\frac{E13\\eta}{\\cdots Qg} & t<5');
  });

  it('reads an overline right under a fraction bar as wide as it as the denominator\'s', () => {
    // \\frac{t}{\\overline{e}}: the overline over the whole denominator, 1.2 pt under the bar.
    const glyphs = [at('t', 208, 250, 212, 256.5, 256.5), at('e', 208, 263, 212, 267.5, 267.5)];
    const latex = formulaLatex({ glyphs, rules: [[207.1, 258.6, 213.4, 258.6], [207.1, 259.8, 213.4, 259.8]] }).latex;
    expect(latex).toBe('\\frac{t}{\\overline{e}}');
  });
});

describe('ellipses beside tall units and alone under a bar', () => {
  /** TeX's \\dots: three periods a thin space apart on the baseline. */
  const dots = (x: number, base: number, size = 10): Glyph[] => [0, 1, 2].map((i) => ({ ...g('.', x + i * 0.34 * size, base, size), x1: x + i * 0.34 * size + 0.12 * size, y0: base - 0.1 * size }));

  it('keeps an ellipsis on the row of the accented letter before it (the accent\'s box overhangs it)', () => {
    const glyphs = [g('Y', 100, 100), { ...g('\u0302', 101, 92.5, 10, 'CMR10'), x1: 104, y0: 90.5 }, ...dots(106, 100)];
    expect(formulaLatex({ glyphs }).latex).toBe('\\hat{Y}\\dots');
  });

  it('reads an ellipsis alone under a fraction bar as the denominator', () => {
    // x = \\frac{i}{\\dots}: the dots' ink lies far under the bar, where a letter's top would be near it.
    const glyphs = [g('x', 90, 105), g('=', 95, 105, 10, 'CMR10'), g('i', 105, 98), ...dots(103, 112)];
    expect(formulaLatex({ glyphs, rules: [[102, 102.5, 112, 102.5]] }).latex).toBe('x=\\frac{i}{\\dots}');
  });
});

describe('radicals of the next row', () => {
  it('keep out of an overline over a row whose subscript reaches down to the radical sign', () => {
    // \\overline{6b_{7}} over \\sqrt{914} (rows of cases): the overline is narrower than the radical's
    // vinculum and bundled first; the sign's top reaches the subscript's bottom.
    const glyphs = [
      g('6', 100, 97, 10, 'CMR10'), g('b', 105, 97), g('7', 110, 100.5, 7, 'CMR7'),
      { ...g('√', 100, 112, 10, 'CMSY10'), x1: 108, y0: 99 }, ...run('914', 109, 111),
    ];
    const rules: [number, number, number, number][] = [[100, 88, 114, 88], [108, 99.2, 125, 99.2]];
    expect(formulaLatex({ glyphs, rules }).latex).toBe('\\begin{gathered}\\overline{6b_{7}} \\\\ \\sqrt{914}\\end{gathered}');
  });
});

describe('big operators in script-size parts', () => {
  it('reads an OpenType integral set at script size in a denominator as an atom of its row, not as the base of the row\'s scripts', () => {
    // x = \\tfrac{a}{\\varphi \\int_\\Omega \\psi\\, ds} + y + z + w (TeX Gyre Pagella Math): the denominator and its ∫
    // at 7 pt; the ∫ was given the body size, so every 7 pt glyph around it read as its scripts.
    const glyphs = [
      g('x', 100, 100), g('=', 106, 100, 10, 'CMR10'), g('a', 128, 95, 7, 'CMMI7'),
      g('φ', 116, 104, 7, 'CMMI7'), { ...g('∫', 120, 108, 7, 'TeXGyrePagellaMath-Regular'), y0: 99, x1: 123 }, g('Ω', 123.5, 107, 5, 'CMMI5'),
      g('ψ', 127, 104, 7, 'CMMI7'), g('d', 132, 104, 7, 'CMMI7'), g('s', 136, 104, 7, 'CMMI7'), ...run('+y+z+w', 142, 100),
    ];
    expect(formulaLatex({ glyphs, rules: [[115, 97.5, 140, 97.5]] }).latex).toBe('x=\\tfrac{a}{\\varphi\\int_{\\Omega}\\psi ds}+y+z+w');
  });
});
