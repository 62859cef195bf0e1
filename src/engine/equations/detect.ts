// Display equations on a PDF page: lines that are mathematics rather than prose, together with
// the fragments a typeset formula breaks into (raised exponents, fraction numerators and
// denominators, limits under a sum), joined into one line whose text is the LaTeX.
import type { Equation } from '../model/analysis.js';
import type { Box, Glyph, Page, TextLine } from '../model/document.js';
import { containsCentre } from '../model/geometry.js';
import { entry } from '../model/trace.js';
import { glyphsOf, NEXT_LINE_PITCH } from '../model/typography.js';
import { formulaLatex, FUNCTION_NAMES, lineSize } from '../math/index.js';
import { isMathFont } from '../model/math-fonts.js';
import { EQUATION_NUMBER, RELATION, scannedDisplays } from './scanned.js';

/** A fraction bar or vinculum drawn as a filled box is at most this many ems thick. */
const RULE_THICKNESS = 0.15;
/** Limits and exponents are set at 0.7 of the text size: smaller than this share of it is script size. */
const SCRIPT_SIZE = 0.85;
/** A formula line holds at most one word of prose… */
const MAX_PROSE_WORDS = 1;
/** …and at least this share of math glyphs (symbols, digits, variables, brackets). */
const MIN_MATH_SHARE = 0.3;
/** Columns of lines are a matrix rather than a table when this share of their glyphs is in a math font. */
const MATH_TABLE_SHARE = 0.3;
/** Columns holding an equation number are a display when at most this share of their lines is prose (a paragraph's line aligned under it). */
const MAX_TABLE_PROSE_SHARE = 1 / 3;
/** A display without a relation, an operator or a number is mostly math glyphs. */
const DISPLAY_MATH_SHARE = 0.5;
/** Longer lines are not one formula (a paragraph with a relation in it). */
const MAX_FORMULA_GLYPHS = 200;
/** Prose lines hold this many words of four letters or more. */
const PROSE_LINE_WORDS = 3;
/** Where most of a page's glyphs are in a "math" font, the font tells nothing. */
const MATH_FONT_PAGE = 0.5;
/** On the formula's row, pieces join across this many ems (a big bracket drawn as a path leaves a hole). */
const ROW_JOIN = 2;
/**
 * Above or below, pieces join within the display's column and this close vertically (rows of an
 * alignment are a line's leading plus \jot apart, more around fractions); without text lines
 * of the column, the column is the seed widened by this many ems sideways.
 */
const STACK_GAP = 1.2;
const STACK_REACH = 1;
/** Text lines this close (em) over or under a display's first line tell its column's extent. */
const COLUMN_LINES_REACH = 4;
/** A fraction's parts stand at most this far (em) over and under its bar. */
const BAR_CLEARANCE = 0.6;
/** Pieces this close (em) one above the other touch: an inline fraction's parts around their bar. */
const TOUCHING = 0.15;

/** Words of prose: four or more letters that are not a function name typed in an equation. */
const PROSE_WORD = /\p{L}{4,}/gu;
const FUNCTION_WORD = /^(arcsin|arccos|arctan|sinh|cosh|tanh|liminf|limsup)$/;

/**
 * Whether the extractor's math-font flag is believed on the page being read: where it marks most
 * glyphs (a text font it takes for a math font, as STIX Two Text), only font names are.
 */
let mathFlagTrusted = true;

/** Set in a math font: by the extractor's flag, or by the font's name (newtx's NewTXMI, txsys…). */
function inMathFont(g: Glyph): boolean {
  return (mathFlagTrusted && g.style.math) || isMathFont(g.font);
}

/** A glyph with its math flag as believed on the page. */
function trusted(g: Glyph): Glyph {
  return mathFlagTrusted || !g.style.math ? g : { ...g, style: { ...g.style, math: isMathFont(g.font) } };
}

/** Most of the glyphs flagged math: the flag tells nothing on this page. */
export function mathFlagUntrusted(glyphs: readonly Glyph[]): boolean {
  let flagged = 0;
  for (const g of glyphs) if (g.style.math) flagged++;
  return flagged > MATH_FONT_PAGE * glyphs.length;
}

