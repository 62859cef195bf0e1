// Display equations on a PDF page: lines that are mathematics rather than prose, together with
// the fragments a typeset formula breaks into (raised exponents, fraction numerators and
// denominators, limits under a sum), joined into one line whose text is the LaTeX.
import type { Box, Glyph, TextLine } from '../model/document.js';
import { isListStart } from '../layout/blocks.js';
import { toLatex } from './latex.js';

const RELATION = /[=<>≤≥≦≧≈≡≠∼≃≅∝≪≫→⇒⇔↦∈∉⊂⊆⊃⊇]/u;
const OPERATOR = /[∑∏∐∫∬∭∮⋃⋂∂∇√±∓×÷·⋅∘−+]/u;
const EQUATION_NUMBER = /^\(\s*\d{1,3}(\.\d{1,3})*[a-z]?\s*\)$/;
/** Words of prose: four or more letters that are not a function name typed in an equation. */
const PROSE_WORD = /\p{L}{4,}/gu;
const FUNCTION_WORD = /^(arcsin|arccos|arctan|sinh|cosh|tanh|liminf|limsup)$/;

function isMathGlyph(g: Glyph): boolean {
  if (g.style.math) return true;
  const c = g.code;
  return (
    (c >= 0x0391 && c <= 0x03f5) || // Greek
    (c >= 0x2200 && c <= 0x22ff) || // mathematical operators
    (c >= 0x2190 && c <= 0x21ff) || // arrows
    (c >= 0x1d400 && c <= 0x1d7ff) || // mathematical alphanumerics
    (c >= 0x27c0 && c <= 0x27ef) ||
    (c >= 0x2980 && c <= 0x2aff) ||
    c === 0x3d || c === 0x2b || c === 0x3c || c === 0x3e || c === 0x5e
  );
}

/** Words of four or more letters set in a text font (letters in a math font are variables). */
function proseWords(line: TextLine): number {
  const glyphs = line.glyphs;
  if (!glyphs) return (line.text.match(PROSE_WORD) ?? []).length;
  // In a short piece of a formula, italic letters next to math-font glyphs are variables
  // (mathpazo and others set them in the text italic font).
  const inMath = glyphs.length <= 12 && glyphs.some((g) => g.style.math);
  let words = 0;
  let word = '';
  const finish = () => {
    if (word.length >= 4 && !FUNCTION_WORD.test(word)) words++;
    word = '';
  };
  glyphs.forEach((g, i) => {
    const prev = glyphs[i - 1];
    if (prev && g.x0 - prev.x1 > 0.2 * g.size) finish();
    const ch = String.fromCodePoint(g.code);
    if (!g.style.math && !(inMath && g.style.italic) && /\p{L}/u.test(ch)) word += ch;
    else finish();
  });
  finish();
  return words;
}

function mathShare(line: TextLine): number {
  const glyphs = line.glyphs ?? [];
  if (!glyphs.length) return 0;
  const inMath = glyphs.some(isMathGlyph);
  return glyphs.filter((g) => isMathGlyph(g) || (inMath && g.style.italic) || (g.code >= 0x30 && g.code <= 0x39) || '()[]{}|/,.'.includes(String.fromCodePoint(g.code))).length / glyphs.length;
}

/** A line that is a formula on its own: a relation or a big operator and (almost) no prose. */
function isFormulaLine(line: TextLine, seed = false): boolean {
  const glyphs = line.glyphs;
  if (!glyphs?.length || line.rotated || line.monospace) return false;
  const operator = /[∑∏∫∮∂∇√]/u.test(line.text);
  if (!operator && !RELATION.test(line.text)) return false;
  // To start an equation, a relation needs a left-hand side: "≥ 95%" alone is a table cell.
  // (A relation alone on its line sits between pieces of a formula, such as two fractions.)
  const lone = glyphs.length === 1;
  if (seed && !operator && !lone && !/[^\s=<>≤≥≈≠∼]\s*[=<>≤≥≦≧≈≡≠∼≃≅∝≪≫→⇒⇔↦∈∉⊂⊆⊃⊇]/u.test(line.text)) return false;
  // A list item that happens to hold a formula stays a list item.
  if (isListStart(line.text)) return false;
  const words = proseWords(line);
  const math = glyphs.filter(isMathGlyph).length;
  return words <= 1 && math >= 1 && mathShare(line) >= 0.3 && glyphs.length <= 200;
}

/** A piece of a formula: short, no prose, mostly mathematics or very few glyphs. */
function isFragment(line: TextLine): boolean {
  const glyphs = line.glyphs;
  if (!glyphs?.length || line.rotated || line.monospace || proseWords(line) > 0 || isListStart(line.text)) return false;
  return (glyphs.length <= 4 && !/\p{Ll}{2}/u.test(line.text)) || (mathShare(line) >= 0.5 && glyphs.length <= 60) || (OPERATOR.test(line.text) && glyphs.length <= 20);
}

/**
 * A formula inside running text rather than displayed: it shares its row with prose, or it is
 * the next line of a paragraph (same left edge, ordinary line pitch below a line of prose).
 */
