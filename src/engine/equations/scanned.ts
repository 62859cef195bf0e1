// Display equations on a scanned page. OCR gives lines of text without glyphs, so a formula
// cannot be rebuilt from its characters' positions as on a PDF page; what tells a display is
// its setting: rows that are not prose, set in from the column's left edge, holding a relation
// (=, ≤, ∈ …) or an equation number at the right, with the scripts, limits and fraction parts
// the recognizer read as small lines of their own around them. The display's LaTeX is the
// recognizer's text spelled in LaTeX (symbols named, words in \text, the number as \tag): the
// best the page's text tells, and it keeps formulas out of the paragraphs around them.
import type { Equation } from '../model/analysis.js';
import type { Box, TextLine } from '../model/document.js';
import { unionOf } from '../model/geometry.js';
import { middle } from '../model/numbers.js';
import { entry } from '../model/trace.js';
import { FUNCTION_NAMES, katexParses, symbolOf, textLatex } from '../math/index.js';

/** An equation number alone: "(12)", "(3.4)", "(2a)". */
export const EQUATION_NUMBER = /^\(\s*\d{1,3}(\.\d{1,3})*[a-z]?\s*\)$/;
/** An equation number the recognizer read on the formula's own line, after a space. */
const TRAILING_NUMBER = /\s\(\s*(\d{1,3}(?:\.\d{1,3})*[a-z]?)\s*\)$/;
/** A relation: every scanned display states one (or an assignment, ":="), or is numbered. */
export const RELATION = /[=<>≤≥≦≧≈≡≠∼≃≅∝≪≫→⇒⇔↦∈∉⊂⊆⊃⊇]/u;
/** A word of prose as the recognizer reads one: four letters or more, lower case after the first. */
const PROSE_TOKEN = /^(?:\p{Lu}\p{Ll}{3,}|\p{Ll}{4,})$/u;
/** A word set in a formula as text ("for", "since"): three letters or more, lower case after the first. */
const TEXT_WORD = /^\p{L}\p{Ll}{2,}$/u;
/** A line with this many prose words is a sentence's line, never a formula's. */
const PROSE_LINE_WORDS = 3;
/**
 * A display is set in from its column's left edge by this many ems at least (LaTeX centres it;
 * books indent it): a paragraph's first line is indented one to two ems, and a line at the edge
 * is a paragraph's ("where x = 3.", "Hence u ≤ 0 in U.").
 */
const DISPLAY_INDENT = 2;
/** Rows of one display are at most this many ems apart (scripts, limits, fraction parts, aligned rows). */
const ROW_GAP = 0.8;
/** A piece of a formula the recognizer read alone (an index "i,j", a limit, a superscript) is this short. */
const FRAGMENT_CHARS = 4;

interface Row {
  lines: TextLine[];
  box: Box;
}

/** The left and right edges of the column a line stands in. */
type Column = [number, number];

/** The type size of an OCR line: its x-height band's when measured, else its box's. */
const sizeOf = (l: TextLine) => l.inkSize ?? l.fontSize;

function proseWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/)) if (PROSE_TOKEN.test(token.replace(/^[("'[]+|[)"'\].,;:!?]+$/g, ''))) n++;
  return n;
}

const isProse = (l: TextLine) => proseWords(l.text) >= PROSE_LINE_WORDS;
const isNumber = (l: TextLine) => EQUATION_NUMBER.test(l.text.trim());

/**
 * The column a line stands in, from the nearest prose lines above and below whose span covers
 * the line's start: the two together where their left edges agree (one may be a paragraph's
 * indented first line), else the nearer (the other may be a full-width block over two columns);
 * undefined where no prose line tells.
 */
function columnOf(line: TextLine, prose: readonly TextLine[], em: number): Column | undefined {
  const over = prose.filter((p) => p.box[0] <= line.box[0] + em && p.box[2] >= line.box[0]);
  const above = over.filter((p) => p.box[1] < line.box[1]).sort((a, b) => b.box[1] - a.box[1])[0];
  const below = over.filter((p) => p.box[1] > line.box[1]).sort((a, b) => a.box[1] - b.box[1])[0];
  const edges = (...ps: TextLine[]): Column => [Math.min(...ps.map((p) => p.box[0])), Math.max(...ps.map((p) => p.box[2]))];
  if (!above || !below) return above || below ? edges((above ?? below)!) : undefined;
  if (Math.abs(above.box[0] - below.box[0]) < DISPLAY_INDENT * em) return edges(above, below);
  return edges(line.box[1] - above.box[3] <= below.box[1] - line.box[3] ? above : below);
}

/** Code rather than mathematics: a row ending in a colon, naming a member ("entry.score") or opening with a keyword. */
const CODE_ROW = /:\s*$|[A-Za-z_]{2,}\.[A-Za-z_]{2,}|^(for|if|elif|else|while|return|def|class|import|from|print|var|let|const|function)\b/;
/** A variable or function of code: a lower-case name of five letters or more assigned or called ("result = []", "append(x)"). */
const CODE_NAME = /\b([a-z_][a-z_]{4,})\s*(?:=(?!=)|\()/g;
/** A display whose rows read as code in this share is a listing. */
const CODE_ROWS = 0.5;

function codeRow(text: string): boolean {
  if (CODE_ROW.test(text.trim())) return true;
  for (const [, name] of text.matchAll(CODE_NAME)) if (!FUNCTION_NAMES.has(name!)) return true;
  return false;
}

/** Display equations among a scanned page's lines (lines without glyphs). */
export function scannedDisplays(lines: readonly TextLine[], bodySize: number): Equation[] {
  const usable = lines.filter((l) => !l.rotated && l.text.trim());
  const prose = usable.filter(isProse);
  const em = middle(prose.map(sizeOf)) ?? bodySize;
  if (!(em > 0)) return [];
  const columns = new Map(usable.map((l) => [l, columnOf(l, prose, em)]));
  const setIn = (l: TextLine) => {
    const column = columns.get(l);
    return column !== undefined && l.box[0] - column[0] >= DISPLAY_INDENT * em;
  };
  const fragment = (l: TextLine) => l.text.trim().length <= FRAGMENT_CHARS;
  // A formula line with what stands on its row within its column (its equation number, pieces
  // the recognizer read apart), never the other column's lines.
  const inColumn = (column: Column, l: TextLine) => {
    const centre = (l.box[0] + l.box[2]) / 2;
    return centre >= column[0] - em && centre <= column[1] + em;
  };
  const onRow = (a: Box, b: Box) => Math.min(a[3], b[3]) - Math.max(a[1], b[1]) >= 0.5 * Math.min(a[3] - a[1], b[3] - b[1]);
  // A row is a formula's when none of its lines is prose and every line but a number or a
  // fragment is set in from the column's edge.
  const formulaRow = (r: Row) => r.lines.every((l) => !isProse(l) && (isNumber(l) || setIn(l) || fragment(l))) && r.lines.some((l) => !isNumber(l));
  const rowAt = (line: TextLine, column: Column): Row => {
    const members = usable.filter((l) => l === line || (onRow(l.box, line.box) && inColumn(column, l))).sort((a, b) => a.box[0] - b.box[0]);
    return { lines: members, box: unionOf(members) };
  };
  const taken = new Set<TextLine>();
  const equations: Equation[] = [];
  const onMemberRow = (members: Row[], l: TextLine) => members.some((m) => m.lines.includes(l));
  const centreY = (b: Box) => (b[1] + b[3]) / 2;
  for (const line of [...usable].sort((a, b) => a.box[1] - b.box[1])) {
    const column = columns.get(line);
    if (taken.has(line) || !column || (fragment(line) && !isNumber(line))) continue;
    const seed = rowAt(line, column);
    if (seed.lines.some((l) => taken.has(l))) continue;
    if (isNumber(line)) {
      // An equation number at the column's right edge with at most pieces of a formula on its
      // row: the formula was read only in pieces (the recognizer's detector misses rows of
      // large operators and fractions), found around it below.
      if (seed.lines.at(-1) !== line || line.box[2] < column[1] - em || (seed.lines.length > 1 && !formulaRow(seed))) continue;
    } else {
      if (!setIn(line) || !formulaRow(seed)) continue;
      // A relation, or a numbered row.
      if (!RELATION.test(line.text) && !line.text.includes(':=') && !TRAILING_NUMBER.test(line.text) && !(seed.lines.length > 1 && isNumber(seed.lines.at(-1)!))) continue;
    }
    // Grow over the formula rows next to it in its column, up and down, while they stand close.
    const members = [seed];
    const next = (from: Row, up: boolean): Row | undefined => {
      const middle = centreY(from.box);
      const candidates = usable.filter((l) => !taken.has(l) && !onMemberRow(members, l) && inColumn(column, l) && (up ? centreY(l.box) < middle : centreY(l.box) > middle));
      const nearest = candidates.sort((a, b) => (up ? b.box[3] - a.box[3] : a.box[1] - b.box[1]))[0];
      if (!nearest || (up ? from.box[1] - nearest.box[3] : nearest.box[1] - from.box[3]) > ROW_GAP * em) return undefined;
      const row = rowAt(nearest, column);
      return formulaRow(row) && !row.lines.some((l) => taken.has(l) || onMemberRow(members, l)) ? row : undefined;
    };
    for (let r = next(seed, true); r; r = next(r, true)) members.unshift(r);
    for (let r = next(members.at(-1)!, false); r; r = next(r, false)) members.push(r);
    if (!members.some((r) => r.lines.some((l) => !isNumber(l)))) continue;
    const texts = members.map((r) => r.lines.map((l) => l.text).join(' '));
    if (texts.filter(codeRow).length >= CODE_ROWS * members.length) continue;
    for (const r of members) for (const l of r.lines) taken.add(l);
    const { latex, tag } = displayLatex(members);
    const memberLines = members.flatMap((r) => r.lines);
    equations.push({
      box: unionOf(memberLines),
      lines: memberLines,
      latex,
      trace: [entry('equations', 'display.scanned', { rows: members.length, ...(tag ? { tag } : {}) })],
    });
  }
  return equations;
}

/** The display's LaTeX from its rows' text, its equation number as \tag. */
function displayLatex(rows: readonly Row[]): { latex: string; tag?: string } {
  let tag: string | undefined;
  const texts = rows.map((r) => {
    const parts = r.lines.filter((l) => {
      if (!isNumber(l)) return true;
      tag = l.text.trim().slice(1, -1).trim();
      return false;
    });
    let text = parts.map((l) => l.text.trim()).join(' ');
    const trailing = TRAILING_NUMBER.exec(text);
    if (trailing && r === rows.at(-1)) {
      tag = trailing[1];
      text = text.slice(0, trailing.index);
    }
    return text;
  });
  const body = texts.filter(Boolean).map(ocrLatex);
  const math = body.length > 1 ? `\\begin{gathered}${body.join(' \\\\ ')}\\end{gathered}` : (body[0] ?? '');
  const withTag = tag ? `${math} \\tag{${tag}}` : math;
  if (katexParses(withTag)) return { latex: withTag, tag };
  const plain = textLatex(texts.join(' '));
  return { latex: katexParses(plain) ? plain : '', tag };
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/** One row of recognized text spelled in LaTeX: words in \text, function names as operators, symbols by name. */
export function ocrLatex(text: string): string {
  const out: string[] = [];
  let words: string[] = [];
  const flushWords = () => {
    if (words.length) out.push(textLatex(` ${words.join(' ')} `));
    words = [];
  };
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const bare = token.replace(/[.,;:]+$/, '');
    if (TEXT_WORD.test(bare) && !FUNCTION_NAMES.has(bare)) {
      words.push(token);
      continue;
    }
    flushWords();
    out.push(tokenLatex(token));
  }
  flushWords();
  return out.join(' ');
}

function tokenLatex(token: string): string {
  let out = '';
  const chars = [...token];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const sup = SUPERSCRIPTS.indexOf(ch);
    const sub = SUBSCRIPTS.indexOf(ch);
    if (sup >= 0 || sub >= 0) {
      // A run of script digits is one script.
      const set = sup >= 0 ? SUPERSCRIPTS : SUBSCRIPTS;
      let digits = '';
      while (i < chars.length && set.includes(chars[i]!)) digits += set.indexOf(chars[i++]!);
      i--;
      out += `${sup >= 0 ? '^' : '_'}{${digits}}`;
      continue;
    }
    // A function name spelled out (sin, log, max) is an operator.
    const name = /^[a-z]+/.exec(chars.slice(i).join(''))?.[0];
    if (name && FUNCTION_NAMES.has(name) && !/[a-z]/i.test(chars[i - 1] ?? '')) {
      out += `\\${name} `;
      i += name.length - 1;
      continue;
    }
    const latex = symbolOf(ch).latex;
    out += /^\\[a-zA-Z]+$/.test(latex) ? `${latex} ` : latex;
  }
  return out.trim();
}
