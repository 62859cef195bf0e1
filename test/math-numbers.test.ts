// Equation numbers at the left (round 8): leqno, the default of the AMS classes (amsart,
// amsbook), sets "(n)" at the left margin of a display's row, beside multline's first row, or on
// a row of its own over a formula too wide for it. They are the formula's \tag, not its first atom
// nor the first column of an array. And numbered matrices and cases that the table detector
// finds as columns are mathematics by their number, whatever font their entries are set in.
import { describe, expect, it } from 'vitest';
import { detectEquations, isMathematics } from '../src/engine/equations/detect.js';
import { formulaLatex } from '../src/engine/math/index.js';
import type { Glyph, TextLine } from '../src/engine/model/document.js';
import { g, line, prose, run } from './math-glyphs.js';


describe('equation numbers at the left', () => {
  it('reads "(n)" at the left margin, the formula centred far right of it, as its tag', () => {
    const out = formulaLatex({ glyphs: [...run('(1)', 72, 100), ...run('x=y+z', 250, 100)] });
    expect(out.numbers).toEqual(['1']);
    expect(out.latex).toBe('x=y+z \\tag{1}');
  });

  it('takes the number beside multline\'s first row, a multline gap (1 em) from it', () => {
    const glyphs = [...run('(7)', 72, 100), ...run('a=b+c', 97, 100), ...run('+d', 450, 114)];
    const out = formulaLatex({ glyphs });
    expect(out.numbers).toEqual(['7']);
    expect(out.latex).toBe('\\begin{gathered}a=b+c \\\\ +d\\end{gathered} \\tag{7}');
  });

  it('takes the number alone on its row over a formula too wide for it', () => {
    const wide = run('a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z+a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z', 80, 114);
    const out = formulaLatex({ glyphs: [...run('(4)', 72, 100), ...wide] });
    expect(out.numbers).toEqual(['4']);
    expect(out.latex.endsWith('\\tag{4}')).toBe(true);
    expect(out.latex).not.toContain('gathered');
  });

  it('keeps a parenthesised factor that starts a formula: no wide gap after it', () => {
    const out = formulaLatex({ glyphs: run('(2)x=y', 200, 100) });
    expect(out.numbers).toEqual([]);
    expect(out.latex).toBe('(2)x=y');
  });

  it('finds one display with its number at the left margin between paragraphs (the number a line of its own)', () => {
    const lines = [prose(100), prose(112), line(run('(3)', 72, 140)), line(run('x=y+z', 250, 140)), prose(168), prose(180)];
    const equations = detectEquations(lines, 10);
    expect(equations).toHaveLength(1);
    expect(equations[0]!.latex).toBe('x=y+z \\tag{3}');
  });

  it('takes the number on its own row over a too-wide formula, right under a paragraph\'s last line, into the display', () => {
    // The number stands at the column's left edge a line pitch under the paragraph: not a line of it.
    const number = line(run('(2)', 72, 124));
    const wide = line(run('a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z+a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r+s+t+u+v+w+x+y+z', 80, 138));
    const lines = [prose(100), prose(112), number, wide, prose(162), prose(174)];
    const equations = detectEquations(lines, 10);
    expect(equations).toHaveLength(1);
    expect(equations[0]!.lines).toContain(number);
    expect(equations[0]!.latex.endsWith('\\tag{2}')).toBe(true);
  });
});

describe('numbered matrices and cases found as a table', () => {
  const cell = (text: string, x: number, base: number, font = 'CMR10') => line(run(text, x, base, 10, font));

  it('are mathematics when the number stands right of every cell and an entry is math, however few glyphs are in a math font', () => {
    // A matrix of decimals (text-font digits) with one Greek entry, numbered at the right margin.
    const lines = [cell('9.19', 250, 100), cell('52', 300, 100), cell('0.68', 250, 114), line([g('ε', 300, 114)]), cell('(4)', 520, 107)];
    expect(isMathematics(lines)).toBe(true);
    // …or left of every cell (leqno).
    expect(isMathematics([...lines.slice(0, 4), cell('(4)', 72, 107)])).toBe(true);
  });

  it('leave a table of values with a bracketed count at its right a table: no entry is mathematics', () => {
    const lines = [cell('9.19', 250, 100), cell('52', 300, 100), cell('0.68', 250, 114), cell('17', 300, 114), cell('(4)', 520, 107)];
    expect(isMathematics(lines)).toBe(false);
  });
});
