// Lines cut at the gaps between table cells. The text layer joins words into a line unless they
// lie far apart (1.5 em), so neighbouring cells set close together ("Subtotal   1,675.46", a
// header "Symptom    Eligible") arrive as one line. Glyph positions tell the cells apart: a gap
// much wider than the line's other word spaces is a column gap, not a space. Justified text
// stretches all the spaces of a line alike, so its lines are never cut.
import type { Glyph, TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';
import { isLeaderDot } from '../model/text.js';
import { readByOcr, scannedColumnAlignment, scannedCutAtColumns } from './scanned.js';

/** A cell gap is at least this many ems wide (word spaces are 0.2–0.35 em, justified ones up to ~0.7). */
const CELL_GAP = 1;
/** …and this many times the line's usual word space, when it has other spaces. */
const GAP_OVER_SPACES = 2.5;
/** Gaps between glyphs narrower than this many ems are inside a word (kerning, letter spacing). */
export const WORD_GAP = 0.15;

/** A line ending in a word broken by a hyphen ("re-", "allo-"). */
const HYPHENATED = /\p{Ll}-$/u;

/** Whether the line ends in a word broken by a hyphen: it runs on onto the next line. */
export function endsInBrokenWord(line: TextLine): boolean {
  return HYPHENATED.test(line.text.trim());
}

/** The line cut at its cell gaps (the line itself when it has none), and each piece's line. */
export function cellFragments(line: TextLine): TextLine[] {
  if (!line.glyphs || line.glyphs.length < 2 || line.rotated || line.equation) return [line];
  // Leader dots lead a label out to the next cell ("Step . . . . . Action"), however close.
  if (INNER_LEADERS.test(line.text)) {
    const text = glyphText(line);
    const cuts = text ? leaderEnds(text.glyphs) : [];
    if (text && cuts.length) return cutBefore(line, text, cuts).flatMap(cellFragments);
  }
  if (!hasWideGap(line.glyphs)) return [line];
  const text = glyphText(line);
  if (!text) return [line];
  const { glyphs } = text;
  const gaps: { at: number; width: number }[] = [];
  for (let i = 1; i < glyphs.length; i++) {
    const width = glyphs[i]!.x0 - glyphs[i - 1]!.x1;
    if (width > WORD_GAP * Math.max(glyphs[i]!.size, glyphs[i - 1]!.size)) gaps.push({ at: i, width });
  }
  const size = median(glyphs.map((g) => g.size)) || line.fontSize;
  // A line that breaks a word with a hyphen is wrapped text (a narrow justified column's line
  // of two words stretches its one space past a cell gap: "Stateless      re-").
  if (endsInBrokenWord(line)) return [line];
  const cuts = gaps.filter((g) => {
    if (g.width < CELL_GAP * size) return false;
    const others = gaps.filter((o) => o !== g).map((o) => o.width);
    return !others.length || g.width >= GAP_OVER_SPACES * median(others);
  });
  if (cuts.length) return cutBefore(line, text, cuts.map((c) => c.at));
  // A row of values in narrow columns has no word spaces to tell its cell gaps by: every gap is
  // a cell gap ("-   3.26   4.4"). Cut at them all when every piece is a value (a line of words
  // stretched as wide is justified text).
  const wide = gaps.filter((g) => g.width >= CELL_GAP * size).map((g) => g.at);
  if (!wide.length) return [line];
  const pieces = cutBefore(line, text, wide);
  return pieces.every((p) => VALUE_PIECE.test(p.text)) ? pieces : [line];
}

/** Leader dots (three or more) with text after them. */
const INNER_LEADERS = /([.·…]\s?){3,}\s*[^\s.·…]/u;
/** Dots in a row that lead a label out: four, or three set apart (fewer, or three tight, are an ellipsis or an abbreviation's). */
const LEADER_DOTS = 4;
const SPACED_LEADER_DOTS = 3;

/** Glyph indices right after each run of leader dots that follows text and is followed by text. */
function leaderEnds(glyphs: readonly Glyph[]): number[] {
  const cuts: number[] = [];
  let dots = 0;
  let spaced = true;
  glyphs.forEach((g, i) => {
    if (isLeaderDot(g.code)) {
      const prev = glyphs[i - 1];
      if (dots > 0 && prev && g.x0 - prev.x1 <= WORD_GAP * g.size) spaced = false;
      dots++;
    } else {
      if ((dots >= LEADER_DOTS || (dots >= SPACED_LEADER_DOTS && spaced)) && i > dots) cuts.push(i);
      dots = 0;
      spaced = true;
    }
  });
  return cuts;
}

/** A value cell: a number (with its sign, currency, per cent or brackets) or a dash for none. */
const VALUE_PIECE = /^[-–−+±(]?[$€£¥]?\d[\d.,]*\s*[%‰]?\)?$|^[-–—]$/u;

/**
 * The line's glyphs without spaces, with the text's non-space characters one to one (the text is
 * cut with them); null when they do not correspond.
 */
function glyphText(line: TextLine): { glyphs: Glyph[]; chars: { ch: string; i: number }[] } | null {
  if (!line.glyphs) return null;
  const glyphs = line.glyphs.filter((g) => g.code !== 32);
  // `i` counts code points, as `[...line.text]` does.
  const chars: { ch: string; i: number }[] = [];
  let i = 0;
  for (const ch of line.text) {
    if (!isSpace(ch)) chars.push({ ch, i });
    i++;
  }
  return chars.length === glyphs.length ? { glyphs, chars } : null;
}

const SPACE = /\s/u;

/** Whether the code point `ch` is white space (/\s/u): ASCII by its code, the rest by the pattern. */
export function isSpace(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c < 128 ? c === 32 || (c >= 9 && c <= 13) : SPACE.test(ch);
}

/** The line cut before each of the glyphs at `cuts` (indices in increasing order). */
function cutBefore(line: TextLine, { glyphs, chars }: NonNullable<ReturnType<typeof glyphText>>, cuts: number[]): TextLine[] {
  const pieces: TextLine[] = [];
  let from = 0;
  for (const end of [...cuts, glyphs.length]) {
    pieces.push(piece(line, glyphs.slice(from, end), chars[from]!.i, end < glyphs.length ? chars[end]!.i : line.text.length));
    from = end;
  }
  return pieces;
}

/**
 * Edges of a table column that its cells share: all left edges (left-aligned), all right edges
 * (right-aligned), to within `ALIGNED` ems. A header written over the column aligns the same way.
 */
export interface ColumnAlignment {
  left?: number;
  right?: number;
  /** Where the column's cells' text starts and ends (from the text layer): the white between two columns' bodies. */
  start?: number;
  end?: number;
}

/** Edges this many ems apart are one edge (TeX and word processors set aligned cells exactly). */
const ALIGNED = 0.1;

/** Whether position `x` is a column's shared edge (none when undefined), for text of `size`. */
export function alignedWith(x: number, edge: number | undefined, size: number): boolean {
  return edge !== undefined && Math.abs(x - edge) <= ALIGNED * size;
}

/**
 * A glyph's box is its ink: a "1" set flush right ends this many ems left of the other digits
 * (its right side bearing: 0.15 em in Helvetica), a "1" set flush left starts as far right.
 */
const INK_BEARING = 0.2;

/**
 * A column's shared edges, from its cells (at least two): all within `ALIGNED` ems, or most of
 * them, the others short of that edge by no more than a glyph's side bearing (a right-aligned
 * column whose "91" ends 0.13 em left of its "84" is still right-aligned).
 */
export function columnAlignment(cells: readonly TextLine[]): ColumnAlignment {
  if (readByOcr(cells)) return cells.length < 2 ? {} : scannedColumnAlignment(cells);
  const extent = cells.length ? { start: Math.min(...cells.map((l) => l.box[0])), end: Math.max(...cells.map((l) => l.box[2])) } : {};
  if (cells.length < 2) return extent;
  const size = median(cells.map((l) => l.fontSize)) || 10;
  // `outer`: the edge the ink reaches (the max of right ends, the min of left ends); `inward`: -1 or 1.
  const shared = (xs: number[], outer: number, inward: number) => {
    const exact = xs.filter((x) => Math.abs(x - outer) <= ALIGNED * size);
    if (exact.length === xs.length) return median(xs);
    const short = xs.every((x) => (x - outer) * inward <= INK_BEARING * size);
    return short && exact.length >= 2 && exact.length > xs.length / 2 ? median(exact) : undefined;
  };
  const lefts = cells.map((l) => l.box[0]);
  const rights = cells.map((l) => l.box[2]);
  return { left: shared(lefts, Math.min(...lefts), 1), right: shared(rights, Math.max(...rights), -1), ...extent };
}

/**
 * A line cut at the word gaps where a table's columns part: a header row or a row whose cells
 * are set closer than a cell gap (a table scaled down to the text width, a key column as wide as
 * its longest key). `edges` are the table's column edges, `columns` each column's shared edges.
 * Every column edge the line crosses must be matched by a word gap that ends the column's
 * right-aligned cells or starts the next column's left-aligned ones, exactly; otherwise null.
 * The edges come back moved into the gaps cut (a right-aligned header reaches left of its values).
 */
export function cutAtColumns(line: TextLine, edges: readonly number[], columns: readonly ColumnAlignment[]): { pieces: TextLine[]; edges: number[] } | null {
  if (line.rotated || line.equation) return null;
  // An OCR line has no glyphs: its words' extents from the pixels tell its gaps.
  if (!line.glyphs && line.words) return scannedCutAtColumns(line, edges, columns);
  const text = glyphText(line);
  if (!text || text.glyphs.length < 2) return null;
  const { glyphs, chars } = text;
  const size = median(glyphs.map((g) => g.size)) || line.fontSize;
  const cuts: number[] = [];
  // A number's thousands set apart ("2, 800") is no cell gap.
  const inNumber = (i: number) => /\d,$/.test((chars[i - 2]?.ch ?? '') + chars[i - 1]!.ch) && /\d/.test(chars[i]!.ch);
  const moved = [...edges];
  const white: { at: number; e: number }[] = [];
  for (let e = 1; e < edges.length - 1; e++) {
    const edge = edges[e]!;
    if (line.box[0] >= edge || line.box[2] <= edge) continue;
    const before = columns[e - 1];
    const after = columns[e];
    let best = -1;
    for (let i = 1; i < glyphs.length; i++) {
      const gap = glyphs[i]!.x0 - glyphs[i - 1]!.x1;
      if (gap <= WORD_GAP * size || inNumber(i)) continue;
      if (!alignedWith(glyphs[i - 1]!.x1, before?.right, size) && !alignedWith(glyphs[i]!.x0, after?.left, size)) continue;
      if (best < 0 || Math.abs(glyphs[i]!.x0 - edge) < Math.abs(glyphs[best]!.x0 - edge)) best = i;
    }
    // No gap at a shared edge (a left-aligned column's header wider than its cells, next to a
    // right-aligned column's header or cell wider than its values): the widest word gap in the
    // white between the two columns' cells, if it is wider than the line's word spaces.
    if (best < 0) {
      best = gapInColumnWhite(glyphs, before, after, size, inNumber);
      if (best >= 0) white.push({ at: best, e });
    }
    if (best < 0) {
      // A header wider than its right-aligned column reaches left over the edge into the white
      // after the previous column's values (which end before the line starts; a left-aligned
      // column's longest cell): no cut, the edge moves into that white. Only before the line's
      // first cut: its first piece is that header.
      const end = before?.right ?? before?.end;
      if (!cuts.length && end !== undefined && line.box[0] - end > WORD_GAP * size) {
        moved[e] = (end + line.box[0]) / 2;
        continue;
      }
      return null;
    }
    cuts.push(best);
    // (In the white after the column's longest cell, when the gap begins short of it.)
    const columnEnd = before?.end !== undefined && before.end < glyphs[best]!.x0 ? before.end : -Infinity;
    moved[e] = (Math.max(glyphs[best - 1]!.x1, columnEnd) + glyphs[best]!.x0) / 2;
  }
  // One gap per edge, left to right.
  if (!cuts.length || cuts.some((c, i) => i > 0 && c <= cuts[i - 1]!)) return null;
  // A cut in a column's white parts two cells that keep to their columns: the piece before it
  // starts where its column's cells start, the piece after it ends where its column's cells end
  // (a header centred over two columns, its word gap falling in their white, is one cell).
  for (const { at, e } of white) {
    const k = cuts.indexOf(at);
    const start = glyphs[k > 0 ? cuts[k - 1]! : 0]!.x0;
    const end = glyphs[(k + 1 < cuts.length ? cuts[k + 1]! : glyphs.length) - 1]!.x1;
    if (!alignedWith(start, columns[e - 1]?.left, size) || !alignedWith(end, columns[e]?.right, size)) return null;
  }
  return { pieces: cutBefore(line, text, cuts), edges: moved };
}

/** A gap between cells is this many times the line's other word spaces at least (prose spaces its words evenly, justified or not). */
const WIDER_THAN_SPACES = 1.5;

/**
 * The glyph index after the widest word gap of the line that ends in the white between column
 * `before`'s cells and column `after`'s (from where the one's text ends to where the other's
 * starts), if it is wider than the line's other word gaps; -1 otherwise. (A header spanning
 * both columns has its word gap over a column's text.)
 */
function gapInColumnWhite(glyphs: readonly Glyph[], before: ColumnAlignment | undefined, after: ColumnAlignment | undefined, size: number, inNumber: (i: number) => boolean): number {
  if (before?.end === undefined || after?.start === undefined || after.start <= before.end) return -1;
  const gaps: { i: number; x0: number; x1: number }[] = [];
  for (let i = 1; i < glyphs.length; i++) {
    const x0 = glyphs[i - 1]!.x1;
    const x1 = glyphs[i]!.x0;
    if (x1 - x0 > WORD_GAP * size && !inNumber(i)) gaps.push({ i, x0, x1 });
  }
  // The next cell starts in the white; the gap may begin earlier, after a cell shorter than its column's longest.
  const inWhite = gaps.filter((g) => g.x1 >= before.end! && g.x1 <= after.start!).sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
  const gap = inWhite[0];
  if (!gap) return -1;
  const others = gaps.filter((g) => g !== gap).map((g) => g.x1 - g.x0);
  return !others.length || gap.x1 - gap.x0 >= WIDER_THAN_SPACES * median(others) ? gap.i : -1;
}

/** Where the line's words but its last end, with the text up to there (from its glyphs; none without them). */
export function innerWordEnds(line: TextLine): { x: number; before: string }[] {
  const text = glyphText(line);
  if (!text) return [];
  const { glyphs, chars } = text;
  const out: { x: number; before: string }[] = [];
  for (let i = 1; i < glyphs.length; i++) {
    // A word ends where the text has a space (glyphs of a number set apart are one word).
    if (chars[i]!.i - chars[i - 1]!.i > 1 && glyphs[i]!.x0 - glyphs[i - 1]!.x1 > WORD_GAP * Math.max(glyphs[i]!.size, glyphs[i - 1]!.size)) out.push({ x: glyphs[i - 1]!.x1, before: line.text.slice(0, chars[i]!.i).trim() });
  }
  return out;
}

/** The line cut in two before the word that starts at `x` (from its glyphs); null when no glyph starts there. */
export function cutAtWord(line: TextLine, x: number): [TextLine, TextLine] | null {
  const text = glyphText(line);
  if (!text) return null;
  const at = text.glyphs.findIndex((g, i) => i > 0 && g.x0 === x);
  if (at < 1) return null;
  const pieces = cutBefore(line, text, [at]);
  return [pieces[0]!, pieces[1]!];
}

/** Where the line's words but its first start (from its glyphs; none without them). */
export function innerWordStarts(line: TextLine): { x: number }[] {
  const text = glyphText(line);
  if (!text) return [];
  const { glyphs, chars } = text;
  const out: { x: number }[] = [];
  for (let i = 1; i < glyphs.length; i++) {
    if (chars[i]!.i - chars[i - 1]!.i > 1 && glyphs[i]!.x0 - glyphs[i - 1]!.x1 > WORD_GAP * Math.max(glyphs[i]!.size, glyphs[i - 1]!.size)) out.push({ x: glyphs[i]!.x0 });
  }
  return out;
}

/** Whether some gap between neighbouring glyphs could be a cell gap (most lines have none: a quick pass). */
function hasWideGap(glyphs: readonly Glyph[]): boolean {
  let last: Glyph | undefined;
  for (const g of glyphs) {
    if (g.code === 32) continue;
    if (last && g.x0 - last.x1 >= CELL_GAP * Math.min(g.size, last.size)) return true;
    last = g;
  }
  return false;
}

function piece(line: TextLine, glyphs: Glyph[], start: number, end: number): TextLine {
  const x0 = Math.min(...glyphs.map((g) => g.x0));
  const x1 = Math.max(...glyphs.map((g) => g.x1));
  return { ...line, text: line.text.slice(start, end).trim(), box: [x0, line.box[1], x1, line.box[3]], glyphs };
}
