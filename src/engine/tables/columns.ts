// Columns of a table from the gaps between its rows' fragments.
import type { Box, TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';
import { TRAILING_LEADERS } from '../model/text.js';

/**
 * A heading over a group of columns stands within this many ems of the middle of the columns it
 * heads (LaTeX's \multicolumn and HTML's colspan centre it): how every detector tells a group's
 * heading from text that only reaches over a column edge.
 */
export const GROUP_HEADING_CENTRED = 1.5;
/** A gap between columns is at least this many ems wide (word spaces are 0.2–0.35 em). */
const MIN_COLUMN_GAP = 0.6;
/**
 * From the text layer, a narrower gap will do: its fragments are whole words (the text layer
 * joins words set a word space apart, and lines are cut only at cell gaps), so a strip clear in
 * every row is no word space but where one column's cells end and the next one's start (a header
 * set from its column's left edge over values set flush right, columns a cell padding apart:
 * 0.3 em in Word tables), as long as no row sets two pieces close on its two sides (rowsApart).
 */
const MIN_COLUMN_GAP_GLYPHS = 0.25;
/** …when every row's cells on its two sides stand this many ems apart. */
const ROW_CELL_GAP = 1;
/** …or where this many lines of prose or more end flush at the strip's left side (within FLUSH_SLACK page units): a column set justified, its lines run to its edge. */
const FLUSH_ENDS = 2;
const FLUSH_SLACK = 0.5;
/** A line of prose: broken with a hyphen at its end, or this many words at least. */
const PROSE_WORDS = 3;
/** A column is filled when at least this share of the rows has a fragment in it. */
const FILLED_ROWS = 0.5;
/** Share of the rows whose fragments may cross a gap (header cells spanning several columns). */
const CROSSING_ROWS = 0.1;

/**
 * Column boundaries [x0, x1, …, xn] from the gaps no fragment covers in the rows with the most
 * fragments (header cells spanning several columns are fewer, and are left out). `size` is the
 * text size in page units.
 */
export function columnEdges(run: readonly TextLine[][], box: Box, size: number): number[] {
  const usual = median(run.map((r) => r.length));
  const rows = run.filter((r) => r.length >= usual);
  const x0 = Math.floor(box[0]);
  const width = Math.ceil(box[2]) - x0 + 1;
  const cover = unitCover(rows, x0, width);
  const allowed = Math.floor(rows.length * CROSSING_ROWS);
  // From the text layer, and not in math (a formula's operators stand a thick space apart).
  const glyphs = rows.every((r) => r.every((l) => l.glyphs?.length && !l.glyphs.some((g) => g.style.math)));
  // A strip narrower than a column gap parts columns only where no row has cells close on its two sides.
  const wide = (from: number, to: number) => {
    if (to - from >= MIN_COLUMN_GAP * size) return true;
    if (!glyphs) return false;
    // The strip's true width, from the fragments' edges (the cover counts whole units, up to two short).
    const left = Math.max(from - 1, ...rows.flat().filter((l) => l.box[2] <= from + 1).map((l) => l.box[2]));
    const right = Math.min(to + 1, ...rows.flat().filter((l) => l.box[0] >= to - 1).map((l) => l.box[0]));
    // A column gap at its true width, between two columns most rows fill (a value's footnote mark
    // half an em after it measures as wide between glyph boxes, but few rows have one).
    if (right - left >= MIN_COLUMN_GAP * size && filledBeside(from - x0 - 1, -1) && filledBeside(to - x0, 1)) return true;
    return right - left >= MIN_COLUMN_GAP_GLYPHS * size && (rowsApart(rows, left, right, size) || flushEnds(run, left) || leadersEnd(run, left, size));
  };
  // Whether most rows have a fragment in the covered stretch next to unit x, on its side dir.
  const filledBeside = (x: number, dir: -1 | 1) => {
    let end = x;
    while (end + dir >= 0 && end + dir < width && cover[end + dir]! > allowed) end += dir;
    const [a, b] = dir > 0 ? [x0 + x, x0 + end + 1] : [x0 + end, x0 + x + 1];
    return rows.filter((r) => r.some((l) => l.box[0] < b && l.box[2] > a)).length >= FILLED_ROWS * rows.length;
  };
  const edges = [box[0]];
  let start = -1;
  // Where in the gap those few fragments are: a header set from the left edge of the column of
  // right-aligned numbers it heads lies in the gap before them (ending in it), and goes with them.
  let firstCovered = -1;
  let firstCoverEnded = false;
  for (let x = 0; x < width; x++) {
    const open = cover[x]! <= allowed;
    if (open && start < 0) start = x;
    if (open && cover[x]! > 0 && firstCovered < 0) firstCovered = x;
    if (open && cover[x] === 0 && firstCovered >= 0) firstCoverEnded = true;
    if ((!open || x === width - 1) && start >= 0) {
      const headerInGap = firstCovered > start && firstCoverEnded;
      if (start > 0 && x < width - 1 && wide(x0 + start, x0 + x)) edges.push(x0 + (headerInGap ? firstCovered - 0.5 : (start + x) / 2));
      start = -1;
      firstCovered = -1;
      firstCoverEnded = false;
    }
  }
  edges.push(box[2]);
  return edges;
}

/**
 * How many fragments of the rows cover each unit [x0 + x, x0 + x + 1) for x < width (a fragment
 * covers the units from its floor to its ceiling): +1 where one starts and -1 where it ends,
 * summed left to right (counting each fragment's units one by one cost a table's width per fragment).
 */
export function unitCover(rows: readonly TextLine[][], x0: number, width: number): Int32Array {
  const cover = new Int32Array(width + 1);
  for (const row of rows) {
    for (const l of row) {
      const from = Math.max(0, Math.floor(l.box[0]) - x0);
      const to = Math.min(width, Math.ceil(l.box[2]) - x0);
      if (!(from < to)) continue;
      cover[from]!++;
      cover[to]!--;
    }
  }
  for (let x = 1; x < width; x++) cover[x]! += cover[x - 1]!;
  return cover;
}

/**
 * Whether every row's cells on the two sides of the strip [from, to] stand a cell gap apart or
 * more: the strip is narrow because one row's cells end where another's start (a flush-left
 * header over flush-right values), not because a row sets two pieces close together (a value
 * and its footnote mark).
 */
function rowsApart(rows: readonly TextLine[][], from: number, to: number, size: number): boolean {
  return rows.every((row) => {
    const left = Math.max(-Infinity, ...row.filter((l) => l.box[2] <= to).map((l) => l.box[2]));
    const right = Math.min(Infinity, ...row.filter((l) => l.box[0] >= from).map((l) => l.box[0]));
    return right - left >= ROW_CELL_GAP * size;
  });
}

/**
 * Whether lines of prose in several cells end flush at x: the right edge of a column of paragraphs
 * set justified (a LaTeX p{} column, its wrapped lines running to its edge and broken with
 * hyphens), which a wide value of the next column may start just after (the columns' padding
 * shrunk with a table scaled to fit). A column of values set flush right ends flush too, but its
 * cells are figures and short labels.
 */
function flushEnds(run: readonly TextLine[][], x: number): boolean {
  const prose = (l: TextLine) => /\p{L}-$/u.test(l.text.trim()) || (/^\p{L}/u.test(l.text.trim()) && l.text.trim().split(/\s+/).length >= PROSE_WORDS);
  return run.flat().filter((l) => Math.abs(l.box[2] - x) <= FLUSH_SLACK && prose(l)).length >= FLUSH_ENDS;
}

/** Leader dots end within this many ems of their column's edge (LaTeX's \dotfill sets its dots on a grid, a dot's pitch apart). */
const LEADER_PITCH = 0.5;

/**
 * Whether labels run out with leader dots to x (FLUSH_ENDS of them or more): leaders lead a label
 * to the next column, however close it stands.
 */
function leadersEnd(run: readonly TextLine[][], x: number, size: number): boolean {
  return run.flat().filter((l) => TRAILING_LEADERS.test(l.text) && l.box[2] <= x + FLUSH_SLACK && x - l.box[2] <= LEADER_PITCH * size).length >= FLUSH_ENDS;
}

/** The column (0-based) of position x, given column edges. */
export function columnIndex(edges: readonly number[], x: number): number {
  for (let i = 1; i < edges.length - 1; i++) if (x < edges[i]!) return i - 1;
  return edges.length - 2;
}
