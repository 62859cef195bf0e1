// Inline math in paragraphs (equations/inline.ts): formulas in a text line become $…$, lines
// without math keep their text, and pieces of a formula set on lines of their own join their row.
import { describe, expect, it } from 'vitest';
import { traceInlineMath, withInlineMath } from '../src/engine/equations/inline.js';
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
  it('leaves a small line set over a larger one\'s letters apart (a kicker over a headline, a date beside a masthead), not its scripts', () => {
    // "TECHNOLOGY" at 7 pt with its baseline 1.5 pt above the 16 pt headline's x-height: within the headline's band.
    const kicker = line(run('TECHNOLOGY', 100, 192, 7, 'LiberationSans-Bold'), 'TECHNOLOGY');
    const headline = line(run('Structural torque and assembly', 100, 205, 16, 'LiberationSerif-Bold'), 'Structural torque and assembly');
    const out = withInlineMath([kicker, headline]);
    expect(out.map((l) => l.text)).toEqual(['TECHNOLOGY', 'Structural torque and assembly']);
    // A date in small type under a masthead's first letters.
    const masthead = line(run('The Cordoba Bulletin', 100, 200, 18, 'LiberationSerif-BoldItalic'), 'The Cordoba Bulletin');
    const date = line(run('2 October 2025', 110, 209, 7, 'LiberationSans'), '2 October 2025');
    expect(withInlineMath([masthead, date]).map((l) => l.text)).toEqual(['The Cordoba Bulletin', '2 October 2025']);
  });

  it('leaves a sidebar\'s heading a gutter right of a larger heading apart, not its subscript', () => {
    // A 20 pt heading ending at x 340; the sidebar's 9 pt heading 14 pt (0.7 em) to its right, its baseline 4 pt lower.
    const heading = line(run('Exclusive regulation for', 100, 200, 20, 'DejaVuSerif-Bold'), 'Exclusive regulation for');
    const end = heading.box[2];
    const sidebar = line(run('Newsletter', end + 14, 204, 9, 'DejaVuSans-Bold'), 'Newsletter');
    expect(withInlineMath([heading, sidebar]).map((l) => l.text)).toEqual(['Exclusive regulation for', 'Newsletter']);
  });

  it('leaves footnote and affiliation marks as text, and a raised digit on a letter as a power', () => {
    const marked = [...run('Ingrid Okafor', 100, 200, 10, 'NimbusRomNo9L-Regu'), ...run('1', 163.5, 196, 7, 'NimbusRomNo9L-Regu'), ...run(', Emeka', 167.5, 200, 10, 'NimbusRomNo9L-Regu')];
    expect(withInlineMath([line(marked, 'Ingrid Okafor1, Emeka')])[0]!.text).toBe('Ingrid Okafor1, Emeka');
    // The same name and mark as pieces the text layer cut apart: one line of text again.
    const first = [...run('Ingrid Okafor', 100, 200, 10, 'NimbusRomNo9L-Regu'), ...run('1', 163.5, 196, 7, 'NimbusRomNo9L-Regu')];
    const second = run(', Emeka', 167.5, 200, 10, 'NimbusRomNo9L-Regu');
    expect(withInlineMath([line(first, 'Ingrid Okafor1'), line(second, ', Emeka')]).map((l) => l.text)).toEqual(['Ingrid Okafor1, Emeka']);
    // Three pieces, the longest on the right: placed longest first, they still make one line.
    const nameA = [...run('Ingrid Okafor', 100, 200, 10, 'NimbusRomNo9L-Regu'), ...run('1', 163.5, 196, 7, 'NimbusRomNo9L-Regu')];
    const nameB = [...run(', Emeka Novak', 167.5, 200, 10, 'NimbusRomNo9L-Regu'), ...run('2', 229, 196, 7, 'NimbusRomNo9L-Regu')];
    const nameC = [...run(', and Ingrid Brennan', 233, 200, 10, 'NimbusRomNo9L-Regu'), ...run('4', 327, 196, 7, 'NimbusRomNo9L-Regu')];
    const names = withInlineMath([line(nameA, 'Ingrid Okafor1'), line(nameB, ', Emeka Novak2'), line(nameC, ', and Ingrid Brennan4')]);
    expect(names.map((l) => l.text)).toEqual(['Ingrid Okafor1, Emeka Novak2, and Ingrid Brennan4']);
    const note = [...run('5', 100, 196, 7, 'NimbusRomNo9L-Regu'), ...run('In contrast, the reagent', 106, 200, 10, 'NimbusRomNo9L-Regu')];
    expect(withInlineMath([line(note, '5 In contrast, the reagent')])[0]!.text).toBe('5 In contrast, the reagent');
    // A web page's bracketed reference marks, raised after a word or on their own.
    const cited = [...run('social force', 100, 200, 10, 'LiberationSerif'), ...run('[2]', 160, 196, 7, 'LiberationSerif'), ...run('. It', 170.5, 200, 10, 'LiberationSerif')];
    expect(withInlineMath([line(cited, 'social force[2]. It')])[0]!.text).toBe('social force[2]. It');
    const decade = [...run('the early 980s.', 100, 200, 10, 'LiberationSerif'), ...run('[3]', 175, 196, 7, 'LiberationSerif')];
    expect(withInlineMath([line(decade, 'the early 980s.[3]')])[0]!.text).toBe('the early 980s.[3]');
    const needed = [...run('the king', 100, 200, 10, 'LiberationSerif'), ...run('[citation needed]', 142, 196, 7, 'LiberationSerif')];
    expect(withInlineMath([line(needed, 'the king[citation needed]')])[0]!.text).not.toContain('$');
    const power = [...run('area', 100, 200), ...run('x', 125, 200, 10, 'NimbusRomNo9L-Regu'), ...run('2', 130, 196, 7, 'NimbusRomNo9L-Regu'), ...run('grows', 138, 200)];
    expect(withInlineMath([line(power, 'area x2 grows')])[0]!.text).toBe('area $x^{2}$ grows');
  });

  it('leaves a line of words set small under a large one (an address under a letterhead) as text', () => {
    const head = run('Harbor Capital Partners', 100, 100, 24, 'LiberationSans-Bold');
    const address = run('104 Szabo Street Zurich', 100, 114, 10, 'LiberationSans');
    const out = withInlineMath([line(head, 'Harbor Capital Partners'), line(address, '104 Szabo Street Zurich')]);
    expect(out.map((l) => l.text)).toEqual(['Harbor Capital Partners', '104 Szabo Street Zurich']);
  });

  it('keeps a list item\'s bullet set in a math font as its marker, and reads the formulas after it', () => {
    const glyphs = [...run('•', 100, 200, 10, 'CMSY10'), ...run('let', 112, 200), ...run('x', 132, 200, 10, 'CMMI10'), ...run('2', 137, 196, 7, 'CMR7'), ...run('be', 145, 200)];
    const [out] = withInlineMath([line(glyphs, '• let x2 be')]);
    expect(out!.text).toBe('• let $x^{2}$ be');
    expect(out!.glyphs![0]!.code).toBe(0x2022);
    const plain = [...run('•', 100, 200, 10, 'CMSY10'), ...run('Material breach', 112, 200)];
    expect(withInlineMath([line(plain, '• Material breach')])[0]!.text).toBe('• Material breach');
  });

  it('sets a formula of a text line in $…$, and the paragraph holding it records it in the trace', () => {
    const glyphs = [...run('let', 100, 200), ...run('x', 120, 200, 10, 'CMMI10'), ...run('2', 125, 196, 7, 'CMR7'), ...run('be', 133, 200)];
    const [out] = withInlineMath([line(glyphs, 'let x2 be')]);
    expect(out!.text).toBe('let $x^{2}$ be');
    const [p] = traceInlineMath([paragraph([out!])]);
    expect(p!.trace.at(-1)).toMatchObject({ stage: 'equations', rule: 'inline.math-spans', values: { spans: 1, lines: 1 } });
  });

  it('leaves lines without math untouched, and their paragraphs without a trace entry', () => {
    const plain = line(run('plain words here', 100, 200), 'plain words here');
    const [out] = withInlineMath([plain]);
    expect(out).toBe(plain);
    const p = paragraph([plain]);
    expect(traceInlineMath([p])[0]).toBe(p);
  });

  it('joins a formula piece set on a line of its own to the line whose text band it stands in', () => {
    const main = line([...run('with', 100, 200), ...run('y', 130, 200, 10, 'CMMI10'), ...run('then', 145, 200)], 'with y then');
    const script = line(run('k', 135, 202, 7, 'CMMI7'), 'k');
    const next = line(run('the next line of the paragraph', 100, 212), 'the next line of the paragraph');
    const out = withInlineMath([main, script, next]);
    expect(out.map((l) => l.text)).toEqual(['with $y_{k}$ then', 'the next line of the paragraph']);
  });

  it('joins the pieces of a row the text layer cut where a formula has scripts', () => {
    const left = line([...run('unique the', 100, 200), ...run('k', 150, 200, 10, 'CMMI10'), ...run('0', 155, 196, 7, 'CMR7')], 'unique the k0');
    const right = { ...line([...run('W', 155, 203, 7, 'CMMI7'), ...run('solution compact here', 165, 200)], 'W solution compact here'), baseline: 200 };
    const out = withInlineMath([left, right]);
    expect(out.map((l) => l.text)).toEqual(['unique the $k_{W}^{0}$ solution compact here']);
  });

  it('believes font names, not the math flag, where the flag marks most of the page (a text font taken for a math font)', () => {
    const flagged = (glyphs: Glyph[]) => glyphs.map((q) => ({ ...q, style: { ...q.style, math: true } }));
    const prose = line(flagged(run('words of running text', 100, 200, 10, 'STIXTwoText-Regular')), 'words of running text');
    const withX = line([...flagged(run('let', 100, 212, 10, 'STIXTwoText-Regular')), ...flagged(run('x', 120, 212, 10, 'STIXTwoMath-Regular')), ...flagged(run('be', 130, 212, 10, 'STIXTwoText-Regular'))], 'let x be');
    const out = withInlineMath([prose, withX]);
    expect(out.map((l) => l.text)).toEqual(['words of running text', 'let $x$ be']);
  });

  it('joins a subscript cut off with the words after it past the end of the line it belongs to', () => {
    const host = line([...run('compact is', 100, 200), ...run('g', 150, 200, 10, 'CMMI10'), ...run('3', 155, 196, 7, 'CMR7')], 'compact is g3');
    const tail = { ...line([...run('1', 155, 203, 7, 'CMR7'), ...run('every', 170, 200)], '1 every'), baseline: 203 };
    const out = withInlineMath([host, tail]);
    expect(out.map((l) => l.text)).toEqual(['compact is $g_{1}^{3}$ every']);
  });

  it('never fails: lines without glyphs come back as they were', () => {
    const ocr: TextLine = { text: 'OCR line', box: [0, 0, 10, 10], baseline: 10, fontSize: 10, bold: false, italic: false, monospace: false };
    expect(withInlineMath([ocr])).toEqual([ocr]);
  });
});