function isInlineMath(line: TextLine, prose: TextLine[]): boolean {
  const size = Math.max(line.fontSize, 1);
  return prose.some((p) => {
    if (p === line) return false;
    const sameRow = p.box[1] < line.box[3] + 0.2 * size && p.box[3] > line.box[1] - 0.2 * size && p.box[0] < line.box[2] + 2 * size && p.box[2] > line.box[0] - 2 * size;
    const pitch = line.baseline - p.baseline;
    return sameRow || (Math.abs(p.box[0] - line.box[0]) < 0.5 * size && pitch > 0 && pitch < 1.6 * size);
  });
}

/**
 * Replaces the lines of each display equation by one line flagged `equation`, whose text is
 * the LaTeX (an equation number at the right becomes `\tag{n}`). Other lines are returned as
 * they are, in the same order.
 */
export function groupEquations(lines: TextLine[], bodySize: number): TextLine[] {
  const seeds = lines.filter((l) => l.fontSize >= 0.85 * bodySize && isFormulaLine(l, true));
  if (!seeds.length) return lines;
  // Where the body text itself is set in a "math" font, the font tells nothing: leave the page.
  let all = 0;
  let math = 0;
  for (const g of lines.flatMap((l) => l.glyphs ?? [])) {
    all++;
    if (g.style.math) math++;
  }
  if (math > all / 2) return lines;
  const used = new Set<TextLine>();
  const replacement = new Map<TextLine, TextLine>();
  const prose = lines.filter((l) => proseWords(l) >= 3);
  const proseSet = new Set(prose);
  // Running text: prose, and formula lines continuing it; their scripts are inline too.
  const running = [...prose, ...lines.filter((l) => !proseSet.has(l) && isInlineMath(l, prose))];
  // What each line can be in an equation does not depend on the equation: decide it once.
  const formulas = new Set(lines.filter((l) => isFormulaLine(l)));
  const pieces = new Set(lines.filter((l) => formulas.has(l) || isFragment(l)));
  // Limits and exponents are smaller than the text: they join an equation, never start one.
  for (const seed of seeds) {
    if (used.has(seed) || isInlineMath(seed, running)) continue;
    const members = [seed];
    used.add(seed);
    const size = Math.max(seed.fontSize, 1);
    let box: Box = [...seed.box];
    for (let grew = true; grew; ) {
      grew = false;
      for (const line of lines) {
        if (used.has(line) || !pieces.has(line)) continue;
        const gapY = Math.max(line.box[1] - box[3], box[1] - line.box[3]);
        const gapX = Math.max(line.box[0] - box[2], box[0] - line.box[2]);
        // On the formula's row, pieces join across a gap of up to two quads (a big bracket
        // drawn as a path leaves a hole). Whole formula lines of body size above or below
        // are separate equations unless they touch (a fraction's numerator and denominator);
        // smaller fragments (limits, exponents) join from a little further away.
        const sameRow = Math.min(line.box[3], box[3]) - Math.max(line.box[1], box[1]) > 0.3 * Math.min(line.box[3] - line.box[1], box[3] - box[1]);
        const fragment = !formulas.has(line) || line.fontSize < 0.85 * size;
        if (!fragment && isInlineMath(line, prose)) continue;
        const joins = sameRow ? gapX < 2 * size : gapX < size && gapY <= (fragment ? 0.6 : 0.1) * size;
        if (!joins) continue;
        members.push(line);
        used.add(line);
        box = [Math.min(box[0], line.box[0]), Math.min(box[1], line.box[1]), Math.max(box[2], line.box[2]), Math.max(box[3], line.box[3])];
        grew = true;
      }
    }
    // An equation number set apart on the same row, usually at the right margin.
    const number = lines.find(
      (l) => !used.has(l) && EQUATION_NUMBER.test(l.text) && l.box[1] < box[3] && l.box[3] > box[1] && l.box[0] >= box[2],
    );
    if (number) used.add(number);
    let latex = toLatex(members.flatMap((l) => l.glyphs ?? []));
    if (number) latex += ` \\tag{${number.text.replace(/[()\s]/g, '')}}`;
    const main = members.reduce((a, b) => ((b.glyphs?.length ?? 0) > (a.glyphs?.length ?? 0) ? b : a));
    const equation: TextLine = {
      text: latex,
      box: [box[0], box[1], number ? Math.max(box[2], number.box[2]) : box[2], box[3]],
      baseline: main.baseline,
      fontSize: main.fontSize,
      bold: false,
      italic: false,
      monospace: false,
      equation: true,
    };
    for (const m of members) replacement.set(m, equation);
    if (number) replacement.set(number, equation);
  }
  if (!replacement.size) return lines;
  const out: TextLine[] = [];
  const emitted = new Set<TextLine>();
  for (const line of lines) {
    const r = replacement.get(line) ?? line;
    if (emitted.has(r)) continue;
    emitted.add(r);
    out.push(r);
  }
  return out;
}
