// Tables ruled only between rows: a rule under every row and none between the columns
// (Bootstrap's `.table`, Word's plain and list table styles, a LaTeX tabular with \hline after
// each row and no `|`). The rules form no grid, and the cells are often words and sentences
// wrapped over several lines, which the borderless detector leaves to the text. Exact structure
// finds them: a stack of horizontal rules of one extent, close enough to be rows, whose bands
// each hold text in two columns or more. The rules give the rows (a wrapped cell stays one cell:
// its lines lie in one band); the white that runs down through every band gives the columns.
// A header set above the first rule (no rule over it) and a last row under the last rule
// (Bootstrap rules above each row) join when their text keeps to those columns.
import type { Box, TextLine } from '../model/document.js';
import { median } from '../model/numbers.js';
import type { Cell } from '../model/table.js';
import { FORMATTED_VALUE, isTableCaption, LONE_BULLET, LOWER_START } from '../model/text.js';
import { NEXT_LINE_PITCH } from '../model/typography.js';
import { cellFragments, cutAtWord, endsInBrokenWord, innerWordEnds, innerWordStarts } from './fragments.js';
import { baselineGroups } from './rows.js';
import { GROUP_HEADING_CENTRED } from './columns.js';
import type { TableFound } from './ruled.js';
import type { HRule } from './rules.js';
import { scannedCellFragments } from './scanned.js';

/** Rules of one stack start and end within this many ems of each other (one table's width). */
export const SAME_EXTENT = 0.5;

/** Whether two rules (or a rule and an extent) start and end together, to SAME_EXTENT. */
export function sameExtent(a: { x0: number; x1: number }, b: { x0: number; x1: number }, size: number): boolean {
  return Math.abs(a.x0 - b.x0) <= SAME_EXTENT * size && Math.abs(a.x1 - b.x1) <= SAME_EXTENT * size;
}
/** Rules this many ems apart or less are one (a double rule, a heavier head rule drawn twice). */
const DOUBLE_RULE = 0.5;
/** A rule inside a stack, this share of its width or more, parts the rows in the columns it runs under. */
const PARTIAL_RULE = 0.2;
/** Neighbouring rules of a stack stand at most this many ems apart (a row wrapped over six lines); farther, they rule off parts of the page. */
export const MAX_ROW_HEIGHT = 9;
/** This many lines in the columns, unruled, right under the last rule and closed by a rule: the rules are a table head's. */
const BODY_ROWS_BELOW = 4;
/** A rule this many ems or less under an unruled body closes it (a table's bottom rule). */
const CLOSING_RULE = 1.5;
/** Rows of a table's body follow each other this many ems apart at most (box to box: a blank line between groups of rows). */
const ROW_PITCH = 2;
/** A table has at least this many rows (counting a header above its first rule and a row below its last). */
const MIN_ROWS = 3;
/** White this many ems wide running down through the rows parts two columns. */
const MIN_GAP = 0.3;
/** A column gap may be crossed by this share of the rows (a row label or header set wider than its column, a spanning cell). */
const CROSSING_ROWS = 0.25;
/** Narrower white (a word space, this many ems at least) parts two columns when words of FLUSH_ROWS of the rows end at its left, to FLUSH_END ems, starting at MIN_ROWS places at least (figures of several widths set flush right). */
const NARROW_GAP = 0.15;
const FLUSH_ROWS = 0.6;
const FLUSH_END = 0.1;
/** A column has text starting in it in at least this many rows. */
const MIN_COLUMN_ROWS = 2;
/** Share of the rows that must hold text in two columns or more… */
const MULTI_COLUMN_ROWS = 0.75;
/**
 * …counting section rows (a group's name alone in the first column, as an invoice sets its item
 * groups between its priced items) when this share at least holds two columns or more.
 */
