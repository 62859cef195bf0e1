// Display equations on a PDF page: lines that are mathematics rather than prose, together with
// the fragments a typeset formula breaks into (raised exponents, fraction numerators and
// denominators, limits under a sum), joined into one line whose text is the LaTeX.
import type { Equation } from '../model/analysis.js';
import type { Box, Glyph, Page, TextLine } from '../model/document.js';
import { containsCentre } from '../model/geometry.js';
import { isListStart } from '../model/text.js';
import { entry } from '../model/trace.js';
import { NEXT_LINE_PITCH } from '../model/typography.js';
import { formulaLatex } from '../math/index.js';

/** A fraction bar or vinculum drawn as a filled box is at most this many ems thick. */
const RULE_THICKNESS = 0.15;
/** Limits and exponents are set at 0.7 of the text size: smaller than this share of it is script size. */
const SCRIPT_SIZE = 0.85;
/** A formula line holds at most one word of prose… */
const MAX_PROSE_WORDS = 1;
/** …and at least this share of math glyphs (symbols, digits, variables, brackets). */
const MIN_MATH_SHARE = 0.3;
/** A fragment (exponent, numerator, limit) is mostly math, or very short. */
const FRAGMENT_MATH_SHARE = 0.5;
const FRAGMENT_MAX_GLYPHS = 4;
/** Longer lines are not one formula (a paragraph with a relation in it). */
const MAX_FORMULA_GLYPHS = 200;
/** Prose lines hold this many words of four letters or more. */
const PROSE_LINE_WORDS = 3;
/** Where most of a page's glyphs are in a "math" font, the font tells nothing. */
const MATH_FONT_PAGE = 0.5;
/** On the formula's row, pieces join across this many ems (a big bracket drawn as a path leaves a hole). */
const ROW_JOIN = 2;
/** Above or below, pieces join within this many ems sideways, and this close vertically (fragments, whole lines). */
const STACK_REACH = 1;
const FRAGMENT_GAP = 0.6;
const LINE_GAP = 0.1;

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
  return words <= MAX_PROSE_WORDS && math >= 1 && mathShare(line) >= MIN_MATH_SHARE && glyphs.length <= MAX_FORMULA_GLYPHS;
}

/** A piece of a formula: short, no prose, mostly mathematics or very few glyphs. */
function isFragment(line: TextLine): boolean {
  const glyphs = line.glyphs;
  if (!glyphs?.length || line.rotated || line.monospace || proseWords(line) > 0 || isListStart(line.text)) return false;
  return (glyphs.length <= FRAGMENT_MAX_GLYPHS && !/\p{Ll}{2}/u.test(line.text)) || (mathShare(line) >= FRAGMENT_MATH_SHARE && glyphs.length <= 60) || (OPERATOR.test(line.text) && glyphs.length <= 20);
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
    return sameRow || (Math.abs(p.box[0] - line.box[0]) < 0.5 * size && pitch > 0 && pitch < NEXT_LINE_PITCH * size);
  });
}

/**
 * The display equations among a page's lines: each from a seed formula line of at least script
 * size and the pieces around it, with its LaTeX (an equation number at the right becomes
 * `\tag{n}`). An equation whose LaTeX cannot be built is not proposed: its lines stay text.
 */
export function detectEquations(lines: readonly TextLine[], bodySize: number, page: Pick<Page, 'rules' | 'graphics'> = {}): Equation[] {
  const seeds = lines.filter((l) => l.fontSize >= SCRIPT_SIZE * bodySize && isFormulaLine(l, true));
  if (!seeds.length) return [];
  let all = 0;
  let math = 0;
  for (const g of lines.flatMap((l) => l.glyphs ?? [])) {
    all++;
    if (g.style.math) math++;
  }
  if (math > all * MATH_FONT_PAGE) return [];
  const used = new Set<TextLine>();
  const equations: Equation[] = [];
  const prose = lines.filter((l) => proseWords(l) >= PROSE_LINE_WORDS);
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
    const size = Math.max(seed.fontSize, 1);
    let box: Box = [...seed.box];
    for (let grew = true; grew; ) {
      grew = false;
      for (const line of lines) {
        if (used.has(line) || members.includes(line) || !pieces.has(line)) continue;
        const gapY = Math.max(line.box[1] - box[3], box[1] - line.box[3]);
        const gapX = Math.max(line.box[0] - box[2], box[0] - line.box[2]);
        // Whole formula lines of body size above or below are separate equations unless they
        // touch (a fraction's numerator and denominator); smaller fragments (limits, exponents)
        // join from a little further away.
        const sameRow = Math.min(line.box[3], box[3]) - Math.max(line.box[1], box[1]) > 0.3 * Math.min(line.box[3] - line.box[1], box[3] - box[1]);
        const fragment = !formulas.has(line) || line.fontSize < SCRIPT_SIZE * size;
        if (!fragment && isInlineMath(line, prose)) continue;
        const joins = sameRow ? gapX < ROW_JOIN * size : gapX < STACK_REACH * size && gapY <= (fragment ? FRAGMENT_GAP : LINE_GAP) * size;
        if (!joins) continue;
        members.push(line);
        box = [Math.min(box[0], line.box[0]), Math.min(box[1], line.box[1]), Math.max(box[2], line.box[2]), Math.max(box[3], line.box[3])];
        grew = true;
      }
    }
    // An equation number set apart on the same row, usually at the right margin.
    const number = lines.find(
      (l) => !used.has(l) && !members.includes(l) && EQUATION_NUMBER.test(l.text) && l.box[1] < box[3] && l.box[3] > box[1] && l.box[0] >= box[2],
    );
    const region: Box = [box[0], box[1], number ? Math.max(box[2], number.box[2]) : box[2], box[3]];
    const { latex, fallback } = formulaLatex({ glyphs: regionGlyphs(lines, region), rules: regionRules(page, region, size) });
    if (!latex) continue; // nothing readable: its lines stay text
    for (const m of members) used.add(m);
    if (number) used.add(number);
    equations.push({
      box: region,
      lines: number ? [...members, number] : members,
      latex,
      trace: [entry('equations', 'equation.formula-lines', { lines: members.length, numbered: number !== undefined, fallback })],
    });
  }
  return equations;
}

/** Every glyph of the lines whose centre lies in the region: numerators, limits and scripts come as lines of their own. */
function regionGlyphs(lines: readonly TextLine[], region: Box): Glyph[] {
  return lines.flatMap((l) => (l.glyphs ?? []).filter((g) => containsCentre(region, [g.x0, g.y0, g.x1, g.y1])));
}

/** The horizontal rules in the region (fraction bars, vinculums), drawn as lines or as thin boxes. */
function regionRules(page: Pick<Page, 'rules' | 'graphics'>, region: Box, size: number): Box[] {
  const thin = (page.graphics ?? []).filter((b) => b[3] - b[1] <= RULE_THICKNESS * size && b[2] - b[0] > b[3] - b[1]);
  return [...(page.rules ?? []).filter((r) => r[1] === r[3]), ...thin].filter((b) => containsCentre(region, b));
}
