// Inline math in paragraphs (equations/inline.ts): formulas in a text line become $…$, lines
// without math keep their text, and pieces of a formula set on lines of their own join their row.
import { describe, expect, it } from 'vitest';
import { withInlineMath } from '../src/engine/equations/inline.js';
import type { LabelledParagraph } from '../src/engine/model/analysis.js';
import type { Glyph, TextLine } from '../src/engine/model/document.js';

const TEXT = { bold: false, italic: false, monospace: false, math: false };
const MATH = { bold: false, italic: true, monospace: false, math: true };

/** Glyphs of `text` from x on baseline `base`, 0.5 em wide, a space 0.3 em. */
function run(text: string, x: number, base: number, size = 10, font = 'CMR10'): Glyph[] {
  const out: Glyph[] = [];
  let pen = x;
  for (const ch of text) {
    if (ch === ' ') {
      pen += 0.3 * size;
      continue;
    }
    const math = /^CM(MI|SY)/.test(font);
    out.push({ code: ch.codePointAt(0)!, x0: pen, x1: pen + 0.5 * size, y0: base - 0.7 * size, y1: base, base, size, fontSize: size, font, style: math ? MATH : TEXT });
    pen += 0.5 * size;
  }
  return out;
}

function line(glyphs: Glyph[], text: string): TextLine {
  const box: TextLine['box'] = [Math.min(...glyphs.map((g) => g.x0)), Math.min(...glyphs.map((g) => g.y0)), Math.max(...glyphs.map((g) => g.x1)), Math.max(...glyphs.map((g) => g.y1))];
  return { text, box, baseline: glyphs[0]!.base, fontSize: glyphs[0]!.size, bold: false, italic: false, monospace: false, glyphs };
}

const paragraph = (lines: TextLine[], label: LabelledParagraph['label'] = 'text'): LabelledParagraph => ({ lines, label, trace: [] });

describe('withInlineMath', () => {
  it('sets a formula of a text line in $…$ and records it in the trace', () => {
    const glyphs = [...run('let', 100, 200), ...run('x', 120, 200, 10, 'CMMI10'), ...run('2', 125, 196, 7, 'CMR7'), ...run('be', 133, 200)];
    const [out] = withInlineMath([paragraph([line(glyphs, 'let x2 be')])]);
    expect(out!.lines[0]!.text).toBe('let $x^{2}$ be');
    expect(out!.trace.at(-1)).toMatchObject({ stage: 'equations', rule: 'inline.math-spans', values: { spans: 1, lines: 1 } });
  });

  it('leaves lines without math, titles and code untouched', () => {
    const plain = line(run('plain words here', 100, 200), 'plain words here');
    const [p] = withInlineMath([paragraph([plain])]);
    expect(p!.lines[0]).toBe(plain);
    const mathy = line([...run('a', 100, 200), ...run('x', 110, 200, 10, 'CMMI10')], 'a x');
    const [title] = withInlineMath([paragraph([mathy], 'title')]);
    expect(title!.lines[0]!.text).toBe('a x');
  });

  it('joins a formula piece set on a line of its own to the row it stands in', () => {
    const main = line([...run('with', 100, 200), ...run('y', 130, 200, 10, 'CMMI10'), ...run('then', 145, 200)], 'with y then');
    const script = line(run('k', 135, 202, 7, 'CMMI7'), 'k');
    const [out] = withInlineMath([paragraph([main, script])]);
    expect(out!.lines).toHaveLength(1);
    expect(out!.lines[0]!.text).toBe('with $y_{k}$ then');
  });

  it('never fails: a paragraph whose lines have no glyphs comes back as it was', () => {
    const p = paragraph([{ text: 'OCR line', box: [0, 0, 10, 10], baseline: 10, fontSize: 10, bold: false, italic: false, monospace: false }]);
    expect(withInlineMath([p])[0]).toBe(p);
  });
});