function isMathGlyph(g: Glyph): boolean {
  if (inMathFont(g)) return true;
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
/** Whether the character is a letter (\p{L}); ASCII ones by their code, without the regex (asked for every glyph). */
export function isLetter(code: number, ch: string): boolean {
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return /\p{L}/u.test(ch);
}

function proseWords(line: TextLine): number {
  const glyphs = line.glyphs;
  if (!glyphs) return (line.text.match(PROSE_WORD) ?? []).length;
  // In a short piece of a formula, italic letters next to math-font glyphs are variables
  // (mathpazo and others set them in the text italic font).
  const inMath = glyphs.length <= 12 && glyphs.some(inMathFont);
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
    if (!inMathFont(g) && !(inMath && g.style.italic) && isLetter(g.code, ch)) word += ch;
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

/**
 * Whether a group of lines set apart from the text is a displayed formula: mathematics (a math
 * glyph, mostly math), at most a word of prose a line ("otherwise" in cases; an equation
 * number or a decimal starting a line is no list item here);
 * and either a relation or an operator, mostly math glyphs, or an equation number beside it.
 */
function isDisplay(members: readonly TextLine[], numbered: boolean): { display: boolean; values: Record<string, number | boolean> } {
  const glyphs = glyphsOf(members);
  const text = members.map((l) => l.text).join(' ');
  const words = Math.max(...members.map(proseWords));
  const share = glyphs.length ? members.reduce((n, l) => n + mathShare(l) * (l.glyphs?.length ?? 0), 0) / glyphs.length : 0;
  const relation = RELATION.test(text) || /[∑∏∫∮∂∇√]/u.test(text);
  const display =
    glyphs.some(isMathGlyph) &&
    words <= MAX_PROSE_WORDS &&
    share >= MIN_MATH_SHARE &&
    glyphs.length <= MAX_FORMULA_GLYPHS &&
    (relation || numbered || share >= DISPLAY_MATH_SHARE);
  return { display, values: { mathShare: share, proseWords: words, relation, numbered } };
}

/** Text of the paragraph around a display: a word gap wider than this (em) is not a word space. */
const WORD_SPACE = 0.8;
/** An underfull justified line stretches its word spaces up to this many ems. */
const STRETCHED_SPACE = 4;

/**
 * A formula inside running text rather than displayed: it shares its row with a line of text
 * (within a word space of it), or it is the next line of a paragraph (same left edge, ordinary
 * line pitch below a line of text: a paragraph's last line "is." under a line the text layer cut
 * around an inline formula, whose first piece holds a word or two).
 */
function isInlineMath(line: TextLine, prose: readonly TextLine[]): boolean {
  const size = lineSize(line);
  // An equation number alone at the column's left edge under a paragraph is no line of it: TeX
  // sets the number of a formula too wide for it (leqno) on a row of its own over the formula.
  const number = EQUATION_NUMBER.test(line.text.trim());
  return prose.some((p) => {
    if (p === line) return false;
    const pitch = line.baseline - p.baseline;
    return onRowOf(line, p) || (!number && Math.abs(p.box[0] - line.box[0]) < 0.5 * size && pitch > 0 && pitch < NEXT_LINE_PITCH * size);
  });
}

/** Pieces of one row of a paragraph have their baselines this close (em). */
const ROW_BASELINE = 0.3;

/** Within a word space of another line on its row. */
function onRowOf(line: TextLine, p: TextLine): boolean {
  const size = lineSize(line);
  return p !== line && p.box[1] < line.box[3] + 0.2 * size && p.box[3] > line.box[1] - 0.2 * size && p.box[0] < line.box[2] + WORD_SPACE * size && p.box[2] > line.box[0] - WORD_SPACE * size;
}

/**
 * Running text: the text lines, the formula lines continuing them, and the pieces on the rows of
 * those (the text layer cuts a paragraph's last line "$\tan^2(\ddot\Delta)$ is." into a piece
 * under the line above and the rest of its row).
 */
function runningLines(lines: readonly TextLine[], text: ReadonlySet<TextLine>): Set<TextLine> {
  const inline = lines.filter((l) => !text.has(l) && isInlineMath(l, [...text]));
  const running = new Set([...text, ...inline]);
  for (const queue = [...inline]; queue.length; ) {
    const piece = queue.pop()!;
    for (const l of lines) {
      // On the piece's baseline: a display's row (a numerator, under the paragraph) is not.
      if (running.has(l) || !onRowOf(l, piece) || Math.abs(l.baseline - piece.baseline) > ROW_BASELINE * lineSize(piece)) continue;
      running.add(l);
      queue.push(l);
    }
  }
  return running;
}

/**
 * Prose lines: those with words of prose whose row of text (lines on the same baseline, at most
 * a stretched word space apart, inline formulas between them) holds a prose line's worth of words; the text
 * layer cuts a paragraph's line into pieces around inline formulas.
 */
function proseLines(lines: readonly TextLine[]): TextLine[] {
  const words = new Map(lines.map((l) => [l, proseWords(l)]));
  const byX = [...lines].sort((a, b) => a.box[0] - b.box[0]);
  const chainOf = new Map<TextLine, TextLine[]>();
  for (const line of byX) {
    const size = lineSize(line);
    // Lines on other baselines ruled out first (every line is tried against every other).
    const left = byX.find((o) => Math.abs(o.baseline - line.baseline) < 0.3 * size && o !== line && line.box[0] - o.box[2] < STRETCHED_SPACE * size && line.box[0] - o.box[2] > -0.5 * size && chainOf.has(o) && chainOf.get(o)!.at(-1) === o);
    const chain = left ? chainOf.get(left)! : [];
    chain.push(line);
    chainOf.set(line, chain);
  }
  return lines.filter((l) => {
    const own = words.get(l)!;
    if (own >= PROSE_LINE_WORDS) return true;
    return own >= 1 && chainOf.get(l)!.reduce((n, o) => n + words.get(o)!, 0) >= PROSE_LINE_WORDS;
  });
}

/**
 * A line of the paragraphs around displays: prose, or a short line starting at the left edge of
 * a prose line of its column with a word of prose ("where" after a display) or only words of a
 * text font (a paragraph's last line "the.", also at the top of a page with no line above), or a
 * short line with a word of prose at an ordinary pitch under a prose line it lies within (a
 * paragraph's last line that an inline formula starts).
 */
function isTextLine(line: TextLine, prose: readonly TextLine[], starts: readonly TextLine[]): boolean {
  if (prose.includes(line)) return true;
  const words = proseWords(line);
  if (words < 1 && !textWords(line) && !startsWithWord(line)) return false;
  const size = lineSize(line);
  const sameSize = (p: TextLine) => p !== line && Math.abs(lineSize(p) - size) < 0.2 * size;
  if (starts.some((p) => sameSize(p) && Math.abs(p.box[0] - line.box[0]) < 0.5 * size)) return true;
  return words >= 1 && prose.some((p) => sameSize(p) && line.baseline - p.baseline > 0 && line.baseline - p.baseline < NEXT_LINE_PITCH * size && line.box[0] >= p.box[0] - 0.5 * size && line.box[2] <= p.box[2] + 0.5 * size);
}

/**
 * Prose lines that start their row: nothing on their baseline ends a stretched word space or less
 * left of them. Their left edges are the column's; a piece of a row the text layer cut after an
 * inline formula starts anywhere (a cases row's "otherwise" stood under one).
 */
function rowStarts(lines: readonly TextLine[], prose: readonly TextLine[]): TextLine[] {
  return prose.filter((p) => {
    const size = lineSize(p);
    return !lines.some((o) => o !== p && Math.abs(o.baseline - p.baseline) < 0.3 * size && o.box[0] < p.box[0] && p.box[0] - o.box[2] < STRETCHED_SPACE * size);
  });
}

/** A word of a text font, two letters or more and no operator name, then a word space: a row of a paragraph starting ("As on $P$…"). */
function startsWithWord(line: TextLine): boolean {
  const glyphs = line.glyphs ?? [];
  let word = '';
  for (const [i, g] of glyphs.entries()) {
    const ch = String.fromCodePoint(g.code);
    if (isMathGlyph(g) || g.style.italic || !/\p{L}/u.test(ch)) return false;
    word += ch;
    const next = glyphs[i + 1];
    if (!next || next.x0 - g.x1 > 0.2 * g.size) return word.length >= 2 && !!next && !FUNCTION_NAMES.has(word);
  }
  return false;
}

/** Letters of a text font and punctuation only, two letters or more, no operator name (max, sin): words, however short. */
function textWords(line: TextLine): boolean {
  const glyphs = line.glyphs ?? [];
  const letters = glyphs.filter((g) => /\p{L}/u.test(String.fromCodePoint(g.code))).length;
  if (letters < 2 || !glyphs.every((g) => !isMathGlyph(g) && !g.style.italic && /[\p{L}.,;:]/u.test(String.fromCodePoint(g.code)))) return false;
  return !line.text.split(/[^\p{L}]+/u).some((w) => FUNCTION_NAMES.has(w));
}

/**
 * The display equations among a page's lines. Lines of the paragraphs (prose, and formulas
 * inline in it) are set aside; each group of the other lines that hang together (on a row, or
 * stacked in the column within a row's spacing, with no text between) and read as mathematics
 * is one display, with its LaTeX (an equation number at the right becomes `\tag{n}`). A group
 * whose LaTeX cannot be built is not proposed: its lines stay text.
 */
export function detectEquations(lines: readonly TextLine[], bodySize: number, page: Pick<Page, 'rules' | 'graphics'> = {}): Equation[] {
  const glyphs = glyphsOf(lines);
  // A scanned page's lines have no glyphs: its displays are told by their setting.
  if (!glyphs.length) return scannedDisplays(lines, bodySize);
  mathFlagTrusted = !mathFlagUntrusted(glyphs);
  try {
    // Where even the fonts' names make most of the page math, they tell nothing either.
    let inMath = 0;
    for (const g of glyphs) if (inMathFont(g)) inMath++;
    if (inMath > MATH_FONT_PAGE * glyphs.length) return [];
    return findDisplays(lines, bodySize, page);
  } finally {
    mathFlagTrusted = true;
  }
}

function findDisplays(lines: readonly TextLine[], bodySize: number, page: Pick<Page, 'rules' | 'graphics'>): Equation[] {
  const used = new Set<TextLine>();
  const equations: Equation[] = [];
  const prose = proseLines(lines);
  const starts = rowStarts(lines, prose);
  const text = new Set(lines.filter((l) => isTextLine(l, prose, starts)));
  // Running text: prose, and formula lines continuing it; their scripts are inline too.
  const runningSet = runningLines(lines, text);
  // The text's size from its glyphs, as the lines' sizes are measured (a line's own size may
  // come from a font's loose box); the caller's figure when there is no prose.
  const sizes = prose.map(lineSize).sort((a, b) => a - b);
  const textSize = sizes[sizes.length >> 1] ?? bodySize;
  // Limits and exponents are smaller than the text: they join a display, never start one.
  const seeds = lines.filter((l) => l.glyphs?.length && !l.rotated && !l.monospace && !runningSet.has(l) && lineSize(l) >= SCRIPT_SIZE * textSize);
  const bars = regionRules(page, [-Infinity, -Infinity, Infinity, Infinity], textSize);
  // A piece touching a piece of a text line's row, beside it or over it, or across a bar from
  // it, is part of that row too (an inline fraction's parts and their scripts, which reach into
  // the row or out of it).
  const across = (a: Box, b: Box) => Math.min(a[2], b[2]) > Math.max(a[0], b[0]);
  const touches = (line: TextLine, p: TextLine) => {
    const em = lineSize(line);
    const gapY = Math.max(p.box[1] - line.box[3], line.box[1] - p.box[3]);
    if (gapY < 0 && Math.max(p.box[0] - line.box[2], line.box[0] - p.box[2]) < TOUCHING * em) return true;
    if (!across(p.box, line.box)) return false;
    if (gapY < TOUCHING * em) return true;
    const [upper, lower] = p.box[1] >= line.box[3] ? [line.box, p.box] : [p.box, line.box];
    return bars.some((r) => across(r, upper) && across(r, lower) && r[1] - upper[3] > -0.1 * em && r[1] - upper[3] < BAR_CLEARANCE * em && lower[1] - r[3] > -0.1 * em && lower[1] - r[3] < BAR_CLEARANCE * em);
  };
  // The pieces of the text rows of a column, by the column's extent.
  const rowPiecesOf = new Map<string, Set<TextLine>>();
  for (const seed of seeds) {
    if (used.has(seed)) continue;
    const members = [seed];
    const size = lineSize(seed);
    let box: Box = [...seed.box];
    let numbers: TextLine[] = [];
    // The display's column: the extent of the text lines over or under it (the other column of a
    // two-column page is not), else the seed itself widened by the sideways reach.
    const over = [...text].filter((t) => t.box[0] < seed.box[2] && t.box[2] > seed.box[0]);
    // The nearest text line above and below (a heading across both columns is not the column).
    const above = over.filter((t) => t.box[3] <= seed.box[1]).sort((a, b) => b.box[3] - a.box[3])[0];
    const below = over.filter((t) => t.box[1] >= seed.box[3]).sort((a, b) => a.box[1] - b.box[1])[0];
    // With the other text lines of the column close over or under it: a paragraph's last line
    // above a display may be short, and the row under it cut around inline formulas.
    const close = over.filter((t) => Math.max(t.box[1] - seed.box[3], seed.box[1] - t.box[3]) < COLUMN_LINES_REACH * size);
    const near = [above, below, ...close].filter((t): t is TextLine => t !== undefined).flatMap((t) => textRow(t, text));
    const column: [number, number] = near.length ? [Math.min(...near.map((t) => t.box[0])), Math.max(...near.map((t) => t.box[2]))] : [seed.box[0] - STACK_REACH * size, seed.box[2] + STACK_REACH * size];
    // On the row of a text line of the column: a piece of that line (an inline formula's scripts
    // or fraction parts the text layer set apart), or the display a piece of a paragraph.
    const onTextRow = (b: Box) => [...text].some((t) => t.box[0] < column[1] && t.box[2] > column[0] && Math.min(t.box[3], b[3]) - Math.max(t.box[1], b[1]) > 0.3 * Math.min(t.box[3] - t.box[1], b[3] - b[1]));
    const key = column.join(' ');
    let rowPieces = rowPiecesOf.get(key);
    if (!rowPieces) {
      const ofColumn = lines.filter((l) => !text.has(l) && l.glyphs?.length && l.box[0] < column[1] && l.box[2] > column[0]);
      const found = new Set(ofColumn.filter((l) => onTextRow(l.box)));
      for (const queue = [...found]; queue.length; ) {
        const p = queue.pop()!;
        for (const l of ofColumn) {
          if (found.has(l) || !touches(l, p)) continue;
          found.add(l);
          queue.push(l);
        }
      }
      rowPieces = found;
      rowPiecesOf.set(key, found);
    }
    if (rowPieces.has(seed)) continue;
    // A text line of the column between the display and a line keeps them apart.
    const textBetween = (b: Box, line: TextLine) => {
      const [top, bottom] = line.box[1] >= b[3] ? [b[3], line.box[1]] : [line.box[3], b[1]];
      return over.some((t) => (t.box[1] + t.box[3]) / 2 > top && (t.box[1] + t.box[3]) / 2 < bottom);
    };
    for (let grew = true; grew; ) {
      grew = false;
      for (const line of lines) {
        if (used.has(line) || members.includes(line) || numbers.includes(line) || text.has(line) || !line.glyphs?.length) continue;
        const gapY = Math.max(line.box[1] - box[3], box[1] - line.box[3]);
        const gapX = Math.max(line.box[0] - box[2], box[0] - line.box[2]);
        const sameRow = Math.min(line.box[3], box[3]) - Math.max(line.box[1], box[1]) > 0.3 * Math.min(line.box[3] - line.box[1], box[3] - box[1]);
        // An equation number set apart at the right of one of the rows.
        if (EQUATION_NUMBER.test(line.text.trim()) && line.box[0] >= box[2] - 0.01 && members.some((m) => m.box[1] < line.box[3] && m.box[3] > line.box[1])) {
          numbers.push(line);
          continue;
        }
        // Lines of a paragraph (and formulas inside one, and pieces on a text line's row) never join a display.
        if (runningSet.has(line) && !(sameRow && gapX < WORD_SPACE * size)) continue;
        if (rowPieces.has(line)) continue;
        // Any piece of the column that is not text within a row's spacing of the display joins it
        // (rows of an alignment, numerators and denominators, limits); on its rows, pieces
        // also join from a little outside the column (a wide formula in a narrow column).
        const inColumn = line.box[0] < column[1] && line.box[2] > column[0];
        const joins = (sameRow && gapX < ROW_JOIN * size) || (inColumn && gapY <= STACK_GAP * size && !textBetween(box, line));
        if (!joins) continue;
        members.push(line);
        box = [Math.min(box[0], line.box[0]), Math.min(box[1], line.box[1]), Math.max(box[2], line.box[2]), Math.max(box[3], line.box[3])];
        grew = true;
      }
      // Numbers found before the rows grew: keep only those still at the right of the formula.
      numbers = numbers.filter((n) => n.box[0] >= box[2] - 0.01);
    }
    const { display, values } = isDisplay(members, numbers.length > 0);
    if (!display) continue;
    // A display has its rows to itself: text of its column beside it makes it a piece of a paragraph.
    if (onTextRow(box)) continue;
    const region: Box = [box[0], box[1], Math.max(box[2], ...numbers.map((n) => n.box[2])), box[3]];
    const parts = [...members, ...numbers];
    const { latex, fallback } = formulaLatex({ glyphs: parts.flatMap((l) => l.glyphs ?? []).map(trusted), rules: regionRules(page, region, size) });
    if (!latex) continue; // nothing readable: its lines stay text
    for (const m of parts) used.add(m);
    equations.push({
      box: region,
      lines: parts,
      latex,
      trace: [entry('equations', 'equation.display-lines', { lines: members.length, numbers: numbers.length, fallback, ...values })],
    });
  }
  return equations;
}

/**
 * Pieces of a text line's row: the text layer cuts a line around an inline formula into pieces
 * that overlap or nearly touch (a paragraph's full width is its pieces' extent). The gap of a
 * two-column page's gutter (at least 1 em) keeps the other column's lines apart.
 */
const ROW_PIECE_GAP = 0.5;

function textRow(line: TextLine, text: ReadonlySet<TextLine>): TextLine[] {
  const size = lineSize(line);
  const row = [line];
  for (let grew = true; grew; ) {
    grew = false;
    const [x0, x1] = [Math.min(...row.map((t) => t.box[0])), Math.max(...row.map((t) => t.box[2]))];
    for (const t of text) {
      if (row.includes(t) || Math.abs(t.baseline - line.baseline) > 0.3 * size || Math.max(t.box[0] - x1, x0 - t.box[2]) > ROW_PIECE_GAP * size) continue;
      row.push(t);
      grew = true;
    }
  }
  return row;
}

/** The horizontal rules in the region (fraction bars, vinculums), drawn as lines or as thin boxes. */
function regionRules(page: Pick<Page, 'rules' | 'graphics'>, region: Box, size: number): Box[] {
  const thin = (page.graphics ?? []).filter((b) => b[3] - b[1] <= RULE_THICKNESS * size && b[2] - b[0] > b[3] - b[1]);
  // An overline or a radical's vinculum lies above its glyphs' boxes (TeX leaves 3 rule
  // thicknesses between): the region's rows reach a little above and below for rules.
  const reach: Box = [region[0], region[1] - RULE_REACH * size, region[2], region[3] + RULE_REACH * size];
  return [...(page.rules ?? []).filter((r) => r[1] === r[3]), ...thin].filter((b) => containsCentre(reach, b));
}

/** How far (em) above and below a display's lines its rules are looked for. */
const RULE_REACH = 0.25;

/**
 * Lines that are mathematics, not a table of values: a good share of their glyphs is set in a
 * math font, and no line is prose (a matrix, cases or an array found as aligned columns), or
 * only a few beside an equation number (an align and a paragraph's line aligned under it).
 */
export function isMathematics(lines: readonly TextLine[]): boolean {
  const prose = lines.filter((l) => proseWords(l) >= PROSE_LINE_WORDS);
  // A numbered display with a paragraph's line aligned under it: the prose is a minority.
  if (prose.length && !(lines.some((l) => EQUATION_NUMBER.test(l.text.trim())) && prose.length <= MAX_TABLE_PROSE_SHARE * lines.length)) return false;
  const glyphs = glyphsOf(lines.filter((l) => !prose.includes(l)));
  if (!glyphs.length) return false;
  // A numbered matrix or cases whose entries are mostly digits and a text font's letters (mathpazo,
  // mathdesign set variables in the text italic): the equation number stands right of every
  // cell (left of every cell with leqno), and some entry is mathematics.
  const numbers = lines.filter((l) => EQUATION_NUMBER.test(l.text.trim()));
  const cells = lines.filter((l) => !numbers.includes(l));
  const right = Math.max(...cells.map((l) => l.box[2]));
  const left = Math.min(...cells.map((l) => l.box[0]));
  if (!prose.length && numbers.length && cells.length && numbers.every((n) => n.box[0] >= right || n.box[2] <= left) && cells.flatMap((l) => l.glyphs ?? []).some(isMathGlyph)) return true;
  return glyphs.filter(inMathFont).length >= MATH_TABLE_SHARE * glyphs.length;
}

/** What the stage sees in each line (for debugging tools): text, inline (running), or other. */
export function lineRoles(lines: readonly TextLine[]): Map<TextLine, string> {
  const prose = proseLines(lines);
  const starts = rowStarts(lines, prose);
  const text = lines.filter((l) => isTextLine(l, prose, starts));
  const out = new Map<TextLine, string>();
  for (const l of lines) {
    out.set(l, `${text.includes(l) ? 'text' : isInlineMath(l, text) ? 'inline' : '-'} words=${proseWords(l)}`);
  }
  return out;
}