const MIN_MULTI_COLUMN_ROWS = 0.5;
/** A section row's name is this many characters at most (a line of prose ruled off is longer). */
const SECTION_ROW_CHARS = 45;
/** Text this many ems from the first (last) rule, above (below) it, may be the table's header (last row). */
const OUTSIDE_REACH = 1.2;
/** Lines of one cell stand this many ems apart at most (box to box). */
const CELL_LINE_GAP = 0.6;
/** A header above the first rule, or a row below the last, has at most this many lines. */
const OUTSIDE_LINES = 4;
/** A band whose baseline groups fill the first column and another this many times is several rows (a booktabs table's body between its rules): the borderless detector's. */
const STACKED_ROWS = 3;
/** A row label starts this many ems from the band's left edge at most. */
const LABEL_EDGE = 0.5;
/** A cell holds at most this many lines on average: more is prose set in columns between rules. */
const MAX_LINES_PER_CELL = 4;
/** Share of the rows whose first cell is a list marker that makes the stack a list. */
const LIST_MARKERS = 0.6;
const ENUMERATOR_ONLY = /^\(?(\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]$/i;
/** Share of the table's positions that must hold text (a form to fill in holds little). */
const MIN_FILLED = 0.5;
/** Lines reaching this many ems past the rules' ends run across the stack: the rules are no table's. */
export const OVERHANG = 1;

interface Row {
  fragments: TextLine[];
  /** The rule under the row, if any. */
  under?: HRule;
  /** Ruled above and below (not a header or last row taken from outside the rules). */
  ruled: boolean;
}

/**
 * Tables ruled only between rows among `lines`, from horizontal rules that are no ruled grid's.
 * Returns the tables and the lines they took.
 */
export function rowRuledTables(lines: readonly TextLine[], rules: readonly HRule[]): TableFound[] {
  const size = median(lines.map((l) => l.fontSize)) || 10;
  const out: TableFound[] = [];
  let remaining = lines.filter((l) => !l.rotated);
  const own = rules.filter((r) => !r.frame);
  for (const stack of ruleStacks(own, size).flatMap((s) => cutAtProse(s, remaining))) {
    const ruling = withoutEmptyEnds(stack, remaining, size);
    if (ruling.length < 2) continue;
    const found = stackTable(ruling, remaining, own, size);
    if (!found) continue;
    out.push(found);
    const used = new Set(found.lines);
    remaining = remaining.filter((l) => !used.has(l));
  }
  return out;
}

/**
 * The stack without the rules that stand off its ends across white a line tall or more: a running
 * head's rule over a table as wide as the text (fancyhdr's, at the top of the page), a footer's
 * rule under it. The stack would read the white as a row to fill in and be no table.
 */
function withoutEmptyEnds(stack: HRule[], lines: readonly TextLine[], size: number): HRule[] {
  const x0 = Math.min(...stack.map((r) => r.x0));
  const x1 = Math.max(...stack.map((r) => r.x1));
  const empty = (a: HRule, b: HRule) => b.y - a.y >= size && !lines.some((l) => l.box[2] > x0 && l.box[0] < x1 && centreY(l) > a.y && centreY(l) < b.y);
  let first = 0;
  let last = stack.length - 1;
  while (first < last && empty(stack[first]!, stack[first + 1]!)) first++;
  while (last > first && empty(stack[last - 1]!, stack[last]!)) last--;
  return stack.slice(first, last + 1);
}

/** Runs of rules of one extent, top to bottom, neighbours at most a row's height apart. */
function ruleStacks(rules: readonly HRule[], size: number): HRule[][] {
  const sorted = [...rules].sort((a, b) => a.y - b.y);
  const stacks: HRule[][] = [];
  for (const rule of sorted) {
    const open = stacks.find((s) => sameExtent(s[0]!, rule, size) && rule.y - s[s.length - 1]!.y <= MAX_ROW_HEIGHT * size);
    if (!open) stacks.push([rule]);
    else if (rule.y - open[open.length - 1]!.y > DOUBLE_RULE * size) open.push(rule);
  }
  // Shorter rules inside a stack part rows in some columns only: the cells of the others span both.
  return stacks
    .filter((s) => s.length >= 2)
    .map((s) => {
      const x0 = s[0]!.x0;
      const x1 = s[0]!.x1;
      const inner = sorted.filter(
        (r) =>
          !s.includes(r) &&
          r.y > s[0]!.y && r.y < s[s.length - 1]!.y &&
          r.x0 >= x0 - SAME_EXTENT * size && r.x1 <= x1 + SAME_EXTENT * size &&
          r.x1 - r.x0 >= PARTIAL_RULE * (x1 - x0) &&
          s.every((f) => Math.abs(f.y - r.y) > DOUBLE_RULE * size),
      );
      return [...s, ...inner].sort((a, b) => a.y - b.y);
    });
}

/** Between two rules of a stack, this many lines of prose or more part two tables (a note and a paragraph between them)… */
const PROSE_LINES = 2;
/** …each running over this share of the rules' width at least, with no cell gap in it. */
const PROSE_SPAN = 0.85;
/** Baselines less than this many ems apart are one line's (a caption with nothing beside it stands alone on its own). */
const ONE_LINE = 0.5;

/**
 * A stack cut where the band between two of its rules holds prose (lines as wide as the rules,
 * with no white parting cells) or a caption. Two tables of one width with a paragraph between them stack
 * their rules as one table's would; no row of a table is a paragraph set across all its columns.
 */
function cutAtProse(stack: HRule[], lines: readonly TextLine[]): HRule[][] {
  const x0 = Math.min(...stack.map((r) => r.x0));
  const x1 = Math.max(...stack.map((r) => r.x1));
  const parts: HRule[][] = [[stack[0]!]];
  for (let i = 1; i < stack.length; i++) {
    const a = stack[i - 1]!.y;
    const b = stack[i]!.y;
    const band = lines.filter((l) => centreY(l) > a && centreY(l) < b && l.box[0] < x1 && l.box[2] > x0);
    const prose = band.filter((l) => l.box[2] - l.box[0] >= PROSE_SPAN * (x1 - x0) && cellFragments(l).length === 1);
    // A table's caption, alone on its line, is no row either (a running head's rule over a table
    // set at the top of the page, the caption between it and the table's top rule).
    const alone = (l: TextLine) => !band.some((o) => o !== l && Math.abs(o.baseline - l.baseline) < ONE_LINE * l.fontSize);
    const caption = band.some((l) => isTableCaption(l.text) && alone(l));
    if (prose.length >= PROSE_LINES || caption) parts.push([stack[i]!]);
    else parts[parts.length - 1]!.push(stack[i]!);
  }
  return parts.filter((p) => p.length >= 2);
}

/** The table a stack of rules rules, or null. */
function stackTable(stack: HRule[], lines: readonly TextLine[], rules: readonly HRule[], size: number): TableFound | null {
  const x0 = Math.min(...stack.map((r) => r.x0));
  const x1 = Math.max(...stack.map((r) => r.x1));
  const top = stack[0]!.y;
  const bottom = stack[stack.length - 1]!.y;
  const beside = (l: TextLine) => l.box[2] > x0 && l.box[0] < x1;
  const between = lines.filter((l) => beside(l) && centreY(l) > top && centreY(l) < bottom);
  // Text running on past the rules' ends: the rules underline or part something wider.
  if (between.some((l) => l.box[0] < x0 - OVERHANG * size || l.box[2] > x1 + OVERHANG * size)) return null;
  const pieces = new Map<TextLine, TextLine>();
  const fragmentsOf = (group: readonly TextLine[]) =>
    group.flatMap((l) => {
      const parts = l.glyphs ? cellFragments(l) : scannedCellFragments(l);
      for (const p of parts) pieces.set(p, l);
      return parts;
    });
  const rows: Row[] = [];
  for (let i = 0; i + 1 < stack.length; i++) {
    const a = stack[i]!.y;
    const b = stack[i + 1]!.y;
    const band = between.filter((l) => centreY(l) > a && centreY(l) < b);
    rows.push({ fragments: fragmentsOf(band), ruled: true, under: stack[i + 1] });
  }
  // Empty bands between rules: thin ones are double rules; a taller one is a row to fill in.
  const ruledRows = rows.filter((r) => r.fragments.length);
  if (!ruledRows.length) return null;
  if (rows.some((r, i) => !r.fragments.length && stack[i + 1]!.y - stack[i]!.y >= size)) return null;

  const above = outsideRow(lines, x0, x1, top, -1, size);
  const below = outsideRow(lines, x0, x1, bottom, 1, size);
  // A header of two rows above the first rule, parted by a shorter rule under a group's heading.
  const parting = rules
    .filter((r) => above.length && r.y > Math.min(...above.map((l) => l.box[1])) && r.y < top - DOUBLE_RULE * size && r.x0 >= x0 - SAME_EXTENT * size && r.x1 <= x1 + SAME_EXTENT * size && r.x1 - r.x0 >= PARTIAL_RULE * (x1 - x0))
    .sort((a, b) => a.y - b.y);
  const aboveRows: Row[] = [];
  let rest = above;
  for (const rule of parting) {
    const over = rest.filter((l) => centreY(l) < rule.y);
    if (!over.length) continue;
    aboveRows.push({ fragments: fragmentsOf(over), ruled: false, under: rule });
    rest = rest.filter((l) => centreY(l) >= rule.y);
  }
  if (rest.length) aboveRows.push(...headerRows(rest).map((group, i, all): Row => ({ fragments: fragmentsOf(group), ruled: false, under: i === all.length - 1 ? stack[0] : undefined })));
  // Groups' headings over the columns' headings span columns: they part none (the second pass below).
  const headings = new Set(aboveRows.slice(0, -1));
  const belowRow: Row | null = below.length ? { fragments: fragmentsOf(below), ruled: false } : null;

  // Columns from the ruled rows; a row from outside the rules joins when it keeps to them.
  let gaps = columnGaps(ruledRows, x0, x1, size);
  if (!gaps.length) return null;
  const all = [...ruledRows];
  // The header's rows join together: each keeps to the columns but a group's heading may span them.
  // The last, right above the first rule, may be crowded (its cells a word space apart): it keeps
  // to them cut at the gaps where its cells line up with the columns' cells.
  const header = aboveRows[aboveRows.length - 1];
  if (header && !keepsTo(header, gaps)) {
    const cut = { ...header, fragments: cutAtGaps(header.fragments, gaps, size) };
    const placed = (f: TextLine) => header.fragments.includes(f) || startsAsCut(f, header.fragments) || linesUpWithCells(f, ruledRows, size) || linesUpWithHeaderLine(f, header.fragments, size);
    if (keepsTo(cut, gaps) && (cut.fragments.every(placed) || headsEveryColumn(cut.fragments, gaps))) aboveRows[aboveRows.length - 1] = cut;
  }
  if (aboveRows.length && aboveRows.every((r, i) => (i === aboveRows.length - 1 ? keepsTo(r, gaps) : spansColumns(r, gaps)))) all.unshift(...aboveRows);
  // Rows that go on under the last rule unruled, row after row: the rules rule a table's head,
  // its body is set without rules (the borderless detector's).
  if (unruledBodyBelow(lines, rules, x0, x1, bottom, gaps, fragmentsOf, size)) return null;
  if (belowRow && keepsTo(belowRow, gaps)) all.push(belowRow);
  // Again with the header and the last row: they may narrow the white. White they open up that a
  // ruled row's cell runs across ("89.4 mM" under the end of a header) parts no columns: only the
  // ruled rows' own gaps may be crossed by their cells.
  const ruledGaps = gaps;
  const crossedByRuled = ([a, b]: [number, number]) => ruledRows.some((r) => r.fragments.some((f) => f.box[0] < a && f.box[2] > b));
  gaps = columnGaps(all.filter((r) => !headings.has(r)), x0, x1, size).filter((g) => !crossedByRuled(g) || ruledGaps.some(([a, b]) => a < g[1] && b > g[0]));
  if (all.length < MIN_ROWS || !gaps.length) return null;
  // A band of several full rows is a table ruled at its head and foot only, with its own row logic.
  if (all.some((r) => r.ruled && stackedRows(r) >= STACKED_ROWS)) return null;

  const edges = [x0, ...gaps.map(([a, b]) => (a + b) / 2), x1];
  const cols = edges.length - 1;
  // A piece's column: past every gap it starts in or after. A piece starting in a gap's white is
  // the next column's (a header set flush left over numbers set flush right starts there).
  const colOf = (x: number) => gaps.filter(([a]) => x > a).length;
  // A piece reaches into the next column only past the white between them (a trailing space reaches into it).
  const reachesTo = (x: number) => gaps.filter(([, b]) => b < x).length;
  const cutRows = all.map((row) => cutAtGaps(row.fragments, gaps, size));
  const cells: Cell[] = [];
  all.forEach((row, r) => {
    const byCol = new Map<number, { c1: number; lines: TextLine[] }>();
    const whole = row.fragments.filter((f) => headsColumnsUnder(f, cutRows[r + 1], all[r + 2], colOf, reachesTo, edges, size));
    for (const f of whole.length ? [...whole, ...cutAtGaps(row.fragments.filter((f) => !whole.includes(f)), gaps, size)] : cutRows[r]!) {
      const c0 = colOf(f.box[0]);
      const c1 = Math.max(c0, reachesTo(f.box[2]));
      const cell = byCol.get(c0);
      if (cell) {
        cell.lines.push(f);
        cell.c1 = Math.max(cell.c1, c1);
      } else byCol.set(c0, { c1, lines: [f] });
    }
    // A cell spanning columns takes the cells it covers.
    const starts = [...byCol.keys()].sort((a, b) => a - b);
    let reach = -1;
    for (const c0 of starts) {
      const cell = byCol.get(c0)!;
      if (c0 <= reach) continue;
      const c1 = Math.min(cols - 1, Math.max(cell.c1, ...starts.filter((c) => c > c0 && c <= cell.c1).map((c) => byCol.get(c)!.c1)));
      const lines = starts.filter((c) => c >= c0 && c <= c1).flatMap((c) => byCol.get(c)!.lines);
      cells.push({ row: r, col: c0, rowSpan: 1, colSpan: c1 - c0 + 1, lines });
      reach = c1;
    }
  });
  spanUnruledRows(cells, all, edges);
  // A list set with rules between its items: bullets or numbers in the first column.
  const markers = cells.filter((c) => c.col === 0 && c.lines.length === 1 && isMarker(c.lines[0]!.text)).length;
  if (markers >= LIST_MARKERS * all.length) return null;
  const rowCells = all.map((_, r) => cells.filter((c) => c.row === r));
  const multi = rowCells.filter((own) => own.length >= 2).length;
  const sections = rowCells.filter((own) => own.length === 1 && own[0]!.col === 0 && own[0]!.colSpan === 1 && own[0]!.lines.length === 1 && own[0]!.lines[0]!.text.length <= SECTION_ROW_CHARS).length;
  if (multi < MIN_MULTI_COLUMN_ROWS * all.length || multi + sections < MULTI_COLUMN_ROWS * all.length) return null;
  const filled = cells.reduce((n, c) => n + c.colSpan * c.rowSpan, 0);
  if (filled < MIN_FILLED * all.length * cols) return null;
  const fragmentCount = cells.reduce((n, c) => n + c.lines.length, 0);
  if (fragmentCount > MAX_LINES_PER_CELL * cells.length) return null;

  const used = [...new Set(all.flatMap((r) => r.fragments).map((f) => pieces.get(f) ?? f))];
  const box: Box = [
    Math.min(x0, ...used.map((l) => l.box[0])),
    Math.min(top, ...used.map((l) => l.box[1])),
    Math.max(x1, ...used.map((l) => l.box[2])),
    Math.max(bottom, ...used.map((l) => l.box[3])),
  ];
  return {
    table: { box, rows: all.length, cols, cells },
    lines: used,
    rule: 'table.row-ruled',
    values: { rules: stack.length, rows: all.length, cols, headerAbove: all[0]!.ruled ? 0 : 1, rowBelow: all[all.length - 1]!.ruled ? 0 : 1 },
  };
}

/**
 * A cell whose row's rule does not run under it (a partial rule: the other columns' rows are
 * parted) spans the row below too, and takes that row's cell in its column.
 */
function spanUnruledRows(cells: Cell[], rows: readonly Row[], edges: readonly number[]): void {
  const at = (r: number, c: number) => cells.find((x) => x.row <= r && x.row + x.rowSpan > r && x.col <= c && x.col + x.colSpan > c);
  for (let r = 0; r + 1 < rows.length; r++) {
    const under = rows[r]!.under;
    if (!under) continue;
    for (let c = 0; c + 1 < edges.length; c++) {
      const mid = (edges[c]! + edges[c + 1]!) / 2;
      if (mid >= under.x0 && mid <= under.x1) continue;
      const cell = at(r, c);
      const next = at(r + 1, c);
      if (!cell || cell.row + cell.rowSpan !== r + 1 || cell.colSpan !== 1) continue;
      if (next && (next.colSpan !== 1 || next.row !== r + 1)) continue;
      cell.rowSpan += next ? next.rowSpan : 1;
      if (next) {
        cell.lines.push(...next.lines);
        cells.splice(cells.indexOf(next), 1);
      }
    }
  }
}

/** A list item's marker on its own: a bullet glyph, "1.", "a)", "(iv)". */
function isMarker(text: string): boolean {
  return LONE_BULLET.test(text.trim()) || ENUMERATOR_ONLY.test(text.trim());
}

export function centreY(l: TextLine): number {
  return (l.box[1] + l.box[3]) / 2;
}

/**
 * The lines right above the rule at `y` (`direction` -1) or right below it (1), within the
 * rules' extent: the first within reach of the rule, then each set close to the last.
 */
function outsideRow(lines: readonly TextLine[], x0: number, x1: number, y: number, direction: -1 | 1, size: number): TextLine[] {
  const candidates = lines.filter((l) => l.box[2] > x0 && l.box[0] < x1 && (direction < 0 ? l.box[3] <= y + 0.2 * size : l.box[1] >= y - 0.2 * size));
  const groups = baselineGroups(candidates);
  if (direction < 0) groups.reverse();
  const out: TextLine[] = [];
  let edge = y;
  let reach = OUTSIDE_REACH;
  let last: TextLine[] | undefined;
  for (const g of groups.slice(0, OUTSIDE_LINES)) {
    const near = direction < 0 ? edge - Math.max(...g.map((l) => l.box[3])) : Math.min(...g.map((l) => l.box[1])) - edge;
    // A cell's next line: close box to box, or, after a line alone (a wrapped header cell's), a
    // line's pitch from it and starting with it (boxes without ascenders or descenders stand
    // further apart than their lines do). A header's second row fills several columns.
    const linePitchOn = !!last && Math.abs(g[0]!.baseline - last[0]!.baseline) <= NEXT_LINE_PITCH * size;
    const nextLine = linePitchOn && last!.length === 1 && g.some((l) => Math.abs(last![0]!.box[0] - l.box[0]) <= ALIGNED_CELL * size);
    // Above a header row of cells, a row of cells a line's pitch over it: the groups' headings.
    const headingsOver = direction < 0 && linePitchOn && last!.length >= 2 && g.length >= 2;
    if (near > reach * size && !nextLine && !headingsOver) break;
    last = g;
    // Lines reaching past the rules' ends are no part of the table.
    if (g.some((l) => l.box[0] < x0 - OVERHANG * size || l.box[2] > x1 + OVERHANG * size)) break;
    out.push(...g);
    edge = direction < 0 ? Math.min(...g.map((l) => l.box[1])) : Math.max(...g.map((l) => l.box[3]));
    reach = CELL_LINE_GAP;
  }
  return out;
}

/**
 * The white strips between columns: x ranges at least MIN_GAP ems wide, inside the text, that
 * the text of at most CROSSING_ROWS of the rows crosses (and never the ruled rows' majority).
 */
function columnGaps(rows: readonly Row[], x0: number, x1: number, size: number): [number, number][] {
  const step = 0.25;
  const n = Math.max(1, Math.ceil((x1 - x0) / step));
  // Rows covering each x: by their pieces, and by their pieces' words (the white between cells set
  // too close for the text layer to part them, looked at only inside the white of the other rows).
  const count = new Uint16Array(n);
  const byWords = new Uint16Array(n);
  let left = Infinity;
  let right = -Infinity;
  const mark = (covered: Uint8Array, from: number, to: number) => {
    const a = Math.max(0, Math.floor((from - x0) / step));
    const b = Math.min(n - 1, Math.ceil((to - x0) / step));
    for (let i = a; i <= b; i++) covered[i] = 1;
  };
  for (const row of rows) {
    const covered = new Uint8Array(n);
    const words = new Uint8Array(n);
    for (const f of row.fragments) {
      left = Math.min(left, f.box[0]);
      right = Math.max(right, f.box[2]);
      mark(covered, f.box[0], f.box[2]);
      for (const [from, to] of wordSpans(f)) mark(words, from, to);
    }
    for (let i = 0; i < n; i++) {
      count[i]! += covered[i]!;
      byWords[i]! += words[i]!;
    }
  }
  const allowed = Math.floor(CROSSING_ROWS * rows.length);
  const runs = (from: number, to: number, limit: number, counts = count): [number, number][] => {
    const out: [number, number][] = [];
    let start = -1;
    for (let i = from; i <= to; i++) {
      const x = x0 + i * step;
      const open = i < to && x > left && x < right && counts[i]! <= limit;
      if (open && start < 0) start = i;
      if (!open && start >= 0) {
        out.push([start, i]);
        start = -1;
      }
    }
    return out;
  };
  const gaps: [number, number][] = [];
  const wide = ([a, b]: [number, number]) => (b - a) * step >= MIN_GAP * size;
  for (const [a, b] of runs(0, n, allowed)) {
    // Within white that a few rows cross, the part as wide as a gap that the fewest cross: where a
    // long label ends. The leftmost: a piece standing alone in the white (a header set flush left
    // over a column of numbers set flush right) starts the column on its right.
    const first = [0, ...Array.from({ length: allowed }, (_, k) => k + 1)].flatMap((limit) => [runs(a, b, limit).find(wide), limit === 0 ? runs(a, b, 0, byWords).find(wide) : undefined]).find(Boolean);
    if (first) gaps.push([x0 + first[0] * step, x0 + first[1] * step]);
  }
  // Columns of figures set flush right closer than the gap (a tight table: "42% 392.3 min"): white
  // between words in every row, narrower than a gap, where the words of most rows end together.
  // (Figures of one width end together and start together too: those tell nothing of flush right.)
  const spans = rows.map((row) => row.fragments.flatMap(wordSpans));
  const wordsStart = new Set<[number, number]>();
  for (const [a, b] of runs(0, n, 0, byWords)) {
    const from = x0 + a * step;
    if ((b - a) * step < NARROW_GAP * size || gaps.some(([g0, g1]) => g0 < x0 + b * step && g1 > from)) continue;
    const ending = spans.map((row) => row.find(([, to]) => Math.abs(to - from) <= FLUSH_END * size)).filter((w) => w !== undefined);
    const starts = ending.map(([start]) => start).sort((p, q) => p - q).filter((x, i, all) => i === 0 || x - all[i - 1]! > FLUSH_END * size);
    if (ending.length >= FLUSH_ROWS * rows.length && starts.length >= MIN_ROWS) {
      gaps.push([from, x0 + b * step]);
      continue;
    }
    // Columns set flush left closer than the gap (a narrow column's words run on to the next
    // column's a word space apart, "Dynamic Peak firmware"): a word of every row starts at the
    // white's right side, one of them a piece of its own (the header's cell).
    const to = x0 + b * step;
    const startsAt = (x: number) => Math.abs(x - to) <= FLUSH_END * size;
    if (spans.every((row) => row.some(([start]) => startsAt(start))) && rows.some((row) => row.fragments.some((f) => startsAt(f.box[0])))) {
      gaps.push([from, to]);
      wordsStart.add(gaps[gaps.length - 1]!);
    }
  }
  gaps.sort((p, q) => p[0] - q[0]);
  // A column is where text starts: white that only a row's overlong cell fills on one side parts
  // nothing (where words of every row start, text starts).
  return gaps.filter((gap, k) => {
    const next = gaps[k + 1]?.[0] ?? Infinity;
    return wordsStart.has(gap) || rows.filter((r) => r.fragments.some((f) => f.box[0] >= gap[1] - 1e-6 && f.box[0] < next)).length >= MIN_COLUMN_ROWS;
  });
}

/**
 * The x extents of a piece's words: the white between a row's cells set too close for the text
 * layer to part them is white too (a header line "Agreement Statutory agreement Licensee").
 */
function wordSpans(f: TextLine): [number, number][] {
  const starts = innerWordStarts(f).map((w) => w.x);
  const ends = innerWordEnds(f).map((w) => w.x);
  if (starts.length !== ends.length) return [[f.box[0], f.box[2]]];
  const from = [f.box[0], ...starts];
  const to = [...ends, f.box[2]];
  return from.map((x, i): [number, number] => [x, Math.max(x, to[i]!)]);
}

/** Whether a row's text keeps to the columns: no piece crosses a gap, and it fills two columns or more. */
function keepsTo(row: Row, gaps: readonly [number, number][]): boolean {
  if (crossesAGap(row, gaps)) return false;
  const cols = new Set(row.fragments.map((f) => gaps.filter(([, b]) => f.box[0] >= b).length));
  return cols.size >= 2;
}

/**
 * Whether rows of text in two columns or more follow each other right under the last rule (a
 * row's pitch apart), unruled, and a rule of the stack's extent closes them: the rules rule a
 * table's head and its body is set without rules (booktabs, a government statistics table). A
 * table ruled above each row sets one row under its last rule and no rule closes it, however
 * many lines that row wraps over.
 */
function unruledBodyBelow(lines: readonly TextLine[], rules: readonly HRule[], x0: number, x1: number, y: number, gaps: readonly [number, number][], fragmentsOf: (group: readonly TextLine[]) => TextLine[], size: number): boolean {
  const groups = baselineGroups(lines.filter((l) => l.box[2] > x0 && l.box[0] < x1 && l.box[1] >= y - 0.2 * size));
  let edge = y;
  let rows = 0;
  for (const g of groups) {
    if (Math.min(...g.map((l) => l.box[1])) - edge > ROW_PITCH * size) break;
    // Cells apart on one line: the columns the head's rules give may not be the body's (values
    // wider than the headings centred over them).
    const row = { fragments: fragmentsOf(g), ruled: false };
    // A line across the columns (a note, a paragraph) ends the run: what follows is not this table's body.
    if (row.fragments.length < 2 && crossesAGap(row, gaps)) break;
    if (keepsTo(row, gaps) || row.fragments.length >= 2) rows++;
    edge = Math.max(...g.map((l) => l.box[3]));
  }
  if (rows < BODY_ROWS_BELOW) return false;
  return rules.some((r) => sameExtent(r, { x0, x1 }, size) && r.y > y + DOUBLE_RULE * size && r.y <= edge + CLOSING_RULE * size);
}

/** Whether a header row over a shorter rule stands over the columns (its headings may span several). */
function spansColumns(row: Row, gaps: readonly [number, number][]): boolean {
  return row.fragments.length >= 2 || crossesAGap(row, gaps);
}

/** A header's cell lines up with the cells under it: it starts (or ends) where this many of them do, to ALIGNED_CELL. */
const LINED_UP_CELLS = 2;
/** Ems within which a header's cell and its column's cells start (or end) together. */
const ALIGNED_CELL = 0.3;

/** Whether a piece cut from a crowded header starts or ends where LINED_UP_CELLS of the ruled rows' cells do. */
function linesUpWithCells(piece: TextLine, rows: readonly Row[], size: number): boolean {
  const cells = rows.flatMap((r) => r.fragments);
  const near = (side: 0 | 2) => cells.filter((c) => Math.abs(c.box[side] - piece.box[side]) <= ALIGNED_CELL * size).length >= LINED_UP_CELLS;
  return near(0) || near(2);
}

/** A cut's first piece: it starts where the header's piece it was cut from starts. */
function startsAsCut(piece: TextLine, fragments: readonly TextLine[]): boolean {
  return fragments.some((f) => f.box[0] === piece.box[0] && f.box[1] === piece.box[1] && f.box[2] > piece.box[2]);
}

/**
 * A piece cut from a crowded header starts where a line of the header on another baseline starts
 * (to ALIGNED_CELL): the two are one header cell's lines set flush left ("Triplicate" over
 * "supernatant", its column's values set flush right), not a heading across columns cut at a word.
 */
function linesUpWithHeaderLine(piece: TextLine, fragments: readonly TextLine[], size: number): boolean {
  return fragments.some((f) => Math.abs(f.box[0] - piece.box[0]) <= ALIGNED_CELL * size && (f.box[1] >= piece.box[3] || f.box[3] <= piece.box[1]));
}

/**
 * Places a header's lower line must fill, left empty over it, to start a row of its own: a header set
 * on its bottom line fills one (the cell that did not wrap).
 */
const OPENED_PLACES = 2;

/**
 * The header's lines above the rules as rows: one row, unless the lines under the first fill places
 * the lines over it leave empty (years under group headings, "2020" right of "Effective"): then the
 * lines over it are the groups' headings, a row of their own. A header cell's wrapped lines stand
 * under its first line.
 */
function headerRows(lines: readonly TextLine[]): TextLine[][] {
  const groups = baselineGroups(lines);
  for (let i = 1; i < groups.length; i++) {
    const over = groups.slice(0, i).flat();
    const under = (l: TextLine) => over.some((o) => o.box[0] < l.box[2] && o.box[2] > l.box[0]);
    const opened = groups[i]!.filter((l) => !under(l)).length;
    // A line going on in lower case under one over it is a wrapped cell's ("informati" / "on"): one header row.
    const goesOn = groups[i]!.some((l) => under(l) && LOWER_START.test(l.text));
    if (opened >= OPENED_PLACES && over.length >= 2 && !goesOn) return [over, groups.slice(i).flat()];
  }
  return [groups.flat()];
}

/**
 * A header of one line whose pieces head every column, one each: a full row of headings set flush left
 * over values set flush right, two of them a word space apart ("Triplicate absorbance Triplicate
 * antibody"). A heading across columns cut at a word leaves some column without a piece or with two.
 */
function headsEveryColumn(pieces: readonly TextLine[], gaps: readonly [number, number][]): boolean {
  if (baselineGroups(pieces).length !== 1 || pieces.length !== gaps.length + 1) return false;
  return new Set(pieces.map((f) => gaps.filter(([a]) => f.box[0] > a).length)).size === pieces.length;
}

/** Whether a piece of the row runs across one of the column gaps. */
function crossesAGap(row: Row, gaps: readonly [number, number][]): boolean {
  return row.fragments.some((f) => gaps.some(([a, b]) => f.box[0] < a && f.box[2] > b));
}

/** How many row labels a band's first column opens (lines going on in lower case continue a label): rows of their own (labels centred on their rows stand off the values' baselines). */
function stackedRows(row: Row): number {
  // The row labels' column is where the band's text starts (the columns found may part a label).
  const left = Math.min(...row.fragments.map((f) => f.box[0]));
  const size = median(row.fragments.map((f) => f.fontSize)) || 10;
  let rows = 0;
  let previous: TextLine | undefined;
  for (const g of baselineGroups(row.fragments)) {
    const label = g.find((f) => f.box[0] - left <= LABEL_EDGE * size);
    if (!label) continue;
    // A label's next line (lower case, or after a broken word) continues its cell: a wrapped row label.
    const continues = previous && (LOWER_START.test(label.text.trim()) || endsInBrokenWord(previous));
    if (!continues) rows++;
    previous = label;
  }
  return rows;
}


/**
 * A heading running over a column gap, centred over the columns it reaches, over a row that
 * heads each of them over values ("Quarterly valuation" over "2021" and "2022", numbers under
 * them): a group's heading, one cell spanning them, not cut at the gap between its words. Over
 * values, or in a table of words, a line is cut as ever. `under`: the next row's pieces cut at the
 * column gaps; `values`: the row after it.
 */
function headsColumnsUnder(f: TextLine, under: readonly TextLine[] | undefined, values: Row | undefined, colOf: (x: number) => number, reachesTo: (x: number) => number, edges: readonly number[], size: number): boolean {
  if (!under || !values || !values.fragments.some((v) => FORMATTED_VALUE.test(v.text)) || FORMATTED_VALUE.test(f.text)) return false;
  const c0 = colOf(f.box[0]);
  const c1 = reachesTo(f.box[2]);
  if (c1 <= c0 || Math.abs((f.box[0] + f.box[2]) / 2 - (edges[c0]! + edges[c1 + 1]!) / 2) > GROUP_HEADING_CENTRED * size) return false;
  const headings = under.filter((u) => u.box[2] > edges[c0]! && u.box[0] < edges[c1 + 1]!);
  const headed = new Set(headings.map((u) => colOf(u.box[0])));
  return headings.every((u) => !FORMATTED_VALUE.test(u.text)) && Array.from({ length: c1 - c0 + 1 }, (_, i) => c0 + i).every((c) => headed.has(c));
}

/** Pieces crossing a column gap cut at the first word that starts in it or past it (cells set too close for the text layer to part them). */
function cutAtGaps(fragments: readonly TextLine[], gaps: readonly [number, number][], size: number): TextLine[] {
  const out: TextLine[] = [];
  const queue = [...fragments];
  while (queue.length) {
    const f = queue.shift()!;
    const gap = gaps.find(([a, b]) => f.box[0] < a && f.box[2] > b);
    // The first word that starts in the gap or past it (a right-aligned cell starts well past it).
    const start = gap && innerWordStarts(f).find((w) => w.x >= gap[0] - 0.1 * size);
    const cut = start ? cutAtWord(f, start.x) : null;
    if (cut) queue.unshift(...cut);
    else out.push(f);
  }
  return out;
}
